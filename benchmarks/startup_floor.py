"""One cached compiled function: what ``benchmarks/startup.py`` times as the floor of any
program that loads numba and calls compiled code (the interpreter, numpy, numba, the cache)."""

from numba import njit


@njit(cache=True)
def one() -> int:
    return 1
