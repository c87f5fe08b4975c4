"""Potager's compiled core: pattern matching on bitmasks of the 21 garden spaces.

A garden is read as one bitmask per vegetable (bit i set = a token of it on ``SPACES[i]``)
plus the mask of its empty spaces. The beds of every vegetable's patterns are one flat table
of bitmasks, vegetable after vegetable (``starts[v]`` … ``starts[v + 1]`` are vegetable v's,
in the order of ``board.placement_masks``); the tables are arguments, not constants, so that
the compiled code (numba, ``cache=True``) never holds stale data. The rules (``game.py``) and
the bots' measure (``knowledge.py``) both match beds here.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def harvestable(masks: np.ndarray, beds: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The rows of ``beds`` fully covered by their vegetable's tokens (``masks[v]``), vegetable
    after vegetable, each in table order."""
    found = np.empty(beds.shape[0], dtype=np.int64)
    count = 0
    for vegetable in range(masks.shape[0]):
        mine = masks[vegetable]
        if mine == 0:
            continue
        for row in range(starts[vegetable], starts[vegetable + 1]):
            if beds[row] & mine == beds[row]:
                found[count] = row
                count += 1
    return found[:count]


@njit(cache=True)
def _count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True)
def promise(
    masks: np.ndarray,
    doubles: np.ndarray,
    free: int,
    beds: np.ndarray,
    weights: np.ndarray,
    starts: np.ndarray,
    double: float,
) -> float:
    """The bots' promise of a garden (see ``knowledge.promise``): per vegetable ``double`` for
    each double token and its best open bed's weight × tokens², less a crowding penalty."""
    value = 0.0
    for vegetable in range(masks.shape[0]):
        mine = masks[vegetable]
        for _ in range(doubles[vegetable]):
            value += double
        if mine == 0:
            continue
        open_cells = mine | free
        best = 0.0
        for row in range(starts[vegetable], starts[vegetable + 1]):
            if beds[row] & open_cells == beds[row]:
                have = _count(beds[row] & mine)
                best = max(best, weights[row] * have * have)
        value += best
    empty = _count(free)
    if empty <= 3:
        value -= 2.5 * (4 - empty)
    return value
