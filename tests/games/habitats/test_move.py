"""The typed move: every action of the notation parses once and writes itself back."""

import pytest

from ludoteca import load_game
from ludoteca.games.habitats.move import Move


@pytest.mark.parametrize("players", [2, 5])
def test_every_action_round_trips_through_the_move(players):
    for action in load_game("habitats", players=players).all_actions():
        move = Move.parse(action)
        assert str(move) == action
        assert move.core_args is not None


def test_a_move_names_its_parts():
    take = Move.parse("take:b2")
    assert (take.kind, take.name, take.cell) == ("take", "b2", (1, 1))
    road = Move.parse("place:1,-2:NE")
    assert (road.kind, road.cell, road.sides, road.mask) == ("place", (1, -2), "NE", 3)
    assert Move.place((1, -2), 3) == road
    assert Move.parse("place:0,1").mask == 0 and Move.parse("place:0,1:NN").mask == -1
    assert Move.parse("draw:hippo").core_args is not None
    assert Move.parse("draw:unicorn").core_args is None


@pytest.mark.parametrize("text", ["", "take", "place:1", "place:a,b", "goal:", "pass"])
def test_text_of_no_form_is_refused(text):
    with pytest.raises(ValueError, match="no Habitats action"):
        Move.parse(text)
