"""The 20 level cards: data, stated best results (checked by the exact solver), play to the best."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import has_key
from ludoteca.games.hares import KNOWLEDGE, best_move, cards, levels, result, solve, stars
from ludoteca.games.hares.board import rank_of

LEVELS = range(1, 21)


def test_there_are_twenty_cards_labelled_as_our_composition():
    text = resources.files("ludoteca.games.hares").joinpath("data", "levels.json").read_text()
    data = json.loads(text)
    assert "our own composition" in data["about"].lower()
    assert [card.level for card in cards()] == list(LEVELS)
    assert [entry["level"] for entry in levels()] == list(LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_each_card_has_a_title_and_an_idea_in_every_language(level):
    card = cards()[level - 1]
    load_game("hares")  # registers the catalogs
    for key in (card.title, card.idea):
        assert all(has_key(key, lang) for lang in LANGUAGES), key


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("colour", ["white", "black"])
def test_the_stated_best_is_the_solvers_value(level, colour):
    state = load_game("hares", level=level, colour=colour).new_initial_state()
    value, move = best_move(state.board, state.position)
    assert value == cards()[level - 1].best
    assert move in state.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("colour", ["white", "black"])
def test_following_the_hints_reaches_the_best_and_three_stars(level, colour):
    game = load_game("hares", level=level, colour=colour)
    state = game.new_initial_state()
    while not state.is_terminal():
        hint = KNOWLEDGE.hint(state, 0)
        assert hint.value == cards()[level - 1].best  # a perfect line never loses value
        state = state.apply(hint.action)
    assert state.observation(0)["result"] == result(
        cards()[level - 1].best, len(cards()[level - 1].hares), cards()[level - 1].best
    )
    assert state.observation(0)["result"]["stars"] == 3


def test_cards_start_with_hares_off_the_far_rank_and_at_most_eight():
    for card in cards():
        assert 1 <= len(card.hares) <= 8
        assert all(rank_of(sq) != 8 for sq in card.hares)
        assert 0 < card.best <= len(card.hares)


def test_the_progression_introduces_each_hunter_piece():
    pieces = [card.hunter_piece for card in cards()]
    for piece in ("rook", "bishop", "knight", "queen", "king"):
        assert piece in pieces


@pytest.mark.parametrize(
    ("saved", "best", "expected"),
    [(5, 5, 3), (4, 5, 2), (3, 5, 1), (1, 5, 1), (0, 5, 0), (0, 1, 0), (1, 1, 3), (1, 2, 2)],
)
def test_stars(saved, best, expected):
    assert stars(saved, best) == expected


def test_result_is_data_for_level_progress():
    assert result(5, 8, 7) == {"saved": 5, "of": 8, "stars": 1}


def test_a_bad_card_is_refused_with_a_reason():
    from ludoteca.games.hares.cards import card_from_data

    base = {
        "level": 99,
        "title": "t",
        "idea": "i",
        "best": 1,
        "hunter": {"piece": "rook", "square": "h5"},
    }
    with pytest.raises(ValueError, match="share a square"):
        card_from_data({**base, "hares": ["e2"], "carrots": ["e2"]})
    with pytest.raises(ValueError, match="cannot be"):
        card_from_data({**base, "hares": ["e2"], "hunter": {"piece": "pawn", "square": "h5"}})
    with pytest.raises(ValueError, match="1 to 8"):
        card_from_data({**base, "hares": [f"{f}2" for f in "abcdefgh"] + ["a3"]})
    with pytest.raises(ValueError, match="burrow"):
        card_from_data({**base, "hares": ["e2"], "carrots": ["e8"]})


def test_solve_takes_a_state():
    state = load_game("hares", level=7, colour="white").new_initial_state()
    assert solve(state) == (3, "d2e3")
    assert solve(load_game("hares", level=7).new_initial_state()) == (0, None)
