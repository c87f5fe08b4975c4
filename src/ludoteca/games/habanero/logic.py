"""Habanero's squares and plantation on plain values, for the views, the bots and the aid.

A square is an index ``y * 7 + x`` (file x = a…g, rank y = 1…7 counting from 0). The habaneros
still on the plantation are a bitmask (bit i set = square i holds one); the campesinos in play
are a sorted tuple of squares. Every answer about the rules comes from the compiled core
(``core.py``, on bitmasks): these functions only turn plain values into its masks and back.
"""

from __future__ import annotations

from functools import lru_cache

from ludoteca.engine.notation import parse_square, square

from . import core

SIZE = 7
DIE = (1, 2, 3, 4, 5, 6)
CORNERS = (0, 6, 42, 48)  # a1, g1, a7, g7
START_CAMPESINOS = (0, 48, 6, 42)  # a1, g7, g1, a7: the first n of them are used
ALL_SQUARES = (1 << SIZE * SIZE) - 1
START_HABANEROS = ALL_SQUARES & ~sum(1 << c for c in CORNERS)

Box = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive
Pair = tuple[int, int]  # a move: from, to


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


def occupied(campesinos: tuple[int, ...]) -> int:
    """The campesinos as a bitmask (bit i set = a campesino stands on square i)."""
    mask = 0
    for campesino in campesinos:
        mask |= 1 << campesino
    return mask


@lru_cache(maxsize=1 << 16)
def plantation(habaneros: int) -> Box | None:
    """The plantation left: outer rows and columns without a habanero are removed, again and
    again, which leaves the smallest rectangle holding every habanero (None when none is left).
    """
    x0, y0, x1, y1 = core.plantation(habaneros)
    return None if x0 < 0 else (x0, y0, x1, y1)


def inside(box: Box | None, x: int, y: int) -> bool:
    return box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]


def moves(habaneros: int, campesinos: tuple[int, ...], die: int) -> list[Pair]:
    """Every legal move for the rolled ``die``, ordered by campesino then direction."""
    return [(a, b) for a, b in core.moves(habaneros, occupied(campesinos), die).tolist()]


def outside(habaneros: int, campesinos: tuple[int, ...]) -> tuple[int, ...]:
    """The campesinos standing outside the plantation."""
    box = plantation(habaneros)
    return tuple(c for c in campesinos if not inside(box, c % SIZE, c // SIZE))


@lru_cache(maxsize=1 << 17)
def reach(habaneros: int, campesinos: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each face 1–6 of the die: (moves it allows, how many of them end on a habanero).

    The same moves as :func:`moves`, found in one walk along each line (for the bots)."""
    found = core.reach(habaneros, occupied(campesinos)).tolist()
    return tuple((moves_, harvests) for moves_, harvests in found)
