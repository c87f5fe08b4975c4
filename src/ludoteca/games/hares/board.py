"""Hares' board at the edges: squares and their names, fields and positions as sets.

Squares are numbers 0–63: ``file + 8 * (rank - 1)``, so a1 = 0, h1 = 7, a8 = 56.
A :class:`Field` is what never changes during a game (the hunter's piece and square, the
burrows, the hares' direction); a :class:`Position` is what does, as sets of squares for the
views and tests. The rules themselves live in :mod:`core` (compiled, on masks): a field's
geometry is read from its ``table`` there, so there is one copy of the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from . import core
from .core import PIECES

COLOURS = ("white", "black")


def square(name: str) -> int:
    """``"e2"`` → 12; ValueError for anything that is not a square."""
    if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
        raise ValueError(f"{name!r} is not a square (a1 to h8)")
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def name(sq: int) -> str:
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def file_of(sq: int) -> int:
    return sq % 8


def rank_of(sq: int) -> int:
    """The rank 1–8."""
    return sq // 8 + 1


def mirror(sq: int) -> int:
    """The square with rank r moved to rank 9 − r (the black side of a card)."""
    return file_of(sq) + 8 * (8 - rank_of(sq))


def mask_of(squares: Iterable[int]) -> int:
    """The squares as a signed 64-bit mask (as the compiled core takes them; h8 is the sign
    bit)."""
    total = 0
    for sq in squares:
        total |= 1 << sq
    return total - (1 << 64) if total >> 63 else total


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, a1 first."""
    mask &= (1 << 64) - 1
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def hunter_rays(piece: str, sq: int) -> tuple[tuple[int, ...], ...]:
    """The hunter's lines from ``sq``, nearest square first; a knight or king has one-square
    lines. A line is checked up to and including its first piece."""
    return _rays(core.field_table(True, 0, PIECES.index(piece), sq))


def _rays(table: np.ndarray) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(int(x) for x in table[core.RAY_SQUARES + 7 * ray :][: table[core.RAY_LENGTHS + ray]])
        for ray in range(table[core.RAYS])
    )


@dataclass(frozen=True)
class Field:
    """The unchanging part of a game: the hares' colour, the burrows and the hunter."""

    colour: str
    burrows: frozenset[int]
    hunter_piece: str
    hunter_square: int

    @property
    def step(self) -> int:
        """+8 (one rank up) for white, −8 for black."""
        return 8 if self.colour == "white" else -8

    @property
    def first_rank(self) -> int:
        return 2 if self.colour == "white" else 7

    @property
    def far_rank(self) -> int:
        return 8 if self.colour == "white" else 1

    @cached_property
    def table(self) -> np.ndarray:
        """The field's table for the compiled core (see ``core.field_table``)."""
        return core.field_table(
            self.colour == "white",
            mask_of(self.burrows),
            PIECES.index(self.hunter_piece),
            self.hunter_square,
        )

    @cached_property
    def rays(self) -> tuple[tuple[int, ...], ...]:
        return _rays(self.table)

    def forward(self, sq: int) -> int | None:
        """The square in front of ``sq``, or None on the far rank."""
        ahead = int(self.table[core.AHEAD + sq])
        return None if ahead < 0 else ahead

    def diagonals(self, sq: int) -> tuple[int, ...]:
        """The squares diagonally in front of ``sq`` (the ones a hare there attacks)."""
        found = (self.table[core.LEFT + sq], self.table[core.RIGHT + sq])
        return tuple(int(diagonal) for diagonal in found if diagonal >= 0)


@dataclass(frozen=True)
class Position:
    """What changes: hares and carrots on the board, the hunter (or not), the tallies."""

    hares: frozenset[int]
    carrots: frozenset[int]
    hunter: bool = True
    saved: int = 0
    caught: int = 0
    caught_now: tuple[int, ...] = field(default=(), compare=True)
