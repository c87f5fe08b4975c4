"""Potager data (patterns), the view, the text board, messages, and the bot."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree
from importlib import resources

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES, sample_chance
from ludoteca.engine.parts import Overlay
from ludoteca.games.potager import KNOWLEDGE, VIEW
from ludoteca.games.potager.board import (
    INDEX,
    VEGETABLES,
    _orientations,
    pattern_by_id,
    patterns,
    placements,
)

from .helpers import position

# -- the patterns ---------------------------------------------------------------------------


def test_there_are_3_patterns_per_vegetable_15_in_all():
    assert len(patterns()) == 15
    for vegetable in VEGETABLES:
        assert sum(p.vegetable == vegetable for p in patterns()) == 3


def test_patterns_have_3_to_6_cells():
    sizes = [p.size for p in patterns()]
    assert min(sizes) == 3 and max(sizes) == 6
    assert all(3 <= size <= 6 for size in sizes)


def test_the_15_shapes_are_distinct_under_rotation_and_reflection():
    canonical = [min(_orientations(p.cells), key=sorted) for p in patterns()]
    assert len(set(canonical)) == 15


@pytest.mark.parametrize("pattern", patterns(), ids=lambda p: p.id)
def test_every_pattern_fits_the_21_space_garden(pattern):
    found = placements(pattern.id)
    assert found, f"{pattern.id} fits nowhere"
    assert all(len(cells) == pattern.size and set(cells) <= set(INDEX) for cells in found)


def test_the_pattern_file_says_it_is_our_composition():
    text = resources.files("ludoteca.games.potager").joinpath("data/patterns.toml").read_text()
    assert "OUR COMPOSITION" in text


def test_the_garden_has_21_spaces_without_corners():
    assert len(INDEX) == 21
    assert not {"a1", "e1", "a5", "e5"} & set(INDEX)


# -- the view -------------------------------------------------------------------------------


def _ids(svg: str) -> set[str]:
    return {el.get("id") for el in ElementTree.fromstring(svg).iter() if el.get("id")}


def test_the_svg_has_every_clickable_id():
    ids = _ids(VIEW.svg(position(), 0))
    assert {f"hedge-{k}" for k in range(1, 6)} <= ids
    assert {f"g{seat}-{space}" for seat in (0, 1) for space in INDEX} <= ids
    assert {f"pat-{p.id}" for p in patterns()} <= ids
    # the skip pill only while skipping is legal (issue 35: a pill that cannot be pressed)
    assert ("skip" in ids) == ("skip" in position().legal_actions())
    variant_ids = _ids(VIEW.svg(position(variant="bonus-tools"), 1))
    assert {"swap-1", "swap-4", "hose-a", "hose-e"} <= variant_ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_of_the_picture_is_cut_in_any_language(lang):
    root = ElementTree.fromstring(VIEW.svg(position(), 0, lang=lang))
    words = ["".join(node.itertext()) for node in root.iter("{http://www.w3.org/2000/svg}text")]
    assert words and not [word for word in words if "…" in word]
    assert (
        min(float(node.get("font-size")) for node in root.iter("{http://www.w3.org/2000/svg}text"))
        >= 9
    )


def test_a_placement_is_a_hedge_token_then_a_garden_space():
    state = position()
    assert state.clicks("take:3") == ["hedge-3"]
    assert state.apply("take:3").clicks("place:c4") == ["g0-c4"]
    row = position(gardens=({"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}, {}))
    assert row.clicks("harvest:carrot-1:a3,b3,c3") == ["pat-carrot-1", "g0-a3", "g0-b3", "g0-c3"]


def test_the_svg_shows_tool_spaces_only_while_uncovered_and_both_gnomes():
    shown = VIEW.svg(position(gardens=({"b2": "potato1"}, {})), 0)
    assert shown.count("gloves") == 1  # player 2's gloves only
    assert shown.count("l6 -22 l6 22") == 2  # the two gnomes


def test_the_text_board_shows_both_gardens_the_hedge_the_trampoline_and_the_bag():
    state = position(gardens=({"c3": "tomato2"}, {"b3": "carrot1"}), points=(4, 7))
    board = str(state)
    assert "Player 1: 4 points" in board and "Player 2: 7 points" in board
    assert "T2" in board and "C1" in board
    assert "Trampoline: P" in board and "Bag: 50" in board
    assert "Joueur 1 : 4 points" in state.text_board("fr")


def test_every_message_of_random_games_is_translated_in_four_languages():
    for variant in ("standard", "bonus-tools"):
        game = load_game("potager", variant=variant)
        rng = random.Random(3)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player < 0:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
                for lang in LANGUAGES:
                    assert "potager." not in state.prompt(state.current_player).text(lang)
                    assert "potager." not in state.label(action).text(lang)
                    assert "potager." not in state.describe(0, action).text(lang)
            state = state.apply(action)
        for lang in LANGUAGES:
            assert "potager." not in state.text_board(lang)
            assert "potager." not in state.prompt(0).text(lang)


# -- the bot --------------------------------------------------------------------------------


def test_the_heuristic_bot_beats_the_random_bot_from_both_seats():
    """A small sample; benchmarks/potager_bot.py plays the full 200 games."""
    from ludoteca.bots.base import HeuristicBot, RandomBot
    from ludoteca.engine import play

    game = load_game("potager")
    wins = 0
    for seed in range(8):
        seat = seed % 2
        agents = {seat: HeuristicBot(seed), 1 - seat: RandomBot(seed)}
        wins += play(game.new_initial_state(), agents, random.Random(seed)).winners() == [seat]
    assert wins >= 7


def test_the_text_board_puts_row_1_of_both_gardens_next_to_the_hedge_as_the_picture():
    state = position(gardens=({"c1": "tomato2", "c5": "carrot1"}, {"b1": "potato1"}))
    lines = str(state).splitlines()
    hedge = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Hedge"))
    assert lines[hedge + 2].lstrip().startswith("1") and "T2" in lines[hedge + 2]
    assert lines[hedge - 3].lstrip().startswith("1") and "P1" in lines[hedge - 3]
    assert "C1" in lines[hedge + 6]


def test_the_view_names_what_can_be_clicked_and_leaves_the_glow_to_the_client():
    state = position()
    advice = KNOWLEDGE.hint(state, 0)
    picture = VIEW.svg(state, 0, overlay=advice.overlay)
    for action in state.legal_actions():
        assert f'id="{state.clicks(action)[0]}"' in picture
    assert 'stroke="#00a3ff"' not in picture and 'stroke="#f6d365"' not in picture
    assert picture == VIEW.svg(state, 0, overlay=type(advice.overlay)())  # no hint drawn here


def test_the_harvest_patterns_are_drawn_in_text_on_request_in_four_languages():
    state = load_game("potager").new_initial_state()
    for lang in ("en", "de", "fr", "ru"):
        patterns = state.text_topics(lang)["patterns"]
        assert all(pattern in patterns for pattern in pattern_by_id())
    english = state.text_topics("en")["patterns"]
    assert "    # # # # #" in english  # carrot-3, a row of five
    assert "rotation or mirror image counts" in english


def test_the_text_board_names_the_tool_spaces_and_the_sides_and_fits_100_columns():
    state = load_game("potager", variant="bonus-tools").new_initial_state()
    for lang in LANGUAGES:
        board = state.text_board(lang)
        assert max(len(line) for line in board.splitlines()) <= 100
    board = load_game("potager").new_initial_state().text_board("en")
    english = " ".join(line.strip() for line in board.splitlines())  # wrapped lines joined
    assert "gl gloves, ba basket, wb wheelbarrow, wc watering can" in english
    assert "P2: a potato double side up, P1: single side" in english
    assert "K2: eine Kartoffel" in state.text_board("de")  # the German potato is a K


def test_a_lessons_marks_ring_hedge_slots_garden_spaces_and_pattern_cards():
    state = position()
    marks = ("hedge-3", "g0-c2", "pat-carrot-1", "g7-c2", "pat-none")  # the last two name nothing
    picture = VIEW.svg(state, 0, overlay=Overlay(marks=marks))
    rings = [el for el in ElementTree.fromstring(picture).iter() if el.get("stroke") == "#00a3ff"]
    assert len(rings) == 3 and all(ring.get("style") == "pointer-events:none" for ring in rings)
    # on a phone the pattern cards lie under the gardens, and the card's ring goes with them
    narrow = VIEW.svg(state, 0, overlay=Overlay(marks=("pat-carrot-1",), narrow=True))
    wide_ring, narrow_ring = (
        next(el for el in ElementTree.fromstring(svg).iter() if el.get("stroke") == "#00a3ff")
        for svg in (VIEW.svg(state, 0, overlay=Overlay(marks=("pat-carrot-1",))), narrow)
    )
    assert float(narrow_ring.get("y")) > float(wide_ring.get("y"))
