"""The exact solver: the most hares that can still be saved, by memoised search.

Hares only run forward, so positions never repeat and the search always ends. The value of a
position depends only on the hares, the carrots and whether the hunter still stands (the
tallies so far only add), so that triple is the memo key. A branch that already reaches the
upper bound (every hare that is not stuck) stops the search of its siblings.
"""

from __future__ import annotations

from .board import Field, Position, hare_moves, name, rank_of, step

Move = tuple[int, int]


class Solver:
    """Memoised best values for one field (one card in one colour)."""

    def __init__(self, board: Field):
        self.board = board
        self.memo: dict[tuple[frozenset[int], frozenset[int], bool], tuple[int, Move | None]] = {}

    def solve(self, hares: frozenset[int], carrots: frozenset[int], hunter: bool):
        """(the most hares still to be saved, a move that achieves it or None at the end)."""
        key = (hares, carrots, hunter)
        known = self.memo.get(key)
        if known is not None:
            return known
        moves = hare_moves(self.board, hares, carrots, hunter)
        if not moves:
            result: tuple[int, Move | None] = (0, None)
        else:
            bound = sum(1 for sq in hares if rank_of(sq) != self.board.far_rank)
            best, best_move = -1, None
            for move in self._ordered(moves):
                after_hares, after_carrots, alive, saved, _ = step(
                    self.board, hares, carrots, hunter, move
                )
                value = saved + self.solve(after_hares, after_carrots, alive)[0]
                if value > best:
                    best, best_move = value, move
                    if best == bound:
                        break
            result = (best, best_move)
        self.memo[key] = result
        return result

    def _ordered(self, moves: list[Move]) -> list[Move]:
        """Likely good moves first (into a burrow, then the most advanced hare), so the bound
        cut-off comes early; ties keep board order, so the answer is deterministic."""
        board = self.board

        def urgency(move: Move) -> tuple[int, int]:
            origin, target = move
            if target in board.burrows:
                return (0, 0)
            return (1, abs(board.far_rank - rank_of(origin)))

        return sorted(moves, key=urgency)


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
    return value, None if move is None else name(move[0]) + name(move[1])
