"""Bohnen: a mancala with relay sowing and captures of 2 and 3, for 2 to 4 players.

A position is twelve bean counts (pits ``A``–``F`` and ``a``–``f`` in sowing order), the beans
each seat has captured and the seat to move. A move is the letter of a pit; when a capture
would strip an opponent bare, the mover first names the pit that opponent keeps
(``leave:<pit>``). The rules themselves live in :mod:`.board` and :mod:`.search`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Generic, TypeVar

import numpy as np

from ludoteca.engine import TERMINAL, Game, Message, Option, State, translate
from ludoteca.engine.core import Trail
from ludoteca.engine.playouts import Playouts, check_policy

from . import tensors
from .board import INDEX, PIT_NAMES, PITS, SEAT_COLOURS, Board, decode, encode, join, split, unpack
from .search import CaptureSearch
from .starts import ANSWERS, CANNOT_FEED_NOW, CAPTURE_NOW, NO_BEANS_NOW, SEARCH

LEAVE = "leave:"

# Why a game ended, in the order the rules check it at the start of a turn.
END_REASONS = ("no_beans", "cannot_feed", "no_capture", "repetition", "no_progress")

# Every game ends: players who keep avoiding captures cannot capture any more. The game ends
# after QUIET_LIMIT actions in a row without a capture, or when a position (pits and seat to
# move) occurs for the REPEAT_LIMIT-th time since the last capture ("no_progress").
QUIET_LIMIT = 100
REPEAT_LIMIT = 3

# The most beans one pit can hold (a position is coded with six bits a pit).
MOST_BEANS = 63


def _player(seat: int) -> Message:
    return Message("core.player", {"player": seat + 1})


_new_state = object.__new__

# A history of turn starts: the positions since the last capture, newest first, as a chain of
# (low, high, older) ending in None (``low``, ``high``: the core's two codes of a position).
History = tuple[int, int, Any] | None


_START = INDEX  # a pit's letter to its index

# The legal pit letters of each playable-pits mask (the core's bit p is pit p), made on demand.
_PIT_ACTIONS: list[tuple[str, ...] | None] = [None] * (1 << PITS)


def _pit_actions(mask: int) -> tuple[str, ...]:
    actions = _PIT_ACTIONS[mask]
    if actions is None:
        actions = _PIT_ACTIONS[mask] = tuple(PIT_NAMES[p] for p in range(PITS) if mask >> p & 1)
    return actions


T = TypeVar("T")


class _once(Generic[T]):  # noqa: N801  (used as a decorator, like functools.cached_property)
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    look-up, a cost on the hot path of searches): the value is computed on the first look-up
    and then stored in the instance, where later look-ups find it first."""

    def __init__(self, compute: Callable[[Any], T]):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, state: Any, owner: type | None = None) -> T:
        if state is None:
            return self  # type: ignore[return-value]
        value = self.compute(state)
        setattr(state, self.name, value)  # (not through ``__dict__``: that would make one)
        return value


@cache
def _unpacked(packed: int) -> tuple[int, ...]:
    """The pits of a packed capture (``board.unpack``), remembered as they are met."""
    return unpack(packed)


