"""``Game.all_actions()``: every game that lists its actions lists each once, and lists every
action and chance outcome that seeded random play meets (the ids the OpenSpiel bridge uses)."""

from __future__ import annotations

import random

import pytest

from ludoteca import CHANCE, list_games, load_game
from ludoteca.adapters.actions import ActionIndex
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


def test_every_game_lists_its_actions():
    for info in list_games():
        assert load_game(info["id"]).all_actions(), info["id"]


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
def test_action_numbers_are_the_list_indices(game_id, options):
    game = load_game(game_id, **options)
    index = ActionIndex(game)
    actions = game.all_actions()
    assert index.names == actions and len(index) == len(actions)
    assert [index.number(action) for action in actions] == list(range(len(actions)))
    assert [index.name(i) for i in range(len(actions))] == actions


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


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_habitats_park_cells_reach_exactly_as_far_as_the_turns_allow(players):
    game = load_game("habitats", players=players)
    cells = set(game.park_cells())
    turns = game.turns_per_seat
    assert turns == {2: 21, 3: 20, 4: 19, 5: 18}[players]
    assert (turns, 0) in cells and (-turns, 0) in cells and (0, turns) in cells
    assert (1, -(turns - 1)) in cells  # south of the entrance, around its road
    assert (turns + 1, 0) not in cells and (turns, 1) not in cells
    assert not {(0, 0), (0, -1), (0, -turns)} & cells
    assert len(cells) == 2 * turns * (turns + 1) + 1 - 1 - turns


def test_habitats_lists_a_placement_for_every_road_turn_on_every_cell():
    game = load_game("habitats")
    actions = set(game.all_actions())
    assert {"place:21,0", "place:-1,-20", "place:0,21:NESW"[:-2], "discard"} <= actions
    assert {"place:3,4:NE", "place:3,4:ESW", "place:3,4:S"} <= actions
    assert not {"place:22,0", "place:0,-1", "place:0,0", "place:1,1:NESW"} & actions


def test_habitats_bound_is_reached_by_a_straight_park():
    """A park that grows east by one tile a turn reaches the bound, so it is not loose."""
    game = load_game("habitats")
    flower = next(kind for kind in game.tiles.kinds if kind.kind == "flower")
    park = game.new_initial_state().parks[0]
    for x in range(1, game.turns_per_seat + 1):
        assert ((x, 0), 0) in park.placements(flower)
        park = park.place((x, 0), flower)
    assert max(x for x, _ in park.tiles) == game.turns_per_seat
    assert set(park.tiles) - {(0, 0)} <= set(game.park_cells())
