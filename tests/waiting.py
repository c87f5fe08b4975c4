"""Waits that hold on a crowded machine: for a condition, within a generous bound, and a
failure that says what was awaited and what was seen last. And busy processes to make a
machine crowded on purpose."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

POLL = 0.05  # seconds between two looks at a condition


def wait_until(
    look: Callable[[], T],
    what: str,
    bound: float = 60.0,
    poll: float = POLL,
    ready: Callable[[T], object] = bool,
) -> T:
    """The first value of ``look()`` that is ``ready`` (true, by default), looked at every
    ``poll`` seconds for at most ``bound`` seconds; else AssertionError naming ``what`` and
    the last value seen."""
    deadline = time.monotonic() + bound
    while True:
        seen = look()
        if ready(seen):
            return seen
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {bound:.0f} s for {what}; saw {seen!r}")
        time.sleep(poll)


HOG = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"


@contextmanager
def busy_processes(count: int, seconds: float = 600.0) -> Iterator[list[subprocess.Popen]]:
    """``count`` processes spinning on the CPU, each ending by itself after ``seconds`` (should
    the test be killed) and stopped when the block ends."""
    hogs = [
        subprocess.Popen([sys.executable, "-c", HOG.format(seconds=seconds)]) for _ in range(count)
    ]
    try:
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()


def load_above(level: float, bound: float = 300.0) -> float:
    """Wait until the one-minute load average is above ``level``; returns it."""
    return wait_until(
        lambda: os.getloadavg()[0],
        f"a load average above {level}",
        bound,
        poll=1.0,
        ready=lambda load: load > level,
    )
