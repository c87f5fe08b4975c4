"""The scaffolding the tests' own small games share (tests/engine/toy.py, tests/web/*game.py,
tests/bots/games.py): a position made of a few named fields, and a game of fixed bounds that
starts from its state's defaults, and the buttons their pictures are clicked by. Each game
keeps only its rules."""

from __future__ import annotations

from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.svg import element, text


class ToyState(State):
    """A position made of the fields ``FIELDS`` (each name with its value at the start), given
    in order or by name; the position's key is their values."""

    FIELDS: ClassVar[dict[str, Any]] = {}

    def __init__(self, game: Game[Any], *values: Any, **named: Any):
        super().__init__(game)
        fields = {**self.FIELDS, **dict(zip(self.FIELDS, values, strict=False)), **named}
        for name, value in fields.items():
            setattr(self, name, value)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)


class ToyGame(Game[Any]):
    """A test game: the state it starts from, its range of scores and its longest game."""

    STATE: ClassVar[type[ToyState]]
    SCORES: ClassVar[tuple[float, float]] = (0.0, 1.0)
    LONGEST: ClassVar[int] = 100

    def new_initial_state(self) -> ToyState:
        return self.STATE(self)

    def score_range(self) -> tuple[float, float]:
        return self.SCORES

    def max_game_length(self) -> int:
        return self.LONGEST


def button(id_: str, x: int, y: int, label: str, colour: str, width: int = 90) -> str:
    """A labelled button of a test game's picture, clicked by its ``id_``."""
    return element(
        "g",
        element("rect", x=x, y=y, width=width, height=40, rx=8, fill=colour)
        + text(label, x=x + width // 2, y=y + 26, fill="#fff", text_anchor="middle"),
        id=id_,
    )
