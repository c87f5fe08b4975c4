"""Potager's typed move: every action of the id space parses and prints back to itself,
malformed text is refused with a reason, and the refusals explain what the core did not list."""

import pytest

from ludoteca.games.potager.game import PotagerGame
from ludoteca.games.potager.move import BadMove, Move, canonical

from .helpers import position, run


def test_every_action_round_trips_through_its_move():
    for action in PotagerGame().all_actions():
        move = Move.parse(action)
        assert str(move) == action
        assert Move.parse(str(move)) is move  # parsed once, then remembered


def test_a_move_names_its_parts():
    assert Move.parse("move:b1-c2") == Move("move", spaces=("b1", "c2"))
    assert Move.parse("flip:g1-c3").garden == 1
    assert Move.parse("take:4").slot == 4
    harvest = Move.parse("harvest:carrot-1:a3,b3,c3")
    assert (harvest.kind, harvest.name, harvest.spaces) == (
        "harvest",
        "carrot-1",
        ("a3", "b3", "c3"),
    )


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("take:9", "potager.illegal.no_slot"),
        ("swap:5", "potager.illegal.no_slot"),
        ("place:a1", "potager.illegal.not_space"),
        ("move:b1-z9", "potager.illegal.not_space"),
        ("harvest:nopattern:a3", "potager.illegal.unknown_pattern"),
        ("harvest:carrot-1:a3,zz", "potager.illegal.not_space"),
        ("hose:f", None),
        ("dance", None),
    ],
)
def test_malformed_text_is_no_move(text, key):
    with pytest.raises(BadMove) as refused:
        Move.parse(text)
    assert (refused.value.reason and refused.value.reason.key) == key


def test_typed_forms_are_read_as_the_notation():
    assert canonical(" move: b1 → c2 ") == "move:b1-c2"
    assert canonical("harvest:potato-1:c4, d4") == "harvest:potato-1:c4,d4"


def test_each_refusal_gives_the_first_reason_it_finds():
    state = position(gardens=({"c3": "potato1", "a3": "carrot1", "b3": "carrot1"}, {}))
    assert state.why_illegal("c3").key == "potager.illegal.bare_space_take"
    assert state.why_illegal("harvest:carrot-1:a3,b3,c3").key == "potager.illegal.not_vegetable"
    assert state.why_illegal("skip").key == "potager.illegal.not_now"
    placing = run(state, "take:1")
    assert placing.why_illegal("place:c3").key == "potager.illegal.occupied"
    assert placing.why_illegal("mole:c3").key == "potager.illegal.mole_vegetable"
    assert placing.why_illegal("take:2").key == "potager.illegal.not_now"
    assert placing.why_illegal("draw:potato").key == "core.illegal.not_legal"
