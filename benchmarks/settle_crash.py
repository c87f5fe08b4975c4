"""kill -9 of the server right at the end of rated games, restarted: 50 game ends (half by
the last move, half by a resignation), five ending just before each kill, the kill landing
0-1.5 times the server's answer time after the ending actions (at least 0-50 ms). Counts the
games settled exactly once, those not over yet (the action never stored), and those over but
unsettled or rated twice (both must be 0).

Usage: PYTHONPATH=src:. python3 benchmarks/settle_crash.py [TRIES]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.web.settle_crash import crash_tries


def main(tries: int) -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        counts = crash_tries(Path(folder), tries)
    took = time.monotonic() - started
    print(
        f"kill -9 at a rated game's end: {counts['tries']} tries in {took:.0f} s;"
        f" settled once {counts['settled']}, not over yet {counts['not_over']},"
        f" over but unsettled {counts['unsettled']}, rated twice {counts['twice']};"
        f" {counts['kills']} kills, each 0-{max(counts['delays_ms'])} ms after an ending action"
        f" (delays {sorted(counts['delays_ms'])})"
    )
    return 1 if counts["unsettled"] or counts["twice"] else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50))
