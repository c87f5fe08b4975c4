"""A game's finite action space: action strings ↔ their positions in ``Game.all_actions()``.

Every adapter (OpenSpiel ids, Gymnasium and PettingZoo action indices) numbers actions the same
way: an action's number is its index in the game's ``all_actions()`` list, for seats and chance
alike. Needs only numpy.
"""

from __future__ import annotations

import numpy as np

from ludoteca.engine import CHANCE, Game, State


class ActionIndex:
    """The numbering of one game's actions (its options fixed)."""

    def __init__(self, game: Game):
        listed = game.all_actions()
        if listed is None:
            raise ValueError(
                f"{game.id} does not list its actions (Game.all_actions() is None), so it has "
                "no finite action space for learning environments"
            )
        self.names: list[str] = list(listed)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError(f"{game.id}: all_actions() lists an action twice")
        if not self.names:
            raise ValueError(f"{game.id}: all_actions() is empty")

    def __len__(self) -> int:
        return len(self.names)

    def number(self, action: str) -> int:
        """The number of the action string ``action``."""
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"action {action!r} is missing from all_actions()") from None

    def name(self, number: int) -> str:
        """The action string numbered ``number``; ValueError outside the list."""
        if not 0 <= number < len(self.names):
            raise ValueError(
                f"action {number} is outside the action space: numbers are 0 to "
                f"{len(self.names) - 1}"
            )
        return self.names[number]

    def offered(self, state: State) -> list[str]:
        """The legal actions of the seat to move, or the chance outcomes at a chance node."""
        if state.current_player == CHANCE:
            return [outcome for outcome, _ in state.chance_outcomes()]
        return state.legal_actions()

    def numbers(self, state: State) -> list[int]:
        """The numbers of ``offered(state)``, ascending."""
        return sorted(self.number(action) for action in self.offered(state))

    def mask(self, state: State) -> np.ndarray:
        """1 for each legal action of the seat to move, else 0 (int8, one per listed action)."""
        mask = np.zeros(len(self.names), np.int8)
        if state.current_player >= 0:
            mask[[self.number(action) for action in state.legal_actions()]] = 1
        return mask
