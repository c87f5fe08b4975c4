"""Python's random stream continued in compiled code: the same numbers, and the generator
caught up afterwards exactly where Python's own draws would have left it."""

from __future__ import annotations

import random

import pytest

from ludoteca.engine import randoms


def twin(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


# from a fresh generator, from the middle of its words, across refills of the 624 words
@pytest.mark.parametrize(("seed", "before", "count"), [(0, 0, 5), (1, 100, 400), (7, 311, 1500)])
def test_compiled_draws_are_the_generators_own(seed: int, before: int, count: int) -> None:
    rng = random.Random(seed)
    for _ in range(before):
        rng.random()
    python = twin(rng)
    state = randoms.load(rng)
    assert [randoms.uniform(state) for _ in range(count)] == [python.random() for _ in range(count)]
    randoms.catch_up(rng, state)
    assert rng.getstate() == python.getstate()


def test_catching_up_after_no_draw_leaves_the_generator_alone() -> None:
    rng = random.Random(3)
    rng.gauss(0, 1)  # keeps a second normal number for later: not the stream's business
    before = rng.getstate()
    randoms.catch_up(rng, randoms.load(rng))
    assert rng.getstate() == before