class BohnenState(State):
    """A Bohnen position. ``pending`` is set between a grand-slam move and its ``leave:``
    choices: (pit sown from, pits to capture, opponents still to be left a pit).

    The position (pits and seat to move) is kept as the compiled core's two codes (``_low``,
    ``_high``: six bits a pit, then the seat; ``_position`` joins them); ``pits`` is decoded
    when asked for. The seat to move or the end is decided when the state is made, from what
    the core found at the turn start (and the end-of-game search, where only it can tell)."""

    # The seat to move or TERMINAL: a plain attribute, set whenever a state is made, not a
    # property, because playouts and searches read it at every step, and Python 3.11 makes
    # the look-up and the store of a plain attribute fast (not of one behind a descriptor).
    current_player: int = TERMINAL  # type: ignore[assignment]
    # the defaults of the fields a state made by ``successor`` does not set
    pending: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
    _end: str | None = None
    _trail: Trail = None
    _length = 0
    _legal: Sequence[str] | None = None
    # The turn starts since the last capture (``History``), and two filters of them that spare
    # counting where no repetition is possible: ``_seen`` has the bit of each position's
    # ``core.history_bucket``, ``_twice`` the bits met more than once. A position has occurred
    # before only where its bit is in ``_twice`` (this time counted), a third time only where
    # it was there before.
    _since: History = None
    _seen = 0
    _twice = 0
    # the capture of the move that made this state, as the core packs it (see ``last``)
    _packed = 0

    def __init__(
        self,
        game: BohnenGame,
        pits: tuple[int, ...],
        captured: tuple[int, ...],
        to_move: int,
        pending: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None,
        since_capture: tuple | None = None,
        last: tuple[int, int, tuple[int, ...]] | None = None,
        quiet: int = 0,
    ):
        super().__init__(game)
        self.game: BohnenGame = game
        self._low, self._high = split(encode(pits, to_move))
        self.to_move = to_move
        self.captured = captured
        self.pending = pending
        # the turn starts since the last capture, given as a chain, newest first:
        # ((pits, seat), older) or None
        keys = []
        while since_capture is not None:
            (old_pits, seat), since_capture = since_capture
            keys.append(encode(old_pits, seat))
        for key in reversed(keys):
            self._add_turn_start(*split(key))
        # actions played since the last capture (or since the start)
        self.quiet = quiet
        # the last move, for the view and the log: (seat, pit sown from, pits captured)
        self.last = last
        self.current_player = self._turn_start()

    def _add_turn_start(self, low: int, high: int) -> None:
        """Add a position to this state's history (only while the state is being made;
        ``apply``, the hot path, does the same written out)."""
        bit = 1 << self.game.board.core.history_bucket(low, high)
        self._since = (low, high, self._since)
        self._twice |= self._seen & bit
        self._seen |= bit

    @classmethod
    def position(
        cls,
        game: BohnenGame,
        pits: dict[str, int] | list[int] | tuple[int, ...],
        captured: list[int] | tuple[int, ...] | None = None,
        to_move: int = 0,
        quiet: int = 0,
    ) -> BohnenState:
        """A hand-built position (for tests and analysis): ``pits`` maps letters to beans (the
        others are empty) or lists all twelve counts. Its history starts here; ``quiet`` says
        how many actions without a capture came before it (none of them in this position)."""
        if isinstance(pits, dict):
            counts = [0] * len(PIT_NAMES)
            for name, beans in pits.items():
                counts[INDEX[name]] = beans
            pits = counts
        board = tuple(int(b) for b in pits)
        if len(board) != len(PIT_NAMES) or min(board) < 0:
            raise ValueError("a position needs twelve bean counts, none negative")
        if max(board) > MOST_BEANS:
            raise ValueError(f"a pit holds at most {MOST_BEANS} beans")
        captured = tuple(captured) if captured is not None else (0,) * game.num_players
        if len(captured) != game.num_players:
            raise ValueError(f"captured needs one count per seat ({game.num_players})")
        if not 0 <= to_move < game.num_players:
            raise ValueError(f"to_move must be a seat, 0 to {game.num_players - 1}")
        if not 0 <= quiet < QUIET_LIMIT:
            raise ValueError(f"quiet must be 0 to {QUIET_LIMIT - 1} actions")
        return cls(
            game, board, captured, to_move, since_capture=((board, to_move), None), quiet=quiet
        )

    @_once
    def _position(self) -> int:
        """The position as one int (``board.encode``): the core's two codes joined."""
        return join(self._low, self._high)

    @_once
    def pits(self) -> tuple[int, ...]:
        """The twelve bean counts, pit ``A`` first."""
        return decode(self._position)[0]

    @_once
    def last(self) -> tuple[int, int, tuple[int, ...]] | None:
        """The last move, for the view and the log: (seat, pit sown from, pits captured). Set
        when the state is made, except by the hot path of ``successor``: from the history and
        the capture the core packed (``_packed``)."""
        _, mover, action = self._trail  # type: ignore[misc]
        return mover, INDEX[action], _unpacked(self._packed)

    # -- whose turn, and the ends of the game -------------------------------------------------

    def _turn_start(self) -> int:
        """``current_player`` of a state made by the constructor: the seat to move or TERMINAL,
        from what the core finds at its turn start."""
        if self.pending:
            return self.to_move
        game = self.game
        search = game.search
        kind, mask = game.board.core.turn_start(
            self._low, self._high, search.bound, game.board.core_layout, search.starts
        )
        return self._decide(kind, mask)

    def _decide(self, kind: int, mask: int, answer: int = -1) -> int:
        """The seat to move, or TERMINAL with ``_end`` set, from what the core found at this
        turn start (``core.turn_start``; ``answer``: the search's, as ``core.step`` gives it,
        -1 if not known); the legal actions too."""
        if kind == NO_BEANS_NOW:
            return self._over("no_beans")
        if kind == CANNOT_FEED_NOW:
            return self._over("cannot_feed")
        if kind == CAPTURE_NOW:
            possible: bool | None = True
        elif answer >= 0:
            possible = ANSWERS[answer]
        else:
            possible = self.game.search.answer(self._position)
        if possible is False:
            return self._over("no_capture")
        occurrences = self._occurrences_here()
        if possible is None and occurrences >= 2:
            return self._over("repetition")
        if self.quiet >= QUIET_LIMIT or occurrences >= REPEAT_LIMIT:
            return self._over("no_progress")
        self._legal = _pit_actions(mask)
        return self.to_move

    def _over(self, reason: str) -> int:
        self._end = reason
        self._legal = ()
        return TERMINAL

    def occurrences(self) -> int:
        """How often this turn-start position (pits and seat to move) has occurred since the
        last capture, this time included."""
        return self._turn_start_codes().count((self._low, self._high))

    def _occurrences_here(self) -> int:
        """``occurrences`` of a turn start, not counted where the filters tell it is 1."""
        if self._twice >> self.game.board.core.history_bucket(self._low, self._high) & 1:
            return self.occurrences()
        return 1

    def _turn_start_codes(self) -> list[tuple[int, int]]:
        """The turn starts since the last capture as the core's two codes, newest first."""
        codes = []
        since = self._since
        while since is not None:
            low, high, since = since
            codes.append((low, high))
        return codes

    def _history(self) -> list[int]:
        """The turn starts since the last capture as ``board.encode`` codes, newest first."""
        return [join(low, high) for low, high in self._turn_start_codes()]

    @property
    def _since_capture(self) -> tuple | None:
        """The turn starts since the last capture as the constructor takes them: a chain,
        newest first, ((pits, seat), older), None at its end."""
        chain: tuple | None = None
        for key in reversed(self._history()):
            chain = (decode(key), chain)
        return chain

    def turn_starts(self) -> list[tuple[tuple[int, ...], int]]:
        """The turn-start positions (pits, seat to move) since the last capture, newest
        first, this one included: what the repetition rules count."""
        return [decode(key) for key in self._history()]

    def turn_start_codes(self) -> np.ndarray:
        """The turn starts since the last capture as the core codes positions (``core._code``:
        two int64 each, one row a position), oldest first."""
        return np.array(self._turn_start_codes()[::-1], np.int64).reshape(-1, 2)

    def end_reason(self) -> str | None:
        """Why the game ended (one of ``END_REASONS``), or None while it goes on."""
        return self._end

    # -- moves ---------------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        if self.pending:
            return [LEAVE + PIT_NAMES[p] for p in self.leave_choices()]
        return list(self._legal or ())

    def leave_choices(self) -> list[int]:
        """The pits of the opponent whose grand slam is being decided (pit order)."""
        if not self.pending:
            return []
        _, captured, choosers = self.pending
        owner = self.game.board.owner
        return sorted(p for p in captured if owner[p] == choosers[0])

    def apply(self, action: str, checked: bool = True) -> BohnenState:
        """The state after ``action`` (``State.apply``, with ``State.successor`` written out
        in it: the hot path of every playout and search, one Python call an action).
        ``checked=False`` is ``successor``: no legality check (``successor`` passes it by
        position, a call Python 3.11 makes fast; a keyword would not be).

        A move is one call of the core (``core.step``), which sows, captures and finds what
        the next turn start shows; the new state is filled in directly (the class gives the
        other fields; ``last`` is found when asked)."""
        if checked:
            legal = self._legal  # set only where a seat moves
            if legal is None or type(action) is not str or action not in legal:
                action = self._check(self.current_player, action)  # or IllegalAction
        game = self.game
        if self.pending is None:
            start = _START[action]
            search = game.search
            step = search.step  # (a method call's look-up would not be specialized)
            found = step(self._low, self._high, start, search.tables)
        else:
            start = self.pending[0]
            found = self._leave(action)
        low, high, packed, choosers, gain, kind, mask, bucket, answer = found
        mover = self.to_move
        new = _new_state(BohnenState)
        new.game = game
        new._low = low
        new._high = high
        new._trail = (self._trail, mover, action)
        new._length = self._length + 1
        if choosers:  # a grand slam: the opponents it would strip bare choose first
            return self._pending(new, (start, _unpacked(packed), game.board.seats_of(choosers)))
        new.to_move = following = high >> 12
        bit = 1 << bucket
        if packed:
            new._packed = packed
            if self.pending is not None:  # the last choice of a grand slam
                new.last = (mover, start, _unpacked(packed))
            taken = list(self.captured)
            taken[mover] += gain
            new.captured = tuple(taken)
            new.quiet = quiet = 0
            new._since = (low, high, None)  # the history starts again: no repetition
            new._seen = bit
            third = 0
        else:
            new.captured = self.captured
            new.quiet = quiet = self.quiet + 1
            new._since = (low, high, self._since)
            seen = self._seen
            twice = self._twice
            new._seen = seen | bit
            if seen & bit:  # this position, or another of its bucket, came before
                new._twice = twice | bit
                third = twice & bit  # this position may occur for the third time
            else:
                new._twice = twice
                third = 0
        if (
            kind == CAPTURE_NOW
            and quiet < QUIET_LIMIT
            and not (third and new.occurrences() >= REPEAT_LIMIT)
        ):
            new.current_player = following  # the game goes on (as ``_decide`` finds)
            new._legal = _PIT_ACTIONS[mask] or _pit_actions(mask)
        else:
            new.current_player = new._decide(kind, mask, answer)
        return new

    def successor(self, action: str) -> BohnenState:
        return self.apply(action, False)  # unchecked

    def _next(self, action: str) -> BohnenState:
        return self.apply(action, False)  # unchecked

    def _leave(self, action: str) -> tuple[int, int, int, int, int, int, int, int, int]:
        """What the grand slam's ``leave:`` choice does, as ``core.step`` gives a move: the
        pits still to capture with the opponents still to choose, or after the last choice
        the capture taken and the turn passed (``core.settle``)."""
        game = self.game
        core = game.board.core
        _, captured, choosers = self.pending  # type: ignore[misc]
        kept = INDEX[action[len(LEAVE) :]]
        packed = 0
        for i, p in enumerate(p for p in captured if p != kept):
            packed |= (p + 1) << (4 * i)
        if len(choosers) > 1:
            others = sum(1 << seat for seat in choosers[1:])
            return self._low, self._high, packed, others, 0, SEARCH, 0, 0, -1
        search = game.search
        low, high, gain, kind, mask = core.settle(
            self._low, self._high, packed, search.bound, game.board.core_layout, search.starts
        )
        return low, high, packed, 0, gain, kind, mask, core.history_bucket(low, high), -1

    def _pending(self, new: BohnenState, pending: tuple) -> BohnenState:
        """Fill in ``new`` (its position and history set) as the state while the grand slam
        of ``pending`` is decided (the same seat acts)."""
        new.pending = pending
        new.to_move = new.current_player = self.to_move
        new.captured = self.captured
        new._since = self._since
        new._seen = self._seen
        new._twice = self._twice
        new.last = self.last
        new.quiet = self.quiet + 1
        return new

    # -- results -------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.current_player != TERMINAL:
            return list(self.captured)
        board = self.game.board
        return [c + board.beans_of(self.pits, seat) for seat, c in enumerate(self.captured)]

    def _key(self) -> Any:
        return (self._low, self._high, self.captured, self.pending, self.quiet)

    # -- messages ------------------------------------------------------------------------------

    def _pit_list(self, seat: int) -> str:
        return ", ".join(PIT_NAMES[p] for p in self.game.board.seat_pits[seat])

    def clicks(self, action: str) -> list[str]:
        if action.startswith(LEAVE):
            return [f"leave-{action[len(LEAVE) :]}"]
        return [f"pit-{action}"]

    def label(self, action: str) -> Message:
        if action.startswith(LEAVE):
            return Message("bohnen.label.leave", {"pit": action[len(LEAVE) :]})
        return Message("bohnen.label.move", {"pit": action, "n": self.pits[INDEX[action]]})

    def describe(self, seat: int, action: str) -> Message:
        if action.startswith(LEAVE):
            return Message("bohnen.log.leave", {"player": seat + 1, "pit": action[len(LEAVE) :]})
        return Message("bohnen.log.move", {"player": seat + 1, "pit": action})

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        """The capture a sowing (or the last grand-slam choice) made, with its beans."""
        assert isinstance(before, BohnenState)
        if self.pending or self.last is None or self.last is before.last or not self.last[2]:
            return None
        mover, _, captured = self.last
        return Message(
            "bohnen.log.captured",
            {
                "player": mover + 1,
                "beans": self.captured[mover] - before.captured[mover],
                "pits": ", ".join(PIT_NAMES[p] for p in captured),
            },
        )

    def prompt(self, seat: int | None) -> Message:
        player = self.current_player
        if player == TERMINAL:
            return Message(
                f"bohnen.end.{self._end}",
                {
                    "player": _player(self.to_move),
                    "actions": QUIET_LIMIT,
                    "result": self.winner_words(),
                },
            )
        if seat != player:
            return super().prompt(seat)
        if self.pending:
            return Message("bohnen.prompt.leave", {"player": _player(self.pending[2][0])})
        board = self.game.board
        if not board.feeds(self.pits, player):
            following = (player + 1) % self.game.num_players
            return Message("bohnen.prompt.feed", {"player": _player(following)})
        return Message("bohnen.prompt.move")

    def why_illegal(self, action: str) -> Message:
        legal = ", ".join(self.legal_actions())
        if self.pending:
            chooser = _player(self.pending[2][0])
            if action.startswith(LEAVE):
                return Message(
                    "bohnen.illegal.not_a_choice",
                    {"pit": action[len(LEAVE) :], "player": chooser, "choices": legal},
                )
            return Message("bohnen.illegal.leave_first", {"player": chooser, "choices": legal})
        if action.startswith(LEAVE):
            return Message("bohnen.illegal.no_grand_slam", {"action": action})
        if action not in INDEX:
            return Message("bohnen.illegal.no_such_pit", {"action": action})
        board = self.game.board
        pit = INDEX[action]
        owner = board.owner[pit]
        if owner != self.to_move:
            return Message(
                "bohnen.illegal.not_your_pit",
                {"pit": action, "player": _player(owner), "yours": self._pit_list(self.to_move)},
            )
        if not self.pits[pit]:
            return Message("bohnen.illegal.empty_pit", {"pit": action})
        if not board.feeds(self.pits, self.to_move):
            following = _player((self.to_move + 1) % self.game.num_players)
            return Message(
                "bohnen.illegal.must_feed", {"pit": action, "player": following, "choices": legal}
            )
        return super().why_illegal(action)

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    # -- what a seat sees ----------------------------------------------------------------------

    def _observe(self, seat: int | None) -> dict[str, Any]:
        board = self.game.board
        player = self.current_player
        leave = None
        if self.pending:
            start, captured, choosers = self.pending
            leave = {
                "player": choosers[0],
                "choices": [PIT_NAMES[p] for p in self.leave_choices()],
                "capture": [PIT_NAMES[p] for p in captured],
            }
        last = None
        if self.last is not None:
            mover, start, captured = self.last
            last = {
                "seat": mover,
                "pit": PIT_NAMES[start],
                "captured": [PIT_NAMES[p] for p in captured],
            }
        return {
            "pits": {name: self.pits[i] for i, name in enumerate(PIT_NAMES)},
            "captured": list(self.captured),
            "owners": {name: board.owner[i] for i, name in enumerate(PIT_NAMES)},
            "seat_pits": [[PIT_NAMES[p] for p in pits] for pits in board.seat_pits],
            "beans_left": [board.beans_of(self.pits, s) for s in range(self.game.num_players)],
            "to_move": None if player == TERMINAL else self.to_move,
            "leave": leave,
            "last_move": last,
            "end_reason": self._end,
            "seat_colours": list(SEAT_COLOURS[: self.game.num_players]),
        }

    def text_board(self, lang: str = "en") -> str:
        """The text board in ``lang``: the top row f…a, the bottom row A…F, owners beside."""
        board = self.game.board
        top = range(11, 5, -1)
        bottom = range(6)

        def row(indices: range, what: str) -> str:
            if what == "name":
                cells = [f" {PIT_NAMES[i]:^4}" for i in indices]
            elif what == "owner":
                cells = [f" {'#' + str(board.owner[i] + 1):^4}" for i in indices]
            else:
                cells = [f" [{self.pits[i]:>2}]" for i in indices]
            return "       " + "".join(cells).rstrip()

        if self.game.num_players == 2:
            store = f"  z* {self.captured[1]:>2}" + " " * 31 + f"Z* {self.captured[0]:>2}"
        else:
            store = "  z*" + " " * 38 + "Z*"
        lines = [
            row(top, "owner"),
            row(top, "name"),
            row(top, "beans"),
            store,
            row(bottom, "beans"),
            row(bottom, "name"),
            row(bottom, "owner"),
            "",
        ]
        for seat in range(self.game.num_players):
            name = translate("core.player", lang, {"player": seat + 1})
            lines.append(
                "  #"
                + str(seat + 1)
                + " "
                + translate(
                    "bohnen.board.seat",
                    lang,
                    {"player": name, "pits": self._pit_list(seat), "captured": self.captured[seat]},
                )
            )
        lines.append("  " + self.status_line().text(lang))
        return "\n".join(lines)

    def status_line(self) -> Message:
        """Who is to move (or why the game ended), for boards and views."""
        if self.current_player == TERMINAL:
            return self.prompt(None)
        if self.pending:
            return Message(
                "bohnen.board.leave",
                {"player": _player(self.to_move), "opponent": _player(self.pending[2][0])},
            )
        return Message("bohnen.board.to_move", {"player": _player(self.to_move)})

    def __str__(self) -> str:
        return self.text_board("en")


