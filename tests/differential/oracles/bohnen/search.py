"""Pre-change oracle copy (frozen). The end of the game when no capture is possible any more: an exact search.

From a position at the start of a turn, every capture-free continuation is explored (depth
first, each position once). If some position reached that way lets its mover capture, the game
goes on; if the whole capture-free part of the game is explored without one, nobody can ever
capture again and the game ends. The search gives up after ``SEARCH_BOUND`` positions and
answers "unknown"; the rules then fall back to ending the game on a repeated position.

Capture-free moves never change the number of beans on the board, so from a position with
``b`` beans the search can meet at most ``C(b + 11, 11) × players`` positions. When that is
within the bound the search can never give up: its answer is the exact truth, a function of the
position alone, and every exact answer any search proves is kept for the whole process
(``_EXACT``). Larger positions are searched afresh, as in a cold process.
"""

from __future__ import annotations

from math import comb

from .board import PITS, Board

SEARCH_BOUND = 100_000

Position = tuple[tuple[int, ...], int]  # (pits, seat to move)

# What one position leads to: True when its mover can capture, else its capture-free children.
Node = bool | tuple[Position, ...]

# Positions whose expansion (and answer) is remembered. Consecutive turns of a game search
# largely the same positions, so a modest memory (about 10 MB) saves most of the sowing; it is
# emptied when full.
_MEMORY = 10_000

# What positions lead to, per board layout, and the answers of searches from a position, per
# layout and bound: both are functions of the position alone, shared by every game.
_NODES: dict[tuple, dict[Position, Node]] = {}
_ANSWERS: dict[tuple, dict[Position, bool | None]] = {}

# Exact answers for small positions, per board layout (players, chain, max_laps), shared by
# every game of the process; emptied when full (about 40 MB), which changes no answer.
_EXACT: dict[tuple, dict[Position, bool]] = {}
_EXACT_MEMORY = 200_000


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
        self._nodes = _NODES.setdefault(board.layout, {})
        self._answers = _ANSWERS.setdefault((board.layout, bound), {})
        self._exact = _EXACT.setdefault(board.layout, {})

    def capture_possible(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """True if some sequence of legal moves from this position captures, False if none
        does, None if the search passed its bound without deciding."""
        root = (pits, mover)
        if sum(pits) <= self.exact_beans:
            return self._exact_answer(root)
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

    def cold(self, pits: tuple[int, ...], mover: int) -> bool | None:
        """The answer of a search that uses no remembered answer at all (for tests)."""
        root = (pits, mover)
        if self._node(root) is True:
            return True
        return self._explore(root)[0]

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
            for child in node(stack.pop()):  # type: ignore[union-attr]  # never True here
                if child in seen:
                    continue
                if node(child) is True:
                    return True, seen
                if len(seen) >= self.bound:
                    return None, seen
                seen.add(child)
                stack.append(child)
        return False, seen

    def _exact_answer(self, root: Position) -> bool:
        """The search for a position too small to reach the bound, using and extending the
        exact answers. A position known dead is not entered (nothing beyond it captures);
        one known live ends the search. Afterwards every position met is recorded: all dead
        when nothing was found, else those from which the search's own moves lead to the
        capture."""
        exact = self._exact
        found = exact.get(root)
        if found is not None:
            return found
        node = self._node
        if node(root) is True:
            exact[root] = True
            return True
        seen = {root}
        stack = [root]
        expanded: list[tuple[Position, tuple[Position, ...]]] = []
        live = None
        while stack and live is None:
            position = stack.pop()
            children = node(position)
            expanded.append((position, children))  # type: ignore[arg-type]
            for child in children:  # type: ignore[union-attr]  # never True here
                if child in seen:
                    continue
                known = exact.get(child)
                if known is False:
                    continue
                if known or node(child) is True:
                    live = position
                    break
                seen.add(child)
                stack.append(child)
        if len(exact) > _EXACT_MEMORY:
            exact.clear()
        if live is None:
            exact.update(dict.fromkeys(seen, False))
            return False
        exact.update(dict.fromkeys(_leading_to(live, expanded), True))
        return True

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
        return board.quiet_children(pits, mover)


def _leading_to(
    live: Position, expanded: list[tuple[Position, tuple[Position, ...]]]
) -> set[Position]:
    """``live`` and every expanded position with a path of expanded moves to it."""
    parents: dict[Position, list[Position]] = {}
    for position, children in expanded:
        for child in children:
            parents.setdefault(child, []).append(position)
    found = {live}
    todo = [live]
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in found:
                found.add(parent)
                todo.append(parent)
    return found
