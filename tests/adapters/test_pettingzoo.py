"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game and
player count, rewards from the game's result, the text board, and clear errors."""

from __future__ import annotations

import functools

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from ludoteca import IllegalAction, list_games, load_game  # noqa: E402
from ludoteca.adapters.pettingzoo import env  # noqa: E402

CASES = [
    pytest.param(info["id"], players, id=f"{info['id']}-{players}")
    for info in list_games()
    for players in range(info["min_players"], info["max_players"] + 1)
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoos_api_and_seed_tests_pass(game_id, players):
    cycles = 60 if game_id == "habitats" else 300
    api_test(env(game_id, players=players), num_cycles=cycles)
    seed_test(functools.partial(env, game_id, players=players), num_cycles=cycles // 3)


def test_the_issues_examples():
    assert env("bohnen", players=3).possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert env("potager").possible_agents == ["seat_0", "seat_1"]
    assert env("habitats", players=4).max_num_agents == 4


def _play_out(aec, seed: int):
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        returns[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        assert reward == 0, "rewards come only at the end"
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return returns


def test_rewards_at_the_end_share_the_win():
    aec = env("bohnen", players=3)
    returns = _play_out(aec, seed=4)
    winners = aec.state.winners()
    assert returns == {
        f"seat_{seat}": (1 / len(winners) if seat in winners else 0.0) for seat in range(3)
    }
    assert aec.agents == []


def test_a_one_seat_game_rewards_its_score():
    aec = env("habanero")
    returns = _play_out(aec, seed=2)
    assert returns == {"seat_0": aec.state.scores()[0]}


def test_only_the_seat_to_move_sees_legal_actions():
    aec = env("potager")
    aec.reset(seed=0)
    mover = aec.agent_selection
    other = next(agent for agent in aec.agents if agent != mover)
    legal = aec.observe(mover)["action_mask"]
    names = [aec.actions.names[i] for i in np.flatnonzero(legal)]
    assert names == aec.state.legal_actions()
    assert aec.observe(other)["action_mask"].sum() == 0


def test_render_gives_the_text_board():
    aec = env("bohnen", players=2)
    aec.reset(seed=1)
    assert aec.render() == aec.state.text_board() and "Player 1 to move" in aec.render()


def test_illegal_actions_are_refused_clearly_and_change_nothing():
    aec = env("bohnen", players=2)
    aec.reset(seed=1)
    before = aec.state
    with pytest.raises(IllegalAction, match="'a'"):
        aec.step(aec.actions.number("a"))  # seat 0 owns A–F
    with pytest.raises(ValueError, match="outside the action space"):
        aec.step(10_000)
    assert aec.state is before and aec.agent_selection == "seat_0"


def test_step_before_reset_is_refused():
    with pytest.raises(RuntimeError, match="reset"):
        env("potager").step(0)


def test_chance_comes_from_the_seed():
    first, second = env("potager"), env("potager")
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state.history() == second.state.history()
    assert load_game("potager").new_initial_state().is_chance_node()
