"""Self-play on Bohnen (2 players) with MaskablePPO, scored against the `random` and `mcts:easy` bots.

    pip install -e ".[rl]"
    python examples/bohnen_self_play.py [--minutes 10] [--games 100]

The learner sits at a seat of the PettingZoo environment (``ludoteca.adapters.pettingzoo``),
seat 0 and seat 1 in turn; the other seat is played by the learner's own current policy (self
play) in half of the games and by a uniformly random player in the other half, so it meets both
a sensible and an erratic opponent. Reward: the game's result from the environment (1 for a
win, 0.5 for a shared win, 0 for a loss, rescaled to 1 / 0 / -1) plus, on every move, the change
in the bean lead (own captured beans less the opponent's) / 48, a shaping that makes captures
felt before the end.

After ``--minutes`` of training the deterministic policy plays ``--games`` games against each
bot (seats alternating, the bots seeded by game number) through the engine directly, and the
script prints the win rates with 95% Wilson intervals. ``--smoke``: a short check of the pipeline.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca import load_game  # noqa: E402
from ludoteca.adapters.actions import ActionIndex  # noqa: E402
from ludoteca.adapters.pettingzoo import env as aec_env  # noqa: E402
from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.lab.arena import wilson  # noqa: E402

ALL_BEANS = 48


class SelfPlay(gymnasium.Env):  # type: ignore[misc]
    """One seat of the Bohnen AEC environment; the other seat plays by ``opponent``."""

    metadata = {"render_modes": []}

    def __init__(self, seed: int):
        self.aec = aec_env("bohnen", players=2)
        self.observation_space = self.aec.observation_space("seat_0")
        self.action_space = spaces.Discrete(len(self.aec.actions))
        self.model: MaskablePPO | None = None  # set once the model exists
        self.episode = seed * 100_003
        self.rng = random.Random(seed)
        self.me = "seat_0"
        self.self_play = False

    def _lead(self) -> float:
        scores = self.aec.state.scores()
        mine = int(self.me[-1])
        return (scores[mine] - scores[1 - mine]) / ALL_BEANS

    def _opponent_moves(self) -> None:
        while self.aec.agents and self.aec.agent_selection != self.me:
            agent = self.aec.agent_selection
            if self.aec.terminations[agent]:
                self.aec.step(None)
                continue
            observation = self.aec.observe(agent)
            legal = np.flatnonzero(observation["action_mask"])
            if self.self_play and self.model is not None:
                action, _ = self.model.predict(
                    observation, action_masks=observation["action_mask"].astype(bool)
                )
            else:
                action = self.rng.choice(legal.tolist())
            self.aec.step(int(action))

    def _observe(self) -> dict[str, np.ndarray]:
        return self.aec.observe(self.me)

    def action_masks(self) -> np.ndarray:
        return self._observe()["action_mask"].astype(bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self.episode += 1
        self.aec.reset(seed=self.episode)
        self.me = f"seat_{self.episode % 2}"
        self.self_play = self.rng.random() < 0.5
        self._opponent_moves()
        self.before = self._lead()
        return self._observe(), {}

    def step(self, action: int):
        self.aec.step(int(action))
        self._opponent_moves()
        lead = self._lead()
        reward, self.before = lead - self.before, lead
        done = self.aec.terminations[self.me]
        if done:
            reward += 2 * self.aec.rewards[self.me] - 1
        return self._observe(), float(reward), done, False, {}


class WallClock(BaseCallback):
    def __init__(self, seconds: float):
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def match(model: MaskablePPO, bot_spec: str, games: int) -> float:
    """The learner's share of wins over ``games`` games against ``bot_spec``."""
    game = load_game("bohnen", players=2)
    actions = ActionIndex(game)
    won = 0.0
    for i in range(games):
        bot = make_bot(bot_spec, seed=i)
        me = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == me:
                observation = {
                    "observation": state.observation_tensor(me),
                    "action_mask": actions.mask(state),
                }
                number, _ = model.predict(
                    observation,
                    deterministic=True,
                    action_masks=observation["action_mask"].astype(bool),
                )
                state = state.apply(actions.name(int(number)))
            else:
                state = state.apply(bot.choose(state))
        winners = state.winners()
        won += 1 / len(winners) if me in winners else 0.0
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--timesteps", type=int, default=10_000_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--save", type=Path, default=None)
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    if args.smoke:
        args.timesteps, args.games, args.envs = 256, 2, 2
    torch.set_num_threads(args.threads)

    envs = [SelfPlay(args.seed * 1000 + i) for i in range(args.envs)]
    vec = DummyVecEnv([lambda e=e: e for e in envs])
    model = MaskablePPO(
        "MultiInputPolicy",
        vec,
        n_steps=128 if args.smoke else 256,
        batch_size=64 if args.smoke else 256,
        n_epochs=4,
        gamma=0.99,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    for e in envs:
        e.model = model
    started = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=WallClock(args.minutes * 60))
    trained = time.monotonic() - started
    if args.save is not None:
        model.save(args.save)
    print(f"trained {model.num_timesteps} steps in {trained / 60:.1f} min")
    print("| opponent | games | learner's win share | 95% interval |")
    print("|---|---:|---:|---|")
    for spec in ("random", "mcts:easy"):
        started = time.monotonic()
        won = match(model, spec, args.games)
        low, high = wilson(won, args.games)
        print(
            f"| {spec} | {args.games} | {won / args.games:.0%} | {low:.0%}–{high:.0%} |"
            f" ({time.monotonic() - started:.0f} s)"
        )


if __name__ == "__main__":
    main()
