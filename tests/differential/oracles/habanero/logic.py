"""The rules of Habanero as small pure functions on plain values.

A square is an index ``y * 7 + x`` (file x = a…g, rank y = 1…7 counting from 0). The habaneros
still on the plantation are a bitmask (bit i set = square i holds one); the campesinos in play
are a sorted tuple of squares. The game state (``game.py``), the bots and the simulations of
the decision aid all use these functions, so there is one implementation of the rules.
"""

from __future__ import annotations

from functools import lru_cache

from ludoteca.engine.notation import parse_square, square

SIZE = 7
DIE = (1, 2, 3, 4, 5, 6)
CORNERS = (0, 6, 42, 48)  # a1, g1, a7, g7
START_CAMPESINOS = (0, 48, 6, 42)  # a1, g7, g1, a7: the first n of them are used
ALL_SQUARES = (1 << SIZE * SIZE) - 1
START_HABANEROS = ALL_SQUARES & ~sum(1 << c for c in CORNERS)
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # up, right, down, left

ROW = tuple(((1 << SIZE) - 1) << (SIZE * y) for y in range(SIZE))
COLUMN = tuple(sum(1 << (SIZE * y + x) for y in range(SIZE)) for x in range(SIZE))

Box = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive
Move = tuple[int, int]  # from, to


def name(index: int) -> str:
    """``name(8) == "b2"``."""
    return square(index % SIZE, index // SIZE)


def index(text: str) -> int:
    """``index("b2") == 8``; ValueError for anything that is not a square a1–g7."""
    x, y = parse_square(text, SIZE, SIZE)
    return SIZE * y + x


def start(campesinos: int) -> tuple[int, tuple[int, ...]]:
    """The habaneros and campesinos at the start with ``campesinos`` (1–4) campesinos."""
    return START_HABANEROS, tuple(sorted(START_CAMPESINOS[:campesinos]))


@lru_cache(maxsize=1 << 16)
def plantation(habaneros: int) -> Box | None:
    """The plantation left: outer rows and columns without a habanero are removed, again and
    again, which leaves the smallest rectangle holding every habanero (None when none is left).
    """
    if not habaneros:
        return None
    files = [x for x in range(SIZE) if habaneros & COLUMN[x]]
    ranks = [y for y in range(SIZE) if habaneros & ROW[y]]
    return files[0], ranks[0], files[-1], ranks[-1]


def inside(box: Box | None, x: int, y: int) -> bool:
    return box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]


def entry_direction(box: Box, x: int, y: int) -> tuple[int, int] | None:
    """The one direction in which a campesino outside the plantation can enter it (None if it
    stands beside no row or column of the plantation)."""
    x0, y0, x1, y1 = box
    if y0 <= y <= y1:
        if x < x0:
            return 1, 0
        if x > x1:
            return -1, 0
    if x0 <= x <= x1:
        if y < y0:
            return 0, 1
        if y > y1:
            return 0, -1
    return None


def destination(
    habaneros: int,
    campesinos: tuple[int, ...],
    campesino: int,
    direction: tuple[int, int],
    die: int,
) -> int | None:
    """Where ``campesino`` ends moving ``die`` steps in ``direction``, or None if it cannot."""
    box = plantation(habaneros)
    if box is None:
        return None
    x, y = campesino % SIZE, campesino // SIZE
    dx, dy = direction
    if inside(box, x, y):
        tx, ty = x + dx * die, y + dy * die
    else:
        if entry_direction(box, x, y) != direction:
            return None
        # steps count plantation squares only: the first one is the edge square
        edge_x = box[0] if dx > 0 else box[2] if dx < 0 else x
        edge_y = box[1] if dy > 0 else box[3] if dy < 0 else y
        tx, ty = edge_x + dx * (die - 1), edge_y + dy * (die - 1)
    if not inside(box, tx, ty):
        return None
    if blocker(campesinos, campesino, SIZE * ty + tx) is not None:
        return None
    return SIZE * ty + tx


