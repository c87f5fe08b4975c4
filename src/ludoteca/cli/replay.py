"""``ludoteca replay``: step through a saved game, forwards and backwards."""

from __future__ import annotations

import argparse
import sys

from ludoteca import load_game
from ludoteca.engine import Record, RecordError, State

from .common import add_language, end_words, say, shorten


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser("replay", help="step through a saved game record")
    parser.add_argument("file", help="a record saved by 'ludoteca play --save' or the web app")
    parser.add_argument("--all", action="store_true", help="print every step without waiting")
    add_language(parser)
    parser.set_defaults(run=run)


def load_states(path: str) -> tuple[Record, list[State]]:
    """The record in ``path`` and every state of its game; OSError or ValueError if not."""
    record = Record.load(path)
    try:
        game = load_game(record.game, **record.options)
    except ValueError as error:
        raise RecordError(str(error)) from None
    return record, record.states(game)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        record, states = load_states(args.file)
    except (OSError, ValueError) as error:
        reason = str(error)
        if isinstance(error, OSError):
            reason = f"{args.file}: {error.strerror or error}"
        print(say(lang, "cli.error", error=reason), file=sys.stderr)
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
            print()
            return 0
        if line in ("q", "quit"):
            return 0
        moved = next_step(line, step, len(states) - 1, lang)
        if moved is not None:
            step = moved
            show(states, record, step, lang)


def next_step(line: str, step: int, last: int, lang: str) -> int | None:
    """The step the typed ``line`` leads to from ``step``; None (and why, printed) if none."""
    if line in ("", "n"):
        if step == last:
            print(say(lang, "cli.replay.at_end"))
            return None
        return step + 1
    if line == "b":
        if step == 0:
            print(say(lang, "cli.replay.at_start"))
            return None
        return step - 1
    if line.isdigit():
        if len(line) <= 9 and int(line) <= last:
            return int(line)
        print(say(lang, "cli.replay.no_step", step=shorten(line), last=last))
        return None
    print(say(lang, "cli.replay.unknown", typed=shorten(line)))
    return None


def record_names(record: Record, seats: int) -> tuple[str, ...]:
    """The seats' names a record carries (its ``meta.players``, as the site's room named
    them), where they fit its seats; none else ("Player N")."""
    found = record.meta.get("players")
    if not isinstance(found, list) or len(found) != seats:
        return ()
    return tuple(name if isinstance(name, str) else "" for name in found)


def show(states: list[State], record: Record, step: int, lang: str) -> None:
    total = len(states) - 1
    names = record_names(record, states[0].game.num_players)
    print(say(lang, "cli.replay.step", step=step, total=total))
    if step:
        before = states[step - 1]
        line = before.describe(before.current_player, record.actions[step - 1])
        print(line.text(lang, names))
    print(states[step].text_board(lang, names))
    if step == total and states[step].is_terminal():
        scores = ", ".join(str(s) for s in states[step].scores())
        print(end_words(states[step], None).text(lang, names))
        print(say(lang, "cli.replay.final", scores=scores))
