"""Regenerate Hares' generated level cards (``games/hares/data/generated.json``) from a seed.

    python3 scripts/hares_cards.py [--seed 1] [--count 20] [--out PATH]

The same seed writes the same file (see ``ludoteca.games.hares.generate``); the printed cards
(``levels.json``) are never touched.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ludoteca.games.hares.generate import generate

DATA = Path(__file__).resolve().parent.parent / "src/ludoteca/games/hares/data/generated.json"
ABOUT = (
    "Generated level cards for Hares, kept apart from the printed ones (levels.json): random "
    "cards made by scripts/hares_cards.py --seed {seed} --count {count}, each checked and "
    "graded by the exact solver. 'best' is the most hares that can be saved; 'params' holds the "
    "card's number and its grade: 'mistakes' of its 'moves' first moves save fewer hares than "
    "the best. Level 1 has the lowest share of mistaken first moves. Written for white (black "
    "mirrors the card); 'burrows': null means every square of the far rank."
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args()
    cards = generate(args.seed, args.count)
    data = {
        "about": ABOUT.format(seed=args.seed, count=args.count),
        "generated": True,
        "seed": args.seed,
        "levels": cards,
    }
    lines = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in cards)
    head = json.dumps({k: v for k, v in data.items() if k != "levels"}, ensure_ascii=False)[:-1]
    args.out.write_text(f'{head}, "levels": [\n{lines}\n]}}\n', "utf-8")
    print(f"{len(cards)} cards written to {args.out}")


if __name__ == "__main__":
    main()
