"""The rules of Hexlet: two players claim cells of a 3×3 rhombus of hexagons in turn.

Cells are ``a1`` … ``c3`` (files a–c, rows 1–3). Each cell touches up to six others: left and
right, up and down, and the two on the rising diagonal (``b2`` touches ``a3`` and ``c1``).
Player 1 (seat 0) wins by joining row 1 to row 3 with own cells, player 2 by joining file a to
file c. Hex never ends in a draw: when the board is full one of them has joined their sides.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import TERMINAL, Game, Message, State

SIZE = 3
CELLS = tuple(f"{file}{row}" for row in range(1, SIZE + 1) for file in "abc")
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _xy(cell: str) -> tuple[int, int]:
    return "abc".index(cell[0]), int(cell[1]) - 1


def joined(cells: frozenset[str], seat: int) -> bool:
    """Whether ``cells`` join the two sides of ``seat`` (rows for seat 0, files for seat 1)."""
    start = [c for c in cells if _xy(c)[1 - seat] == 0]
    seen, todo = set(start), list(start)
    while todo:
        x, y = _xy(todo.pop())
        if (x, y)[1 - seat] == SIZE - 1:
            return True
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            near = f"{'abc'[nx]}{ny + 1}" if 0 <= nx < SIZE and 0 <= ny < SIZE else None
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return False


class HexletState(State):
    game: HexletGame

    def __init__(self, game: HexletGame, owned: tuple[frozenset[str], frozenset[str]]):
        super().__init__(game)
        self.owned = owned
        self.winner = next((s for s in (0, 1) if joined(owned[s], s)), None)

    @property
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return len(self.owned[0]) - len(self.owned[1])

    def _legal_actions(self) -> list[str]:
        taken = self.owned[0] | self.owned[1]
        return [cell for cell in CELLS if cell not in taken]

    def _next(self, action: str) -> HexletState:
        seat = self.current_player
        owned = list(self.owned)
        owned[seat] = owned[seat] | {action}
        return HexletState(self.game, (owned[0], owned[1]))

    def scores(self) -> list[float]:
        return [1.0 if self.winner == seat else 0.0 for seat in (0, 1)]

    def _key(self) -> Any:
        return self.owned

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return {"cells": {cell: self.owner(cell) for cell in CELLS}}

    def owner(self, cell: str) -> int | None:
        return next((s for s in (0, 1) if cell in self.owned[s]), None)

    def clicks(self, action: str) -> list[str]:
        return [f"cell-{action}"]

    def why_illegal(self, action: str) -> Message:
        if action in CELLS:
            return Message("hexlet.illegal.taken", {"cell": action})
        return super().why_illegal(action)

    def __str__(self) -> str:
        marks = {0: "X", 1: "O", None: "."}
        rows = []
        for row in range(SIZE, 0, -1):
            cells = " ".join(marks[self.owner(f"{file}{row}")] for file in "abc")
            rows.append(" " * (row - 1) + f"{row} {cells}")
        return "\n".join([*rows, "    a b c"])


class HexletGame(Game[HexletState]):
    id = "hexlet"
    name = "Hexlet"
    min_players = max_players = 2

    def new_initial_state(self) -> HexletState:
        return HexletState(self, (frozenset(), frozenset()))

    def score_range(self) -> tuple[float, float]:
        return 0.0, 1.0

    def max_game_length(self) -> int:
        return len(CELLS)

    def all_actions(self) -> list[str]:
        return list(CELLS)
