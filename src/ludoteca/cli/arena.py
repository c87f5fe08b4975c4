"""``ludoteca arena``: seeded bot tournaments with win rates and confidence intervals."""

from __future__ import annotations

import argparse
import json
import sys
import time

from .common import add_game_parsers, add_language, check_writable, game_options, say

BAR_WIDTH = 30


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser(
        "arena",
        help="bots play each other: win rates with 95%% intervals",
        description="Play seeded games between bots, seats rotated, and print each bot's and "
        "each seat's win rate with a 95% Wilson interval. 'ludoteca arena GAME --help' lists "
        "the game's own options.",
    )
    add_language(parser)
    add_game_parsers(parser, lang, _add_common, skip=("players",))
    parser.set_defaults(run=run)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bots",
        default="mcts:hard,random",
        help="comma-separated bot specs: random, heuristic, mcts:easy|medium|hard",
    )
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--players", type=int, help="seats (default: the number of bots, within the game's range)"
    )
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    parser.add_argument("--out", metavar="FILE.json", help="write every result here as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_language(parser, default=argparse.SUPPRESS)


class ProgressBar:
    """``[#####.....] 37/200 games  1.2/s  ETA 2m05s`` redrawn in place on stderr."""

    def __init__(self, lang: str, stream=None):
        self.lang = lang
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        filled = round(BAR_WIDTH * done / total)
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        eta = f"{int(left // 60)}m{int(left % 60):02d}s"
        label = say(self.lang, "bots.arena.progress")
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        end = "\n" if done == total else ""
        self.stream.write(f"\r[{bar}] {done}/{total} {label}  {rate:.2f}/s  ETA {eta} {end}")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from ludoteca.lab.arena import run_arena  # here: the other commands start without it

    lang = args.lang
    bots = [spec.strip() for spec in args.bots.split(",") if spec.strip()]
    if args.out and (problem := check_writable(args.out, lang)):
        print(problem, file=sys.stderr)
        return 2
    try:
        report = run_arena(
            args.game,
            bots,
            args.games,
            players=args.players,
            options=game_options(args),
            seed=args.seed,
            jobs=args.jobs,
            progress=None if args.quiet else ProgressBar(lang),
        )
    except ValueError as error:
        print(say(lang, "cli.error", error=str(error)), file=sys.stderr)
        return 2
    print(format_report(report, lang))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)
        print(say(lang, "bots.arena.saved", path=args.out))
    return 0


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def format_report(report: dict, lang: str = "en") -> str:
    """The ladder (bots by win rate) and the seat table as aligned text."""
    head = say(
        lang,
        "bots.arena.title",
        game=report["game"],
        games=report["games"],
        players=report["players"],
        seed=report["seed"],
    )
    timing = say(
        lang,
        "bots.arena.seconds",
        seconds=f"{report['seconds']:.1f}",
        rate=f"{report['games'] / max(report['seconds'], 1e-9):.2f}",
    )
    lines = [head, timing, "", say(lang, "bots.arena.by_bot")]
    name = say(lang, "bots.arena.bot")
    width = max(len(name), *(len(row["bot"]) for row in report["by_bot"]))
    columns = (
        "bots.arena.games",
        "bots.arena.wins",
        "bots.arena.rate",
        "bots.arena.interval",
        "bots.arena.score",
    )
    titles = [say(lang, key) for key in columns]
    lines.append(f"  {name:<{width}}  " + "  ".join(f"{t:>12}" for t in titles))
    for row in report["by_bot"]:
        interval = f"{_percent(row['low'])}-{_percent(row['high']).strip()}"
        score = "" if row["mean_score"] is None else f"{row['mean_score']:.1f}"
        cells = [str(row["games"]), f"{row['wins']:g}", _percent(row["rate"]), interval, score]
        lines.append(f"  {row['bot']:<{width}}  " + "  ".join(f"{c:>12}" for c in cells))
    lines += ["", say(lang, "bots.arena.by_seat")]
    seat = say(lang, "bots.arena.seat")
    lines.append(f"  {seat:<{width}}  " + "  ".join(f"{t:>12}" for t in titles))
    for row in report["by_seat"]:
        interval = f"{_percent(row['low'])}-{_percent(row['high']).strip()}"
        score = "" if row["mean_score"] is None else f"{row['mean_score']:.1f}"
        cells = [str(row["games"]), f"{row['wins']:g}", _percent(row["rate"]), interval, score]
        label = str(row["seat"])
        lines.append(f"  {label:<{width}}  " + "  ".join(f"{c:>12}" for c in cells))
    return "\n".join(lines)
