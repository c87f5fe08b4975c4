"""The board of Bohnen: twelve pits in sowing order, who owns which, and what one move does.

Positions are plain tuples of twelve bean counts (index 0 is pit ``A``, 11 is pit ``f``). What
a move does is decided by the compiled core (:mod:`.core`), which the rules, the end-of-game
search, the batch playouts and the bots all share.
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter
from types import ModuleType

PIT_NAMES = "ABCDEFabcdef"
PITS = len(PIT_NAMES)
INDEX = {name: i for i, name in enumerate(PIT_NAMES)}

SEAT_PITS = {2: ("ABCDEF", "abcdef"), 3: ("ABCD", "EFab", "cdef"), 4: ("ABC", "DEF", "abc", "def")}
START_BEANS = {2: 4, 3: 3, 4: 3}

# ORDER[s]: the other eleven pits in sowing order after s. A lap never sows into the pit it
# started from, so a lap of more than eleven beans simply goes round these eleven again.
ORDER = tuple(tuple((s + i) % PITS for i in range(1, PITS)) for s in range(PITS))
FOLLOWING = ORDER
PRECEDING = tuple(tuple((p - i) % PITS for i in range(1, PITS)) for p in range(PITS))
# The result of one move: (pits after sowing, pits to capture, opponents who must be left a pit).
Outcome = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

# The most beans one pit can hold (a position is coded with six bits a pit).
MOST_BEANS = 63


class Board:
    """The fixed layout of one game: seats, owners and the rule options that shape a move."""

    def __init__(self, players: int, capture_chain: str = "preceding", max_laps: int = 100):
        self.players = players
        self.seat_pits: tuple[tuple[int, ...], ...] = tuple(
            tuple(INDEX[name] for name in names) for names in SEAT_PITS[players]
        )
        owner = [0] * PITS
        for seat, pits in enumerate(self.seat_pits):
            for pit in pits:
                owner[pit] = seat
        self.owner: tuple[int, ...] = tuple(owner)
        # a seat's bean counts in one C call: self.counts[seat](pits) -> tuple
        self.counts = tuple(itemgetter(*pits) for pits in self.seat_pits)
        self._next_counts = tuple(self.counts[(s + 1) % players] for s in range(players))
        self.chain = PRECEDING if capture_chain == "preceding" else FOLLOWING
        self.max_laps = max_laps
        self.start = (START_BEANS[players],) * PITS
        # what makes two boards play alike (the key of the search's shared answers)
        self.layout = (players, capture_chain, max_laps)
        # the compiled core, imported with the first board (listing the games needs no numba)
        from . import core

        self.core: ModuleType = core
        self.core_layout = core.make_layout(players, self.owner, self.chain, max_laps)

    def __reduce__(self) -> tuple[type[Board], tuple[int, str, int]]:
        # the compiled parts do not pickle (OpenSpiel copies states by pickling): built anew
        return (Board, self.layout)

    def beans_of(self, pits: tuple[int, ...], seat: int) -> int:
        return sum(self.counts[seat](pits))

    def sow(self, pits: tuple[int, ...], start: int, mover: int) -> tuple[list[int], list[int]]:
        """Sow from ``start`` with relays; the pits after it and the capture (before the grand
        slam rule), an empty list when the move captures nothing."""
        board, packed = self.core.sow(pits, start, mover, self.core_layout)
        return board.tolist(), list(unpack(packed))

    def outcome(self, pits: tuple[int, ...], start: int, mover: int) -> Outcome:
        """The move from ``start``: pits after sowing, the capture once every opponent it would
        strip bare keeps a pit, and the opponents (seat order) who need a ``leave:`` choice."""
        board, packed, choosers = self.core.outcome(pits, start, mover, self.core_layout)
        return board, unpack(packed), self.seats_of(choosers)

    def gain(self, pits: tuple[int, ...], start: int, mover: int) -> int:
        """Beans the move from ``start`` captures, a grand slam leaving each opponent its
        emptiest pit."""
        return int(self.core.gain(pits, start, mover, self.core_layout))

    def checked(
        self,
        pits: dict[str, int] | list[int] | tuple[int, ...],
        captured: list[int] | tuple[int, ...] | None,
        to_move: int,
        quiet: int,
        quiet_limit: int,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A position set up by hand, checked: its twelve pits (given as a list, or letters
        to beans, the others empty) and the beans captured (none if not given); ValueError
        where it is no position of this board."""
        if isinstance(pits, dict):
            counts = [0] * PITS
            for name, beans in pits.items():
                counts[INDEX[name]] = beans
            pits = counts
        board = tuple(int(b) for b in pits)
        if len(board) != PITS or min(board) < 0:
            raise ValueError("a position needs twelve bean counts, none negative")
        if max(board) > MOST_BEANS:
            raise ValueError(f"a pit holds at most {MOST_BEANS} beans")
        captured = tuple(captured) if captured is not None else (0,) * self.players
        if len(captured) != self.players:
            raise ValueError(f"captured needs one count per seat ({self.players})")
        if not 0 <= to_move < self.players:
            raise ValueError(f"to_move must be a seat, 0 to {self.players - 1}")
        if not 0 <= quiet < quiet_limit:
            raise ValueError(f"quiet must be 0 to {quiet_limit - 1} actions")
        return board, captured

    def seats_of(self, mask: int) -> tuple[int, ...]:
        """The seats of a bit mask, in seat order."""
        return tuple(seat for seat in range(self.players) if mask >> seat & 1)

    def feeds(self, board: tuple[int, ...], mover: int) -> bool:
        """Whether the seat after ``mover`` has beans in ``board``."""
        return any(self._next_counts[mover](board))

    def playable(self, pits: tuple[int, ...], mover: int) -> list[int]:
        """The pits ``mover`` may sow from: its non-empty pits, and when the next seat has no
        beans only those after which it has some (must feed)."""
        mask = self.core.playable(pits, mover, self.core_layout)
        return [p for p in self.seat_pits[mover] if mask >> p & 1]

    def quiet_children(
        self, pits: tuple[int, ...], mover: int
    ) -> bool | tuple[tuple[tuple[int, ...], int], ...]:
        """True if ``mover`` can capture now (by the quick tests or a capturing legal move),
        else the positions (pits, next seat) after each legal move, in pit order (none when
        ``mover`` has no beans)."""
        rows = self.core.children(pits, mover, self.core_layout)
        if rows.shape[0] and rows[0, 0] < 0:
            return True
        following = (mover + 1) % self.players
        return tuple((tuple(row), following) for row in rows.tolist())

    def direct_capture(self, pits: tuple[int, ...], mover: int) -> bool:
        """A quick, sound (not complete) test: ``mover`` can capture now with a move that
        reaches an opponent's pit holding 1 or 2 in its first lap, that opponent keeping
        other beans. Used to skip the search in the common case."""
        return bool(self.core.quick_tests(pits, mover, self.core_layout)[0])

    def quiet_threat(self, pits: tuple[int, ...], mover: int) -> bool:
        """A second quick, sound test: the next seat has a capture in its first lap that some
        move of ``mover`` leaves standing (that move sows neither the threatening pit nor its
        target and does not relay, so the next seat can still play it)."""
        return bool(self.core.quick_tests(pits, mover, self.core_layout)[1])


