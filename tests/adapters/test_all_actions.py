"""``Game.all_actions()``: every game that lists its actions lists each once, and lists every
action and chance outcome that seeded random play meets (the ids the OpenSpiel bridge uses)."""

from __future__ import annotations

import random

import pytest

from ludoteca import CHANCE, list_games, load_game
from ludoteca.adapters.openspiel import ActionCodec
from ludoteca.engine import conformance, sample_chance
from ludoteca.games import registry

SEEDS = (0, 1, 2)
MAX_ACTIONS = 3000

CASES = [
    pytest.param(
        info["id"], options, id=f"{info['id']}-" + "-".join(f"{k}={v}" for k, v in options.items())
    )
    for info in list_games()
    for options in conformance.variants(registry.game_class(info["id"]))
    if load_game(info["id"], **options).all_actions() is not None
]


def _check_play(game_id: str, options: dict, seed: int, listed: set[str]) -> None:
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state()
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            offered = [outcome for outcome, _ in state.chance_outcomes()]
            action = sample_chance(state, rng)
        else:
            offered = state.legal_actions()
            action = rng.choice(offered)
        missing = sorted(set(offered) - listed)
        assert not missing, f"{game_id} {options} seed {seed}: {missing} not in all_actions()"
        state = state.apply(action)


def test_the_games_with_a_finite_action_set_list_it():
    listing = {info["id"] for info in list_games() if load_game(info["id"]).all_actions()}
    assert {"habanero", "hares", "bohnen", "potager"} <= listing


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_all_actions_lists_each_action_once_and_every_action_played(game_id, options):
    game = load_game(game_id, **options)
    actions = game.all_actions()
    assert actions == game.all_actions(), "the order must be fixed"
    assert len(actions) == len(set(actions)), "an action is listed twice"
    assert all(isinstance(action, str) and action for action in actions)
    for seed in SEEDS:
        _check_play(game_id, options, seed, set(actions))


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_the_openspiel_codec_uses_the_list_indices(game_id, options):
    game = load_game(game_id, **options)
    codec = ActionCodec(game)
    actions = game.all_actions()
    assert codec.names == actions and codec.size == len(actions)
    assert codec.ids(actions) == {action: i for i, action in enumerate(actions)}


@pytest.mark.parametrize("level", range(1, 21))
def test_hares_lists_every_move_of_every_level(level):
    for colour in ("random", "white", "black"):
        actions = load_game("hares", level=level, colour=colour).all_actions()
        for seed in SEEDS:
            _check_play("hares", {"level": level, "colour": colour}, seed, set(actions))


def test_habanero_lists_moves_from_outside_squares_and_every_penalty():
    actions = set(load_game("habanero").all_actions())
    assert {"a1-a7", "g7-a7", "b2-b6", "drop:a1", "pay:1", "pay:5"} <= actions
    assert not {"a1-b2", "pay:0", "pay:6", "b2-b2"} & actions


def test_habanero_lists_every_move_of_long_games():
    """Random play that never stops reaches the shrunken plantation and moves from outside."""
    for campesinos in (1, 4):
        game = load_game("habanero", campesinos=campesinos)
        listed = set(game.all_actions())
        for seed in range(20):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.current_player == CHANCE:
                    offered = [outcome for outcome, _ in state.chance_outcomes()]
                    action = sample_chance(state, rng)
                else:
                    offered = state.legal_actions()
                    action = rng.choice([a for a in offered if a != "stop"])
                assert set(offered) <= listed, f"seed {seed}: {set(offered) - listed}"
                state = state.apply(action)
