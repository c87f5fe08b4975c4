"""Potager: the heuristic bot against the random bot, from both seats.

    python benchmarks/potager_bot.py [games] [variant]

Prints the heuristic bot's win rate (ties count as half) and the average scores.
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca import load_game
from ludoteca.bots.base import HeuristicBot, RandomBot
from ludoteca.engine import play


def match(games: int = 200, variant: str = "standard", first_seed: int = 0) -> dict:
    game = load_game("potager", variant=variant)
    wins = ties = 0
    totals = [0, 0]
    for seed in range(first_seed, first_seed + games):
        seat = seed % 2  # the heuristic bot plays both seats, alternately
        agents = {seat: HeuristicBot(seed), 1 - seat: RandomBot(seed + 10_000)}
        final = play(game.new_initial_state(), agents, random.Random(seed))
        winners = final.winners()
        wins += winners == [seat]
        ties += len(winners) == 2
        totals[0] += final.scores()[seat]
        totals[1] += final.scores()[1 - seat]
    return {
        "games": games,
        "win_rate": (wins + ties / 2) / games,
        "wins": wins,
        "ties": ties,
        "heuristic_points": totals[0] / games,
        "random_points": totals[1] / games,
    }


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    variant = sys.argv[2] if len(sys.argv) > 2 else "standard"
    start = time.perf_counter()
    result = match(count, variant)
    elapsed = time.perf_counter() - start
    print(
        f"potager ({variant}): heuristic vs random over {result['games']} games, both seats: "
        f"win rate {result['win_rate']:.1%} ({result['wins']} wins, {result['ties']} ties), "
        f"average points {result['heuristic_points']:.1f} vs {result['random_points']:.1f}, "
        f"{elapsed / count:.2f} s per game"
    )
