"""A Potager position is one array that the compiled core plays: its fields are read from it
and written back without loss, and a copy with changed fields is exactly that position."""

import random

import numpy as np
import pytest

from ludoteca import load_game
from ludoteca.engine import sample_chance
from ludoteca.games.potager.position import FIELDS, decode, encode

from .helpers import position


@pytest.mark.parametrize("variant", ["standard", "bonus-tools"])
def test_every_position_of_random_games_reads_and_writes_back_alike(variant: str) -> None:
    rng = random.Random(3)
    game = load_game("potager", variant=variant)
    for _ in range(10):
        state = game.new_initial_state()
        while True:
            fields = decode(state.array())
            assert np.array_equal(encode(fields), state.array())
            assert state.copy_with(**fields).array().tolist() == state.array().tolist()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state = state.apply(sample_chance(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))


def test_a_copy_has_the_fields_it_was_given_and_no_others() -> None:
    state = position(gardens=({"c3": "carrot2"}, {}), points=(7, 3), to_move=1)
    assert state.token(0, "c3") == ("carrot", True) and state.points == (7, 3)
    assert state.current_player == 1 and len(state) == 0
    moved = state.copy_with(to_move=0)
    assert moved.current_player == 0
    assert [getattr(moved, name) for name in FIELDS if name != "to_move"] == [
        getattr(state, name) for name in FIELDS if name != "to_move"
    ]
    with pytest.raises(TypeError, match="colour"):
        state.copy_with(colour="red")
