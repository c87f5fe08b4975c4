"""Train a MaskablePPO agent on Habanero and score it over 1,000 seeded games.

    pip install -e ".[rl]"       # gymnasium, stable-baselines3, sb3-contrib, torch
    python examples/habanero_maskable_ppo.py [--minutes 15] [--games 1000] [--save agent.zip]

The agent sees the Gymnasium environment of ``ludoteca.adapters.gymnasium`` (observation
tensor plus action mask; reward = habaneros won or paid, so a game's return is its final score)
and only ever picks legal actions (sb3-contrib's MaskablePPO reads ``env.action_masks()``).
Training stops after ``--minutes`` of wall time or ``--timesteps`` steps, whichever comes first;
then the deterministic policy plays ``--games`` games seeded 1_000_000 + i (seeds the training
never used) and the script prints the mean final score next to the bots' ladder of the README.

``--load agent.zip`` scores a saved agent without training. ``--smoke`` trains for a few hundred steps and plays a few games: a check that the pipeline runs.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.adapters.gymnasium import make_env  # noqa: E402

LADDER = {"random": 0.75, "greedy": 17.54, "best": 26.53}  # README, 1,000 seeded games each
EVALUATION_SEEDS = 1_000_000


class WallClock(BaseCallback):
    """Stops training once ``seconds`` of wall time have passed."""

    def __init__(self, seconds: float):
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def evaluate(model: MaskablePPO, games: int, campesinos: int) -> list[float]:
    """The final score of each of ``games`` seeded games played by the deterministic policy
    (all games at once, so the network sees one batch per move)."""
    envs = [make_env("habanero", campesinos=campesinos) for _ in range(games)]
    observations = [env.reset(seed=EVALUATION_SEEDS + i)[0] for i, env in enumerate(envs)]
    scores = [0.0] * games
    playing = list(range(games))
    while playing:
        batch = {
            key: np.stack([observations[i][key] for i in playing])
            for key in ("observation", "action_mask")
        }
        masks = np.stack([envs[i].action_masks() for i in playing])
        actions, _ = model.predict(batch, deterministic=True, action_masks=masks)
        still = []
        for i, action in zip(playing, actions, strict=True):
            observations[i], reward, done, _, _ = envs[i].step(int(action))
            scores[i] += reward
            if not done:
                still.append(i)
        playing = still
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--timesteps", type=int, default=10_000_000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--campesinos", type=int, default=4)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--save", type=Path, default=None)
    parser.add_argument("--load", type=Path, default=None, help="score a saved agent, no training")
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps, a few games")
    args = parser.parse_args()
    if args.smoke:
        args.timesteps, args.games, args.envs = 256, 5, 2
    torch.set_num_threads(args.threads)

    if args.load is not None:
        model = MaskablePPO.load(args.load, device="cpu")
        report(model, args, 0.0)
        return
    envs = make_vec_env(
        make_env,
        n_envs=args.envs,
        seed=args.seed,
        env_kwargs={"game": "habanero", "campesinos": args.campesinos},
    )
    model = MaskablePPO(
        "MultiInputPolicy",
        envs,
        n_steps=128,
        batch_size=64 if args.smoke else 256,
        n_epochs=4,
        gamma=0.995,
        gae_lambda=0.95,
        learning_rate=5e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    started = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=WallClock(args.minutes * 60))
    trained = time.monotonic() - started
    if args.save is not None:
        model.save(args.save)
    report(model, args, trained)


def report(model: MaskablePPO, args: argparse.Namespace, trained: float) -> None:
    started = time.monotonic()
    scores = evaluate(model, args.games, args.campesinos)
    played = time.monotonic() - started
    mean = float(np.mean(scores))
    error = float(np.std(scores, ddof=1) / math.sqrt(len(scores))) if len(scores) > 1 else 0.0
    print(
        f"trained {model.num_timesteps} steps in {trained / 60:.1f} min; "
        f"{args.games} seeded games in {played:.0f} s"
    )
    print("| player | mean final score | ± s.e. | best game |")
    print("|---|---:|---:|---:|")
    print(
        f"| MaskablePPO ({model.num_timesteps} steps) | {mean:.2f} | {error:.2f} | {max(scores):.0f} |"
    )
    for bot, score in LADDER.items():
        print(f"| {bot} (README ladder) | {score:.2f} | | |")


if __name__ == "__main__":
    main()
