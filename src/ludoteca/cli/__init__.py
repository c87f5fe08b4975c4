"""The ``ludoteca`` command. Each subcommand is a module here with ``register(subparsers)``."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from ludoteca.engine import register_domain

register_domain("cli", Path(__file__).parent / "locale")

COMMANDS = ["games", "play", "replay", "serve", "arena", "lab"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca",
        description="Play, watch and study Habanero, Potager, Bohnen, Habitats and Hares.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"ludoteca.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "accepts_options", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    try:
        return args.run(args) or 0
    except KeyboardInterrupt:
        print()
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
