"""The rules of Hares as pure functions over a field (a layout) and a position.

Squares are numbers 0–63: ``file + 8 * (rank - 1)``, so a1 = 0, h1 = 7, a8 = 56.
A :class:`Field` is what never changes during a game (the hunter's piece and square, the
burrows, the hares' direction); a :class:`Position` is what does. The game state and the solver
both play through :func:`hare_moves` and :func:`advance`, so there is one copy of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

PIECES = ("rook", "bishop", "knight", "queen", "king")
COLOURS = ("white", "black")

_ROOK_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_BISHOP_DIRECTIONS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


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


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 1 <= rank <= 8


def hunter_rays(piece: str, sq: int) -> tuple[tuple[int, ...], ...]:
    """The hunter's lines from ``sq``, nearest square first; a knight or king has one-square
    lines. A line is checked up to and including its first piece."""
    f, r = file_of(sq), rank_of(sq)
    if piece in ("knight", "king"):
        steps = _KNIGHT_JUMPS if piece == "knight" else _ROOK_DIRECTIONS + _BISHOP_DIRECTIONS
        return tuple((f + df + 8 * (r + dr - 1),) for df, dr in steps if _on_board(f + df, r + dr))
    directions = {
        "rook": _ROOK_DIRECTIONS,
        "bishop": _BISHOP_DIRECTIONS,
        "queen": _ROOK_DIRECTIONS + _BISHOP_DIRECTIONS,
    }[piece]
    rays = []
    for df, dr in directions:
        ray, ff, rr = [], f + df, r + dr
        while _on_board(ff, rr):
            ray.append(ff + 8 * (rr - 1))
            ff, rr = ff + df, rr + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


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
    def rays(self) -> tuple[tuple[int, ...], ...]:
        return hunter_rays(self.hunter_piece, self.hunter_square)

    def forward(self, sq: int) -> int | None:
        """The square in front of ``sq``, or None on the far rank."""
        ahead = sq + self.step
        return ahead if 0 <= ahead < 64 else None

    def diagonals(self, sq: int) -> tuple[int, ...]:
        """The squares diagonally in front of ``sq`` (the ones a hare there attacks)."""
        ahead = self.forward(sq)
        if ahead is None:
            return ()
        f = file_of(sq)
        return tuple(ahead + df for df in (-1, 1) if 0 <= f + df < 8)

    def behind_diagonals(self, sq: int) -> tuple[int, ...]:
        """The squares from which a hare would attack ``sq``."""
        back = sq - self.step
        if not 0 <= back < 64:
            return ()
        f = file_of(sq)
        return tuple(back + df for df in (-1, 1) if 0 <= f + df < 8)


@dataclass(frozen=True)
class Position:
    """What changes: hares and carrots on the board, the hunter (or not), the tallies."""

    hares: frozenset[int]
    carrots: frozenset[int]
    hunter: bool = True
    saved: int = 0
    caught: int = 0
    caught_now: tuple[int, ...] = field(default=(), compare=True)

    def occupied(self, sq: int, board: Field) -> bool:
        return sq in self.hares or sq in self.carrots or (self.hunter and sq == board.hunter_square)


def hare_moves(board: Field, hares: frozenset[int], carrots: frozenset[int], hunter: bool):
    """Every legal hare move as (from, to), in board order of the hare, then of the target."""
    moves = []
    hunter_at = board.hunter_square if hunter else -1
    for sq in sorted(hares):
        ahead = board.forward(sq)
        if ahead is None:
            continue  # stuck on the far rank without a burrow
        free = ahead not in hares and ahead not in carrots and ahead != hunter_at
        targets = []
        for diagonal in board.diagonals(sq):
            if diagonal in carrots or diagonal == hunter_at:
                targets.append(diagonal)
        if free:
            targets.append(ahead)
            if rank_of(sq) == board.first_rank:
                two = ahead + board.step
                if two not in hares and two not in carrots and two != hunter_at:
                    targets.append(two)
        moves += [(sq, target) for target in sorted(targets)]
    return moves


def checked_squares(board: Field, hares: frozenset[int], carrots: frozenset[int]) -> list[int]:
    """The squares the (living) hunter checks: each line up to and including its first piece."""
    found = []
    for ray in board.rays:
        for sq in ray:
            found.append(sq)
            if sq in hares or sq in carrots:
                break
    return sorted(found)


def is_protected(board: Field, hares: frozenset[int], sq: int) -> bool:
    """A hare is protected when another hare stands diagonally behind it."""
    return any(other in hares for other in board.behind_diagonals(sq))


def hunt(board: Field, hares: frozenset[int], carrots: frozenset[int]) -> frozenset[int]:
    """The hares the hunter catches: all unprotected hares on its squares, judged at once."""
    return frozenset(
        sq
        for sq in checked_squares(board, hares, carrots)
        if sq in hares and not is_protected(board, hares, sq)
    )


def step(
    board: Field,
    hares: frozenset[int],
    carrots: frozenset[int],
    hunter: bool,
    move: tuple[int, int],
) -> tuple[frozenset[int], frozenset[int], bool, int, frozenset[int]]:
    """One hare move and the hunter's check after it.

    Returns (hares, carrots, hunter alive, hares saved by this move, hares caught)."""
    origin, target = move
    hares = hares - {origin}
    saved = 0
    if target in carrots:
        carrots = carrots - {target}
    if hunter and target == board.hunter_square:
        hunter = False
    if target in board.burrows:
        saved = 1
    else:
        hares = hares | {target}
    caught: frozenset[int] = frozenset()
    if hunter:
        caught = hunt(board, hares, carrots)
        hares = hares - caught
    return hares, carrots, hunter, saved, caught


def advance(board: Field, position: Position, move: tuple[int, int]) -> Position:
    """The position after a legal hare move (and the hunter's check)."""
    hares, carrots, hunter, saved, caught = step(
        board, position.hares, position.carrots, position.hunter, move
    )
    return Position(
        hares,
        carrots,
        hunter,
        position.saved + saved,
        position.caught + len(caught),
        tuple(sorted(caught)),
    )


def stuck_hares(board: Field, hares: frozenset[int]) -> list[int]:
    """Hares on the far rank (which has no burrow under them): they can never move again."""
    return sorted(sq for sq in hares if rank_of(sq) == board.far_rank)
