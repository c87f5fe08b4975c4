"""Hares' compiled core: the hare moves, the hunter's check and the exact solver on 64-bit masks.

A square is a number 0–63 (``file + 8 * (rank - 1)``). A position is two masks, ``hares`` and
``carrots`` (bit ``sq`` set = a piece on ``sq``), and whether the hunter still stands. Masks
are signed 64-bit integers (h8 is the sign bit). What never changes in a game (one card in one
colour) is a ``field_table``: one int64 array holding the geometry the rules need, laid out as
the offsets below say. The game state, its views, the tensors and the solver all call these
functions: they are the one implementation of the rules. Compiled with numba (``cache=True``:
the machine code is kept beside the sources after the first run).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

PIECES = ("rook", "bishop", "knight", "queen", "king")
ROOK, BISHOP, KNIGHT, QUEEN, KING = range(5)

# (file, rank) steps: the rook's and the bishop's directions and the knight's jumps
ROOK_STEPS = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], dtype=np.int64)
BISHOP_STEPS = np.array([[1, 1], [1, -1], [-1, 1], [-1, -1]], dtype=np.int64)
KNIGHT_STEPS = np.array(
    [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], dtype=np.int64
)

# the layout of a field's table
AHEAD = 0  # [64] the square in front of sq, -1 on the far rank
DOUBLE = 64  # [64] the double step's target from the first rank, else -1
LEFT = 128  # [64] the square diagonally in front towards file a, else -1
RIGHT = 192  # [64] the square diagonally in front towards file h, else -1
PROTECTORS = 256  # [64] mask of the squares from which a hare protects sq
ORDER = 320  # [64] the squares, nearest the far rank first (the solver's move order)
BURROWS = 384  # mask of the burrows
HUNTER = 385  # the hunter's square
FAR = 386  # mask of the far rank
RAYS = 387  # the number of the hunter's lines
RAY_LENGTHS = 388  # [8] their lengths
RAY_SQUARES = 396  # [8 x 7] their squares, nearest first
FORWARD = RAY_SQUARES + 8 * 7  # +1 when the hares run up the ranks (white), -1 down (black)
TABLE = FORWARD + 1

# why a move is refused (``refusal``): LEGAL, or what stands against it
(
    LEGAL,
    NO_HARE,
    BACKWARDS,
    CARROT_AHEAD,
    HUNTER_AHEAD,
    HARE_AHEAD,
    DOUBLE_STEP,
    DOUBLE_BLOCKED,
    DIAGONAL_HARE,
    DIAGONAL_EMPTY,
    TOO_FAR,
) = range(11)

MAX_MOVES = 32  # at most 8 hares, each with at most 4 targets
# the solver's memo: (hares, carrots, hunter) -> (value, origin, target)
KEY = types.UniTuple(types.int64, 3)


@njit(cache=True)
def bit(sq: int) -> int:
    return 1 << sq


@njit(cache=True)
def count(mask: int) -> int:
    """The number of squares in ``mask``."""
    found = 1 if mask < 0 else 0
    mask &= 0x7FFFFFFFFFFFFFFF
    while mask != 0:
        mask &= mask - 1
        found += 1
    return found


@njit(cache=True)
def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


@njit(cache=True)
def _add_ray(table: np.ndarray, steps: np.ndarray, hunter: int, slide: bool) -> None:
    """The hunter's lines along ``steps``: to the board's edge when it slides, else one square;
    a line with no square on the board is left out."""
    for row in range(steps.shape[0]):
        file, rank = hunter % 8 + steps[row, 0], hunter // 8 + steps[row, 1]
        ray, length = table[RAYS], 0
        while _on_board(file, rank):
            table[RAY_SQUARES + 7 * ray + length] = file + 8 * rank
            length += 1
            if not slide:
                break
            file, rank = file + steps[row, 0], rank + steps[row, 1]
        if length:
            table[RAY_LENGTHS + ray] = length
            table[RAYS] = ray + 1


@njit(cache=True)
def field_table(white: bool, burrows: int, piece: int, hunter: int) -> np.ndarray:
    """The table of a field: the hares' direction (white runs up), the burrows' mask, the
    hunter's piece (an index into PIECES) and square."""
    table = np.full(TABLE, -1, dtype=np.int64)
    forward = 1 if white else -1
    first, far = (1, 7) if white else (6, 0)  # ranks counted from 0
    for sq in range(64):
        file, rank = sq % 8, sq // 8
        protectors = 0
        if _on_board(file, rank - forward):
            for side in (-1, 1):
                if _on_board(file + side, rank - forward):
                    protectors |= bit(file + side + 8 * (rank - forward))
        table[PROTECTORS + sq] = protectors
        if rank == far:
            continue
        ahead = sq + 8 * forward
        table[AHEAD + sq] = ahead
        if rank == first:
            table[DOUBLE + sq] = ahead + 8 * forward
        if file > 0:
            table[LEFT + sq] = ahead - 1
        if file < 7:
            table[RIGHT + sq] = ahead + 1
    at = ORDER
    for distance in range(8):
        for sq in range(64):
            if abs(far - sq // 8) == distance:
                table[at] = sq
                at += 1
    table[BURROWS] = burrows
    table[HUNTER] = hunter
    table[FORWARD] = forward
    far_mask = 0
    for file in range(8):
        far_mask |= bit(file + 8 * far)
    table[FAR] = far_mask
    table[RAYS] = 0
    if piece in (ROOK, QUEEN):
        _add_ray(table, ROOK_STEPS, hunter, True)
    if piece in (BISHOP, QUEEN):
        _add_ray(table, BISHOP_STEPS, hunter, True)
    if piece == KNIGHT:
        _add_ray(table, KNIGHT_STEPS, hunter, False)
    if piece == KING:
        _add_ray(table, ROOK_STEPS, hunter, False)
        _add_ray(table, BISHOP_STEPS, hunter, False)
    return table


# -- the rules ---------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _targets(table: np.ndarray, blocked: int, takeable: int, sq: int, out: np.ndarray) -> int:
    """The legal targets of the hare on ``sq`` into ``out``, in board order; their number
    (``blocked``: the squares of every piece; ``takeable``: the carrots and the standing
    hunter). THE rule of a hare's move: it steps forward onto a free square (two from its
    first rank when both are free), or diagonally forward onto a carrot or the hunter."""
    ahead = table[AHEAD + sq]
    if ahead < 0:
        return 0  # stuck on the far rank without a burrow
    free = not blocked >> ahead & 1
    two = table[DOUBLE + sq]
    double = free and two >= 0 and not blocked >> two & 1
    left, right = table[LEFT + sq], table[RIGHT + sq]
    k = 0
    if double and two < ahead:  # black runs down: the double step comes first
        out[k] = two
        k += 1
    if left >= 0 and takeable >> left & 1:
        out[k] = left
        k += 1
    if free:
        out[k] = ahead
        k += 1
    if right >= 0 and takeable >> right & 1:
        out[k] = right
        k += 1
    if double and two > ahead:
        out[k] = two
        k += 1
    return k


@njit(cache=True)
def moves(table: np.ndarray, hares: int, carrots: int, hunter: bool) -> np.ndarray:
    """Every legal hare move as ``origin * 64 + target``, in board order of the hare, then of
    the target (see ``_targets``)."""
    hunter_bit = bit(table[HUNTER]) if hunter else 0
    blocked, takeable = hares | carrots | hunter_bit, carrots | hunter_bit
    found = np.empty(MAX_MOVES, dtype=np.int64)
    targets = np.empty(4, dtype=np.int64)
    total = 0
    for sq in range(64):
        if not hares >> sq & 1:
            continue
        for i in range(_targets(table, blocked, takeable, sq, targets)):
            found[total] = sq * 64 + targets[i]
            total += 1
    return found[:total]


@njit(cache=True)
def refusal(
    table: np.ndarray, hares: int, carrots: int, hunter: bool, origin: int, target: int
) -> tuple[int, int]:
    """(LEGAL, -1) if the hare move ``origin`` → ``target`` is legal (as ``_targets`` decides);
    else why not, one of the reasons above, and the square in the way of a blocked double
    step (-1 for the others)."""
    if not hares >> origin & 1:
        return NO_HARE, -1
    hunter_bit = bit(table[HUNTER]) if hunter else 0
    blocked = hares | carrots | hunter_bit
    targets = np.empty(4, dtype=np.int64)
    for i in range(_targets(table, blocked, carrots | hunter_bit, origin, targets)):
        if targets[i] == target:
            return LEGAL, -1
    ahead = (target // 8 - origin // 8) * table[FORWARD]
    sideways = abs(target % 8 - origin % 8)
    standing = hunter and target == table[HUNTER]
    if ahead <= 0:
        return BACKWARDS, -1
    if sideways == 0 and ahead == 1:
        if carrots >> target & 1:
            return CARROT_AHEAD, -1
        return (HUNTER_AHEAD, -1) if standing else (HARE_AHEAD, -1)
    if sideways == 0 and ahead == 2:
        if table[DOUBLE + origin] != target:
            return DOUBLE_STEP, -1
        between = table[AHEAD + origin]
        return DOUBLE_BLOCKED, between if blocked >> between & 1 else target
    if sideways == 1 and ahead == 1:
        return (DIAGONAL_HARE, -1) if hares >> target & 1 else (DIAGONAL_EMPTY, -1)
    return TOO_FAR, -1


@njit(cache=True)
def checked(table: np.ndarray, hares: int, carrots: int) -> int:
    """The squares the (standing) hunter checks: each line up to and including its first
    piece."""
    occupied = hares | carrots
    found = 0
    for ray in range(table[RAYS]):
        for i in range(table[RAY_LENGTHS + ray]):
            sq = table[RAY_SQUARES + 7 * ray + i]
            found |= bit(sq)
            if occupied >> sq & 1:
                break
    return found


@njit(cache=True)
def protected(table: np.ndarray, hares: int) -> int:
    """The hares protected by another hare standing diagonally behind them."""
    found = 0
    for sq in range(64):
        if hares >> sq & 1 and hares & table[PROTECTORS + sq]:
            found |= bit(sq)
    return found


@njit(cache=True)
def step(
    table: np.ndarray, hares: int, carrots: int, hunter: bool, move: int
) -> tuple[int, int, bool, int, int]:
    """One legal hare move and the hunter's check after it: (hares, carrots, hunter standing,
    hares saved by the move, hares caught). The hunter catches every unprotected hare on its
    squares, all judged at once."""
    origin, target = move // 64, move % 64
    landing = bit(target)
    hares &= ~bit(origin)
    carrots &= ~landing
    if hunter and target == table[HUNTER]:
        hunter = False
    saved = 0
    if table[BURROWS] & landing:
        saved = 1
    else:
        hares |= landing
    caught = 0
    if hunter:
        caught = checked(table, hares, carrots) & hares & ~protected(table, hares)
        hares &= ~caught
    return hares, carrots, hunter, saved, caught


@njit(cache=True)
def planes(table: np.ndarray, hares: int, carrots: int, hunter: bool, drawn: bool) -> np.ndarray:
    """The six board planes of the observation tensor (see ``tensors``): hares, carrots,
    burrows, the standing hunter, the squares it checks (once the colour is drawn) and the
    protected hares."""
    found = np.zeros((6, 64), dtype=np.float32)
    watched = checked(table, hares, carrots) if hunter and drawn else 0
    guarded = protected(table, hares)
    for sq in range(64):
        found[0, sq] = hares >> sq & 1
        found[1, sq] = carrots >> sq & 1
        found[2, sq] = table[BURROWS] >> sq & 1
        found[4, sq] = watched >> sq & 1
        found[5, sq] = guarded >> sq & 1
    if hunter:
        found[3, table[HUNTER]] = 1
    return found


@njit(cache=True)
def play(
    table: np.ndarray, hares: int, carrots: int, hunter: bool, move: int
) -> tuple[int, int, bool, int, int, np.ndarray]:
    """``step`` and the legal moves after it, in one call (the game state's successor)."""
    hares, carrots, hunter, saved, caught = step(table, hares, carrots, hunter, move)
    return hares, carrots, hunter, saved, caught, moves(table, hares, carrots, hunter)


# -- batch playouts ----------------------------------------------------------------------------


@njit(cache=True)
def random_playouts(
    tables: np.ndarray, hares: np.ndarray, carrots: np.ndarray, colour: int, n: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """``n`` games by the random policy (every legal move alike) from the start of each colour
    (row 0 white, row 1 black of ``tables``, ``hares``, ``carrots``); ``colour`` -1 draws the
    colour (a chance action counted in the length), else plays that row. Returns the hares
    saved and the lengths."""
    np.random.seed(seed)
    saved = np.zeros(n, dtype=np.int64)
    lengths = np.zeros(n, dtype=np.int64)
    for game in range(n):
        row, length = colour, 0
        if colour < 0:
            row, length = np.random.randint(2), 1
        table = tables[row]
        left, food, hunter, total = hares[row], carrots[row], True, 0
        while True:
            legal = moves(table, left, food, hunter)
            if legal.shape[0] == 0:
                break
            move = legal[np.random.randint(legal.shape[0])]
            left, food, hunter, gained, _ = step(table, left, food, hunter, move)
            total += gained
            length += 1
        saved[game] = total
        lengths[game] = length
    return saved, lengths


# -- the exact solver --------------------------------------------------------------------------


def new_memo() -> Dict:
    """An empty memo for ``solve`` (one per field)."""
    return Dict.empty(key_type=KEY, value_type=KEY)


@njit(cache=True)
def solver_moves(table: np.ndarray, hares: int, carrots: int, hunter: bool) -> np.ndarray:
    """The legal moves in the order the solver tries them, for early cut-offs: saving moves
    first, then the hares nearest the far rank first; a hare's diagonals (towards a, towards
    h), then its step and its double step."""
    legal = moves(table, hares, carrots, hunter)
    rank = np.empty(64, dtype=np.int64)
    for i in range(64):
        rank[table[ORDER + i]] = i
    keys = np.empty(legal.shape[0], dtype=np.int64)
    for i in range(legal.shape[0]):
        origin, target = legal[i] // 64, legal[i] % 64
        if target == table[LEFT + origin]:
            kind = 0
        elif target == table[RIGHT + origin]:
            kind = 1
        elif target == table[AHEAD + origin]:
            kind = 2
        else:
            kind = 3
        saving = table[BURROWS] >> target & 1
        keys[i] = (1 - saving) * 1024 + rank[origin] * 4 + kind
    return legal[np.argsort(keys)]


@njit(cache=True)
def solve(
    table: np.ndarray, memo: Dict, hares: int, carrots: int, hunter: bool
) -> tuple[int, int, int]:
    """(the most hares that can still be saved, a move that saves them as ``origin * 64 +
    target`` or -1 at the end, 0) by memoised search. Hares only run forward, so positions
    never repeat. A move whose result could not beat the best so far even if every hare left
    were saved is skipped; a move reaching the bound (every hare not stuck saved) ends it."""
    key = (hares, carrots, int(hunter))
    if key in memo:
        return memo[key]
    legal = solver_moves(table, hares, carrots, hunter)
    best, best_move = 0, -1
    if legal.shape[0]:
        bound = count(hares & ~table[FAR])
        best = -1
        for move in legal:
            after, food, standing, saved, _ = step(table, hares, carrots, hunter, move)
            if saved + count(after & ~table[FAR]) <= best:
                continue  # even saving every hare left could not beat ``best``
            value = saved + solve(table, memo, after, food, standing)[0]
            if value > best:
                best, best_move = value, move
                if best == bound:
                    break
    result = (best, best_move, 0)
    memo[key] = result
    return result
