"""The exact solver: the most hares that can still be saved, by memoised search.

Hares only run forward, so positions never repeat and the search always ends. The value of a
position depends only on the hares, the carrots and whether the hunter still stands (the
tallies so far only add), so that triple is the memo key. The search itself is compiled
(``core.solve``, on the same rules as the game); this module keeps one memo per field.
"""

from __future__ import annotations

from collections.abc import Iterable

from numba.typed import Dict

from . import core
from .board import Field, Position, mask_of
from .moves import Move

Pair = tuple[int, int]  # (origin, target)


class Solver:
    """Memoised best values for one field (one card in one colour)."""

    def __init__(self, board: Field):
        self.board = board
        self.memo: Dict = core.new_memo()

    def solve_masks(self, hares: int, carrots: int, hunter: bool) -> tuple[int, Pair | None]:
        """(the most hares still to be saved, a move that achieves it, or None at the end),
        the position given as masks."""
        value, move, _ = core.solve(self.board.table, self.memo, hares, carrots, hunter)
        return int(value), None if move < 0 else (int(move) // 64, int(move) % 64)

    def solve(
        self, hares: Iterable[int], carrots: Iterable[int], hunter: bool
    ) -> tuple[int, Pair | None]:
        """(the most hares still to be saved, a move that achieves it, or None at the end)."""
        return self.solve_masks(mask_of(hares), mask_of(carrots), hunter)


_solvers: dict[Field, Solver] = {}


def solver_for(board: Field) -> Solver:
    """One shared solver (and memo) per field."""
    if board not in _solvers:
        _solvers[board] = Solver(board)
    return _solvers[board]


def best_move(board: Field, position: Position) -> tuple[int, str | None]:
    """(the most hares that can still be saved from ``position``, a move in notation that
    saves that many, or None when the game is over)."""
    value, move = solver_for(board).solve(position.hares, position.carrots, position.hunter)
    return value, None if move is None else str(Move(*move))
