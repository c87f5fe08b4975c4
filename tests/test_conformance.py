"""The one conformance suite: every registered game, every player count and option value."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import CHANCE, list_games, load_game
from ludoteca.engine import conformance, sample_chance
from ludoteca.games import registry

CASES = [
    pytest.param(
        info["id"], options, id=f"{info['id']}-" + "-".join(f"{k}={v}" for k, v in options.items())
    )
    for info in list_games()
    for options in conformance.variants(registry.game_class(info["id"]))
]


SEEDS = st.integers(0, 2**32 - 1)
ANY_HEALTH = list(HealthCheck)


@pytest.mark.parametrize(("game_id", "options"), CASES)
@settings(max_examples=2, deadline=None, suppress_health_check=ANY_HEALTH)
@given(seed=SEEDS)
def test_random_play_keeps_the_contract(game_id, options, seed):
    conformance.check_game(load_game(game_id, **options), seed, view=registry.view(game_id))


@pytest.mark.slow  # more seeds than the fast loop's two
@pytest.mark.parametrize(("game_id", "options"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=ANY_HEALTH)
@given(seed=SEEDS)
def test_more_random_play_keeps_the_contract(game_id, options, seed):
    conformance.check_game(load_game(game_id, **options), seed, view=registry.view(game_id))


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_chance_draws_match_their_odds(game_id, options):
    """The first chance nodes met in a seeded game are sampled with their stated odds."""
    import random

    rng = random.Random(1)
    state = load_game(game_id, **options).new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 3:
        if state.current_player == CHANCE:
            conformance.check_chance_frequencies(state, seed=checked)
            checked += 1
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("info", list_games(), ids=lambda info: info["id"])
def test_every_game_has_rules_pages_and_a_view(info):
    game = load_game(info["id"])
    for lang in ("en", "de", "fr", "ru"):
        assert len(game.rules_text(lang)) > 500
    state = game.new_initial_state()
    view = registry.view(info["id"])
    assert view is not None and view.svg(state, 0).startswith("<svg")
