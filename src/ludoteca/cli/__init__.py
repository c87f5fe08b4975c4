"""The ``ludoteca`` command. Each subcommand is a module here with ``register(subparsers, lang)``."""

from __future__ import annotations

import argparse
import importlib
import sys

from .common import Parser, language_of, named_games, say

COMMANDS = ["games", "play", "replay", "analyse", "serve", "backup", "admin", "arena", "lab"]


def build_parser(lang: str = "en", argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; help texts in ``lang``, mistakes reported in one line. When
    ``argv`` names registered games, only those games' packages are loaded for their
    sub-commands (``ludoteca play <game>`` needs no other game: a quicker start)."""
    parser_class = type("Parser", (Parser,), {"lang": lang, "games": named_games(argv or [])})
    parser = parser_class(
        prog="ludoteca",
        description="Play, watch and study the games of Ludoteca.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"ludoteca.cli.{name}").register(subparsers, lang)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    lang = language_of(argv)
    parser = build_parser(lang, argv)
    args, extra = parser.parse_known_args(argv)
    if extra:  # reported by the (sub)command they were given to, not by "ludoteca"
        parser.prog = vars(args).get("prog", f"ludoteca {args.command}")
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return args.run(args) or 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        print(say(lang, "cli.interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
