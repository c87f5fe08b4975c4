"""Start ``ludoteca serve`` with the test game "pile" registered too (for subprocess tests).

Usage: python -m tests.web.serve_for_tests [serve] [serve options]
"""

import argparse
import sys

from ludoteca.cli import serve
from ludoteca.games import registry


def main(argv: list[str]) -> int:
    if "pile" not in registry.ids():
        registry.add("pile", "tests.web.pilegame")
    parser = argparse.ArgumentParser(prog="serve_for_tests")
    serve.register(parser.add_subparsers())
    if argv[:1] == ["serve"]:
        argv = argv[1:]
    args = parser.parse_args(["serve", *argv])
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
