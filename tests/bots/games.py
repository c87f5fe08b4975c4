"""Tiny games with known best moves, for testing the bots alone."""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL

from ..toys import ToyGame, ToyState


class WagerState(ToyState):
    """Seat 0 picks a wager; chance settles it; seat 1 wins what seat 0 does not.

    ``bet:safe`` wins with probability 0.3, ``bet:long`` with 0.8, spread over several outcomes
    of unequal odds, so only sampling by the stated probabilities finds the better bet."""

    ODDS = {
        "safe": [("die:win", 0.3), ("die:lose", 0.6), ("die:lose-too", 0.1)],
        "long": [("die:win", 0.5), ("die:win-too", 0.3), ("die:lose", 0.2)],
    }

    FIELDS = {"bet": None, "outcome": None}

    @property
    def current_player(self):
        if self.bet is None:
            return 0
        return CHANCE if self.outcome is None else TERMINAL

    def _legal_actions(self):
        return ["bet:safe", "bet:long"]

    def chance_outcomes(self):
        return list(self.ODDS[self.bet]) if self.current_player == CHANCE else []

    def _next(self, action):
        if action.startswith("bet:"):
            return WagerState(self.game, action[4:])
        return WagerState(self.game, self.bet, action)

    def scores(self):
        if self.outcome is None:
            return [0, 0]
        won = self.outcome.startswith("die:win")
        return [1, 0] if won else [0, 1]

    def __str__(self):
        return f"bet {self.bet}, outcome {self.outcome}"


class WagerGame(ToyGame):
    id = "wager"
    name = "Wager"
    min_players = max_players = 2
    STATE = WagerState
    LONGEST = 2  # the bet, then the die

    def all_actions(self):
        return ["bet:safe", "bet:long", "die:win", "die:win-too", "die:lose", "die:lose-too"]


class RaceState(ToyState):
    """Three to five seats take turns adding 1 or 2 to a shared counter; whoever reaches the
    target wins alone. Each seat wins by itself, so only a max^n search plays it right."""

    FIELDS = {"counter": 0, "to_move": 0, "winner": None}

    @property
    def current_player(self):
        return TERMINAL if self.winner is not None else self.to_move

    def _legal_actions(self):
        return ["add:1", "add:2"]

    def _next(self, action):
        counter = self.counter + int(action[4:])
        if counter >= self.game.options.get("target", 10):
            return RaceState(self.game, counter, self.to_move, self.to_move)
        return RaceState(self.game, counter, (self.to_move + 1) % self.game.num_players)

    def scores(self):
        return [1 if seat == self.winner else 0 for seat in range(self.game.num_players)]

    def __str__(self):
        return f"counter {self.counter}"


class RaceGame(ToyGame):
    id = "race"
    name = "Race"
    min_players, max_players = 1, 5
    default_players = 3
    STATE = RaceState
    LONGEST = 10  # every addition adds at least 1 towards 10

    def all_actions(self):
        return ["add:1", "add:2"]

    def start_at(self, counter: int, to_move: int = 0) -> RaceState:
        return RaceState(self, counter, to_move)


class HarvestState(ToyState):
    """A one-seat game: pick a field, then chance ripens it. ``field:wide`` scores 4 for sure,
    ``field:lucky`` 10 with probability 0.25 and else 0 (expected 2.5), ``field:poor`` 1."""

    FIELDS = {"field": None, "yield_": None}

    @property
    def current_player(self):
        if self.field is None:
            return 0
        return CHANCE if self.yield_ is None else TERMINAL

    def _legal_actions(self):
        return ["field:poor", "field:lucky", "field:wide"]

    def chance_outcomes(self):
        if self.current_player != CHANCE:
            return []
        return {
            "poor": [("ripe:1", 1.0)],
            "lucky": [("ripe:10", 0.25), ("ripe:0", 0.75)],
            "wide": [("ripe:4", 1.0)],
        }[self.field]

    def _next(self, action):
        if action.startswith("field:"):
            return HarvestState(self.game, action[6:])
        return HarvestState(self.game, self.field, int(action[5:]))

    def scores(self):
        return [self.yield_ or 0]

    def __str__(self):
        return f"field {self.field}, yield {self.yield_}"


class HarvestGame(ToyGame):
    id = "harvest"
    name = "Harvest"
    min_players = max_players = 1
    STATE = HarvestState
    SCORES = (0.0, 10.0)
    LONGEST = 2  # the field, then its yield

    def all_actions(self):
        fields = ["field:poor", "field:lucky", "field:wide"]
        return fields + ["ripe:0", "ripe:1", "ripe:4", "ripe:10"]