def blocker(campesinos: tuple[int, ...], origin: int, target: int) -> int | None:
    """The first campesino on the straight line after ``origin`` up to ``target`` included."""
    x, y = origin % SIZE, origin // SIZE
    tx, ty = target % SIZE, target // SIZE
    dx, dy = (tx > x) - (tx < x), (ty > y) - (ty < y)
    while (x, y) != (tx, ty):
        x, y = x + dx, y + dy
        if SIZE * y + x in campesinos:
            return SIZE * y + x
    return None


def moves(habaneros: int, campesinos: tuple[int, ...], die: int) -> list[Move]:
    """Every legal move for the rolled ``die``, ordered by campesino then direction."""
    found = []
    for campesino in campesinos:
        for direction in DIRECTIONS:
            target = destination(habaneros, campesinos, campesino, direction, die)
            if target is not None:
                found.append((campesino, target))
    return found


def penalty(habaneros: int, campesinos: tuple[int, ...], target: int) -> int:
    """The habaneros to pay for ending on the empty ``target``: the target square plus its
    orthogonally adjacent empty squares of the plantation (a campesino's square is not empty)."""
    box = plantation(habaneros)
    x, y = target % SIZE, target // SIZE
    k = 1
    for dx, dy in DIRECTIONS:
        nx, ny = x + dx, y + dy
        neighbour = SIZE * ny + nx
        if inside(box, nx, ny) and not habaneros >> neighbour & 1 and neighbour not in campesinos:
            k += 1
    return k


def moved(campesinos: tuple[int, ...], move: Move) -> tuple[int, ...]:
    """The campesinos after ``move``."""
    origin, target = move
    return tuple(sorted(target if c == origin else c for c in campesinos))


def dropped(campesinos: tuple[int, ...], campesino: int) -> tuple[int, ...]:
    return tuple(c for c in campesinos if c != campesino)


def outside(habaneros: int, campesinos: tuple[int, ...]) -> tuple[int, ...]:
    """The campesinos standing outside the plantation."""
    box = plantation(habaneros)
    return tuple(c for c in campesinos if not inside(box, c % SIZE, c // SIZE))


def reach(habaneros: int, campesinos: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each face 1–6 of the die: (moves it allows, how many of them end on a habanero).

    The same moves as :func:`moves`, found in one walk along each line (for the bots)."""
    return _reach(habaneros, campesinos)


def _ray(square_: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = square_ % SIZE, square_ // SIZE
    found = []
    while 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
        x, y = x + dx, y + dy
        found.append(SIZE * y + x)
    return tuple(found)


# RAYS[square][direction]: the squares of the 7×7 grid in a line from square, nearest first
RAYS = tuple(tuple(_ray(i, dx, dy) for dx, dy in DIRECTIONS) for i in range(SIZE * SIZE))


@lru_cache(maxsize=1 << 10)
def _box_mask(box: Box) -> int:
    x0, y0, x1, y1 = box
    return sum(ROW[y] & COLUMN[x] for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


@lru_cache(maxsize=1 << 17)
def _reach(habaneros: int, campesinos: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    box = plantation(habaneros)
    if box is None:
        return ((0, 0),) * 6
    field = _box_mask(box)
    occupied = sum(1 << c for c in campesinos)
    moves_ = [0] * 7
    harvests = [0] * 7
    for campesino in campesinos:
        if field >> campesino & 1:
            rays = RAYS[campesino]
        else:
            direction = entry_direction(box, campesino % SIZE, campesino // SIZE)
            if direction is None:
                continue
            rays = (RAYS[campesino][DIRECTIONS.index(direction)],)
        for ray in rays:
            die = 0
            for square_ in ray:
                if occupied >> square_ & 1:
                    break
                if not field >> square_ & 1:
                    if die:
                        break  # left the plantation
                    continue  # still outside, on the way in
                die += 1
                if die > 6:
                    break
                moves_[die] += 1
                harvests[die] += habaneros >> square_ & 1
    return tuple((moves_[d], harvests[d]) for d in DIE)
