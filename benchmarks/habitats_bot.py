"""How often the Habitats heuristic bot beats the random bot (2 players, seeded games).

Run: PYTHONPATH=src python benchmarks/habitats_bot.py [games]
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca import load_game
from ludoteca.bots import HeuristicBot, RandomBot
from ludoteca.engine import play


def match(seed: int) -> tuple[bool, list[float]]:
    """One seeded game; the heuristic bot sits in seat seed % 2. True if it wins alone."""
    game = load_game("habitats", players=2)
    seat = seed % 2
    agents = {seat: HeuristicBot(seed), 1 - seat: RandomBot(seed)}
    final = play(game.new_initial_state(), agents, random.Random(seed))
    return final.winners() == [seat], [final.scores()[seat], final.scores()[1 - seat]]


def main(games: int = 200) -> None:
    start = time.time()
    wins, margins = 0, []
    for seed in range(games):
        won, (mine, theirs) = match(seed)
        wins += won
        margins.append(mine - theirs)
    rate = wins / games
    print(
        f"heuristic beats random in {wins}/{games} games ({rate:.1%}); "
        f"mean margin {sum(margins) / games:+.1f} VP; {time.time() - start:.0f} s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
