"""Time the exact Hares solver on every level card, cold (fresh memo), white and black.

Run: python benchmarks/hares_solver.py  (prints one line per card and colour)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.games.hares import cards  # noqa: E402
from ludoteca.games.hares.solver import Solver  # noqa: E402


def main() -> None:
    print(f"{'level':>5} {'colour':>6} {'hares':>5} {'best':>4} {'positions':>9} {'seconds':>8}")
    total = 0.0
    for card in cards():
        for colour in ("white", "black"):
            field, position = card.field(colour), card.position(colour)
            solver = Solver(field)
            start = time.perf_counter()
            value, _ = solver.solve(position.hares, position.carrots, position.hunter)
            took = time.perf_counter() - start
            total += took
            assert value == card.best, f"level {card.level} {colour}: {value} != {card.best}"
            print(
                f"{card.level:>5} {colour:>6} {len(card.hares):>5} {value:>4} "
                f"{len(solver.memo):>9} {took:>8.3f}"
            )
    print(f"total {total:.2f} s for {2 * len(cards())} solves")


if __name__ == "__main__":
    main()
