"""The exhaustive search: exact values where the rest of the game is small, None beyond."""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL
from ludoteca.engine.exhaustive import action_values, exact

from ..toys import ToyGame, ToyState
from .toy import PileGame


class CoinState(ToyState):
    """Push your luck alone: ``stop`` keeps what is held, ``flip`` doubles it on heads (at
    most twice) and loses it all on tails."""

    FIELDS = {"held": 1, "flips": 0, "phase": "decide"}

    @property
    def current_player(self):
        return {"decide": 0, "flip": CHANCE, "over": TERMINAL}[self.phase]

    def _legal_actions(self):
        return ["stop", "flip"] if self.flips < 2 else ["stop"]

    def chance_outcomes(self):
        return [("heads", 0.5), ("tails", 0.5)] if self.phase == "flip" else []

    def _next(self, action):
        if action == "stop":
            return CoinState(self.game, self.held, self.flips, "over")
        if action == "flip":
            return CoinState(self.game, self.held, self.flips, "flip")
        if action == "heads":
            return CoinState(self.game, 2 * self.held, self.flips + 1, "decide")
        return CoinState(self.game, 0, self.flips + 1, "over")

    def scores(self):
        return [self.held]

    def __str__(self):
        return f"{self.held} held after {self.flips} flips"


class CoinGame(ToyGame):
    id = "coin"
    name = "Coin"
    min_players = max_players = 1
    STATE = CoinState
    SCORES = (0.0, 4.0)


def test_the_pile_is_solved_exactly_with_chance_and_two_seats():
    # no refill: whoever takes the last counter wins, so a multiple of 3 loses for the mover
    state = PileGame(start=4, refill=False).new_initial_state()
    values = action_values(state, 1000)
    assert values == {"take:1": [1.0, 0.0], "take:2": [0.0, 1.0]}
    found = exact(state, bound=1000, method="endgame")
    assert found is not None and found.values == {"take:1": 1.0, "take:2": 0.0}
    assert found.method == "endgame"


def test_a_larger_rest_of_the_game_answers_none():
    state = PileGame(start=30, refill=False).new_initial_state()
    assert action_values(state, 20, memo=False) is None
    assert action_values(state, 5000) is not None  # the memo makes it small


def test_chance_is_the_expectation_over_its_outcomes_and_one_seat_the_normalised_score():
    # stop keeps 1; flip: heads 2 (then stop 2, or flip: heads 4, tails 0, worth 2), tails 0
    state = CoinGame().new_initial_state()
    assert action_values(state, 100) == {"stop": [0.25], "flip": [0.25]}
    after_heads = state.apply("flip").apply("heads")
    assert action_values(after_heads, 100) == {"stop": [0.5], "flip": [0.5]}
    assert exact(state.apply("flip"), bound=100, method="expectation") is None  # chance
