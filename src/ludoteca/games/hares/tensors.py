"""Hares as numbers for learning agents: ``shape(game)`` and ``encode(state, seat)``.

The layout (also in docs/rl.md), 394 float32 values:

- 6 planes of the 8×8 board (square ``file + 8 * (rank - 1)``, a1 = 0, h8 = 63, as printed,
  never mirrored: the action names are absolute squares): a hare; a carrot; a burrow; the
  hunter (while it is in play); a square the hunter checks now; a protected hare (another hare
  stands diagonally behind it);
- the hares' colour, one-hot: white, black, not drawn yet (3);
- the hunter's piece, one-hot: rook, bishop, knight, queen, king (5);
- hares saved / hares on the card, hares caught / hares on the card (2).

Before the colour is drawn the board is the card as printed (the white side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludoteca.engine import Game

from . import core
from .board import PIECES

if TYPE_CHECKING:
    from .game import HaresState

SQUARES = 64
PLANES = 6
COLOURS = ("white", "black", None)
SIZE = PLANES * SQUARES + len(COLOURS) + len(PIECES) + 2


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def encode(state: HaresState, seat: int) -> np.ndarray:
    """The tensor of a ``HaresState`` (one seat: ``seat`` is 0)."""
    tensor = np.zeros(SIZE, np.float32)
    planes = tensor[: PLANES * SQUARES].reshape(PLANES, SQUARES)
    field = state.board if state.board is not None else state.card.field("white")
    planes[:] = core.planes(
        field.table, state.hares, state.carrots, state.hunter, state.board is not None
    )
    at = PLANES * SQUARES
    tensor[at + COLOURS.index(state.colour)] = 1
    at += len(COLOURS)
    tensor[at + PIECES.index(field.hunter_piece)] = 1
    at += len(PIECES)
    total = len(state.card.hares)
    tensor[at] = state.saved / total
    tensor[at + 1] = state.caught / total
    return tensor
