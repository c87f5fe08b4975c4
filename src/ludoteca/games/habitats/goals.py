"""The nine yearly goals: a comparable key per park (bigger is better) and the rank points.

The compiled core (``core.goal_key``) measures every goal; these are their names and what
each key means."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from .park import Park, core, kind_table

GoalKey = tuple[int, ...]

# What each key holds (compared like tuples, bigger is better):
MEANINGS = {
    "area": "area sizes, biggest first: a tie on the biggest looks at the second, and so on",
    "types": "(landscape types present, full sets of them): 2 of each of 4 types is 2 sets",
    "rectangle": "tiles in the biggest rectangle filled with park tiles (the entrance is none)",
    "entrance": "steps from the entrance to the furthest tile, negated: fewer is better",
    "areas": "the number of areas",
    "flowers": "(different flowers, flowers in total)",
    "roads": "steps from the furthest tile to its nearest road tile (entrance included), negated",
    "row": "the longest straight row or column of connected tiles",
    "diagonal": "the longest diagonal of connected tiles",
}


def _measure(number: int, park: Park) -> GoalKey:
    return tuple(core().goal_key(park.grid, kind_table(), number).tolist())


GOALS: dict[str, Callable[[Park], GoalKey]] = {
    goal: partial(_measure, number) for number, goal in enumerate(MEANINGS)
}


def goal_key(goal: str, park: Park) -> GoalKey:
    """``GOALS[goal](park)``, computed once per park."""
    key = park.memo.get(goal)
    if key is None:
        key = park.memo[goal] = GOALS[goal](park)
    return key  # type: ignore[no-any-return]


def measure(goal: str, park: Park) -> int:
    """The goal's headline number for a park (shown to players)."""
    key = goal_key(goal, park)
    return abs(key[0]) if key else 0


def rank_points(keys: list[GoalKey], year: int) -> list[int]:
    """Year y, n players, rank r (0 = best): y·(n−1−r); tied players share the lowest tied rank."""
    width = max((len(key) for key in keys), default=0)
    table = np.zeros((len(keys), max(width, 1)), np.int64)
    for row, key in zip(table, keys, strict=True):
        row[: len(key)] = key
    lengths = np.array([len(key) for key in keys], np.int64)
    return list(core().rank_points(table, lengths, year).tolist())
