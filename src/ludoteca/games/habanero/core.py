"""Habanero's compiled core: the moves, the penalty and the bots' policies on two bitmasks.

A square is an index ``y * 7 + x``. A position is two 64-bit masks: ``habaneros`` (bit i set =
square i still holds a habanero) and ``occupied`` (bit i set = a campesino stands on i), plus
the habaneros held. Campesinos are taken in the order of their squares, as the sorted tuple of
``logic`` lists them. ``logic``, the game state, the policies and the decision aid all call
these functions: they are the one implementation of the rules. Compiled with numba
(``cache=True``: the machine code is kept beside the sources after the first run).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludoteca.engine.randoms import uniform

SIZE = 7
# up, right, down, left: the order in which a campesino's moves are listed
DX = np.array([0, 1, 0, -1], dtype=np.int64)
DY = np.array([1, 0, -1, 0], dtype=np.int64)

# the weights of the best policy's prospect (see policies.prospect), in habaneros
FACE_MOVES = 0.25
FACE_HARVESTS = 0.2
FACE_SPARE = 0.15
CAMPESINO = 1.5

ROW = (1 << SIZE) - 1  # the squares of one rank, in the rank's place

# a penalty choice: DROP a campesino (value: its square) or PAY (value: the habaneros)
DROP, PAY = 0, 1

# the phases of a turn as the rollout numbers them (the game's "decide" ... "over")
DECIDING, ROLLING, MOVING, PENALISED, OVER = range(5)


@njit(cache=True)
def plantation(habaneros: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the smallest rectangle holding every habanero; x0 = -1 if none."""
    if habaneros == 0:
        return -1, -1, -1, -1
    columns, y0, y1 = 0, -1, -1
    for y in range(SIZE):
        row = habaneros >> (SIZE * y) & ROW
        if row:
            y0 = y if y0 < 0 else y0
            y1 = y
            columns |= row
    x0, x1 = 0, SIZE - 1
    while not columns >> x0 & 1:
        x0 += 1
    while not columns >> x1 & 1:
        x1 -= 1
    return x0, y0, x1, y1


@njit(cache=True)
def _inside(x0: int, y0: int, x1: int, y1: int, x: int, y: int) -> bool:
    return x0 >= 0 and x0 <= x <= x1 and y0 <= y <= y1


@njit(cache=True)
def entry(x0: int, y0: int, x1: int, y1: int, x: int, y: int) -> int:
    """The one direction (index into DX/DY) in which a campesino outside the plantation can
    enter it; -1 if it stands beside no row or column of the plantation."""
    if y0 <= y <= y1:
        if x < x0:
            return 1
        if x > x1:
            return 3
    if x0 <= x <= x1:
        if y < y0:
            return 0
        if y > y1:
            return 2
    return -1


@njit(cache=True)
def blocker(occupied: int, origin: int, target: int) -> int:
    """The first campesino on the straight line after ``origin`` up to ``target`` included;
    -1 if none."""
    x, y = origin % SIZE, origin // SIZE
    tx, ty = target % SIZE, target // SIZE
    dx = int(tx > x) - int(tx < x)
    dy = int(ty > y) - int(ty < y)
    while x != tx or y != ty:
        x, y = x + dx, y + dy
        if occupied >> (SIZE * y + x) & 1:
            return SIZE * y + x
    return -1


@njit(cache=True)
def destination(habaneros: int, occupied: int, campesino: int, direction: int, die: int) -> int:
    """Where ``campesino`` ends moving ``die`` steps in ``direction``; -1 if it cannot."""
    x0, y0, x1, y1 = plantation(habaneros)
    if x0 < 0:
        return -1
    return _destination(x0, y0, x1, y1, occupied, campesino, direction, die)


@njit(cache=True)
def _destination(
    x0: int, y0: int, x1: int, y1: int, occupied: int, campesino: int, direction: int, die: int
) -> int:
    """``destination`` on the plantation (x0, y0, x1, y1), which is not empty."""
    x, y = campesino % SIZE, campesino // SIZE
    dx, dy = DX[direction], DY[direction]
    if _inside(x0, y0, x1, y1, x, y):
        tx, ty = x + dx * die, y + dy * die
    else:
        if entry(x0, y0, x1, y1, x, y) != direction:
            return -1
        # steps count plantation squares only: the first one is the edge square
        edge_x = x0 if dx > 0 else (x1 if dx < 0 else x)
        edge_y = y0 if dy > 0 else (y1 if dy < 0 else y)
        tx, ty = edge_x + dx * (die - 1), edge_y + dy * (die - 1)
    if not _inside(x0, y0, x1, y1, tx, ty):
        return -1
    if blocker(occupied, campesino, SIZE * ty + tx) >= 0:
        return -1
    return SIZE * ty + tx


