"""The rules pages show pictures drawn by each game's own view from real positions."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES
from ludoteca.engine.parts import Illustrated
from ludoteca.games import registry
from ludoteca.server.api import _markdown
from ludoteca.server.illustrations import figures, illustrated

from ..games.fit import texts_outside

GAMES = ("habanero", "potager", "bohnen", "habitats", "hares")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_rules_page_shows_its_pictures_in_place(game_id, lang):
    view = registry.view(game_id)
    assert isinstance(view, Illustrated)
    text = load_game(game_id).rules_text(lang)
    page = illustrated(_markdown(text), game_id, lang)
    pictures = view.pictures(lang)
    assert pictures
    assert "[picture:" not in page
    assert page.count('<figure class="rules-picture"') == len(pictures)
    # every marker of the text is a picture of the view, and each picture is placed by one
    assert set(re.findall(r"\[picture: ([\w-]+)\]", text)) == {p.name for p in pictures}
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "two pictures share an id"
    for picture in pictures:
        caption = picture.caption.text(lang)
        assert caption and not caption.startswith(f"{game_id}.")  # translated, not a key
        assert texts_outside(picture.svg) == []
        ElementTree.fromstring(picture.svg)


def test_the_pictures_come_from_real_positions():
    # Bohnen's relay: the position after the sowing follows from the one before by its action
    before, after = registry.view("bohnen")._relay_example()
    assert after.history()[:-1] == before.history()
    assert before.apply(after.history()[-1]) == after
    assert figures("bohnen", "en") is figures("bohnen", "en")  # drawn once per language


def test_a_game_without_pictures_keeps_its_page():
    assert illustrated("<p>x</p>", "no-such-game", "en") == "<p>x</p>"
