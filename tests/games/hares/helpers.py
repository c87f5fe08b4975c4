"""Build Hares positions directly, for rule tests that need a particular board."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.hares.board import Field, Position, square
from ludoteca.games.hares.game import HaresState


def make(
    hares: str,
    carrots: str = "",
    hunter: str = "rook h5",
    colour: str = "white",
    burrows: str | None = None,
) -> HaresState:
    """A state with hares, carrots and the hunter given as square lists ("e2 d4")."""
    game = load_game("hares", colour=colour)
    piece, where = hunter.split()
    far = "8" if colour == "white" else "1"
    burrow_squares = (
        [f + far for f in "abcdefgh" if f + far != where] if burrows is None else burrows.split()
    )
    board = Field(colour, frozenset(map(square, burrow_squares)), piece, square(where))
    position = Position(
        frozenset(map(square, hares.split())), frozenset(map(square, carrots.split()))
    )
    return HaresState.at(game, board, position)


def obs(state: HaresState) -> dict:
    return state.observation(0)