@njit(cache=True)
def moves(habaneros: int, occupied: int, die: int) -> np.ndarray:
    """Every legal move for ``die`` as rows (from, to), by campesino then direction."""
    found = np.empty((16, 2), dtype=np.int64)
    count = 0
    x0, y0, x1, y1 = plantation(habaneros)
    if x0 < 0:
        return found[:0]
    for campesino in range(SIZE * SIZE):
        if occupied >> campesino & 1:
            for direction in range(4):
                target = _destination(x0, y0, x1, y1, occupied, campesino, direction, die)
                if target >= 0:
                    found[count, 0] = campesino
                    found[count, 1] = target
                    count += 1
    return found[:count]


@njit(cache=True)
def penalty(habaneros: int, occupied: int, target: int) -> int:
    """The habaneros to pay for ending on the empty ``target``: the target plus its
    orthogonally adjacent empty squares of the plantation (a campesino's is not empty)."""
    x0, y0, x1, y1 = plantation(habaneros)
    x, y = target % SIZE, target // SIZE
    k = 1
    for direction in range(4):
        nx, ny = x + DX[direction], y + DY[direction]
        if _inside(x0, y0, x1, y1, nx, ny):
            neighbour = SIZE * ny + nx
            if not habaneros >> neighbour & 1 and not occupied >> neighbour & 1:
                k += 1
    return k


@njit(cache=True)
def _field(habaneros: int) -> tuple[int, int, int, int, int]:
    """The plantation as (x0, y0, x1, y1, its squares' mask); x0 = -1 if none. The policies
    weigh many positions with the same habaneros: they find it once for all of them."""
    x0, y0, x1, y1 = plantation(habaneros)
    if x0 < 0:
        return x0, y0, x1, y1, 0
    line = (1 << (x1 + 1)) - (1 << x0)
    mask = 0
    for y in range(y0, y1 + 1):
        mask |= line << (SIZE * y)
    return x0, y0, x1, y1, mask


@njit(cache=True)
def _walk(
    habaneros: int, occupied: int, box: tuple[int, int, int, int, int], found: np.ndarray
) -> None:
    """``reach`` into ``found`` on the plantation ``box`` (from ``_field``, not empty)."""
    found[:] = 0
    x0, y0, x1, y1, field = box
    for campesino in range(SIZE * SIZE):
        if not occupied >> campesino & 1:
            continue
        cx, cy = campesino % SIZE, campesino // SIZE
        first, last = 0, 3
        if not field >> campesino & 1:
            first = last = entry(x0, y0, x1, y1, cx, cy)
            if first < 0:
                continue
        for direction in range(first, last + 1):
            dx, dy = DX[direction], DY[direction]
            x, y, die = cx, cy, 0
            while 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                x, y = x + dx, y + dy
                square = SIZE * y + x
                if occupied >> square & 1:
                    break
                if not field >> square & 1:
                    if die:
                        break  # left the plantation
                    continue  # still outside, on the way in
                die += 1
                if die > 6:
                    break
                found[die - 1, 0] += 1
                found[die - 1, 1] += habaneros >> square & 1


@njit(cache=True)
def reach(habaneros: int, occupied: int) -> np.ndarray:
    """Rows for the die's faces 1–6: (moves it allows, how many of them end on a habanero);
    the same moves as ``moves``, found in one walk along each line."""
    found = np.zeros((6, 2), dtype=np.int64)
    if habaneros:
        _walk(habaneros, occupied, _field(habaneros), found)
    return found


@njit(cache=True)
def _count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True)
def _prospect(
    habaneros: int, occupied: int, box: tuple[int, int, int, int, int], found: np.ndarray
) -> float:
    """``prospect`` on the plantation ``box`` of ``habaneros``, ``found`` its scratch."""
    if habaneros == 0 or occupied == 0:
        return 0.0
    faces = harvests = spare = 0
    _walk(habaneros, occupied, box, found)
    for face in range(6):
        faces += 1 if found[face, 0] > 0 else 0
        spare += 1 if found[face, 0] > 1 else 0
        harvests += 1 if found[face, 1] > 0 else 0
    return (
        FACE_MOVES * faces
        + FACE_SPARE * spare
        + FACE_HARVESTS * harvests
        + CAMPESINO * _count(occupied)
    )


