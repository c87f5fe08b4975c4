"""This tree against an earlier one, every game's speed figures side by side, in CPU time.

    git archive f4b56b9 src benchmarks | tar -x -C /tmp/before
    nice -n 10 python3 benchmarks/before_after.py --before /tmp/before [--rounds 3] [--seconds 1]

For each game (Habitats at 2 and at 4 seats) the three figures of ``speed.py``'s parts 1–3:
contract-level random play (``legal_actions()``, a random choice, ``apply()``), batch
playouts (``Game.playouts``) and MCTS simulations a second (300 a search, with the game's
knowledge, over seeded positions). Each tree runs in a process of its own that stays up for
the whole run, and every measurement is asked of both in turn (which goes first alternates),
so both meet the same load; time is the process's CPU time, not the wall clock, so that a
shared machine slows neither side's figure. Every round's after ÷ before is printed, then
the medians.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent

# the measuring side: run in each tree's own process, one request a line on stdin
WORKER = r"""
import random, sys, time
sys.path[:0] = [{src!r}, {benchmarks!r}]
from mcts import our_rate, positions
from ludoteca import CHANCE, load_game
from ludoteca.engine import sample_chance

def contract(game, seconds, seed):
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)

def batch(game, seconds, seed):
    actions, n = 0, 64
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += game.playouts(n, seed=seed).actions
        n, seed = min(n * 2, 4096), seed + 1
    return actions / (time.process_time() - start)

def mcts(game, seconds, seed):
    return our_rate(positions(game, 4, 0), 300, clock=time.process_time) or 0.0

KINDS = {{"contract": contract, "batch": batch, "mcts": mcts}}
games = {{}}
for line in sys.stdin:
    kind, game_id, players, seconds, seed = line.split()
    options = {{"players": int(players)}} if players != "-" else {{}}
    key = (game_id, players)
    if key not in games:
        games[key] = load_game(game_id, **options)
        for name in KINDS:  # a round not counted: cores loaded, caches warm
            KINDS[name](games[key], 0.2, 0)
    print(KINDS[kind](games[key], float(seconds), int(seed)), flush=True)
"""

CASES = [
    ("habanero", "-"),
    ("potager", "-"),
    ("bohnen", "-"),
    ("habitats", "2"),
    ("habitats", "4"),
    ("hares", "-"),
]
KINDS = ("contract", "batch", "mcts")


class Tree:
    """A tree's measuring process."""

    def __init__(self, root: Path) -> None:
        script = WORKER.format(src=str(root / "src"), benchmarks=str(root / "benchmarks"))
        self.process = subprocess.Popen(
            [sys.executable, "-c", script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
        )

    def rate(self, kind: str, game_id: str, players: str, seconds: float, seed: int) -> float:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{kind} {game_id} {players} {seconds} {seed}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the earlier tree (src, benchmarks)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU s a measurement")
    parser.add_argument("--only", help="comma-separated game ids")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if not args.only or c[0] in args.only.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    before, after = Tree(Path(args.before).resolve()), Tree(HERE.parent)
    ratios: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    try:
        for number in range(args.rounds):
            for game_id, players in cases:
                for kind in KINDS:
                    if game_id == "hares" and kind == "mcts":
                        continue  # the exact solver answers without searching
                    ask = (kind, game_id, players, args.seconds, number + 1)
                    pair = (before, after) if number % 2 == 0 else (after, before)
                    first, second = (tree.rate(*ask) for tree in pair)
                    old, new = (first, second) if number % 2 == 0 else (second, first)
                    ratios.setdefault((game_id, players, kind), []).append((old, new))
                    name = game_id + ("" if players == "-" else f" {players}p")
                    print(
                        f"round {number + 1}  {name:<12}{kind:<9}"
                        f"before {old:>12,.0f}  after {new:>12,.0f}  x{new / old:.2f}",
                        flush=True,
                    )
    finally:
        before.close()
        after.close()
    print("\nmedians (after / before, each round's ratio)")
    for (game_id, players, kind), pairs in ratios.items():
        name = game_id + ("" if players == "-" else f" {players}p")
        ratio = median(new / old for old, new in pairs)
        olds, news = median(old for old, _ in pairs), median(new for _, new in pairs)
        rounds = ", ".join(f"{new / old:.2f}" for old, new in pairs)
        print(
            f"  {name:<12}{kind:<9}before {olds:>12,.0f}  after {news:>12,.0f}"
            f"  x{ratio:.2f}  (rounds {rounds})"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
