"""The level cards, read from ``data/levels.json`` (our own composition, written for white),
and the generated cards of ``data/generated.json`` (made and graded by the exact solver,
:mod:`.generate`), kept apart: the option ``cards`` (``printed`` or ``generated``) picks the set.

A card is data only, so a publisher's cards could replace the file without code changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.engine import Message

from .board import PIECES, Field, Position, mirror, rank_of, square

MAX_HARES = 8
DECKS = ("printed", "generated")  # the values of the option ``cards``
FILES = {"printed": "levels.json", "generated": "generated.json"}


@dataclass(frozen=True)
class Card:
    """One level as printed (white's side): squares are numbers 0–63."""

    level: int
    title: str  # message key
    idea: str  # message key
    hares: tuple[int, ...]
    carrots: tuple[int, ...]
    burrows: tuple[int, ...]
    hunter_piece: str
    hunter_square: int
    best: int
    deck: str = "printed"
    # the parameters of the title and the idea (a generated card's number and grade)
    params: tuple[tuple[str, int], ...] = ()

    def title_message(self) -> Message:
        return Message(self.title, dict(self.params))

    def idea_message(self) -> Message:
        return Message(self.idea, dict(self.params))

    def field(self, colour: str) -> Field:
        """The card's field in ``colour`` (one object per card and colour: its compiled
        tables are made once)."""
        return _field(self, colour)

    def position(self, colour: str) -> Position:
        return _position(self, colour)


@cache
def _field(card: Card, colour: str) -> Field:
    flip = mirror if colour == "black" else (lambda sq: sq)
    return Field(
        colour, frozenset(map(flip, card.burrows)), card.hunter_piece, flip(card.hunter_square)
    )


@cache
def _position(card: Card, colour: str) -> Position:
    flip = mirror if colour == "black" else (lambda sq: sq)
    return Position(frozenset(map(flip, card.hares)), frozenset(map(flip, card.carrots)))


def card_from_data(data: dict[str, Any], deck: str = "printed") -> Card:
    """A checked card; ValueError says what is wrong with it."""
    level = data["level"]
    where = f"level card {level}" if deck == "printed" else f"generated card {level}"
    hares = tuple(square(s) for s in data["hares"])
    carrots = tuple(square(s) for s in data.get("carrots", []))
    if data.get("burrows") is None:
        burrows = tuple(range(56, 64))
    else:
        burrows = tuple(square(s) for s in data["burrows"])
    hunter = data["hunter"]
    if hunter["piece"] not in PIECES:
        raise ValueError(f"{where}: the hunter cannot be a {hunter['piece']!r}")
    hunter_square = square(hunter["square"])
    if not 1 <= len(hares) <= MAX_HARES:
        raise ValueError(f"{where}: {len(hares)} hares (1 to {MAX_HARES} allowed)")
    pieces = [*hares, *carrots, hunter_square]
    if len(set(pieces)) != len(pieces):
        raise ValueError(f"{where}: two pieces share a square")
    if any(rank_of(sq) != 8 for sq in burrows):
        raise ValueError(f"{where}: burrows lie on the far rank (8)")
    if set(pieces) & set(burrows):
        raise ValueError(f"{where}: a burrow is a hole: nothing stands on it")
    if any(rank_of(sq) == 8 for sq in hares):
        raise ValueError(f"{where}: a hare may not start on the far rank")
    return Card(
        level,
        data["title"],
        data["idea"],
        hares,
        carrots,
        burrows,
        hunter["piece"],
        hunter_square,
        int(data["best"]),
        deck,
        tuple((key, int(value)) for key, value in data.get("params", {}).items()),
    )


@cache
def cards(deck: str = "printed") -> tuple[Card, ...]:
    """All cards of ``deck`` (``printed`` or ``generated``), level 1 first."""
    text = resources.files(__package__).joinpath("data", FILES[deck]).read_text("utf-8")
    found = tuple(card_from_data(entry, deck) for entry in json.loads(text)["levels"])
    if [card.level for card in found] != list(range(1, len(found) + 1)):
        raise ValueError(f"{FILES[deck]}: the levels must be numbered 1, 2, 3, … in order")
    return found


def card(level: int, deck: str = "printed") -> Card:
    return cards(deck)[level - 1]


def stars(saved: int, best: int) -> int:
    """3 stars for the card's best, 2 for one less, 1 for any other save, 0 for none."""
    if saved <= 0:
        return 0
    if saved >= best:
        return 3
    return 2 if saved == best - 1 else 1


def result(saved: int, of: int, best: int) -> dict[str, int]:
    """The result as data, for level progress: {"saved", "of", "stars"}."""
    return {"saved": saved, "of": of, "stars": stars(saved, best)}
