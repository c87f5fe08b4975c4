"""Rewrite the tile counts in docs/rules/habitats.md from data/tiles.json (--check: only compare).

    PYTHONPATH=src python3 scripts/habitats_tile_counts.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from ludoteca.games.habitats.composition import replace_summary
from ludoteca.games.habitats.tiles import tile_set

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "habitats.md"


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    updated = replace_summary(text, tile_set())
    if updated == text:
        print(f"{DOC.name}: the tile counts match the data")
        return 0
    if "--check" in argv:
        print(f"{DOC.name}: the tile counts differ from the data; run this script", file=sys.stderr)
        return 1
    DOC.write_text(updated, encoding="utf-8")
    print(f"{DOC.name}: tile counts rewritten from the data")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
