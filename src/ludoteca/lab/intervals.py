"""The 95% intervals of the lab's figures: Wilson score intervals of proportions, the normal
interval of means."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from .arena import rate_with_interval

Z = 1.96


def proportion(successes: float, trials: int) -> dict[str, Any]:
    return {"count": successes, "of": trials, **rate_with_interval(successes, trials)}


def mean(values: Sequence[float]) -> dict[str, Any]:
    """Mean, its 95% interval, and the spread of the values."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "low": None, "high": None}
    centre = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    ordered = sorted(values)
    return {
        "n": n,
        "mean": centre,
        "low": centre - half,
        "high": centre + half,
        "min": ordered[0],
        "median": statistics.median(ordered),
        "max": ordered[-1],
    }
