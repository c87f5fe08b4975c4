"""Pre-change oracle copy (frozen). The board of Bohnen: twelve pits in sowing order, who owns which, and what one move does.

Everything here works on plain tuples of twelve bean counts (index 0 is pit ``A``, 11 is
pit ``f``) so that the rules, the end-of-game search and the bots share one fast core.
"""

from __future__ import annotations

from operator import itemgetter

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
# FIRST[s][n]: the pits a lap of n <= 11 beans from s sows; LAST[s][n % 11]: where a lap of
# n >= 1 beans from s ends (n % 11 == 0: the end of a full round).
FIRST = tuple(tuple(ORDER[s][:n] for n in range(PITS)) for s in range(PITS))
LAST = tuple(tuple(ORDER[s][(n - 1) % (PITS - 1)] for n in range(PITS - 1)) for s in range(PITS))

# The result of one move: (pits after sowing, pits to capture, opponents who must be left a pit).
Outcome = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

# The seats' colours, in the view and for the web page's seat list.
SEAT_COLOURS = ("#d1495b", "#2e86ab", "#3bb273", "#f0a202")


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

    def beans_of(self, pits: tuple[int, ...], seat: int) -> int:
        return sum(self.counts[seat](pits))

    def sow(self, pits: tuple[int, ...], start: int, mover: int) -> tuple[list[int], list[int]]:
        """Sow from ``start`` with relays; the pits after it and the capture (before the grand
        slam rule), an empty list when the move captures nothing."""
        board = list(pits)
        owner = self.owner
        pit = start
        for _lap in range(self.max_laps):
            beans = board[pit]
            board[pit] = 0
            if beans <= 11:
                for p in FIRST[pit][beans]:
                    board[p] += 1
            else:
                order = ORDER[pit]
                rounds, rest = divmod(beans, 11)
                for p in order:
                    board[p] += rounds
                for p in order[:rest]:
                    board[p] += 1
            last = LAST[pit][beans % 11]
            held = board[last]
            if held >= 4:
                pit = last  # relay: take them all and sow on
                continue
            if held == 1 or owner[last] == mover:
                return board, []
            captured = [last]
            for p in self.chain[last]:
                if owner[p] == mover or not 2 <= board[p] <= 3:
                    break
                captured.append(p)
            return board, captured
        return board, []  # the last allowed lap ended on a full pit: the move stops there

    def outcome(self, pits: tuple[int, ...], start: int, mover: int) -> Outcome:
        """The move from ``start``: pits after sowing, the capture once every opponent it would
        strip bare keeps a pit, and the opponents (seat order) who need a ``leave:`` choice."""
        board, sown = self.sow(pits, start, mover)
        if not sown:
            return tuple(board), (), ()
        captured, choosers = self.grand_slam(board, sown, mover)
        return tuple(board), captured, choosers

    def grand_slam(
        self, board: list[int], captured: list[int], mover: int
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The capture once every opponent it would strip bare keeps a pit (a lone pit of that
        opponent stays untouched) and the opponents, in seat order, who need a ``leave:``."""
        choosers = []
        owner = self.owner
        for seat in range(self.players):
            if seat == mover:
                continue
            theirs = [p for p in captured if owner[p] == seat]
            if not theirs or sum(self.counts[seat](board)) > sum(board[p] for p in theirs):
                continue
            if len(theirs) == 1:
                captured.remove(theirs[0])  # no real choice: that pit is left untouched
            else:
                choosers.append(seat)
        return tuple(captured), tuple(choosers)

    def feeds(self, board: tuple[int, ...], mover: int) -> bool:
        """Whether the seat after ``mover`` has beans in ``board``."""
        return any(self._next_counts[mover](board))

    def playable(self, pits: tuple[int, ...], mover: int) -> list[int]:
        """The pits ``mover`` may sow from: its non-empty pits, and when the next seat has no
        beans only those after which it has some (must feed)."""
        own = [p for p in self.seat_pits[mover] if pits[p]]
        if self.feeds(pits, mover):
            return own
        return [p for p in own if self.feeds(self.outcome(pits, p, mover)[0], mover)]

    def quiet_children(
        self, pits: tuple[int, ...], mover: int
    ) -> bool | tuple[tuple[tuple[int, ...], int], ...]:
        """True if some legal move of ``mover`` captures, else the positions (pits, next seat)
        after each legal move, in pit order (none when ``mover`` has no beans)."""
        hungry = self._next_counts[mover]
        feeding = any(hungry(pits))
        following = (mover + 1) % self.players
        children = []
        for pit in self.seat_pits[mover]:
            if not pits[pit]:
                continue
            board, captured = self.sow(pits, pit, mover)
            if not feeding and not any(hungry(board)):
                continue  # not allowed: it leaves the next seat without beans
            if captured and self.grand_slam(board, captured, mover)[0]:
                return True
            children.append((tuple(board), following))
        return tuple(children)

    def direct_capture(self, pits: tuple[int, ...], mover: int) -> bool:
        """A quick, sound (not complete) test: ``mover`` can capture now with a move that
        reaches an opponent's pit holding 1 or 2 in its first lap, that opponent keeping
        other beans. Used to skip the search in the common case."""
        owner = self.owner
        if not any(self._next_counts[mover](pits)):
            return False  # must feed: not every move is allowed, leave it to the search
        for p in self.seat_pits[mover]:
            beans = pits[p]
            if 0 < beans <= 11:
                last = (p + beans) % PITS
                seat = owner[last]
                if (
                    seat != mover
                    and 1 <= pits[last] <= 2
                    and sum(self.counts[seat](pits)) > pits[last]
                ):
                    return True
        return False

    def quiet_threat(self, pits: tuple[int, ...], mover: int) -> bool:
        """A second quick, sound test: the next seat has a capture in its first lap that some
        move of ``mover`` leaves standing (that move sows neither the threatening pit nor its
        target and does not relay, so the next seat can still play it)."""
        following = (mover + 1) % self.players
        owner = self.owner
        threats = []
        for p in self.seat_pits[following]:
            beans = pits[p]
            if 0 < beans <= 11:
                target = (p + beans) % PITS
                if owner[target] != following and 1 <= pits[target] <= 2:
                    threats.append((p, target, owner[target]))
        if not threats:
            return False
        for q in self.seat_pits[mover]:
            beans = pits[q]
            if not 0 < beans <= 11 or pits[(q + beans) % PITS] >= 3:
                continue  # empty, a wrapping lap, or a relay: too much changes
            for p, target, victim in threats:
                if target == q or (p - q) % PITS <= beans or (target - q) % PITS <= beans:
                    continue  # the move would empty or sow the threat
                others = sum(self.counts[victim](pits)) - pits[target]
                if victim == mover:
                    others -= beans
                if others > 0:  # the victim keeps beans elsewhere: no grand slam
                    return True
        return False
