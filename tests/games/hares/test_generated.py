"""The generated level cards: kept apart from the printed ones, solvable, graded by the solver."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ludoteca import load_game
from ludoteca.engine.traits import Finished
from ludoteca.games.hares import KNOWLEDGE, TRAITS, best_move, cards
from ludoteca.games.hares.generate import generate, grade

GENERATED = json.loads(
    resources.files("ludoteca.games.hares").joinpath("data", "generated.json").read_text()
)
LEVELS = range(1, len(GENERATED["levels"]) + 1)


def test_the_file_is_labelled_generated_and_is_what_its_seed_makes():
    assert GENERATED["generated"] is True and "generated" in GENERATED["about"].lower()
    assert generate(GENERATED["seed"], len(GENERATED["levels"])) == GENERATED["levels"]
    assert [card.deck for card in cards("generated")] == ["generated"] * len(LEVELS)
    assert [card.deck for card in cards()] == ["printed"] * 20


@pytest.mark.parametrize("level", LEVELS)
def test_each_card_is_solvable_and_its_grade_is_the_solvers(level):
    entry = GENERATED["levels"][level - 1]
    best, mistakes, moves = grade(entry)
    assert best == entry["best"] >= 1
    assert entry["params"] == {"level": level, "mistakes": mistakes, "moves": moves}
    assert 0 < mistakes < moves
    for colour in ("white", "black"):
        state = load_game("hares", cards="generated", level=level, colour=colour)
        state = state.new_initial_state()
        assert best_move(state.board, state.position)[0] == best
        assert len(state.legal_actions()) == moves
        while not state.is_terminal():
            state = state.apply(KNOWLEDGE.hint(state, 0).action)
        assert state.saved == best and state.result()["stars"] == 3


def test_the_grades_rise_with_the_level():
    shares = [e["params"]["mistakes"] / e["params"]["moves"] for e in GENERATED["levels"]]
    assert shares == sorted(shares)


def test_a_generated_card_names_itself_and_counts_for_no_stars():
    state = load_game("hares", cards="generated", level=4, colour="white").new_initial_state()
    title = state.observation(0)["title"]
    assert "G4" in title["text"] and state.card.deck == "generated"
    with pytest.raises(ValueError, match="option 'cards'"):
        load_game("hares", cards="secret")
    played = [Finished(0, {"level": 4, "cards": "generated"}, [3], "2026-12-01T00:00:00")]
    progress = TRAITS.progress(played)
    assert all(item.stars == 0 for item in progress.items) and len(progress.items) == 20