def encode(pits: tuple[int, ...], seat: int) -> int:
    """A position (pits and seat to move) as one int, the compiled core's code (``core._code``,
    its two halves joined): six bits a pit, pit ``A`` lowest, then the seat."""
    key = seat << 72
    for i, beans in enumerate(pits):
        key |= beans << (6 * i)
    return key


# the compiled core's low code holds pits A to J (60 bits), its high code the rest
_LOW = (1 << 60) - 1


def split(key: int) -> tuple[int, int]:
    """A position code (``encode``) as the compiled core's two codes (``core._code``)."""
    return key & _LOW, key >> 60


def join(low: int, high: int) -> int:
    """The core's two codes of a position as one code (``encode``)."""
    return low | high << 60


def decode(key: int) -> tuple[tuple[int, ...], int]:
    """The pits and the seat to move of a position code (``encode``)."""
    return tuple((key >> shift) & 63 for shift in range(0, 72, 6)), key >> 72


def pack(pits: tuple[int, ...]) -> int:
    """A capture's pits packed as the core packs them (``unpack`` reads them)."""
    return sum((pit + 1) << (4 * i) for i, pit in enumerate(pits))


@cache
def unpack(packed: int) -> tuple[int, ...]:
    """The pits of a capture packed by the core (4 bits each, pit + 1, first lowest),
    remembered as they are met."""
    pits = []
    while packed:
        pits.append((packed & 15) - 1)
        packed >>= 4
    return tuple(pits)
