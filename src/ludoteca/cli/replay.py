"""``ludoteca replay``: step through a saved game, forwards and backwards."""

from __future__ import annotations

import argparse
import sys

from ludoteca import load_game
from ludoteca.engine import Record, RecordError

from .common import add_language, say, text


def register(subparsers) -> None:
    parser = subparsers.add_parser("replay", help="step through a saved game record")
    parser.add_argument("file", help="a record saved by 'ludoteca play --save' or the web app")
    parser.add_argument("--all", action="store_true", help="print every step without waiting")
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        record = Record.load(args.file)
        game = load_game(record.game, **record.options)
        states = record.states(game)
    except (OSError, ValueError) as error:
        message = error if isinstance(error, RecordError) else f"{args.file}: {error}"
        print(say(lang, "cli.error", error=str(message)), file=sys.stderr)
        return 2
    if args.all or not sys.stdin.isatty():
        for step in range(len(states)):
            show(states, record, step, lang)
        return 0
    step = 0
    show(states, record, step, lang)
    while True:
        try:
            line = input(say(lang, "cli.replay.keys") + " ").strip().lower()
        except EOFError:
            return 0
        if line in ("q", "quit"):
            return 0
        if line in ("", "n"):
            step = min(step + 1, len(states) - 1)
        elif line == "b":
            step = max(step - 1, 0)
        elif line.isdigit():
            step = min(int(line), len(states) - 1)
        else:
            print(say(lang, "cli.replay.unknown", key=line))
            continue
        show(states, record, step, lang)


def show(states: list, record: Record, step: int, lang: str) -> None:
    total = len(states) - 1
    print(say(lang, "cli.replay.step", step=step, total=total))
    if step:
        before = states[step - 1]
        print(text(before.describe(before.current_player, record.actions[step - 1]), lang))
    print(states[step])
    if step == total and states[step].is_terminal():
        scores = ", ".join(str(s) for s in states[step].scores())
        print(say(lang, "cli.replay.final", scores=scores))
