"""Balance check of our Habitats tile set: does any tile kind dominate?

Heuristic bots play seeded games; for every tile kind we record how often it ends in a park,
what it scores there at the end (its own points, plus what watchtowers/tourists get from it is
not attributed), and how often the park holding it wins. A kind "dominates" when its mean final
score is far above the rest, or parks holding it win far more often than the base rate.

Run: PYTHONPATH=src python benchmarks/habitats_balance.py [games] [players]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict

from ludoteca import load_game
from ludoteca.bots import HeuristicBot
from ludoteca.engine import play


def main(games: int = 60, players: int = 4) -> None:
    start = time.time()
    points: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, list[int]] = defaultdict(list)
    totals = []
    for seed in range(games):
        game = load_game("habitats", players=players)
        agents = [HeuristicBot(seed * 10 + s) for s in range(players)]
        final = play(game.new_initial_state(), agents, random.Random(seed))
        winners = set(final.winners())
        totals += final.scores()
        for seat, park in enumerate(final.parks):
            for entry in park.score().tiles:
                if entry.tile == "entrance":
                    continue
                points[entry.tile].append(entry.vp)
                wins[entry.tile].append(seat in winners)
    kinds = {kind.id: kind for kind in load_game("habitats").tiles.kinds}
    base = 1 / players
    rows = []
    for tile, values in points.items():
        rows.append(
            (
                statistics.mean(values),
                tile,
                kinds[tile].kind,
                len(values),
                sum(wins[tile]) / len(values),
            )
        )
    rows.sort(reverse=True)
    print(
        f"{games} games, {players} players, heuristic bots; mean final score "
        f"{statistics.mean(totals):.1f} VP; {time.time() - start:.0f} s"
    )
    print(f"{'tile':<18}{'kind':<11}{'placed':>7}{'mean VP':>9}{'win rate':>10}")
    for mean, tile, kind, count, rate in rows:
        print(f"{tile:<18}{kind:<11}{count:>7}{mean:>9.2f}{rate:>10.2f}")
    by_kind: dict[str, list[float]] = defaultdict(list)
    for mean, _, kind, _count, _ in rows:
        by_kind[kind].append(mean)
    print("per category (mean of the kinds' mean VP):")
    for kind, means in sorted(by_kind.items()):
        print(f"  {kind:<11}{statistics.mean(means):6.2f}  (kinds {len(means)})")
    means = [row[0] for row in rows]
    median = statistics.median(means)
    top = rows[0]
    win_top = max(rows, key=lambda r: r[4])
    print(
        f"median kind {median:.2f} VP; best kind {top[1]} {top[0]:.2f} VP "
        f"({top[0] / median:.1f}x the median); highest win rate {win_top[1]} "
        f"{win_top[4]:.2f} (base rate {base:.2f})"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
