"""The end of the game when no capture is possible any more: an exact search.

From a position at the start of a turn, every capture-free continuation is explored (depth
first, each position once). If some position reached that way lets its mover capture, the game
goes on; if the whole capture-free part of the game is explored without one, nobody can ever
capture again and the game ends. The search gives up after ``SEARCH_BOUND`` positions and
answers "unknown"; the rules then fall back to ending the game on a repeated position.
"""

from __future__ import annotations

from .board import Board

SEARCH_BOUND = 100_000

Position = tuple[tuple[int, ...], int]  # (pits, seat to move)

_CACHE_LIMIT = 200_000


class CaptureSearch:
    """Answers "can anybody still capture?" for positions of one board, remembering answers."""

    def __init__(self, board: Board, bound: int = SEARCH_BOUND):
        self.board = board
        self.bound = bound
        self._known: dict[Position, bool | None] = {}

    def capture_possible(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """True if some sequence of legal moves from this position captures, False if none
        does, None if the search passed its bound without deciding."""
        board = self.board
        if board.direct_capture(pits, mover) or board.quiet_threat(pits, mover):
            return True
        root = (pits, mover)
        if root in self._known:
            return self._known[root]
        answer, seen = self._explore(root)
        if len(self._known) > _CACHE_LIMIT:
            self._known.clear()
        if answer is False:
            # every position met is as dead as the root: its continuations were all explored
            self._known.update(dict.fromkeys(seen, False))
        else:
            self._known[root] = answer
        return answer

    def _explore(self, root: Position) -> tuple[bool | None, set[Position]]:
        board = self.board
        players = board.players
        seen = {root}
        stack = [root]
        while stack:
            pits, mover = stack.pop()
            if not board.beans_of(pits, mover):
                continue  # the game ends here: the seat to move has no beans
            feeding = board.feeds(pits, mover)
            following = (mover + 1) % players
            for pit in board.seat_pits[mover]:
                if not pits[pit]:
                    continue
                after, captured, _ = board.outcome(pits, pit, mover)
                if not feeding and not board.feeds(after, mover):
                    continue  # not allowed: it leaves the next seat without beans
                if captured:
                    return True, seen
                child = (after, following)
                if child in seen:
                    continue
                if board.direct_capture(after, following) or board.quiet_threat(after, following):
                    return True, seen
                if len(seen) >= self.bound:
                    return None, seen
                seen.add(child)
                stack.append(child)
        return False, seen
