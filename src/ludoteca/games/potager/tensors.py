"""Potager as numbers for learning agents: ``shape(game)`` and ``encode(state, seat)``.

Seats are counted from the observer: the observer's garden and points come first.
Garden spaces are in reading order b1 c1 d1 a2 … d5 (21 spaces, as the actions name them);
kinds in the bag's order potato, carrot, broccoli, tomato, eggplant, shovel, poison, hose,
toolbox.

The layout (also in docs/rl.md), 584 float32 values:

- each garden, the observer's first (2 × 21 × 11): per space the vegetable, one-hot (5); 1 if
  it lies double side up; the tool token, one-hot shovel, poison, hose, toolbox (4); a mole;
- the hedge, slots 1…5, the kind in each, one-hot (5 × 9); the trampoline's kind (9);
- the tokens of each kind left in the bag / 12 (9);
- the gnomes' points / 60 (the track's end; more counts as 60), observer first (2); the seat to move, observer first (2);
- the phase, one-hot: draw, turn, place, tool, shovel, gnome, over (7);
- the token in hand, its kind (9) and the hedge slot it came from (5);
- the tool whose step this is, one-hot gloves, basket, wheelbarrow, can, shovel, poison, hose,
  toolbox (8); the space the wheelbarrow may not move from (21);
- after a shovel swap, the first of the two slots that may be taken, 1…4 (4);
- 1 once the end of the game is triggered.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ludoteca.engine import Game

from .board import INDEX, KINDS, MOLE, SPACES, TOKEN_TOOLS, TRACK_END, VEGETABLES
from .move import HEDGE_SLOTS, TOOLS
from .position import PHASES

if TYPE_CHECKING:
    from .game import PotagerState

MOST_OF_A_KIND = 12
SPACE_FEATURES = len(VEGETABLES) + 1 + len(TOKEN_TOOLS) + 1
SIZE = (
    2 * len(SPACES) * SPACE_FEATURES
    + HEDGE_SLOTS * len(KINDS)
    + 2 * len(KINDS)
    + 2
    + 2
    + len(PHASES)
    + len(KINDS)
    + HEDGE_SLOTS
    + len(TOOLS)
    + len(SPACES)
    + (HEDGE_SLOTS - 1)
    + 1
)


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


@lru_cache(maxsize=1 << 14)
def garden_features(garden: tuple[tuple[str, bool] | None, ...]) -> np.ndarray:
    """One garden's part of the tensor, space by space (read only: it is cached)."""
    features = np.zeros((len(SPACES), SPACE_FEATURES), np.float32)
    for space, token in enumerate(garden):
        if token is None:
            continue
        kind, double = token
        if kind in VEGETABLES:
            features[space, VEGETABLES.index(kind)] = 1
            features[space, len(VEGETABLES)] = float(double)
        elif kind == MOLE:
            features[space, -1] = 1
        else:
            features[space, len(VEGETABLES) + 1 + TOKEN_TOOLS.index(kind)] = 1
    features.flags.writeable = False
    return features


def encode(state: PotagerState, seat: int) -> np.ndarray:
    """The tensor of a ``PotagerState`` as ``seat`` sees it."""
    tensor = np.zeros(SIZE, np.float32)
    gardens = tensor[: 2 * len(SPACES) * SPACE_FEATURES].reshape(2, len(SPACES), SPACE_FEATURES)
    for side, owner in enumerate((seat, 1 - seat)):
        gardens[side] = garden_features(state.gardens[owner])
    at = gardens.size
    for slot, held in enumerate(state.hedge):
        if held is not None:
            tensor[at + slot * len(KINDS) + KINDS.index(held)] = 1
    at += HEDGE_SLOTS * len(KINDS)
    if state.trampoline is not None:
        tensor[at + KINDS.index(state.trampoline)] = 1
    at += len(KINDS)
    tensor[at : at + len(KINDS)] = np.asarray(state.bag, np.float32) / MOST_OF_A_KIND
    at += len(KINDS)
    tensor[at : at + 2] = [min(state.points[s], TRACK_END) / TRACK_END for s in (seat, 1 - seat)]
    at += 2
    if state.phase != "over":
        tensor[at + (state.to_move - seat) % 2] = 1
    at += 2
    tensor[at + PHASES.index(state.phase)] = 1
    at += len(PHASES)
    if state.hand is not None:
        kind, slot = state.hand
        tensor[at + KINDS.index(kind)] = 1
        tensor[at + len(KINDS) + slot - 1] = 1
    at += len(KINDS) + HEDGE_SLOTS
    if state.tool is not None:
        tensor[at + TOOLS.index(state.tool)] = 1
    at += len(TOOLS)
    if state.pinned is not None:
        tensor[at + INDEX[state.pinned]] = 1
    at += len(SPACES)
    if state.shovel_slot is not None:
        tensor[at + state.shovel_slot - 1] = 1
    at += HEDGE_SLOTS - 1
    tensor[at] = float(state.end_triggered)
    return tensor
