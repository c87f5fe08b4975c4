"""The toy pile game of ``toy.py`` played by a plain-numpy "compiled" core through
``engine.compiled``: the position is one int64 array, ``step`` and ``legal`` are its rules."""

from __future__ import annotations

from functools import cache

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Option
from ludoteca.engine.compiled import CompiledState, Core

ACTIONS = ("take:1", "take:2", "roll:1", "roll:2", "roll:3")
PILE, TO_MOVE, NEEDS_ROLL, TAKEN = 0, 1, 2, 3  # the array: taken by seat 0 and seat 1 at 3, 4
SIZE = 5
REFILL = 0  # the tables: whether a low pile is refilled


def seat(cells: np.ndarray) -> int:
    if cells[PILE] == 0:
        return TERMINAL
    return CHANCE if cells[NEEDS_ROLL] else int(cells[TO_MOVE])


def step(cells: np.ndarray, action: int, tables: np.ndarray) -> int:
    if action >= 2:  # a roll of action - 1
        cells[PILE] += action - 1
        cells[NEEDS_ROLL] = 0
        return seat(cells)
    taken = action + 1
    cells[TAKEN + cells[TO_MOVE]] += taken
    cells[PILE] -= taken
    cells[TO_MOVE] = 1 - cells[TO_MOVE]
    cells[NEEDS_ROLL] = 0 < cells[PILE] < 3 and tables[REFILL]
    return seat(cells)


def legal(cells: np.ndarray, out: np.ndarray, tables: np.ndarray) -> int:
    if seat(cells) < 0:
        return 0
    count = 0
    for take in (1, 2):
        if take <= cells[PILE]:
            out[count] = take - 1
            count += 1
    return count


class CompiledPileState(CompiledState):
    game: CompiledPileGame

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            return []
        return [(f"roll:{k}", 1 / 3) for k in (1, 2, 3)]

    def scores(self) -> list[float]:
        if self.current_player == TERMINAL:
            return [float(seat != self.cells[TO_MOVE]) for seat in range(2)]
        return [0.0, 0.0]

    @property
    def pile(self) -> int:
        return int(self.cells[PILE])

    def __str__(self) -> str:
        return f"pile {self.pile}, player {self.cells[TO_MOVE] + 1} to move"


@cache
def _core(refill: bool) -> Core:
    return Core(step, legal, np.array([refill], np.int64), ACTIONS, listed=2)


class CompiledPileGame(Game[CompiledPileState]):
    id = "pile"
    name = "Pile"
    min_players = max_players = 2
    option_specs = (
        Option("start", 7, minimum=1, maximum=30),
        Option("refill", True, (True, False)),
    )

    def new_initial_state(self) -> CompiledPileState:
        cells = np.zeros(SIZE, np.int64)
        cells[PILE] = self.options["start"]
        return CompiledPileState(self, _core(self.options["refill"]), cells, 0)

    def score_range(self) -> tuple[float, float]:
        return 0.0, 1.0

    def max_game_length(self) -> int:
        return 2 * self.options["start"] + 1000

    def all_actions(self) -> list[str]:
        return list(ACTIONS)
