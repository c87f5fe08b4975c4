"""The compiled solver against plain exhaustive search, and the compiled rules against the
reference rules: the pre-change Python rules (``board.py`` before the compiled core), taken
from git history; without it these tests skip, saying so."""

from __future__ import annotations

import random
from functools import cache

import pytest

from ludoteca.games.hares import core
from ludoteca.games.hares.board import Field, mask_of, square
from ludoteca.games.hares.solver import Solver
from tests.differential import before

# the commit just before Hares' compiled core: its board.py is the Python reference rules
PYTHON_RULES = "32db4deb314a46be6c7905eb2d2628644f8f4210"


@cache
def reference():
    """The reference rules' module (the test skips without the git history)."""
    try:
        return before.module_at(PYTHON_RULES, "src/ludoteca/games/hares/board.py", "hares_rules")
    except before.Unavailable as why:
        pytest.skip(f"no reference rules: {why}")


def hare_moves(board, hares, carrots, hunter):
    return reference().hare_moves(board, hares, carrots, hunter)


def step(board, hares, carrots, hunter, move):
    return reference().step(board, hares, carrots, hunter, move)


PIECES = ("rook", "bishop", "knight", "queen", "king")


def random_field(rng: random.Random, colour: str) -> tuple[Field, frozenset, frozenset]:
    squares = rng.sample(range(8, 56), 9)
    hunter, hares, carrots = squares[0], frozenset(squares[1:5]), frozenset(squares[5:9])
    far = range(56, 64) if colour == "white" else range(8)
    burrows = frozenset(sq for sq in far if rng.random() < 0.7)
    return Field(colour, burrows, rng.choice(PIECES), hunter), hares, carrots


def old(board: Field):
    """The same field for the reference rules."""
    return reference().Field(board.colour, board.burrows, board.hunter_piece, board.hunter_square)


def fast_moves(board: Field, hares, carrots, hunter) -> list[tuple[int, int]]:
    found = core.moves(board.table, mask_of(hares), mask_of(carrots), hunter)
    return [(move // 64, move % 64) for move in found.tolist()]


def reference_value(board: Field, hares, carrots, hunter) -> int:
    """Plain memoised maximum over every move, on the reference rules."""

    @cache
    def value(hares, carrots, hunter):
        moves = hare_moves(old(board), hares, carrots, hunter)
        results = [0]
        for move in moves:
            h, c, alive, saved, _ = step(old(board), hares, carrots, hunter, move)
            results.append(saved + value(h, c, alive))
        return max(results)

    return value(hares, carrots, hunter)


@pytest.mark.parametrize("seed", range(10))
def test_the_solver_agrees_with_exhaustive_search(seed):
    rng = random.Random(seed)
    for colour in ("white", "black"):
        board, hares, carrots = random_field(rng, colour)
        solver = Solver(board)
        value, move = solver.solve(hares, carrots, True)
        assert value == reference_value(board, hares, carrots, True)
        if move is not None:
            h, c, alive, saved, _ = step(old(board), hares, carrots, True, move)
            assert saved + solver.solve(h, c, alive)[0] == value


@pytest.mark.parametrize("seed", range(5))
def test_the_compiled_rules_play_like_the_reference_rules(seed):
    rng = random.Random(100 + seed)
    for colour in ("white", "black"):
        board, hares, carrots = random_field(rng, colour)
        hunter = True
        while True:
            moves = hare_moves(old(board), hares, carrots, hunter)
            assert fast_moves(board, hares, carrots, hunter) == moves
            if not moves:
                break
            move = rng.choice(moves)
            h, c, alive, saved, caught = step(old(board), hares, carrots, hunter, move)
            code = move[0] * 64 + move[1]
            assert core.step(board.table, mask_of(hares), mask_of(carrots), hunter, code) == (
                mask_of(h),
                mask_of(c),
                alive,
                saved,
                mask_of(caught),
            )
            hares, carrots, hunter = h, c, alive


@pytest.mark.parametrize(
    ("colour", "hares", "carrots", "hunter"),
    [
        ("white", "e2 c2", "", "rook e4"),  # the hunter on the double step's square
        ("white", "e2 c2", "c4", "king h1"),  # a carrot there
        ("white", "e2 e4", "", "king h1"),  # a hare there
        ("black", "e7 c7", "", "bishop e5"),
        ("black", "d7 e6", "d5", "knight a1"),
    ],
)
def test_the_compiled_moves_agree_on_blocked_double_steps(colour, hares, carrots, hunter):
    piece, where = hunter.split()
    far = range(56, 64) if colour == "white" else range(8)
    board = Field(colour, frozenset(far) - {square(where)}, piece, square(where))
    hares = frozenset(map(square, hares.split()))
    carrots = frozenset(map(square, carrots.split()))
    assert fast_moves(board, hares, carrots, True) == hare_moves(old(board), hares, carrots, True)
