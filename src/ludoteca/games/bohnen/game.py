"""Bohnen: a mancala with relay sowing and captures of 2 and 3, for 2 to 4 players.

A position is twelve bean counts (pits ``A``–``F`` and ``a``–``f`` in sowing order), the beans
each seat has captured and the seat to move. A move is the letter of a pit; when a capture
would strip an opponent bare, the mover first names the pit that opponent keeps
(``leave:<pit>``; :mod:`.move` reads and writes them).

Where the rules are: every decision about an action is the compiled core's (:mod:`.core`):
``core.step`` sows, relays, captures, applies the grand slam rule, passes the turn and decides
at the next turn start whether and why the game ends (``core._end``: no beans, cannot feed,
no capture, repetition, no progress, in that order), with the end-of-game search
(:mod:`.search`) and the filter of the turn starts since the last capture
(``core.remember``). This module binds the core to the engine's states: it keeps the
position as the core's two codes, the history of turn starts that the repetition rules count,
names and declared facts; the words are in :mod:`.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.engine import TERMINAL, Game, Message, Option, State
from ludoteca.engine.compiled import follow, offer
from ludoteca.engine.playouts import Playouts, check_playouts

from . import tensors, words
from .board import INDEX, Board, decode, encode, join, pack, split, unpack
from .lazy import once
from .move import ALL_MOVES, IDS, LEAVE, MOVES, PIT_ACTIONS, Move, leave_actions, pit_actions
from .search import CaptureSearch
from .starts import QUIET_LIMIT, REPEAT_LIMIT

__all__ = ["END_REASONS", "LEAVE", "QUIET_LIMIT", "REPEAT_LIMIT", "BohnenGame", "BohnenState"]

# Why a game ended, in the order the rules check it at a turn's start (the core's codes index it)
END_REASONS = ("no_beans", "cannot_feed", "no_capture", "repetition", "no_progress")

# the turn starts since the last capture, newest first: (low, high, older), None at the end
History = tuple[int, int, Any] | None


class BohnenState(State):
    """A Bohnen position. ``pending`` is set between a grand-slam move and its ``leave:``
    choices: (pit sown from, pits to capture, opponents still to be left a pit).

    The position (pits and seat to move) is kept as the compiled core's two codes (``_low``,
    ``_high``: six bits a pit, then the seat); ``pits`` is decoded when asked for. What the
    core's ``step`` needs of the history is kept as ints: ``quiet``, the actions since the last
    capture, and ``_seen``, ``_twice``, the core's filter of the turn starts since then
    (``core.remember``); the turn starts themselves are the chain ``_since``."""

    # The seat to move or TERMINAL: a plain attribute, set whenever a state is made, not a
    # property, because playouts and searches read it at every step, and Python 3.11 makes
    # the look-up and the store of a plain attribute fast (not of one behind a descriptor).
    current_player: int = TERMINAL  # type: ignore[assignment]
    # the defaults of the fields a state made by ``apply`` does not set
    pending: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
    _end: str | None = None
    _since: History = None
    _seen = 0
    _twice = 0
    # the capture of the move that made this state as the core packs it (see ``last``) or the
    # one pending; the bit mask of the opponents still to choose what they keep
    _packed = 0
    _choosers = 0

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
        self.quiet = quiet  # actions played since the last capture (or since the start)
        # the last move, for the view and the log: (seat, pit sown from, pits captured)
        self.last = last
        # the turn starts since the last capture, given newest first: ((pits, seat), older)
        starts = []
        while since_capture is not None:
            start, since_capture = since_capture
            starts.append(split(encode(*start)))
        remember = game.board.core.remember  # (the core's filter of them)
        for low, high in reversed(starts):
            self._since = (low, high, self._since)
            self._seen, self._twice, _, _ = remember(self._seen, self._twice, low, high)
        if pending:
            self._packed = pack(pending[1])
            self._choosers = sum(1 << seat for seat in pending[2])
            self.current_player = to_move
        else:
            self._decide(game.board.core.COUNT, 0)

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
        board, captured = game.board.checked(pits, captured, to_move, quiet, QUIET_LIMIT)
        return cls(
            game, board, captured, to_move, since_capture=((board, to_move), None), quiet=quiet
        )

    @once
    def _position(self) -> int:
        """The position as one int (``board.encode``): the core's two codes joined."""
        return join(self._low, self._high)

    @once
    def pits(self) -> tuple[int, ...]:
        """The twelve bean counts, pit ``A`` first."""
        return decode(self._position)[0]

    @once
    def last(self) -> tuple[int, int, tuple[int, ...]] | None:
        """The last move, for the view and the log: (seat, pit sown from, pits captured); where
        ``apply`` did not set it, from the history and the capture packed (``_packed``)."""
        mover, action = self._moves()[-1]
        return mover, MOVES[action].pit, unpack(self._packed)

    # -- the binding to the core -------------------------------------------------------------

    def apply(self, action: str, checked: bool = True) -> BohnenState:
        """The state after ``action``; ``checked=False`` is ``successor`` (by position: Python
        3.11 makes that call fast, not a keyword's). The hot path of every playout and search:
        one call of the core (``core.step``) plays the action and decides what follows, the
        seat to move with its legal pits, a grand slam's choice or the end of the game."""
        if checked:
            legal = self._legal  # set only where a seat moves
            if legal is None or type(action) is not str or action not in legal:
                action = self._check(self.current_player, action)  # or IllegalAction
        game = self.game
        search = game.search
        step = search.step  # (a method call's look-up would not be specialized)
        found = step(
            self._low,
            self._high,
            IDS[action],
            self._packed,
            self._choosers,
            self.quiet,
            self._seen,
            self._twice,
            search.tables,
        )
        low, high, packed, choosers, gain, end, mask, quiet, seen, twice = found
        mover = self.to_move
        pending = self.pending
        going_on = end == -1 and not choosers  # (core.GOES_ON) the next seat moves
        legal = (PIT_ACTIONS[mask] or pit_actions(mask)) if going_on else None
        new = follow(self, action, BohnenState, legal)
        new.game = game
        new._low = low
        new._high = high
        new.quiet = quiet
        new._seen = seen
        new._twice = twice
        new._packed = packed
        if choosers:  # a grand slam: the opponents it would strip bare choose first
            start = INDEX[action] if pending is None else pending[0]
            new.to_move = new.current_player = mover
            new.captured = self.captured
            new._since = self._since
            new.pending = (start, unpack(packed), game.board.seats_of(choosers))
            new._choosers = choosers
            new.last = self.last
            return new  # (its legal actions: when asked)
        new.to_move = following = high >> 12
        if packed:
            taken = list(self.captured)
            taken[mover] += gain
            new.captured = tuple(taken)
            new._since = (low, high, None)  # the history starts again
            if pending is not None:  # the last choice of a grand slam
                new.last = (mover, pending[0], unpack(packed))
        else:
            new.captured = self.captured
            new._since = (low, high, self._since)
        if going_on:
            new.current_player = following
        else:
            new._decide(end, mask)
        return new

    def successor(self, action: str) -> BohnenState:
        return self.apply(action, False)  # unchecked

    _next = successor

    def _decide(self, end: int, mask: int) -> None:
        """Set the seat to move (and its legal pits) or the end of the game of a state being
        made from the core's ``end``; where the core needs the count of this position's
        occurrences or the search's answer first (COUNT, ASK), from ``core.turn_end``."""
        core = self.game.board.core
        if end in (core.COUNT, core.ASK):
            end, mask = self.game.search.turn_end(self._position, self.quiet, self.occurrences())
        if end == core.GOES_ON:
            self.current_player = self.to_move
            offer(self, pit_actions(mask))
        else:
            self._end = END_REASONS[end]
            self.current_player = TERMINAL
            offer(self, ())

    # -- the history of turn starts ------------------------------------------------------------

    def _turn_start_codes(self) -> list[tuple[int, int]]:
        """The turn starts since the last capture as the core's two codes, newest first."""
        codes = []
        since = self._since
        while since is not None:
            low, high, since = since
            codes.append((low, high))
        return codes

    def occurrences(self) -> int:
        """How often this turn-start position (pits and seat to move) has occurred since the
        last capture, this time included: ``core._occurrences`` on the state's chain of turn
        starts (the rule that reads the count is the core's ``_end``; handing the chain to the
        core as an array cost 6-8 times this walk, on the path of every COUNT)."""
        count, low, high, since = 0, self._low, self._high, self._since
        while since is not None:
            if since[0] == low and since[1] == high:
                count += 1
            since = since[2]
        return count

    def turn_starts(self) -> list[tuple[tuple[int, ...], int]]:
        """The turn-start positions (pits, seat to move) since the last capture, newest
        first, this one included: what the repetition rules count."""
        return [decode(join(low, high)) for low, high in self._turn_start_codes()]

    def turn_start_codes(self) -> np.ndarray:
        """The turn starts since the last capture as the core codes positions (``core._code``:
        two int64 each, one row a position), oldest first."""
        return np.array(self._turn_start_codes()[::-1], np.int64).reshape(-1, 2)

    def end_reason(self) -> str | None:
        """Why the game ended (one of ``END_REASONS``), or None while it goes on."""
        return self._end

    # -- moves and results -----------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        """(A state made by the binding is given them; one copied by the engine asks.)"""
        if self.pending:
            return leave_actions(self.leave_choices())
        end, mask = self.game.search.turn_end(self._position, self.quiet, self.occurrences())
        return list(pit_actions(mask)) if end == self.game.board.core.GOES_ON else []

    def leave_choices(self) -> list[int]:
        """The pits of the opponent whose grand slam is being decided (pit order)."""
        if not self.pending:
            return []
        board = self.game.board
        mask = board.core.keepable(self._packed, self._choosers, board.core_layout)
        return [pit for pit in range(len(board.owner)) if mask >> pit & 1]

    def scores(self) -> list[float]:
        if self.current_player != TERMINAL:
            return list(self.captured)
        board, captured = self.game.board, np.array(self.captured, np.int64)
        held = board.core.final_scores(self.pits, captured, board.core_layout)
        return held.tolist()  # type: ignore[no-any-return]

    def _key(self) -> Any:
        return (self._low, self._high, self.captured, self.pending, self.quiet)

    # -- words (``words``) and what a seat sees (``tensors``) -------------------------------------

    def clicks(self, action: str) -> list[str]:
        return words.clicks(Move.parse(action))

    def label(self, action: str) -> Message:
        return words.label(self, Move.parse(action))

    def describe(self, seat: int, action: str) -> Message:
        return words.describe(seat, Move.parse(action))

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        assert isinstance(before, BohnenState)
        return words.consequence(self, before)

    def prompt(self, seat: int | None) -> Message:
        if self.current_player == TERMINAL:
            return words.end(self)
        if seat != self.current_player:
            return super().prompt(seat)
        return words.prompt(self)

    def why_illegal(self, action: str) -> Message:
        return words.refusal(self, action) or super().why_illegal(action)

    def status_line(self) -> Message:
        return words.status_line(self)

    def text_board(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        return words.text_board(self, lang, names)

    def __str__(self) -> str:
        return self.text_board("en")

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return tensors.observe(self)


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

    def __init__(self, /, **options: Any):
        super().__init__(**options)
        self.board = Board(
            self.num_players, self.options["capture_chain"], self.options["max_laps"]
        )
        self.search = CaptureSearch(self.board)
        self._initial_of: CaptureSearch | None = None
        self._initial: BohnenState

    def new_initial_state(self) -> BohnenState:
        """The start (a state never changes, so every game starts from the same one, made
        again for another search)."""
        if self._initial_of is not self.search:  # (tests may give a game another search)
            self._initial = BohnenState.position(self, self.board.start)
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
        """The twelve pit letters, then ``leave:`` with each of them (``Move.id``)."""
        return [str(move) for move in ALL_MOVES]

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the same rules as the states', not the same games for a seed)."""
        check_playouts(n, seed, policy)
        scores, lengths = self.core_playouts(n, seed, np.empty((n, 0), np.int64))
        best = scores.max(axis=1, keepdims=True) if n else scores
        return Playouts(scores.astype(float), scores == best, lengths)

    def core_playouts(self, n: int, seed: int, record: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The core's random games: final scores and lengths; each game's actions go to its
        row of ``record`` while there is room (a pit index, or 12 + the pit left)."""
        start = np.array(self.board.start, np.int64)
        search = self.search
        return self.board.core.playouts(  # type: ignore[no-any-return]
            n, seed % 2**32, start, record, search.tables, search.memo()
        )
