"""The end of the game when no capture is possible any more: an exact search.

From a position at the start of a turn, every capture-free continuation is explored (depth
first, each position once). If some position reached that way lets its mover capture, the game
goes on; if the whole capture-free part of the game is explored without one, nobody can ever
capture again and the game ends. The search gives up after ``SEARCH_BOUND`` positions and
answers "unknown"; the rules then fall back to ending the game on a repeated position.

The search itself is compiled (``core._search``, with its own memory of answers); this module
also remembers the answers at turn starts, by position. An answer
is a function of the position and the bound alone (the search meets the same positions in the
same order whatever was searched before), so remembering never changes one. Capture-free moves
never change the number of beans on the board, so from a position with ``b`` beans the search
can meet at most ``C(b + 11, 11) × players`` positions: when that is within the bound its
answer is the exact truth, kept for the whole process (``_EXACT``, per board layout and
that most beans: a search with a smaller bound must not see them).
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from .board import PITS, Board, encode, split
from .starts import ANSWERS

SEARCH_BOUND = 100_000

# Answers of searches from larger positions, per layout and bound, by position code
# (``board.encode``); emptied when full.
_MEMORY = 100_000
_ANSWERS: dict[tuple, dict[int, bool | None]] = {}

# Exact answers for small positions, per board layout (players, chain, max_laps) and the most
# beans of an exact search, shared by every game of the process; emptied when full, which
# changes no answer.
_EXACT: dict[tuple, dict[int, bool]] = {}
_EXACT_MEMORY = 200_000

# The core's memories (position code -> answer), per layout and bound.
_MEMOS: dict[tuple, Any] = {}

# The core's tables (``core.new_tables``: the bound, the layout and the memory of turn starts),
# per layout and bound.
_TABLES: dict[tuple, np.ndarray] = {}

_NOT_KNOWN = object()


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
        self.board = board
        self.bound = bound
        self.exact_beans = exact_beans(board.players, bound)
        self._answers = _ANSWERS.setdefault((board.layout, bound), {})
        self._exact = _EXACT.setdefault((board.layout, self.exact_beans), {})
        self._memo: Any = None  # the core's own memory, shared likewise (made on first use)
        # the core's tables for ``core.step``, shared likewise; in them, what the core's short
        # search found at turn starts
        key = (board.layout, bound)
        if key not in _TABLES:
            _TABLES[key] = board.core.new_tables(board.core_layout, bound)
        self.tables = _TABLES[key]
        # one action with these tables (``BohnenState.apply``)
        self.step = board.core.step_entry()
        self.starts = self.tables[board.core.TABLE_STARTS :]

    def __reduce__(self) -> tuple[type[CaptureSearch], tuple[Board, int]]:
        # the core's memory does not pickle (OpenSpiel copies states by pickling): built anew
        return (CaptureSearch, (self.board, self.bound))

    def capture_possible(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """True if some sequence of legal moves from this position captures, False if none
        does, None if the search passed its bound without deciding."""
        return self.answer(encode(pits, mover))

    def answer(self, position: int) -> bool | None:
        """``capture_possible`` of a position given by its code (``board.encode``)."""
        known = self._exact.get(position)
        if known is not None:
            return known
        found = self._answers.get(position, _NOT_KNOWN)
        if found is not _NOT_KNOWN:
            return found  # type: ignore[return-value]
        # (the core keeps it in the position's slot of its memory of turn starts too, where
        # ``core.step`` finds it)
        low, high = split(position)
        code, exact = self.board.core.search_answer(
            low, high, self.exact_beans, self.tables, self.memo()
        )
        answer = ANSWERS[code]
        memory: dict[int, Any] = self._exact if exact else self._answers
        if len(memory) > (_EXACT_MEMORY if exact else _MEMORY):
            memory.clear()
        memory[position] = answer
        return answer

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
