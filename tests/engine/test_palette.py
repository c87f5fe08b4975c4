"""The seat palettes: every two seats of every game told apart with every colour vision, and
every picture drawn in the viewer's palette (issue 35)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import has_key
from ludoteca.engine.palette import COLOUR_WORDS, PALETTES, ink_on
from ludoteca.engine.parts import Overlay
from ludoteca.games import registry

from .colour_vision import VISIONS, closest_pair, delta_e_2000, lab

LEAST = 20  # the smallest CIEDE2000 between two seats' colours, for every viewer
STYLE = Path(__file__).parents[2] / "src/ludoteca/web/static/style.css"


def test_delta_e_2000_gives_sharmas_published_differences():
    pairs = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for one, two, expected in pairs:
        assert delta_e_2000(one, two) == pytest.approx(expected, abs=1e-4)


def test_white_is_l_100_and_black_l_0():
    assert lab([1.0, 1.0, 1.0])[0] == pytest.approx(100, abs=1e-3)
    assert lab([0.0, 0.0, 0.0])[0] == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("vision", VISIONS, ids=str)
def test_every_two_seats_differ_by_delta_e_20_at_the_largest_player_count(game_id, palette, vision):
    seats = registry.parts(game_id).game.max_players
    if seats < 2:
        pytest.skip("one seat: nothing to tell apart")
    colours = list(PALETTES[palette][:seats])
    assert len(set(colours)) == seats, "a palette has a colour for every seat"
    difference, one, two = closest_pair(colours, vision)
    assert difference >= LEAST, (
        f"{game_id}, {palette}, {vision}: seats {one + 1} and {two + 1} differ by {difference:.1f}"
    )


def test_the_page_colours_its_seats_as_the_pictures_do():
    css = STYLE.read_text(encoding="utf-8")
    root = re.search(r":root \{(.*?)\n\}", css, re.S).group(1)
    found = {"default": root}
    for name in PALETTES:
        rule = re.search(rf"html\.palette-{name} \{{([^}}]*)\}}", css)
        if rule:
            found[name] = rule.group(1)
    assert set(found) == set(PALETTES)
    for name, colours in PALETTES.items():
        declared = dict(re.findall(r"--s(\d): (#[0-9a-f]{6})", found[name]))
        assert [declared[str(i)] for i in range(len(colours))] == list(colours), name


def test_each_seat_has_a_colour_word_of_its_own_the_page_knows_too():
    script = (STYLE.parent / "js/palette.js").read_text(encoding="utf-8")
    assert set(COLOUR_WORDS) == set(PALETTES)
    for name, words in COLOUR_WORDS.items():
        assert len(words) == len(PALETTES[name]) == len(set(words)), name
        listed = ", ".join(f'"{word}"' for word in words)
        assert f"{name}: [{listed}]" in script, name
        for word in words:
            assert all(has_key(f"web.colour.{word}", lang) for lang in LANGUAGES), word


def test_a_seats_number_is_written_in_black_or_white_whichever_reads():
    assert ink_on("#ffd832") == "#000000"
    assert ink_on("#264c6b") == "#ffffff"


def _played(game_id: str):
    game = load_game(game_id, players=registry.parts(game_id).game.max_players)
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(12):  # a few moves in: last moves marked in the movers' colours
        if state.is_terminal():
            break
        if state.is_chance_node():
            state = state.successor(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state = state.successor(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_picture_draws_its_seats_in_the_viewers_palette(game_id):
    game, state = _played(game_id)
    view = registry.view(game_id)
    if view is None or game.max_players < 2:
        pytest.skip("no seats to colour")
    seats = game.num_players
    for name, colours in PALETTES.items():
        picture = view.svg(state, 0, lang="en", overlay=Overlay(palette=name)).lower()
        drawn = [colour for colour in colours[:seats] if colour in picture]
        assert drawn == list(colours[:seats]), f"{game_id}: {name} draws {drawn}"
