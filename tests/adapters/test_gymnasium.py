"""The Gymnasium environments of the one-seat games: Gymnasium's own checker, the spaces, seeds,
returns equal to the final score, registration, and clear errors for bad actions."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ludoteca import IllegalAction, load_game  # noqa: E402
from ludoteca.adapters.gymnasium import make_env  # noqa: E402

ONE_SEAT = [("habanero", {"campesinos": k}) for k in (1, 2, 3, 4)] + [
    ("hares", {"level": level, "colour": colour})
    for level in (1, 5, 12, 20)
    for colour in ("random", "white", "black")
]


@pytest.mark.parametrize(("game_id", "options"), ONE_SEAT)
def test_gymnasiums_checker_passes(game_id, options):
    check_env(make_env(game_id, **options), skip_render_check=True)


@pytest.mark.parametrize("env_id", ["ludoteca/Habanero-v0", "ludoteca/Hares-v0"])
def test_the_registered_ids_make_checked_environments(env_id):
    env = gymnasium.make(env_id, render_mode="ansi")
    assert env.spec.id == env_id
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.state)


def test_registered_hares_takes_its_level():
    env = gymnasium.make("ludoteca/Hares-v0", level=5)
    assert env.unwrapped.game == load_game("hares", level=5)


def test_importing_ludoteca_registers_nothing():
    code = (
        "import gymnasium, ludoteca, ludoteca.adapters;"
        "assert 'ludoteca/Habanero-v0' not in gymnasium.registry;"
        "import ludoteca.adapters.gymnasium;"
        "assert 'ludoteca/Habanero-v0' in gymnasium.registry"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_spaces_follow_the_action_list_and_the_tensor():
    env = make_env("habanero")
    actions = load_game("habanero").all_actions()
    assert env.action_space == gymnasium.spaces.Discrete(len(actions))
    assert env.observation_space["action_mask"] == gymnasium.spaces.MultiBinary(len(actions))
    box = env.observation_space["observation"]
    assert box.dtype == np.float32 and box.shape == (222,)
    observation, info = env.reset(seed=1)
    legal = [actions[i] for i in np.flatnonzero(observation["action_mask"])]
    assert legal == ["roll", "stop"] and info == {}


def test_a_seed_replays_the_game_and_the_return_is_the_final_score():
    def episode(seed):
        env = make_env("habanero")
        env.reset(seed=seed)
        env.action_space.seed(seed)
        total, done, trace = 0.0, False, []
        while not done:
            action = env.action_space.sample()  # a legal action of the position now
            observation, reward, done, truncated, _ = env.step(action)
            assert not truncated
            total += reward
            trace.append(observation["observation"].tobytes())
        assert total == env.state.scores()[0]
        return total, trace

    assert episode(7) == episode(7)
    assert len({episode(seed)[1][-1] for seed in range(6)}) > 1


def test_illegal_actions_are_refused_clearly_and_change_nothing():
    env = make_env("habanero")
    observation, _ = env.reset(seed=3)
    move = env.actions.number("a1-a7")
    with pytest.raises(IllegalAction, match="a1-a7"):
        env.step(move)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(len(env.actions))
    with pytest.raises(TypeError, match="integer"):
        env.step("roll")
    assert np.array_equal(env.state.observation_tensor(0), observation["observation"])
    _, reward, done, _, _ = env.step(env.actions.number("stop"))
    assert done and reward == 0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_several_seats_are_sent_to_pettingzoo():
    with pytest.raises(ValueError, match="pettingzoo"):
        make_env("bohnen")
