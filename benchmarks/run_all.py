"""Every benchmark in one command: ``python benchmarks/run_all.py [--quick]``.

Each benchmark is its own script (run one alone for its options); this runs them in turn and
prints their figures. ``--quick`` uses small counts, for a look in a few minutes. ``--before
DIR`` (a checkout of the code before the compiled cores) is passed to the benchmarks that
compare with it; without it those are left out.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent

# (script, arguments for a full run, arguments for a quick run)
NEEDS_BEFORE = {"hares_speed.py", "ladder.py"}
BENCHMARKS = [
    ("speed.py", ["--seconds", "3"], ["--seconds", "1", "--iterations", "100"]),
    ("playouts.py", ["--seconds", "5"], ["--seconds", "1"]),
    ("mcts.py", ["--games", "200", "--jobs", "2"], ["--games", "10", "--positions", "2"]),
    ("habanero_ladder.py", ["--games", "1000"], ["--games", "100"]),
    ("startup.py", ["--runs", "7"], ["--runs", "3"]),
    ("hares_solver.py", [], []),
    ("hares_speed.py", [], ["--seconds", "1", "--rounds", "1"]),
    ("ladder.py", ["--games", "20"], ["--games", "2"]),
    ("potager_bot.py", ["200"], ["20"]),
    ("habitats_bot.py", ["200"], ["20"]),
    ("habitats_balance.py", [], ["10"]),
    ("habitats_speed.py", [], []),
    ("lab.py", ["--seconds", "10"], ["--seconds", "2"]),
    ("load.py", ["--rooms", "100", "--seconds", "60"], ["--rooms", "20", "--seconds", "10"]),
    ("render.py", ["--positions", "60"], ["--quick"]),
    ("server.py", [], ["--quick"]),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts")
    parser.add_argument("--only", help="comma-separated script names (without .py)")
    parser.add_argument("--before", help="a checkout of the code before the compiled cores")
    args = parser.parse_args()
    chosen = set(args.only.split(",")) if args.only else None
    failed = []
    for script, full, quick in BENCHMARKS:
        if chosen and script.removesuffix(".py") not in chosen:
            continue
        command = [sys.executable, str(HERE / script), *(quick if args.quick else full)]
        if script in NEEDS_BEFORE:
            if args.before is None:
                continue
            command += ["--before", args.before]
        print(f"\n=== {script} {' '.join(command[2:])}", flush=True)
        start = time.perf_counter()
        if subprocess.run(command).returncode != 0:
            failed.append(script)
        print(f"--- {script}: {time.perf_counter() - start:.0f} s", flush=True)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
