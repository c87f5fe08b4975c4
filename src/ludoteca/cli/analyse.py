"""``ludoteca analyse``: every decision of a saved game judged, and each player's accuracy."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ludoteca.bots.analysis import MARKS, Analysis, Judged, analyse, verdict_label
from ludoteca.engine import Record, RecordError, Seat

from .common import Bar, add_language, say

MAX_BUDGET = 100_000  # iterations a decision: far above any level, still bounded in time


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser("analyse", help="judge every move of a saved game")
    parser.add_argument("file", help="a record saved by 'ludoteca play --save' or the web app")
    parser.add_argument(
        "--budget",
        type=_budget,
        default=None,
        metavar="N",
        help="MCTS iterations a decision where no exact evaluator applies (default: the "
        f"game's hard level; 1 to {MAX_BUDGET:,})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the searches' seed (default 0)")
    parser.add_argument("--json", metavar="OUT", help="also write the analysis as JSON to OUT")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_language(parser)
    parser.set_defaults(run=run)


def _budget(text: str) -> int:
    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_BUDGET:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a budget from 1 to {MAX_BUDGET:,}")


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    bar = Bar(lang, args.quiet, "cli.analyse.unit")
    try:
        record = Record.load(args.file)
        found = analyse(record, budget=args.budget, seed=args.seed, progress=bar)
    except (OSError, ValueError) as error:  # RecordError is a ValueError
        return _fail(lang, args.file, error)
    finally:
        bar.close()
    show(found, record, lang)
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(found.to_json(), indent=1) + "\n", "utf-8")
        except OSError as error:
            return _fail(lang, args.json, error)
        print(say(lang, "cli.analyse.saved", path=args.json))
    return 0


def _fail(lang: str, path: str, error: Exception) -> int:
    reason = str(error)
    if isinstance(error, OSError):
        reason = f"{path}: {error.strerror or error}"
    elif not isinstance(error, RecordError):
        reason = f"{path}: {error}"
    print(say(lang, "cli.error", error=reason), file=sys.stderr)
    return 2


def show(found: Analysis, record: Record, lang: str) -> None:
    """The evaluator, a line per judged decision, then each seat's accuracy."""
    evaluator = ", ".join(message.text(lang) for message in found.describe())
    print(say(lang, "cli.analyse.heading", moves=len(found.moves), evaluator=evaluator))
    one_seat = all(judged.score_before is not None for judged in found.moves)
    for judged in found.moves:
        print(line(judged, one_seat, lang))
    for seat in found.seats():
        counts = {
            verdict: sum(1 for j in found.moves if j.seat == seat and j.verdict == verdict)
            for verdict in ("inaccuracy", "mistake", "blunder")
        }
        print(
            say(
                lang,
                "cli.analyse.accuracy",
                seat=Seat(seat).text(lang),
                accuracy=f"{found.accuracy(seat):.0f}",
                inaccuracies=counts["inaccuracy"],
                mistakes=counts["mistake"],
                blunders=counts["blunder"],
            )
        )


def line(judged: Judged, one_seat: bool, lang: str) -> str:
    """One decision: its number, the seat, the move played and the best one, the values."""
    params: dict[str, Any] = {
        "number": judged.ply + 1,
        "seat": Seat(judged.seat).text(lang),
        "action": judged.action + MARKS[judged.verdict],
        "best": judged.best,
        "before": _shown(judged.before, judged.score_before, one_seat),
        "after": _shown(judged.after, judged.score_after, one_seat),
        "verdict": verdict_label(judged.verdict).text(lang),
    }
    key = "cli.analyse.line_best" if judged.best == judged.action else "cli.analyse.line"
    return say(lang, key, **params)


def _shown(value: float, score: float | None, one_seat: bool) -> str:
    """A value as the player reads it: the expected score alone, else the win chance."""
    if one_seat and score is not None:
        return f"{score:.1f}"
    return f"{100 * value:.0f}%"
