"""Habanero as numbers for learning agents: ``shape(game)`` and ``encode(state, seat)``.

The layout (also in docs/rl.md), 222 float32 values:

- 4 planes of the 7×7 grid (square ``y * 7 + x``, a1 = 0, g7 = 48): a habanero on the square;
  a campesino on it; the square is inside the plantation left; the square whose emptiness is
  being paid for (penalty phase);
- the phase, one-hot: decide, roll, move, penalty, over (5);
- the die, one-hot 1…6 (6; all zero before the first roll);
- habaneros held / 45, the penalty's cost / 5, 1 if the penalty can be paid (3);
- for each face 1…6 of the die: the moves it would allow / 16 and how many of them harvest / 16
  (12; the game's own outlook, what the decision to roll rests on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludoteca.engine import Game
from tests.differential.oracles.habanero import logic

if TYPE_CHECKING:
    from tests.differential.oracles.habanero.game import HabaneroState

SQUARES = logic.SIZE * logic.SIZE
PLANES = 4
PHASES = ("decide", "roll", "move", "penalty", "over")
MOST_HELD = 45  # 49 squares less the four corners
MOST_PENALTY = 5  # the target and its four neighbours
MOST_MOVES = 16  # four campesinos, four directions each
SIZE = PLANES * SQUARES + len(PHASES) + len(logic.DIE) + 3 + 2 * len(logic.DIE)


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def encode(state: HabaneroState, seat: int) -> np.ndarray:
    """The tensor of a ``HabaneroState`` (one seat: ``seat`` is 0)."""
    tensor = np.zeros(SIZE, np.float32)
    planes = tensor[: PLANES * SQUARES].reshape(PLANES, SQUARES)
    habaneros = state.habaneros
    planes[0] = [habaneros >> i & 1 for i in range(SQUARES)]
    planes[1, list(state.campesinos)] = 1
    box = state.plantation
    if box is not None:
        x0, y0, x1, y1 = box
        planes[2].reshape(logic.SIZE, logic.SIZE)[y0 : y1 + 1, x0 : x1 + 1] = 1
    if state.target is not None:
        planes[3, state.target] = 1
    at = PLANES * SQUARES
    tensor[at + PHASES.index(state.phase)] = 1
    at += len(PHASES)
    if state.die is not None:
        tensor[at + state.die - 1] = 1
    at += len(logic.DIE)
    penalty = state.penalty()
    tensor[at] = state.held / MOST_HELD
    tensor[at + 1] = (penalty or 0) / MOST_PENALTY
    tensor[at + 2] = float(penalty is not None and penalty <= state.held)
    at += 3
    reach = logic.reach(habaneros, state.campesinos)
    tensor[at : at + 2 * len(logic.DIE)] = np.asarray(reach, np.float32).ravel() / MOST_MOVES
    return tensor
