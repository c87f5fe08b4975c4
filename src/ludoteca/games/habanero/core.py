"""Habanero's compiled core: the rules, the penalty and the bots' policies on two bitmasks.

A square is an index ``y * 7 + x``. A position is one int64 array of ``CELLS`` cells (as
``engine.compiled`` binds it): two 64-bit masks, ``habaneros`` (bit i set = square i still holds
a habanero) and ``occupied`` (bit i set = a campesino stands on i), the habaneros held, the
phase of the turn, the last die, the square a penalty is due for and why the game ended.
Campesinos are taken in the order of their squares. ``transition`` is THE transition: the game's
``step``, the batch playouts, the search's rollouts and the decision aid's simulations all play
through it; ``moves`` decides the legal moves, ``penalty`` what a penalty costs and
``refusal`` says why a move is not legal. Compiled with numba (``cache=True``: the machine
code is kept beside the sources after the first run).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludoteca.engine.core import CHANCE, TERMINAL
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

# the phases of a turn (the game's "decide" ... "over")
DECIDING, ROLLING, MOVING, PENALISED, OVER = range(5)

# the cells of a position
HABANEROS, OCCUPIED, HELD, PHASE, DIE, TARGET, END = range(7)
CELLS = 7  # DIE is 0 before the first roll, TARGET -1 but while a penalty is due, END -1
# why the game ended (END)
STOPPED, STUCK, NO_CAMPESINO, NO_HABANERO = range(4)

# the kinds of action ``transition`` plays: (kind, a): a is the die's face, the habaneros paid or
# the campesino dropped; a move is (MOVE_KIND, origin) with its target as b
ROLL_KIND, STOP_KIND, DIE_KIND, MOVE_KIND, PAY_KIND, DROP_KIND = range(6)

# the action ids (the order of ``Habanero.all_actions()``): roll, stop, roll:1 … roll:6,
# the moves (the tables map them to squares and back), drop:<square>, pay:1 … pay:5
ROLL_ID, STOP_ID, FIRST_DIE = 0, 1, 2
FIRST_MOVE = FIRST_DIE + 6
MOVE_COUNT = SIZE * SIZE * 2 * (SIZE - 1)  # along a rank or a file, outside squares included
FIRST_DROP = FIRST_MOVE + MOVE_COUNT
FIRST_PAY = FIRST_DROP + SIZE * SIZE
ACTION_COUNT = FIRST_PAY + 5
# the tables: the id of the move origin -> target (origin * 49 + target; -1: none), and the
# origin and the target of each move id
MOVE_IDS = 0
MOVE_ORIGINS = MOVE_IDS + SIZE**4
MOVE_TARGETS = MOVE_ORIGINS + MOVE_COUNT
TABLES = MOVE_TARGETS + MOVE_COUNT
LISTED = 16  # the most legal actions of a position: four campesinos, four directions each

# why a move is refused (``refusal``)
LEGAL, NO_CAMPESINO_THERE, NOT_STRAIGHT, OUTSIDE_ALONG, OFF_PLANTATION, WRONG_DISTANCE = range(6)
BLOCKED, NOT_LEGAL = 6, 7


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
def refusal(
    habaneros: int, occupied: int, die: int, origin: int, target: int
) -> tuple[int, int, int]:
    """(LEGAL, 0, -1) if moving the campesino on ``origin`` to ``target`` is legal for ``die``
    (as ``_destination`` decides); else why not, one of the reasons above, with the steps the
    move would take (WRONG_DISTANCE) or the campesino in the way (BLOCKED)."""
    if not occupied >> origin & 1:
        return NO_CAMPESINO_THERE, 0, -1
    ox, oy, tx, ty = origin % SIZE, origin // SIZE, target % SIZE, target // SIZE
    if origin == target or (ox != tx and oy != ty):
        return NOT_STRAIGHT, 0, -1
    dx, dy = int(tx > ox) - int(tx < ox), int(ty > oy) - int(ty < oy)
    direction = 0
    while DX[direction] != dx or DY[direction] != dy:
        direction += 1
    x0, y0, x1, y1 = plantation(habaneros)
    if _destination(x0, y0, x1, y1, occupied, origin, direction, die) == target:
        return LEGAL, 0, -1
    outside = not _inside(x0, y0, x1, y1, ox, oy)
    if outside and entry(x0, y0, x1, y1, ox, oy) != direction:
        return OUTSIDE_ALONG, 0, -1
    if not _inside(x0, y0, x1, y1, tx, ty):
        return OFF_PLANTATION, 0, -1
    steps = 0  # plantation squares only
    for i in range(1, abs(tx - ox) + abs(ty - oy) + 1):
        if _inside(x0, y0, x1, y1, ox + dx * i, oy + dy * i):
            steps += 1
    if steps != die:
        return WRONG_DISTANCE, steps, -1
    in_the_way = blocker(occupied, origin, target)
    if in_the_way >= 0:
        return BLOCKED, 0, in_the_way
    return NOT_LEGAL, 0, -1


@njit(cache=True)
def moves(habaneros: int, occupied: int, die: int) -> np.ndarray:
    """Every legal move for ``die`` as rows (from, to), by campesino then direction."""
    found = np.empty((LISTED, 2), dtype=np.int64)
    return found[: move_rows(habaneros, occupied, die, found)]


@njit(cache=True)
def move_rows(habaneros: int, occupied: int, die: int, found: np.ndarray) -> int:
    """``moves`` written into the first rows of ``found`` (``LISTED`` rows): their count."""
    count = 0
    x0, y0, x1, y1 = plantation(habaneros)
    if x0 < 0:
        return 0
    for campesino in range(SIZE * SIZE):
        if occupied >> campesino & 1:
            for direction in range(4):
                target = _destination(x0, y0, x1, y1, occupied, campesino, direction, die)
                if target >= 0:
                    found[count, 0] = campesino
                    found[count, 1] = target
                    count += 1
    return count


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


@njit(cache=True, inline="always")
def seat(cells: np.ndarray) -> int:
    """Who moves in the position: the player (0), CHANCE at the roll, TERMINAL at the end."""
    phase = cells[PHASE]
    if phase == OVER:
        return TERMINAL
    return CHANCE if phase == ROLLING else 0


@njit(cache=True)
def transition(
    habaneros: int,
    occupied: int,
    held: int,
    phase: int,
    die: int,
    target: int,
    end: int,
    kind: int,
    a: int,
    b: int,
) -> tuple[int, int, int, int, int, int, int]:
    """THE transition: the position (the cells' values, in their order) after the action
    (``kind``, ``a``, ``b``); a roll is (DIE_KIND, face, the number of moves ``moves`` finds
    for it: the caller has listed them). ``stop`` ends the game; a roll no campesino can
    move ends it; a move onto a habanero harvests it (the last one ends the game), onto an
    empty square makes a penalty due, paid in habaneros or by dropping a campesino (the last
    one ends the game)."""
    if kind == STOP_KIND:
        return habaneros, occupied, held, OVER, die, target, STOPPED
    if kind == ROLL_KIND:
        return habaneros, occupied, held, ROLLING, die, target, end
    if kind == DIE_KIND:
        if b:
            return habaneros, occupied, held, MOVING, a, target, end
        return habaneros, occupied, held, OVER, a, target, STUCK
    if kind == MOVE_KIND:
        occupied = (occupied & ~(1 << a)) | (1 << b)
        if not habaneros >> b & 1:
            return habaneros, occupied, held, PENALISED, die, b, end
        habaneros &= ~(1 << b)
        if habaneros:
            return habaneros, occupied, held + 1, DECIDING, die, target, end
        return habaneros, occupied, held + 1, OVER, die, target, NO_HABANERO
    if kind == PAY_KIND:
        return habaneros, occupied, held - a, DECIDING, die, -1, end
    occupied &= ~(1 << a)
    if occupied:
        return habaneros, occupied, held, DECIDING, die, -1, end
    return habaneros, occupied, held, OVER, die, -1, NO_CAMPESINO


@njit(cache=True)
def apply(cells: np.ndarray, kind: int, a: int, b: int) -> int:
    """``transition`` on ``cells``, in place; who moves next."""
    found = transition(
        cells[HABANEROS],
        cells[OCCUPIED],
        cells[HELD],
        cells[PHASE],
        cells[DIE],
        cells[TARGET],
        cells[END],
        kind,
        a,
        b,
    )
    for cell in range(CELLS):
        cells[cell] = found[cell]
    return seat(cells)


@njit(cache=True)
def step(cells: np.ndarray, action: int, tables: np.ndarray) -> int:
    """``apply`` of the action of id ``action`` (see ``engine.compiled``)."""
    if action == ROLL_ID:
        return apply(cells, ROLL_KIND, 0, 0)
    if action == STOP_ID:
        return apply(cells, STOP_KIND, 0, 0)
    if action < FIRST_MOVE:
        face = action - FIRST_DIE + 1
        listed = moves(cells[HABANEROS], cells[OCCUPIED], face).shape[0]
        return apply(cells, DIE_KIND, face, listed)
    if action < FIRST_DROP:
        move = action - FIRST_MOVE
        return apply(cells, MOVE_KIND, tables[MOVE_ORIGINS + move], tables[MOVE_TARGETS + move])
    if action < FIRST_PAY:
        return apply(cells, DROP_KIND, action - FIRST_DROP, 0)
    return apply(cells, PAY_KIND, action - FIRST_PAY + 1, 0)


@njit(cache=True)
def legal(cells: np.ndarray, out: np.ndarray, tables: np.ndarray) -> int:
    """The ids of the legal actions into ``out``, their number: roll and stop at the choice;
    the moves by campesino then direction; while a penalty is due, ``pay`` when the habaneros
    held afford it, then a drop of each campesino by square."""
    phase = cells[PHASE]
    if phase == DECIDING:
        out[0], out[1] = ROLL_ID, STOP_ID
        return 2
    habaneros, occupied = cells[HABANEROS], cells[OCCUPIED]
    if phase == MOVING:
        rows = moves(habaneros, occupied, cells[DIE])
        for row in range(rows.shape[0]):
            out[row] = tables[MOVE_IDS + rows[row, 0] * SIZE * SIZE + rows[row, 1]]
        return rows.shape[0]
    if phase != PENALISED:
        return 0
    count = 0
    k = penalty(habaneros, occupied, cells[TARGET])
    if k <= cells[HELD]:
        out[0] = FIRST_PAY + k - 1
        count = 1
    for campesino in range(SIZE * SIZE):
        if occupied >> campesino & 1:
            out[count] = FIRST_DROP + campesino
            count += 1
    return count


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
def random_playouts(start: np.ndarray, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` games from the position ``start`` by the random policy (every legal action
    alike, the die fair): their final scores and lengths (actions, chance included)."""
    np.random.seed(seed)
    scores = np.zeros(n, dtype=np.int64)
    lengths = np.zeros(n, dtype=np.int64)
    legal = np.empty((LISTED, 2), np.int64)  # the moves of the roll: its first ``listed`` rows
    listed = 0
    for game in range(n):
        habaneros, occupied, held, phase, die, target, end = (
            start[0],
            start[1],
            start[2],
            start[3],
            start[4],
            start[5],
            start[6],
        )
        if phase == MOVING:
            listed = move_rows(habaneros, occupied, die, legal)
        length = 0
        while phase != OVER:
            length += 1
            kind, a, b = ROLL_KIND, 0, 0
            if phase == DECIDING:
                kind = STOP_KIND if np.random.randint(2) == 1 else ROLL_KIND
            elif phase == ROLLING:
                kind, a = DIE_KIND, np.random.randint(6) + 1
                listed = b = move_rows(habaneros, occupied, a, legal)
            elif phase == MOVING:
                row = np.random.randint(listed)
                kind, a, b = MOVE_KIND, legal[row, 0], legal[row, 1]
            else:
                k = penalty(habaneros, occupied, target)
                campesinos = _count(occupied)
                choice = np.random.randint(campesinos + (1 if k <= held else 0))
                if choice == campesinos:
                    kind, a = PAY_KIND, k
                else:
                    kind, a = DROP_KIND, _nth_campesino(occupied, choice)
            habaneros, occupied, held, phase, die, target, end = transition(
                habaneros, occupied, held, phase, die, target, end, kind, a, b
            )
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
def rollout(cells: np.ndarray, epsilon: float, stream: np.ndarray) -> int:
    """The habaneros held at the end of a search rollout from the position ``cells`` (only
    read): the best policy, a uniformly random legal action with probability ``epsilon`` (1:
    always, and no number is drawn to decide it), the die fair. Numbers come from ``stream``
    (``engine.randoms``), drawn as ``bots.mcts`` draws them rolling out action by action: one
    a roll, one a decision to pick the policy or a random action, one for the random action's
    index."""
    habaneros, occupied, held, phase, die, target, end = (
        cells[0],
        cells[1],
        cells[2],
        cells[3],
        cells[4],
        cells[5],
        cells[6],
    )
    legal = moves(habaneros, occupied, die) if phase == MOVING else np.empty((0, 2), np.int64)
    while phase != OVER:
        kind, a, b = ROLL_KIND, 0, 0
        if phase == ROLLING:
            kind, a = DIE_KIND, _face(uniform(stream))
            legal = moves(habaneros, occupied, a)
            b = legal.shape[0]
        else:
            best = epsilon < 1.0 and uniform(stream) >= epsilon
            if phase == DECIDING:
                stop = best_stops(habaneros, occupied) if best else int(uniform(stream) * 2) == 1
                kind = STOP_KIND if stop else ROLL_KIND
            elif phase == MOVING:
                if best:
                    row = best_move(habaneros, occupied, held, legal)
                else:
                    row = int(uniform(stream) * legal.shape[0])
                kind, a, b = MOVE_KIND, legal[row, 0], legal[row, 1]
            else:
                if best:
                    choice, a = best_penalty(habaneros, occupied, held, target)
                else:
                    k = penalty(habaneros, occupied, target)
                    choice, a = _random_penalty(occupied, held, k, uniform(stream))
                kind = PAY_KIND if choice == PAY else DROP_KIND
        habaneros, occupied, held, phase, die, target, end = transition(
            habaneros, occupied, held, phase, die, target, end, kind, a, b
        )
    return held