class BohnenGame(Game[BohnenState]):
    id = "bohnen"
    name = "Bohnen"
    min_players = 2
    max_players = 4
    default_players = 2
    option_specs = (
        Option(
            "capture_chain",
            "preceding",
            choices=("preceding", "following"),
            help="bohnen.option.capture_chain",
        ),
        Option("max_laps", 100, minimum=1, maximum=10_000, help="bohnen.option.max_laps"),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.board = Board(
            self.num_players, self.options["capture_chain"], self.options["max_laps"]
        )
        self.search = CaptureSearch(self.board)
        self._limits_of: CaptureSearch | None = None
        self._limits = np.zeros(0, np.int64)
        self._initial_of: CaptureSearch | None = None
        self._initial: BohnenState

    def new_initial_state(self) -> BohnenState:
        """The start (a state never changes, so every game starts from the same one, made
        again for another search)."""
        if self._initial_of is not self.search:  # (tests may give a game another search)
            start = self.board.start
            self._initial = BohnenState(
                self, start, (0,) * self.num_players, 0, since_capture=((start, 0), None)
            )
            self._initial_of = self.search
        return self._initial

    def score_range(self) -> tuple[float, float]:
        """From no bean to every bean of the board."""
        return 0.0, float(sum(self.board.start))

    def max_game_length(self) -> int:
        """The most actions a game from the start can last, derived from the rules.

        Every capture takes at least one pit of 2 or 3 beans, so a game of ``B`` beans has at
        most ``B // 2`` capturing turns, each a move plus at most one ``leave:`` choice per
        opponent. Before each of them come at most ``QUIET_LIMIT - 1`` actions without a
        capture, and after the last one at most ``QUIET_LIMIT`` (the next one would end the
        game first). 2 players: 24 × 101 + 100 = 2,524; 3: 1,936; 4: 1,954."""
        captures = sum(self.board.start) // 2
        return captures * (QUIET_LIMIT - 1 + self.num_players) + QUIET_LIMIT

    def all_actions(self) -> list[str]:
        """The twelve pit letters, then ``leave:`` with each of them."""
        return list(PIT_NAMES) + [LEAVE + pit for pit in PIT_NAMES]

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)

    def limits(self) -> np.ndarray:
        """The rule limits as the core reads them: the search bound, the most beans of an exact
        search, the quiet limit and the repetition limit."""
        search = self.search
        if self._limits_of is not search:  # (tests may give a game another search)
            self._limits_of = search
            self._limits = np.array(
                [search.bound, search.exact_beans, QUIET_LIMIT, REPEAT_LIMIT], np.int64
            )
        return self._limits

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the same rules as the states', not the same games for a seed)."""
        check_policy(policy)
        if n < 0:
            raise ValueError(f"the number of playouts must be at least 0, not {n}")
        scores, lengths = self.core_playouts(n, seed, np.empty((n, 0), np.int64))
        best = scores.max(axis=1, keepdims=True) if n else scores
        return Playouts(scores.astype(float), scores == best, lengths)

    def core_playouts(self, n: int, seed: int, record: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The core's random games: final scores and lengths; each game's actions go to its
        row of ``record`` while there is room (a pit index, or 12 + the pit left)."""
        start = np.array(self.board.start, np.int64)
        search = self.search
        return self.board.core.playouts(  # type: ignore[no-any-return]
            n,
            seed % 2**32,
            start,
            self.board.core_layout,
            self.limits(),
            record,
            search.memo(),
            search.starts,
        )


def capture_gain(state: BohnenState, action: str) -> int:
    """Beans the move ``action`` captures, a grand slam leaving each opponent its emptiest pit."""
    board = state.game.board
    pits, captured, choosers = board.outcome(state.pits, INDEX[action], state.to_move)
    gain = sum(pits[p] for p in captured)
    for chooser in choosers:
        gain -= min(pits[p] for p in captured if board.owner[p] == chooser)
    return gain


def capture_possible(state: BohnenState) -> bool | None:
    """The end-of-game search for a turn-start ``state``: can any sequence of moves by anyone
    still capture? None when the search passed its bound (see ``search.SEARCH_BOUND``)."""
    return state.game.search.capture_possible(state.pits, state.to_move)
