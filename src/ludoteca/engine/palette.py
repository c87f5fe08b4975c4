"""The seats' colours: one palette per player's choice, drawn by every game's picture.

A player picks a palette once (the page's setting); the server passes its name to the view in
the :class:`~ludoteca.engine.parts.Overlay`, and the view colours each seat from it, so that
no game keeps seat colours of its own. Every palette keeps each two of its five seats at least
ΔE2000 20 apart for normal vision and after simulating protanopia, deuteranopia and tritanopia
(tests/engine/test_palette.py measures it); pictures also number their seats, so colour is
never the only mark."""

from __future__ import annotations

PALETTES: dict[str, tuple[str, ...]] = {
    # red, slate blue, yellow, violet, teal: lively, and far apart in lightness where hues meet
    "default": ("#d30116", "#264c6b", "#ffd832", "#9c61fa", "#37b192"),
    # derived from Okabe and Ito's palette for colour-blind readers, pushed apart in lightness
    "safe": ("#c15500", "#096292", "#12c799", "#ffff3e", "#dc92e4"),
    # deep and saturated, for the high-contrast page
    "contrast": ("#b00000", "#0033cc", "#ffd000", "#000000", "#00a0a0"),
}
DEFAULT = "default"
# each colour's word (the catalogs' "web.colour.<word>"), naming a seat whose guest typed no
# name; within a palette the words differ, as the colours do
COLOUR_WORDS: dict[str, tuple[str, ...]] = {
    "default": ("red", "blue", "yellow", "violet", "teal"),
    "safe": ("orange", "blue", "green", "yellow", "pink"),
    "contrast": ("red", "blue", "yellow", "black", "teal"),
}


def palette(name: str | None) -> tuple[str, ...]:
    """The colours of palette ``name`` (the default one for an unknown name)."""
    return PALETTES.get(name or DEFAULT, PALETTES[DEFAULT])


def seat_colour(seat: int, name: str | None = None) -> str:
    """Seat ``seat``'s colour in palette ``name``."""
    colours = palette(name)
    return colours[seat % len(colours)]


def colour_word(seat: int, name: str | None = None) -> str:
    """The word for seat ``seat``'s colour in palette ``name`` ("red")."""
    words = COLOUR_WORDS.get(name or DEFAULT, COLOUR_WORDS[DEFAULT])
    return words[seat % len(words)]


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (a seat's number on its piece)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000000" if luminance > 0.179 else "#ffffff"
