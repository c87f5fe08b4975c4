"""A tiny game for testing the engine alone: roll a die, then take 1 or 2 from a pile.

Two seats alternate; before each turn chance rolls a d3 that is added to the pile once the pile
is below 3. Whoever takes the last counter wins. It exercises chance nodes, two seats and ends.
"""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL, Message, Option

from ..toys import ToyGame, ToyState


class PileState(ToyState):
    FIELDS = {"pile": 0, "to_move": 0, "needs_roll": False, "taken": (0, 0)}

    @property
    def current_player(self):
        if self.pile == 0:
            return TERMINAL
        return CHANCE if self.needs_roll else self.to_move

    def _legal_actions(self):
        return [f"take:{k}" for k in (1, 2) if k <= self.pile]

    def chance_outcomes(self):
        return [(f"roll:{k}", 1 / 3) for k in (1, 2, 3)] if self.current_player == CHANCE else []

    def _next(self, action):
        kind, _, value = action.partition(":")
        if kind == "roll":
            return PileState(self.game, self.pile + int(value), self.to_move, False, self.taken)
        taken = list(self.taken)
        taken[self.to_move] += int(value)
        pile = self.pile - int(value)
        roll = 0 < pile < 3 and self.game.options["refill"]
        return PileState(self.game, pile, 1 - self.to_move, roll, tuple(taken))

    def scores(self):
        if self.pile == 0:
            return [1 if seat != self.to_move else 0 for seat in range(2)]
        return [0, 0]

    def why_illegal(self, action):
        if action.startswith("take:") and action[5:].isdigit():
            return Message("core.illegal.not_legal", {"action": action})
        return super().why_illegal(action)

    def __str__(self):
        return f"pile {self.pile}, player {self.to_move + 1} to move"


class PileGame(ToyGame):
    id = "pile"
    name = "Pile"
    min_players = max_players = 2
    option_specs = (
        Option("start", 7, minimum=1, maximum=30),
        Option("refill", True, (True, False)),
    )

    def new_initial_state(self):
        return PileState(self, self.options["start"], 0)

    def max_game_length(self):
        # Without refills a game takes at most ``start`` turns; refills could go on for ever,
        # so this bound is a practical one (a d3 refills only a pile below 3).
        return 2 * self.options["start"] + 1000

    def all_actions(self):
        return ["take:1", "take:2", "roll:1", "roll:2", "roll:3"]


GAME = PileGame
VIEW = None
KNOWLEDGE = None
