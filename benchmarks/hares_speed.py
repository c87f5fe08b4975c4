"""Hares before and after its compiled core, side by side in one run (CPU time).

    nice -n 10 python3 benchmarks/hares_speed.py --before DIR [--seconds 3] [--rounds 2]

``DIR`` is a checkout of the code before the core (e.g. ``git archive 5db6725 src
benchmarks | tar -x -C DIR``). Each side runs in a process of its own, in alternating rounds
so that both meet the same load, and is timed by CPU time (the machine may be shared):

- contract-level random playouts (``legal_actions()``, a random choice, ``apply()``) of the
  level cards in turn, colour drawn: actions per CPU second;
- the exact solver, cold (a fresh memo), from the start of every card in both colours: CPU
  seconds for all 40 solves;
- batch playouts (``Game.playouts``; the engine's loop before, the compiled one after).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

SCRIPT = """
import json, random, sys, time
sys.path.insert(0, {src!r})
from ludoteca import load_game
from ludoteca.games.hares import cards
from ludoteca.games.hares.solver import Solver

def contract(seconds):
    rng = random.Random(0)
    games = [load_game("hares", level=level) for level in range(1, 21)]
    actions, start, index = 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        state = games[index % 20].new_initial_state()
        index += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes())
                state = state.apply(rng.choices(outcomes, odds)[0])
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)

def solver():
    start = time.process_time()
    for card in cards():
        for colour in ("white", "black"):
            position = card.position(colour)
            Solver(card.field(colour)).solve(position.hares, position.carrots, True)
    return time.process_time() - start

def batch(seconds):
    game = load_game("hares", level=11)
    game.playouts(2, seed=0)
    actions, start, seed = 0, time.process_time(), 1
    while time.process_time() - start < seconds:
        actions += game.playouts(200, seed=seed).actions
        seed += 1
    return actions / (time.process_time() - start)

solver()  # load (or compile) everything first
print(json.dumps({{"contract": contract({seconds}), "solver": solver(),
                  "batch": batch({seconds})}}))
"""


def measure(src: Path, seconds: float) -> dict[str, float]:
    script = SCRIPT.format(src=str(src), seconds=seconds)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return dict(json.loads(result.stdout.splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="a checkout of the code before the core")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    sides = {"before": Path(args.before) / "src", "now": HERE / "src"}
    runs: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for _ in range(args.rounds):
        for side, src in sides.items():
            runs[side].append(measure(src, args.seconds))
    one, five, _ = os.getloadavg()
    print(f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores")
    print(f"{'':8} {'contract actions/s':>19} {'solver, 40 cold s':>18} {'batch actions/s':>16}")
    for side, found in runs.items():
        contract = sum(run["contract"] for run in found) / len(found)
        solver = min(run["solver"] for run in found)
        batch = sum(run["batch"] for run in found) / len(found)
        print(f"{side:8} {contract:>19,.0f} {solver:>18.3f} {batch:>16,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
