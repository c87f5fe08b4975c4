"""A Habitats position's fields (goals, market, figures, stock …) and the compiled core's
array of them (``core.TURN``, ``core.MARKET`` …): ``encode`` and ``decode``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .move import GOAL_NUMBERS
from .park import core as _core
from .tiles import SIDES

if TYPE_CHECKING:
    from .game import Habitats

GOAL_IDS = tuple(GOAL_NUMBERS)
PHASES = ("take", "place", "end")  # as the core numbers them (core.TAKE …)
YEARS = 3


def encode(game: Habitats, fields: dict[str, Any]) -> np.ndarray:
    """The core's array of a position with these fields (see ``decode``)."""
    core = _core()
    cells = np.full(core.STOCK + len(game.tiles.kinds), -1, np.int64)
    height = game.layout.height
    cells[core.TURN] = fields["turn"]
    cells[core.HELD] = -1 if fields["held"] is None else game.tiles.indices[fields["held"].id]
    cells[core.PHASE] = PHASES.index(fields["phase"])
    cells[core.REFILLS] = len(fields["pending"])
    for year, goal in enumerate(fields["goals"]):
        cells[core.GOAL + year] = GOAL_NUMBERS[goal]
    for seat, ((x, y), facing) in enumerate(fields["figures"]):
        cells[core.FIGURE + 3 * seat : core.FIGURE + 3 * seat + 3] = x, y, SIDES.index(facing)
    cells[core.RANKS : core.MARKET] = 0
    for seat, points in enumerate(fields["goal_points"]):
        cells[core.RANKS + YEARS * seat : core.RANKS + YEARS * seat + len(points)] = points
    for (x, y), tile in fields["market"].items():
        cells[core.MARKET + x * height + y] = -1 if tile is None else game.tiles.indices[tile]
    for i, (x, y) in enumerate(fields["pending"]):
        cells[core.QUEUE + 2 * i : core.QUEUE + 2 * i + 2] = x, y
    cells[core.STOCK :] = fields["stock"]
    return cells


def decode(game: Habitats, cells: np.ndarray) -> dict[str, Any]:
    """A position's fields (the goals, market, figures …: see ``HabitatsState``)."""
    core, kinds = _core(), game.tiles.kinds
    c = cells.tolist()
    height, n = game.layout.height, game.num_players
    turn = c[core.TURN]
    scored = sum(1 for end in game.year_ends if turn >= end)
    figures = c[core.FIGURE : core.FIGURE + 3 * n]
    queue = c[core.QUEUE : core.QUEUE + 2 * c[core.REFILLS]]
    return {
        "goals": tuple(GOAL_IDS[g] for g in c[core.GOAL : core.GOAL + YEARS] if g >= 0),
        "market": {
            (x, y): None if (k := c[core.MARKET + x * height + y]) < 0 else kinds[k].id
            for x, y in game.layout.spaces
        },
        "figures": tuple(
            ((figures[i], figures[i + 1]), SIDES[figures[i + 2]]) for i in range(0, 3 * n, 3)
        ),
        "stock": tuple(c[core.STOCK :]),
        "pending": tuple(zip(queue[::2], queue[1::2], strict=True)),
        "turn": turn,
        "held": None if c[core.HELD] < 0 else kinds[c[core.HELD]],
        "phase": PHASES[c[core.PHASE]],
        "goal_points": tuple(
            tuple(c[core.RANKS + YEARS * s : core.RANKS + YEARS * s + scored]) for s in range(n)
        ),
    }


def start(game: Habitats) -> np.ndarray:
    """The array of a new game: no goals, an empty market to fill, the full stock."""
    n = game.num_players
    return encode(
        game,
        {
            "goals": (),
            "market": dict.fromkeys(game.layout.spaces),
            "figures": game.layout.figures,
            "stock": tuple(kind.count for kind in game.tiles.kinds),
            "pending": game.layout.tile_spaces,
            "turn": 0,
            "held": None,
            "phase": "take",
            "goal_points": ((),) * n,
        },
    )