@njit(cache=True)
def prospect(habaneros: int, occupied: int) -> float:
    """How promising a position is for the harvest to come (see ``policies.prospect``)."""
    found = np.empty((6, 2), dtype=np.int64)
    return _prospect(habaneros, occupied, _field(habaneros), found)


@njit(cache=True)
def best_stops(habaneros: int, occupied: int) -> bool:
    """The best policy stops only when no face of the die allows a move."""
    found = reach(habaneros, occupied)
    for face in range(6):  # noqa: SIM110 (a plain loop for numba)
        if found[face, 0] != 0:
            return False
    return True


@njit(cache=True)
def _best_penalty(
    habaneros: int,
    occupied: int,
    held: int,
    target: int,
    box: tuple[int, int, int, int, int],
    found: np.ndarray,
) -> tuple[int, int, float]:
    """``best_penalty`` on the plantation ``box``, with what the choice is worth afterwards
    (its prospect, less the habaneros paid)."""
    kind, value, top = -1, -1, -np.inf
    for campesino in range(SIZE * SIZE):
        if occupied >> campesino & 1:
            rest = occupied & ~(1 << campesino)
            worth = _prospect(habaneros, rest, box, found) if rest else 0.0
            if worth > top:
                kind, value, top = DROP, campesino, worth
    k = penalty(habaneros, occupied, target)
    if k <= held:
        worth = _prospect(habaneros, occupied, box, found) - k
        if worth > top:
            kind, value, top = PAY, k, worth
    return kind, value, top


@njit(cache=True)
def best_penalty(habaneros: int, occupied: int, held: int, target: int) -> tuple[int, int]:
    """(DROP, square) or (PAY, k): the choice worth most afterwards, drops first on a tie."""
    found = np.empty((6, 2), dtype=np.int64)
    kind, value, _ = _best_penalty(habaneros, occupied, held, target, _field(habaneros), found)
    return kind, value


@njit(cache=True)
def best_move(habaneros: int, occupied: int, held: int, legal: np.ndarray) -> int:
    """The row of ``legal`` the best policy plays: one move of lookahead scored by prospect;
    an empty square is weighed only when no harvest beats what it could be worth."""
    count = legal.shape[0]
    values = np.full(count, -np.inf)
    harvested = np.zeros(count, dtype=np.bool_)
    found = np.empty((6, 2), dtype=np.int64)
    top = -np.inf
    for row in range(count):
        origin, target = legal[row, 0], legal[row, 1]
        if habaneros >> target & 1:
            after = (occupied & ~(1 << origin)) | (1 << target)
            left = habaneros & ~(1 << target)
            values[row] = 1 + _prospect(left, after, _field(left), found)
            harvested[row] = True
            top = max(top, values[row])
    ceiling = 6 * (FACE_MOVES + FACE_SPARE + FACE_HARVESTS) + CAMPESINO * _count(occupied) - 1
    if top == -np.inf or top <= ceiling:
        box = _field(habaneros)
        for row in range(count):
            if not harvested[row]:
                origin, target = legal[row, 0], legal[row, 1]
                after = (occupied & ~(1 << origin)) | (1 << target)
                values[row] = _best_penalty(habaneros, after, held, target, box, found)[2]
                top = max(top, values[row])
    for row in range(count):
        if values[row] == top:
            return row
    return 0


@njit(cache=True)
def greedy_move(habaneros: int, occupied: int, legal: np.ndarray) -> int:
    """The row of ``legal`` the greedy policy plays: the first harvest, else the first move
    with the smallest penalty."""
    best, cheapest = 0, 1 << 30
    for row in range(legal.shape[0]):
        origin, target = legal[row, 0], legal[row, 1]
        if habaneros >> target & 1:
            return row
        after = (occupied & ~(1 << origin)) | (1 << target)
        k = penalty(habaneros, after, target)
        if k < cheapest:
            best, cheapest = row, k
    return best


@njit(cache=True)
def _moved(
    habaneros: int, occupied: int, held: int, origin: int, target: int
) -> tuple[int, int, int, int]:
    """(habaneros, occupied, held, phase) after the campesino on ``origin`` moved to
    ``target``: a harvest, the game over with the last habanero, else a penalty due."""
    occupied = (occupied & ~(1 << origin)) | (1 << target)
    if habaneros >> target & 1:
        habaneros &= ~(1 << target)
        return habaneros, occupied, held + 1, DECIDING if habaneros else OVER
    return habaneros, occupied, held, PENALISED


