"""Names written to break out of the picture stay words: every game's picture, with hostile seat
names in every language, parses as XML and holds no element or attribute the names tried to
write."""

from __future__ import annotations

from dataclasses import replace
from xml.etree import ElementTree

import pytest

from ludoteca.engine import LANGUAGES
from ludoteca.engine.parts import Overlay
from ludoteca.engine.svg import element, join, text

from .test_views import picture, played, viewer

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = (
    "<img src=x onerror=alert(1)>",
    '"><script>alert(2)</script>',
    "' onload='alert(3)' x='",
    "]]><!-- &amp; &#60;b&#62;",
    "<title>x</title>\x00\x1b[31m\ufffe",
)
# the largest seat count of each game, at several points of a game
POSITIONS = [
    ("bohnen", {"players": 4}, 0),
    ("bohnen", {"players": 4}, 30),
    ("bohnen", {"players": 4}, 1000),
    ("bohnen", {"players": 2}, 7),
    ("habitats", {"players": 5}, 0),
    ("habitats", {"players": 5}, 60),
    ("habitats", {"players": 5}, 1000),
    ("potager", {}, 0),
    ("potager", {}, 20),
    ("potager", {}, 1000),
    ("hares", {"level": 12}, 3),
    ("habanero", {}, 9),
]
# every element the views draw: anything else would have come from a name
DRAWN = {
    "svg", "g", "defs", "title", "text", "tspan", "rect", "circle", "ellipse", "path", "line",
    "polyline", "polygon", "use", "symbol", "marker", "linearGradient", "radialGradient",
    "stop", "filter", "feDropShadow", "feGaussianBlur", "clipPath", "pattern", "image",
}  # fmt: skip


def hostile_overlay(players: int, turn: int) -> Overlay:
    return Overlay(names=tuple(HOSTILE[(turn + seat) % len(HOSTILE)] for seat in range(players)))


def check(drawn: str) -> None:
    root = ElementTree.fromstring(drawn)  # well-formed, or this raises
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        assert tag in DRAWN, tag
        assert tag != "image" or not node.get("href", "").startswith("x")
        for name, value in node.attrib.items():
            assert not name.lower().startswith("on"), (tag, name, value)
            assert "alert" not in value, (tag, name, value)
        for words in (node.text or "", node.tail or ""):
            # markup built by the views reaches the page as elements, never as words
            assert "<circle" not in words and "<rect" not in words and "<g " not in words


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game_id", "options", "steps"), POSITIONS)
def test_hostile_names_stay_words(game_id, options, steps, lang):
    state = played(game_id, options, steps)
    for turn, seat in enumerate({viewer(state), None}):
        names = hostile_overlay(state.game.num_players, turn)
        drawn = picture(state, seat, lang, names)
        check(drawn)
        check(picture(state, seat, lang, replace(names, narrow=True)))
        if state.game.num_players > 1:
            said = "".join(ElementTree.fromstring(drawn).itertext())
            assert any(name[:6] in said for name in names.names), said[:200]


def test_the_builder_escapes_text_and_attributes_and_keeps_its_own_markup():
    ring = element("circle", r=3)
    built = element("g", "<b>&", ring, id='x" onload="y', class_="<c>")
    assert built == (
        '<g id="x&quot; onload=&quot;y" class="&lt;c&gt;">&lt;b&gt;&amp;<circle r="3"/></g>'
    )
    assert join(["<i>", ring]) == '&lt;i&gt;<circle r="3"/>'
    assert "<" + ring == '&lt;<circle r="3"/>'  # plain text beside markup is text
    assert text("a\x00b\x1b") == "<text>ab</text>"  # characters XML forbids are left out
    with pytest.raises(ValueError):
        element("g", **{"on click": "x"})
