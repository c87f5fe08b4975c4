"""The exhaustive search: exact values where the rest of the game is small, None beyond."""

from __future__ import annotations

from ludoteca.engine.exhaustive import action_values, exact

from ..bots.games import HarvestGame
from .toy import PileGame


def test_the_pile_is_solved_exactly_for_two_seats():
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
    # wide scores 4 for sure, lucky 10 a quarter of the time, poor 1; the range is 0 to 10
    state = HarvestGame().new_initial_state()
    values = action_values(state, 100)
    assert values == {"field:poor": [0.1], "field:lucky": [0.25], "field:wide": [0.4]}
    assert exact(state.apply("field:lucky"), bound=100, method="expectation") is None  # chance