@njit(cache=True)
def _nth_campesino(occupied: int, n: int) -> int:
    """The square of the ``n``-th campesino (0: the first), in the order of their squares."""
    for campesino in range(SIZE * SIZE):
        if occupied >> campesino & 1:
            if n == 0:
                return campesino
            n -= 1
    return -1


@njit(cache=True)
def random_playouts(
    habaneros: int, occupied: int, n: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """``n`` games from the start by the random policy (every legal action alike, the die
    fair): their final scores and lengths (actions, chance included)."""
    np.random.seed(seed)
    scores = np.zeros(n, dtype=np.int64)
    lengths = np.zeros(n, dtype=np.int64)
    for game in range(n):
        left, standing, held, length = habaneros, occupied, 0, 0
        while True:
            length += 1
            if np.random.randint(2) == 1:  # stop
                break
            die = np.random.randint(6) + 1
            length += 1
            legal = moves(left, standing, die)
            if legal.shape[0] == 0:
                break
            row = np.random.randint(legal.shape[0])
            target = legal[row, 1]
            left, standing, held, phase = _moved(left, standing, held, legal[row, 0], target)
            length += 1
            if phase == OVER:
                break
            if phase == DECIDING:
                continue
            k = penalty(left, standing, target)
            campesinos = _count(standing)
            choice = np.random.randint(campesinos + (1 if k <= held else 0))
            length += 1
            if choice == campesinos:
                held -= k
                continue
            standing &= ~(1 << _nth_campesino(standing, choice))
            if standing == 0:
                break
        scores[game] = held
        lengths[game] = length
    return scores, lengths


@njit(cache=True)
def _face(point: float) -> int:
    """The face of the die a search's chance draw ``point`` in [0, 1) picks: the first whose
    running total of 1/6 exceeds it (as ``bots.mcts`` samples a chance node's outcomes)."""
    total = 0.0
    for face in range(1, 7):
        total += 1 / 6
        if point < total:
            return face
    return 6


@njit(cache=True)
def _random_penalty(occupied: int, held: int, k: int, point: float) -> tuple[int, int]:
    """(PAY, k) or (DROP, square): the legal penalty action at ``point`` in [0, 1) of the
    list ``pay:k`` (when it is affordable), then a drop of each campesino by square."""
    affordable = 1 if k <= held else 0
    choice = int(point * (affordable + _count(occupied)))
    if choice < affordable:
        return PAY, k
    return DROP, _nth_campesino(occupied, choice - affordable)


@njit(cache=True)
def rollout(
    habaneros: int,
    occupied: int,
    held: int,
    phase: int,
    die: int,
    target: int,
    epsilon: float,
    stream: np.ndarray,
) -> int:
    """The habaneros held at the end of a search rollout from a position (``phase`` one of
    DECIDING ... OVER; ``die`` while MOVING, ``target`` while PENALISED): the best policy,
    a uniformly random legal action with probability ``epsilon`` (1: always, and no number
    is drawn to decide it), the die fair. Numbers come from ``stream`` (``engine.randoms``),
    drawn as ``bots.mcts`` draws them rolling out action by action: one a roll, one a
    decision to pick the policy or a random action, one for the random action's index."""
    legal = moves(habaneros, occupied, die) if phase == MOVING else np.empty((0, 2), np.int64)
    while phase != OVER:
        if phase == ROLLING:
            die = _face(uniform(stream))
            legal = moves(habaneros, occupied, die)
            phase = MOVING if legal.shape[0] else OVER
            continue
        best = epsilon < 1.0 and uniform(stream) >= epsilon
        if phase == DECIDING:
            stop = best_stops(habaneros, occupied) if best else int(uniform(stream) * 2) == 1
            phase = OVER if stop else ROLLING
        elif phase == MOVING:
            if best:
                row = best_move(habaneros, occupied, held, legal)
            else:
                row = int(uniform(stream) * legal.shape[0])
            target = legal[row, 1]
            habaneros, occupied, held, phase = _moved(
                habaneros, occupied, held, legal[row, 0], target
            )
        else:
            k = penalty(habaneros, occupied, target)
            if best:
                kind, value = best_penalty(habaneros, occupied, held, target)
            else:
                kind, value = _random_penalty(occupied, held, k, uniform(stream))
            phase = DECIDING
            if kind == PAY:
                held -= value
            else:
                occupied &= ~(1 << value)
                if occupied == 0:
                    phase = OVER
    return held
