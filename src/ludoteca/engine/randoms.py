"""Python's ``random.Random`` continued in compiled code: the same numbers, in the same order.

A search draws its numbers from one ``random.Random``. A compiled rollout that takes over
part of that work draws from the same stream: ``load`` copies the generator's state (the
Mersenne Twister's 624 words and its position) into an array, the compiled code draws with
``uniform`` exactly the numbers ``rng.random()`` would have returned, and ``store`` puts the
advanced state back. The search then goes on as if every number had been drawn in Python, so
a compiled rollout leaves its choices and everything after them unchanged.

The generator is MT19937 as CPython implements it (``_randommodule.c``: ``genrand_uint32``
and ``random_random``, 53 bits from two 32-bit words). Words are kept in int64 so that no
shift overflows.
"""

from __future__ import annotations

import random

import numpy as np
from numba import njit

WORDS = 624  # the generator's state; the array's last entry is the position in it
SHIFT = 397
MATRIX = 0x9908B0DF
UPPER = 0x80000000
LOWER = 0x7FFFFFFF


def load(rng: random.Random) -> np.ndarray:
    """The state of ``rng`` as an array: its 624 words, then its position among them."""
    version, words, _ = rng.getstate()
    assert version == 3, "CPython's Mersenne Twister state (version 3)"
    return np.fromiter(words, np.int64, WORDS + 1)


def store(rng: random.Random, state: np.ndarray) -> None:
    """Advance ``rng`` to ``state`` (from ``load``, after compiled draws); what the generator
    keeps for ``gauss`` is left as it was."""
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(state.tolist()), gauss))


@njit(cache=True)
def _twist(state: np.ndarray) -> None:
    """The next 624 words (CPython's ``genrand_uint32`` refill)."""
    for k in range(WORDS):
        y = (state[k] & UPPER) | (state[(k + 1) % WORDS] & LOWER)
        word = state[(k + SHIFT) % WORDS] ^ (y >> 1)
        if y & 1:
            word ^= MATRIX
        state[k] = word
    state[WORDS] = 0


@njit(cache=True)
def word(state: np.ndarray) -> int:
    """The next 32-bit word of the stream (``genrand_uint32``)."""
    if state[WORDS] >= WORDS:
        _twist(state)
    y = state[state[WORDS]]
    state[WORDS] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True)
def uniform(state: np.ndarray) -> float:
    """The next ``rng.random()``: a float in [0, 1) of 53 random bits."""
    high = word(state) >> 5
    low = word(state) >> 6
    return (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)
