"""``ludoteca lab``: balance studies with plots, on this machine or on a Ray cluster."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from .common import Bar, add_language, say

EXTRA = ("pyarrow", "matplotlib", "tqdm")


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser(
        "lab",
        help="balance studies: seeded games per sweep point, summary.json and report.html",
        description="Play N seeded games at every sweep point (seats rotated through the bots) "
        "and write games.parquet, summary.json and report.html to --out. Running the same "
        "command again plays only the games not yet in --out.",
    )
    parser.add_argument("game", help="game id (ludoteca games lists them)")
    parser.add_argument("--players", type=int, help="seats (default: the number of bots)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a fixed game option"
    )
    parser.add_argument(
        "--sweep",
        action="append",
        default=[],
        metavar="NAME=V1,V2,...",
        help="an option to vary (several --sweep: every combination)",
    )
    parser.add_argument(
        "--bots", required=True, help="comma-separated bot specs: random, heuristic, mcts:easy…"
    )
    parser.add_argument("--games", type=int, required=True, help="games per sweep point")
    parser.add_argument("--jobs", type=int, help="worker processes (default 1; with --ray: cores)")
    parser.add_argument(
        "--ray",
        metavar="auto|ADDRESS",
        help="run on Ray: auto starts it here, or a cluster address",
    )
    parser.add_argument("--seed", type=int, default=0, help="study seed (default 0)")
    parser.add_argument("--out", required=True, metavar="DIR", help="the study's folder")
    parser.add_argument(
        "--max-actions", type=int, default=20000, help="stop a game unfinished after this many"
    )
    parser.add_argument(
        "--skill-games",
        type=int,
        default=4,
        help="games per MCTS budget of the skill trace (default 4; 0: no trace)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_language(parser)
    parser.set_defaults(run=run)


def _pairs(words: list[str], flag: str) -> list[tuple[str, str]]:
    found = []
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or not name or not value:
            raise ValueError(f"{flag} is written NAME=VALUE, not {word!r}")
        found.append((name.replace("-", "_"), value))
    return found


def _options(words: list[str]) -> dict[str, str]:
    """The fixed options; one fixed twice with different values is refused."""
    found: dict[str, str] = {}
    for name, value in _pairs(words, "--option"):
        if found.get(name, value) != value:
            raise ValueError(f"option {name!r} is fixed twice: {found[name]!r} and {value!r}")
        found[name] = value
    return found


def _sweep(words: list[str]) -> dict[str, list[str]]:
    """The swept options; ``--sweep`` of one option repeated merges its values (each once)."""
    found: dict[str, list[str]] = {}
    for name, values in _pairs(words, "--sweep"):
        merged = found.setdefault(name, [])
        merged.extend(v for v in (v.strip() for v in values.split(",")) if v and v not in merged)
    return found


def _missing(modules: tuple[str, ...]) -> str | None:
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            return module
    return None


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    missing = _missing(EXTRA + (("ray",) if args.ray else ()))
    if missing:
        print(say(lang, "lab.missing_extra", module=missing), file=sys.stderr)
        return 2
    from ludoteca.lab.report import write_outputs
    from ludoteca.lab.study import (
        GAMES_FILE,
        RayUnavailable,
        Store,
        Study,
        check_folder,
        run_study,
    )

    try:
        study = Study(
            args.game,
            [spec.strip() for spec in args.bots.split(",") if spec.strip()],
            args.games,
            players=args.players,
            options=_options(args.option),
            sweep=_sweep(args.sweep),
            seed=args.seed,
            max_actions=args.max_actions,
            skill_games=args.skill_games,
        )
        study.check()
        if args.jobs is not None and args.jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {args.jobs}")
        folder = Path(args.out)
        check_folder(folder)
    except ValueError as error:
        print(say(lang, "cli.error", error=str(error)), file=sys.stderr)
        return 2
    tasks = study.tasks() + study.skill_tasks()
    before = len(Store(folder).of(tasks)) if (folder / GAMES_FILE).exists() else 0
    if 0 < before < len(tasks):
        print(
            say(lang, "lab.resume", done=before, total=len(tasks), folder=folder), file=sys.stderr
        )
    bar = Bar(lang, args.quiet, "lab.progress.unit")
    try:
        rows = run_study(
            study, folder, jobs=args.jobs or 1, ray=args.ray, cpus=args.jobs, progress=bar
        )
    except KeyboardInterrupt:
        bar.close()
        done = len(Store(folder).of(tasks)) if (folder / GAMES_FILE).exists() else 0
        print(say(lang, "lab.interrupted", done=done), file=sys.stderr)
        return 130
    except (ConnectionError, RayUnavailable) as error:
        bar.close()
        print(say(lang, "lab.ray_failed", error=str(error).splitlines()[0]), file=sys.stderr)
        return 2
    bar.close()
    summary, report = write_outputs(study.info(), rows, folder, lang)
    print(say(lang, "lab.saved", games=folder / GAMES_FILE, summary=summary, report=report))
    return 0
