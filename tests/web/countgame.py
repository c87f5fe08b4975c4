"""A one-seat test game whose turns are several decisions: add 1 or 2, then roll or stop.

It reaches 12 or more to end. ``roll`` is followed by a die (chance) that adds 0–2; the
server's undo may take back ``add:`` decisions but never across a roll.
"""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL
from ludoteca.engine.svg import document, text

from ..toys import ToyGame, ToyState, button


class CountState(ToyState):
    FIELDS = {"total": 0, "rolling": False, "stopped": False}

    @property
    def current_player(self):
        if self.stopped or self.total >= 12:
            return TERMINAL
        return CHANCE if self.rolling else 0

    def _legal_actions(self):
        return ["add:1", "add:2", "roll", "stop"]

    def chance_outcomes(self):
        return [(f"die:{k}", 1 / 3) for k in range(3)] if self.rolling else []

    def _next(self, action):
        if action.startswith("die:"):
            return CountState(self.game, self.total + int(action[4:]))
        if action == "roll":
            return CountState(self.game, self.total, rolling=True)
        if action == "stop":
            return CountState(self.game, self.total, stopped=True)
        return CountState(self.game, self.total + int(action[4:]))

    def clicks(self, action):
        # two clicks for the additions (a group, then the amount): exercises narrowing
        if action.startswith("add:"):
            return ["add", f"add-{action[4:]}"]
        return [action]

    def scores(self):
        return [self.total]

    def _observe(self, seat):
        return {"total": self.total}

    def __str__(self):
        return f"total {self.total}"


class CountGame(ToyGame):
    id = "count"
    name = "Count"
    min_players = max_players = 1
    STATE = CountState
    SCORES = (0.0, 13.0)
    LONGEST = 1000  # rolls of 0 could go on; a practical bound


class CountView:
    def svg(self, state, seat, *, lang="en", overlay=None):
        body = text(f"total {state.total}", x=20, y=40, font_size=24)
        body += button("add", 20, 60, "add", "#2f5d50")
        body += button("add-1", 20, 110, "+1", "#3f7a69") + button(
            "add-2", 120, 110, "+2", "#3f7a69"
        )
        body += button("roll", 120, 60, "roll", "#e09f3e") + button(
            "stop", 220, 60, "stop", "#d1495b"
        )
        return document(330, 170, body)


GAME = CountGame
VIEW = CountView()
KNOWLEDGE = None
