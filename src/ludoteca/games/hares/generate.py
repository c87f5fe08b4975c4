"""Generated level cards: random cards that the exact solver checks and grades.

A candidate card sets 2–6 hares on ranks 2–4, up to four carrots on ranks 3–7, a hunter of
any piece on ranks 3–7 and either the whole far rank or 3–6 of its squares as burrows. The
solver keeps it when at least one hare can be saved and at least one first move (of two or
more) saves fewer hares than the best: a card with a trap. Its grade is the share of its first
moves that are mistakes (saving fewer hares than the best); the cards are numbered from the
lowest grade to the highest, so level 1 is the easiest. Everything is drawn from
``random.Random(seed)``: the same seed makes the same cards (``scripts/hares_cards.py``).
"""

from __future__ import annotations

import random
from typing import Any

from . import core
from .board import Field, mask_of, name, square
from .cards import MAX_HARES
from .solver import Solver

TITLE, IDEA = "hares.generated.title", "hares.generated.idea"
RANKS_HARES = (2, 3, 4)
RANKS_PIECES = (3, 4, 5, 6, 7)


def grade(data: dict[str, Any]) -> tuple[int, int, int]:
    """(the most hares the card saves, its first moves that save fewer, its first moves),
    for white (black mirrors the card: the same)."""
    field = _field(data)
    hares, carrots = mask_of(map(square, data["hares"])), mask_of(map(square, data["carrots"]))
    solver = Solver(field)  # not the shared one: most candidates are seen once
    best, _ = solver.solve_masks(hares, carrots, True)
    firsts = core.moves(field.table, hares, carrots, True).tolist()
    mistakes = 0
    for move in firsts:
        after, carrots_after, hunter, saved, _, _ = core.play(
            field.table, hares, carrots, True, move
        )
        mistakes += saved + solver.solve_masks(after, carrots_after, hunter)[0] < best
    return best, mistakes, len(firsts)


def generate(seed: int, count: int = 20) -> list[dict[str, Any]]:
    """``count`` graded cards from ``seed``, as the entries of ``data/generated.json``."""
    rng = random.Random(seed)
    kept: dict[str, tuple[float, dict[str, Any]]] = {}
    while len(kept) < count:
        data = _candidate(rng)
        best, mistakes, moves = grade(data)
        if best < 1 or moves < 2 or not mistakes:
            continue
        key = repr(sorted(data.items()))
        data["best"] = best
        data["params"] = {"mistakes": mistakes, "moves": moves}
        kept.setdefault(key, (mistakes / moves, data))
    ordered = sorted(kept.values(), key=lambda item: (item[0], len(item[1]["hares"])))
    cards = []
    for level, (_, data) in enumerate(ordered, start=1):
        data["params"] = {"level": level, **data["params"]}
        cards.append({"level": level, "title": TITLE, "idea": IDEA, **data})
    return cards


def _candidate(rng: random.Random) -> dict[str, Any]:
    free = [f + 8 * (r - 1) for r in RANKS_PIECES for f in range(8)]
    hares = rng.sample([f + 8 * (r - 1) for r in RANKS_HARES for f in range(8)], rng.randint(2, 6))
    free = [sq for sq in free if sq not in hares]
    carrots = rng.sample(free, rng.randint(0, 4))
    free = [sq for sq in free if sq not in carrots]
    burrows = None if rng.random() < 0.5 else sorted(rng.sample(range(56, 64), rng.randint(3, 6)))
    assert len(hares) <= MAX_HARES
    return {
        "hares": [name(sq) for sq in sorted(hares)],
        "carrots": [name(sq) for sq in sorted(carrots)],
        "burrows": None if burrows is None else [name(sq) for sq in burrows],
        "hunter": {"piece": rng.choice(core.PIECES), "square": name(rng.choice(free))},
    }


def _field(data: dict[str, Any]) -> Field:
    burrows = range(56, 64) if data["burrows"] is None else map(square, data["burrows"])
    hunter = data["hunter"]
    return Field("white", frozenset(burrows), hunter["piece"], square(hunter["square"]))
