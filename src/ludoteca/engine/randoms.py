"""Python's ``random.Random`` continued in compiled code: the same numbers, in the same order.

A search draws its numbers from one ``random.Random``. A compiled rollout that takes over
part of that work draws from the same stream: ``load`` copies the generator's state (the
Mersenne Twister's 624 words and its position) into an array, the compiled code draws with
``uniform`` exactly the numbers ``rng.random()`` would have returned, counting the 32-bit
words it used, and ``catch_up`` makes ``rng`` itself skip as many words (one
``getrandbits`` call, cheaper than writing the state back). The search then goes on as if
every number had been drawn in Python, so a compiled rollout leaves its choices and
everything after them unchanged.

The generator is MT19937 as CPython implements it (``_randommodule.c``: ``genrand_uint32``
and ``random_random``, 53 bits from two 32-bit words). Words are kept in int64 so that no
shift overflows.

A compiled caller (a game core's rollout) keeps its own copy of these functions
in its cached machine code, and numba keys that cache on the caller's source alone: after a
change here, delete the callers' caches (``find src -name '*.nb[ci]' -delete``), or they go on
drawing the old way. The tests that compare compiled searches with stepping ones notice.
"""

from __future__ import annotations

import random
from array import array

import numpy as np
from numba import njit

WORDS = 624  # the generator's state, then in the array its position and the words drawn
POSITION, DRAWN = WORDS, WORDS + 1
SHIFT = 397
MATRIX = 0x9908B0DF
UPPER = 0x80000000
LOWER = 0x7FFFFFFF
# an array code of 8-byte unsigned words, whose bytes numpy reads as int64 (the state's
# words are below 2**32); "L", the quicker to fill from Python ints, where it is 8 bytes
CODE = "L" if array("L").itemsize == 8 else "Q"


def load(rng: random.Random) -> np.ndarray:
    """A copy of the state of ``rng`` to draw from in compiled code: its 624 words, its
    position among them and the words drawn since (0)."""
    version, words, _ = rng.getstate()
    assert version == 3, "CPython's Mersenne Twister state (version 3)"
    state = array(CODE, words)
    state.append(0)
    return np.frombuffer(state, np.int64)


def catch_up(rng: random.Random, state: np.ndarray) -> None:
    """Advance ``rng`` past the words drawn from ``state`` (its copy from ``load``): it is
    then where the compiled draws left the copy."""
    drawn = int(state[DRAWN])
    if drawn:
        rng.getrandbits(32 * drawn)  # CPython draws ceil(k / 32) words for k bits


@njit(cache=True)
def _twist(state: np.ndarray) -> None:
    """The next 624 words (CPython's ``genrand_uint32`` refill)."""
    for k in range(WORDS):
        y = (state[k] & UPPER) | (state[(k + 1) % WORDS] & LOWER)
        word = state[(k + SHIFT) % WORDS] ^ (y >> 1)
        if y & 1:
            word ^= MATRIX
        state[k] = word
    state[POSITION] = 0


@njit(cache=True)
def word(state: np.ndarray) -> int:
    """The next 32-bit word of the stream (``genrand_uint32``)."""
    if state[POSITION] >= WORDS:
        _twist(state)
    y = state[state[POSITION]]
    state[POSITION] += 1
    state[DRAWN] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y)


@njit(cache=True)
def uniform(state: np.ndarray) -> float:
    """The next ``rng.random()``: a float in [0, 1) of 53 random bits."""
    high = word(state) >> 5
    low = word(state) >> 6
    return (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)
