"""The solver against plain exhaustive search, on small random positions."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.hares.board import Field, hare_moves, step
from ludoteca.games.hares.solver import Solver

PIECES = ("rook", "bishop", "knight", "queen", "king")


def exhaustive(board: Field, hares, carrots, hunter) -> int:
    moves = hare_moves(board, hares, carrots, hunter)
    if not moves:
        return 0
    best = 0
    for move in moves:
        h, c, alive, saved, _ = step(board, hares, carrots, hunter, move)
        best = max(best, saved + exhaustive(board, h, c, alive))
    return best


def random_position(rng: random.Random, colour: str):
    squares = rng.sample(range(8, 56), 7)
    hunter, hares, carrots = squares[0], frozenset(squares[1:4]), frozenset(squares[4:7])
    far = range(56, 64) if colour == "white" else range(8)
    burrows = frozenset(sq for sq in far if rng.random() < 0.7)
    board = Field(colour, burrows, rng.choice(PIECES), hunter)
    return board, hares, carrots


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_agrees_with_exhaustive_search(seed):
    rng = random.Random(seed)
    for colour in ("white", "black"):
        board, hares, carrots = random_position(rng, colour)
        solver = Solver(board)
        value, move = solver.solve(hares, carrots, True)
        assert value == exhaustive(board, hares, carrots, True)
        if move is not None:
            h, c, alive, saved, _ = step(board, hares, carrots, True, move)
            assert saved + solver.solve(h, c, alive)[0] == value
