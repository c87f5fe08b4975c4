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

# What one position leads to: True when its mover can capture, else its capture-free children.
Node = bool | tuple[Position, ...]

# Positions whose expansion (and answer) is remembered. Consecutive turns of a game search
# largely the same positions, so a modest memory (about 10 MB) saves most of the sowing; it is
# emptied when full.
_MEMORY = 10_000


class CaptureSearch:
    """Answers "can anybody still capture?" for positions of one board, remembering answers."""

    def __init__(self, board: Board, bound: int = SEARCH_BOUND):
        self.board = board
        self.bound = bound
        self._nodes: dict[Position, Node] = {}
        self._answers: dict[Position, bool | None] = {}

    def capture_possible(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """True if some sequence of legal moves from this position captures, False if none
        does, None if the search passed its bound without deciding."""
        root = (pits, mover)
        if self._node(root) is True:
            return True
        if root in self._answers:
            return self._answers[root]
        if len(self._answers) > _MEMORY:
            self._answers.clear()
        answer, seen = self._explore(root)
        if answer is False:
            # every position met is dead, and a search from it would meet only positions met
            # here (fewer than the bound), so it would answer False as well
            self._answers.update(dict.fromkeys(seen, False))
        else:
            self._answers[root] = answer
        return answer

    def _explore(self, root: Position) -> tuple[bool | None, set[Position]]:
        """Depth first over capture-free continuations: the answer and every position met.

        Only what a position leads to is taken from memory, never an answer found from
        another root: the search then meets the same positions in the same order whatever
        was searched before, so whether it passes its bound (and the game's result) never
        depends on the history of this process."""
        seen = {root}
        stack = [root]
        node = self._node
        while stack:
            for child in node(stack.pop()):  # type: ignore[union-attr]  (never True here)
                if child in seen:
                    continue
                if node(child) is True:
                    return True, seen
                if len(seen) >= self.bound:
                    return None, seen
                seen.add(child)
                stack.append(child)
        return False, seen

    def _node(self, position: Position) -> Node:
        found = self._nodes.get(position)
        if found is None:
            if len(self._nodes) > _MEMORY:
                self._nodes.clear()
            found = self._nodes[position] = self._expand(position)
        return found

    def _expand(self, position: Position) -> Node:
        """True if the mover can capture at once, else the positions after each legal move."""
        pits, mover = position
        board = self.board
        if board.direct_capture(pits, mover) or board.quiet_threat(pits, mover):
            return True
        if not board.beans_of(pits, mover):
            return ()  # the game ends here: the seat to move has no beans
        feeding = board.feeds(pits, mover)
        following = (mover + 1) % board.players
        children = []
        for pit in board.seat_pits[mover]:
            if not pits[pit]:
                continue
            after, captured, _ = board.outcome(pits, pit, mover)
            if not feeding and not board.feeds(after, mover):
                continue  # not allowed: it leaves the next seat without beans
            if captured:
                return True
            children.append((after, following))
        return tuple(children)
