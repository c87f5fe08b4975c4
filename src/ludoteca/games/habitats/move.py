"""Habitats' actions as typed moves, parsed once: ``Move.parse(text)`` and ``str(move)``.

The notation: ``goal:<goal>`` and ``draw:<tile>`` (chance), ``take:<square>`` (a market square
named like a chess square, ``b2``), ``place:<x>,<y>`` or, with an access road's sides,
``place:<x>,<y>:<sides>`` (``place:1,-2:NE``), and ``discard``. A move knows the compiled
core's form of itself (``core_args``), so game, view and knowledge never slice strings; the
way back, the core's rows named as actions (``named``, ``odds``), makes each text once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from . import goals
from .tiles import Pos, market_square, mask_of, parse_market_square, sides_of, tile_set

KINDS = ("goal", "draw", "take", "place", "discard")
PLACE = re.compile(r"^place:(-?\d+),(-?\d+)(?::([NESW]+))?$")
GOAL_NUMBERS = {goal: number for number, goal in enumerate(goals.GOALS)}


@dataclass(frozen=True)
class Move:
    """One action. ``name`` is the goal or tile drawn, or the market square taken; ``cell`` the
    space taken or the park cell of a placement (None for a square that names no cell);
    ``sides`` a placement's road sides as written (None: none written)."""

    kind: str
    name: str = ""
    cell: Pos | None = None
    sides: str | None = None
    # (action, a, b, c) as ``core.step`` reads it; None where the core knows no such move
    core_args: tuple[int, int, int, int] | None = field(default=None, compare=False, repr=False)

    @staticmethod
    def parse(text: str) -> Move:
        """The move ``text`` writes; ValueError if it is of no form of the notation."""
        move = _parse(text)
        if move is None:
            raise ValueError(f"{text!r} is no Habitats action")
        return move

    @classmethod
    def place(cls, cell: Pos, mask: int = 0) -> Move:
        """A placement on ``cell`` with the road sides of ``mask`` (0: no roads)."""
        return cls.parse(place_action(cell, mask))

    @property
    def mask(self) -> int:
        """A placement's road mask: 0 without sides, -1 for sides that are no set of sides."""
        if not self.sides:
            return 0
        try:
            return mask_of(self.sides)
        except ValueError:
            return -1

    def __str__(self) -> str:
        if self.kind == "discard":
            return "discard"
        if self.kind != "place":
            return f"{self.kind}:{self.name}"
        assert self.cell is not None, "a placement names its cell"
        x, y = self.cell
        return f"place:{x},{y}" + (f":{self.sides}" if self.sides else "")


@lru_cache(maxsize=65536)
def _parse(text: str) -> Move | None:
    kind, colon, value = text.partition(":")
    if text == "discard":
        return Move("discard", core_args=(core().A_DISCARD, 0, 0, 0))
    if kind in ("goal", "draw") and value:
        numbers = GOAL_NUMBERS if kind == "goal" else tile_set().indices
        number = numbers.get(value)
        action = core().A_GOAL if kind == "goal" else core().A_DRAW
        return Move(kind, value, core_args=None if number is None else (action, number, 0, 0))
    if kind == "take" and colon:
        space = parse_market_square(value)
        args = None if space is None else (core().A_TAKE, *space, 0)
        return Move("take", value, space, core_args=args)
    found = PLACE.match(text)
    if found is None:
        return None
    cell = (int(found[1]), int(found[2]))
    move = Move("place", cell=cell, sides=found[3])
    mask = move.mask
    args = None if mask < 0 else (core().A_PLACE, *cell, mask)
    return Move("place", cell=cell, sides=found[3], core_args=args)


def core():  # type: ignore[no-untyped-def]
    """The compiled core (imported with the first move, see ``park.core``)."""
    from .park import core as compiled

    return compiled()


class _Names(dict[tuple[int, ...], str]):
    """Each row (action, a, b, c) of ``core.legal`` as its action's text, made the first time
    it is asked (the inverse of ``Move.core_args``; the rows of every player count alike)."""

    def __missing__(self, row: tuple[int, ...]) -> str:
        action, x, y, mask = row
        if action == core().A_TAKE:
            name = take_action((x, y))
        else:
            name = "discard" if action == core().A_DISCARD else place_action((x, y), mask)
        self[row] = name
        return name


NAMES = _Names()


def named(rows: list[list[int]]) -> list[str]:
    """The actions of rows of ``core.legal`` (``core.options``' answer as a list)."""
    return list(map(NAMES.__getitem__, map(tuple, rows)))


@cache
def draws() -> tuple[str, ...]:
    """The refill's outcomes, a draw of each tile kind, in the tile set's order."""
    return tuple(f"draw:{kind.id}" for kind in tile_set().kinds)


@cache
def _outcomes(action: int) -> np.ndarray:
    """The outcomes of a chance action (``core.A_GOAL``, ``core.A_DRAW``) by number (an array
    of the names, so that ``odds`` picks a node's at once)."""
    names = [f"goal:{goal}" for goal in goals.GOALS] if action == core().A_GOAL else draws()
    return np.array(names, dtype=object)


def odds(action: int, numbers: np.ndarray, chances: np.ndarray) -> tuple[tuple[str, float], ...]:
    """``core.odds``' answer at a chance node as its outcomes with their probabilities (the
    core makes the two arrays of one length: not checked again, at every chance node)."""
    return tuple(zip(_outcomes(action)[numbers].tolist(), chances.tolist(), strict=False))


def take_action(space: Pos) -> str:
    """``take:b2``: the take of the market space ``space``, named by its square."""
    return f"take:{market_square(space)}"


def place_action(cell: Pos, mask: int) -> str:
    """``place:1,-2`` or, for an access-road tile, ``place:1,-2:NE`` (its road sides)."""
    base = f"place:{cell[0]},{cell[1]}"
    return f"{base}:{sides_of(mask)}" if mask else base


def parse_place(action: str) -> tuple[Pos, int]:
    """(cell, road mask) of a placement (the mask -1 for sides that are no set of sides)."""
    move = Move.parse(action)
    if move.kind != "place" or move.cell is None:
        raise ValueError(f"{action!r} is no placement")
    return move.cell, move.mask
