"""The end of the game when no capture is possible any more: an exact search.

From a position at the start of a turn, every capture-free continuation is explored (depth
first, each position once). If some position reached that way lets its mover capture, the game
goes on; if the whole capture-free part of the game is explored without one, nobody can ever
capture again and the game ends. The search gives up after ``SEARCH_BOUND`` positions and
answers "unknown"; the rules then fall back to ending the game on a repeated position.

The search is compiled (``core._search``). Its answer is a function of the position and the
bound alone (the search meets the same positions in the same order whatever was searched
before), so remembering never changes one; the core keeps each turn start's answer in one
place, its slot in the memory of turn starts (``core.search_answer``; the search's own memory
of the positions it met, ``memo``, makes a search from one of them cheap). Capture-free moves
never change the number of beans on the board, so from a position with ``b`` beans the search
can meet at most ``C(b + 11, 11) × players`` positions: when that is within the bound its
answer is the exact truth (``exact_beans``).
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from .board import PITS, Board, encode, split
from .starts import ANSWERS, QUIET_LIMIT, REPEAT_LIMIT

if TYPE_CHECKING:
    from .game import BohnenState

SEARCH_BOUND = 100_000

# The core's memories (position code -> answer), per layout and bound.
_MEMOS: dict[tuple, Any] = {}

# The core's tables (``core.new_tables``: the limits, the layout and the memory of turn starts),
# per layout and bound.
_TABLES: dict[tuple, np.ndarray] = {}


def exact_beans(players: int, bound: int) -> int:
    """The most beans a position may hold for a search within ``bound`` to be sure to end:
    the largest ``b`` with ``C(b + 11, 11) × players <= bound`` (-1 when there is none)."""
    beans = -1
    while comb(beans + 1 + PITS - 1, PITS - 1) * players <= bound:
        beans += 1
    return beans


class CaptureSearch:
    """Answers "can anybody still capture?" for positions of one board, remembering answers."""

    def __init__(self, board: Board, bound: int = SEARCH_BOUND):
        core = board.core
        self.board = board
        self.bound = bound
        self.exact_beans = exact_beans(board.players, bound)
        self._memo: Any = None  # the core's own memory, shared likewise (made on first use)
        # the core's tables, shared by the searches of one layout and bound; in them the
        # memory of turn starts (what the short search found, the playable pits, the answer)
        key = (board.layout, bound)
        if key not in _TABLES:
            limits = np.array([bound, self.exact_beans, QUIET_LIMIT, REPEAT_LIMIT], np.int64)
            _TABLES[key] = core.new_tables(board.core_layout, limits)
        self.tables = _TABLES[key]
        # one action with these tables (``BohnenState.apply``)
        self.step = core.step_entry()
        self._turn_end = core.turn_end_entry()
        self.limits = self.tables[core.TABLE_LIMITS : core.TABLE_LAYOUT]
        self.starts = self.tables[core.TABLE_STARTS :]

    def __reduce__(self) -> tuple[type[CaptureSearch], tuple[Board, int]]:
        # the core's memory does not pickle (OpenSpiel copies states by pickling): built anew
        return (CaptureSearch, (self.board, self.bound))

    def capture_possible(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """True if some sequence of legal moves from this position captures, False if none
        does, None if the search passed its bound without deciding."""
        return self.answer(encode(pits, mover))

    def answer(self, position: int) -> bool | None:
        """``capture_possible`` of a position given by its code (``board.encode``)."""
        low, high = split(position)
        return ANSWERS[self.board.core.search_answer(low, high, self.tables, self.memo())]

    def turn_end(self, position: int, quiet: int, occurrences: int) -> tuple[int, int]:
        """What the core decides at a turn start (``core.turn_end``, the search run first
        where it must tell): (the end's code or ``core.GOES_ON``, the playable pits' mask)."""
        low, high = split(position)
        end, mask = self._turn_end(low, high, quiet, occurrences, self.tables)
        if end == self.board.core.ASK:
            self.answer(position)  # (kept where ``turn_end`` finds it)
            end, mask = self._turn_end(low, high, quiet, occurrences, self.tables)
        return end, mask

    def memo(self) -> Any:
        """The core's memory of answers for this layout and bound."""
        if self._memo is None:
            key = (self.board.layout, self.bound)
            if key not in _MEMOS:
                _MEMOS[key] = self.board.core.new_memo()
            self._memo = _MEMOS[key]
        return self._memo

    def cold(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """The answer of a search that uses no remembered answer at all."""
        core = self.board.core
        found = core.capture_search(
            pits, mover, self.bound, self.board.core_layout, core.new_memo(), False
        )
        return ANSWERS[found]


def capture_possible(state: BohnenState) -> bool | None:
    """The end-of-game search for a turn-start ``state``: can any sequence of moves by anyone
    still capture? None when the search passed its bound (see ``SEARCH_BOUND``)."""
    return state.game.search.capture_possible(state.pits, state.to_move)
