"""Habanero bot ladder: mean final score ± standard error over seeded games.

    python benchmarks/habanero_ladder.py [--games 1000] [--campesinos 4]

Every game is played through the public contract (``load_game``, ``apply``); game i draws its
dice from ``random.Random(i)`` whichever bot plays, so the bots meet the same dice streams.
Prints a Markdown table for the README.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca import CHANCE, load_game  # noqa: E402
from ludoteca.engine import sample_chance  # noqa: E402
from ludoteca.games.habanero import best_action, greedy_action, random_action  # noqa: E402

BOTS = {
    "random": random_action,
    "greedy": greedy_action,
    "best": best_action,
}
DESCRIPTIONS = {
    "random": "a uniformly random legal action (stops half the time)",
    "greedy": "harvest when a move does, else the cheapest empty square; drop the mover; never stop",
    "best": "one move ahead, values die-face coverage, harvest chances and campesinos kept",
}


def play_one(game, policy, seed: int) -> int:
    dice = random.Random(seed)
    choices = random.Random(10**6 + seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = sample_chance(state, dice)
        else:
            action = policy(state, choices)
        state = state.apply(action)
    return state.scores()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--campesinos", type=int, default=4)
    parser.add_argument("--bots", default="random,greedy,best")
    args = parser.parse_args()
    game = load_game("habanero", campesinos=args.campesinos)
    print(f"Habanero, {args.campesinos} campesinos, {args.games} seeded games per bot\n")
    print("| bot | mean final score | ± s.e. | best game | time per game | policy |")
    print("|---|---:|---:|---:|---:|---|")
    for bot in args.bots.split(","):
        started = time.perf_counter()
        scores = [play_one(game, BOTS[bot], seed) for seed in range(args.games)]
        elapsed = (time.perf_counter() - started) / args.games
        n = len(scores)
        mean = sum(scores) / n
        sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1))
        print(
            f"| {bot} | {mean:.2f} | {sd / math.sqrt(n):.2f} | {max(scores)} | "
            f"{elapsed * 1000:.1f} ms | {DESCRIPTIONS[bot]} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
