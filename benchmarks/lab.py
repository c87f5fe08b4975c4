"""Throughput of ``ludoteca lab``: games per second on 1 and 2 processes, per game and bot.

    python benchmarks/lab.py [--seconds S] [--games habanero,bohnen] [--bots random,mcts:easy]

For each game and bot, every seat plays that bot. On one process the study doubles in size
(each rerun resumes) until S seconds have passed; then a fresh study of as many games
(at least 2) runs with ``--jobs 2``. The rate counts everything the lab does per game: playing,
the component analysis and saving ``games.parquet`` (not the report). Needs the lab extra.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludoteca import list_games, load_game  # noqa: E402
from ludoteca.lab.study import Study, run_study  # noqa: E402


def _study(game: str, bot: str, games: int) -> Study:
    players = type(load_game(game)).min_players
    return Study(game, [bot] * players, games, seed=1)


def one_job(game: str, bot: str, seconds: float) -> tuple[int, float]:
    """(games, games per second) on one process: the study doubles (each rerun resumes, so
    only the new games are played) until ``seconds`` have passed."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        games = 0
        while games == 0 or time.perf_counter() - start < seconds:
            games = max(1, 2 * games)
            run_study(_study(game, bot, games), folder, jobs=1)
        return games, games / (time.perf_counter() - start)


def two_jobs(game: str, bot: str, games: int) -> float:
    """Games per second of a fresh study of ``games`` games on two processes."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run_study(_study(game, bot, games), folder, jobs=2)
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="target time of a 1-job run")
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument("--bots", default="random,mcts:easy", help="comma-separated bot specs")
    args = parser.parse_args()
    games = args.games.split(",") if args.games else [g["id"] for g in list_games()]
    print(f"{'game':<10}{'bot':<11}{'games':>6}{'1 job g/s':>11}{'2 jobs g/s':>12}{'speed-up':>10}")
    for game in games:
        for bot in args.bots.split(","):
            count, one = one_job(game, bot, args.seconds)
            count = max(2, count + count % 2)
            two = two_jobs(game, bot, count)
            print(f"{game:<10}{bot:<11}{count:>6}{one:>11.2f}{two:>12.2f}{two / one:>9.2f}x")


if __name__ == "__main__":
    main()
