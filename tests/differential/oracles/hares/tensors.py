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
from tests.differential.oracles.hares.board import PIECES, checked_squares, is_protected

if TYPE_CHECKING:
    from tests.differential.oracles.hares.game import HaresState

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
    position = state.position
    field = state.board if state.board is not None else state.card.field("white")
    planes[0, list(position.hares)] = 1
    planes[1, list(position.carrots)] = 1
    planes[2, list(field.burrows)] = 1
    if position.hunter:
        planes[3, field.hunter_square] = 1
        if state.board is not None:
            planes[4, checked_squares(field, position.hares, position.carrots)] = 1
    planes[5, [sq for sq in position.hares if is_protected(field, position.hares, sq)]] = 1
    at = PLANES * SQUARES
    tensor[at + COLOURS.index(state.colour)] = 1
    at += len(COLOURS)
    tensor[at + PIECES.index(field.hunter_piece)] = 1
    at += len(PIECES)
    total = len(state.card.hares)
    tensor[at] = position.saved / total
    tensor[at + 1] = position.caught / total
    return tensor
