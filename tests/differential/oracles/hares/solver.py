"""The exact solver: the most hares that can still be saved, by memoised search.

Hares only run forward, so positions never repeat and the search always ends. The value of a
position depends only on the hares, the carrots and whether the hunter still stands (the
tallies so far only add), so that triple is the memo key. Bounds cut the search: a move whose
result could not beat the best found so far even if every hare left were saved is skipped, and
a move that reaches the bound of the position (every hare not stuck saved) ends its search.

For speed the search runs on 64-bit masks (bit ``sq`` set = a piece on square ``sq``) with
tables computed once per field from the rules in :mod:`board`; a test checks that it plays
exactly like :func:`board.step`.
"""

from __future__ import annotations

from tests.differential.oracles.hares.board import Field, Position, name, rank_of

Move = tuple[int, int]


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(squares) -> int:
    total = 0
    for sq in squares:
        total |= 1 << sq
    return total


class Solver:
    """Memoised best values for one field (one card in one colour)."""

    def __init__(self, board: Field):
        self.board = board
        self.memo: dict[tuple[int, int, bool], tuple[int, Move | None]] = {}
        self.burrows = _mask(board.burrows)
        self.hunter_bit = 1 << board.hunter_square
        far = board.far_rank
        self.far = _mask(sq for sq in range(64) if rank_of(sq) == far)
        self.ahead = [board.forward(sq) for sq in range(64)]
        self.double = [
            board.forward(one)
            if rank_of(sq) == board.first_rank and (one := board.forward(sq)) is not None
            else None
            for sq in range(64)
        ]
        self.diagonals = [board.diagonals(sq) for sq in range(64)]
        self.protectors = [_mask(board.behind_diagonals(sq)) for sq in range(64)]
        self.rays = [tuple((sq, 1 << sq) for sq in ray) for ray in board.rays]
        # moves are tried most advanced hare first (and saving moves first): early cut-offs
        self.order = sorted(range(64), key=lambda sq: abs(far - rank_of(sq)))

    def moves(self, hares: int, carrots: int, hunter: bool) -> list[Move]:
        """Legal moves, saving moves and the most advanced hares first."""
        blocked = hares | carrots | (self.hunter_bit if hunter else 0)
        takeable = carrots | (self.hunter_bit if hunter else 0)
        saving: list[tuple[int, int]] = []
        others: list[tuple[int, int]] = []
        for sq in self.order:
            if not hares >> sq & 1:
                continue
            ahead = self.ahead[sq]
            if ahead is None:
                continue
            for diagonal in self.diagonals[sq]:
                if takeable >> diagonal & 1:
                    (saving if self.burrows >> diagonal & 1 else others).append((sq, diagonal))
            if not blocked >> ahead & 1:
                (saving if self.burrows >> ahead & 1 else others).append((sq, ahead))
                two = self.double[sq]
                if two is not None and not blocked >> two & 1:
                    others.append((sq, two))
        return saving + others

    def step(self, hares: int, carrots: int, hunter: bool, move: Move):
        """(hares, carrots, hunter alive, saved by this move) after ``move`` and the check."""
        origin, target = move
        bit = 1 << target
        hares &= ~(1 << origin)
        carrots &= ~bit
        if hunter and bit == self.hunter_bit:
            hunter = False
        saved = 0
        if self.burrows & bit:
            saved = 1
        else:
            hares |= bit
        if hunter:
            occupied = hares | carrots
            caught = 0
            for ray in self.rays:
                for sq, sq_bit in ray:
                    if occupied & sq_bit:
                        if hares & sq_bit and not hares & self.protectors[sq]:
                            caught |= sq_bit
                        break
            hares &= ~caught
        return hares, carrots, hunter, saved

    def solve_masks(self, hares: int, carrots: int, hunter: bool) -> tuple[int, Move | None]:
        key = (hares, carrots, hunter)
        known = self.memo.get(key)
        if known is not None:
            return known
        moves = self.moves(hares, carrots, hunter)
        if not moves:
            result: tuple[int, Move | None] = (0, None)
        else:
            bound = (hares & ~self.far).bit_count()
            best, best_move = -1, None
            for move in moves:
                after = self.step(hares, carrots, hunter, move)
                if after[3] + (after[0] & ~self.far).bit_count() <= best:
                    continue  # even saving every hare left could not beat ``best``
                value = after[3] + self.solve_masks(after[0], after[1], after[2])[0]
                if value > best:
                    best, best_move = value, move
                    if best == bound:
                        break
            result = (best, best_move)
        self.memo[key] = result
        return result

    def solve(self, hares, carrots, hunter: bool) -> tuple[int, Move | None]:
        """(the most hares still to be saved, a move that achieves it, or None at the end)."""
        # the search is at most one frame per hare step (under 60 deep): no recursion worry
        return self.solve_masks(_mask(hares), _mask(carrots), hunter)


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
