"""How long ``ludoteca play GAME`` takes to start, warm (numba's cache filled), against 1 s.

    python3 benchmarks/startup.py [--runs 7] [--only bohnen,hares]

Each run is a fresh ``python3 -m ludoteca play GAME`` on this checkout's code, given ``quit``
as its first answer: the interpreter starts, the command line is read, the game is loaded, its
first position is shown with the moves, and the program ends. One run per game first fills
numba's cache (its time is the first-run figure, shown apart: it is the cold start only when
the cache was empty). Prints the median wall time and the median CPU time (user + system) of
the runs; the goal is a wall time under 1 s on a quiet machine (on a shared one, read the CPU
column). The floor lines show what any program pays that loads numba and calls one cached
function, with and without numba's import of SciPy (which numba makes at its first compiled
call when SciPy is installed; SciPy is no dependency of ours, the OpenSpiel extra brings it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
GOAL = 1.0
GAMES = ["habanero", "potager", "bohnen", "habitats", "hares"]

# the least a numba program pays: the interpreter, numpy, numba, one cached call, the exit
FLOOR = """
import sys
if {hide_scipy}:
    class Hide:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "scipy":
                raise ModuleNotFoundError(name)
    sys.meta_path.insert(0, Hide())
sys.path.insert(0, {here!r})
from startup_floor import one
one()
import gc
gc.freeze()  # as ludoteca play does: the exit need not walk numba's objects
"""


def timed(command: list[str], given: str = "") -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run of ``command``."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(
        command,
        input=given,
        text=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(HERE / "src")},
    )
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu


def medians(command: list[str], runs: int, given: str = "") -> tuple[float, float]:
    times = [timed(command, given) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def row(label: str, wall: float, cpu: float, note: str = "") -> None:
    verdict = "ok" if wall < GOAL else "over"
    print(f"{label:<34}{wall:>8.2f}{cpu:>8.2f}{verdict:>7}  {note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (median)")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated game ids")
    args = parser.parse_args(argv)
    one, five, _ = os.getloadavg()
    print(f"median of {args.runs} runs; goal: under {GOAL:.0f} s wall, warm")
    print(f"load average at the start {one:.1f} (1 min), {five:.1f} (5 min)")
    print(f"{'':<34}{'wall s':>8}{'CPU s':>8}{'goal':>7}")
    python = sys.executable
    row("python3 -c pass", *medians([python, "-c", "pass"], args.runs))
    for hide in (False, True):
        floor = [python, "-c", FLOOR.format(hide_scipy=hide, here=str(HERE / "benchmarks"))]
        timed(floor)  # fills the cache of the floor's function
        label = "floor: numba, one cached call" + (", no SciPy" if hide else "")
        row(label, *medians(floor, args.runs))
    for game in args.only.split(","):
        command = [python, "-m", "ludoteca", "play", game, "--lang", "en"]
        first = timed(command, "quit\n")
        wall, cpu = medians(command, args.runs, "quit\n")
        row(f"ludoteca play {game}", wall, cpu, f"(first run {first[0]:.1f} s wall)")
    one, five, _ = os.getloadavg()
    print(f"load average at the end {one:.1f} (1 min), {five:.1f} (5 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
