"""Hares' actions, parsed once: a hare's :class:`Move` (``e2e4``) and the colour's :class:`Draw`.

Game, view, knowledge and words read an action through these two (as python-chess's
``Move.from_uci`` and ``uci()``), never by slicing its string. ``Move.parse`` takes the
canonical form only; ``Move.read`` also every form the game displays (``e2–e4``, ``e2-e4``,
``e2×e4``); ``str()`` gives the canonical form back.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.notation import from_to

from .board import COLOURS, name

DRAW = "colour:"


@dataclass(frozen=True, slots=True)
class Move:
    """A hare's move from ``origin`` to ``target`` (squares 0–63, see ``board``)."""

    origin: int
    target: int

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move ``text`` names in canonical form (``e2e4``); ValueError for anything else."""
        found = _PARSED.get(text) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"{text!r} is not a hare move (two squares, such as e2e4)")
        return found

    @classmethod
    def read(cls, text: str) -> Move | None:
        """The move ``text`` stands for in any form the game displays; None if it is none."""
        pair = from_to(text)
        return None if pair is None else _PARSED.get(pair[0] + pair[1])

    @classmethod
    def from_code(cls, code: int) -> Move:
        """The move the compiled core numbers ``origin * 64 + target``."""
        return _CODED[code]

    @property
    def code(self) -> int:
        return self.origin * 64 + self.target

    @property
    def start(self) -> str:
        """The origin's name (``e2``)."""
        return name(self.origin)

    @property
    def end(self) -> str:
        """The target's name (``e4``)."""
        return name(self.target)

    def __str__(self) -> str:
        return _NAMES[self.code]


@dataclass(frozen=True, slots=True)
class Draw:
    """The chance action that draws the hares' colour: ``colour:white`` or ``colour:black``."""

    colour: str

    @classmethod
    def parse(cls, text: str) -> Draw:
        """The draw ``text`` names; ValueError for anything else."""
        colour = text[len(DRAW) :] if isinstance(text, str) and text.startswith(DRAW) else ""
        if colour not in COLOURS:
            raise ValueError(f"{text!r} is not a colour draw ({', '.join(DRAWS)})")
        return cls(colour)

    def __str__(self) -> str:
        return DRAW + self.colour


# every move made once: the hot paths look a string up instead of parsing it
_CODED = [Move(origin, target) for origin in range(64) for target in range(64)]
_NAMES = [name(move.origin) + name(move.target) for move in _CODED]
_PARSED = dict(zip(_NAMES, _CODED, strict=True))
MOVE_NAMES = tuple(_NAMES)  # the canonical string of each code
MOVE_CODES = {text: move.code for text, move in _PARSED.items()}
DRAWS = tuple(str(Draw(colour)) for colour in COLOURS)
