"""Habanero's actions, parsed once: a :class:`Move` is ``roll``, ``stop``, the die's
``roll:3``, a campesino's ``a1-a4``, ``pay:2`` or ``drop:b2``.

Game, view, knowledge, the policies and the words read an action through it (as python-chess's
``Move.from_uci`` and ``uci()``), never by slicing its string. ``Move.parse`` takes the
canonical form (any two squares joined by ``-``, any whole amount to pay: a refusal can then
say what is wrong with them); ``Move.read`` also a move in the forms the game displays
(``a1 → a4``, ``a1–a4``, ``a1a4``); ``str()`` gives the canonical form back.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.notation import from_to

from .logic import DIE, SIZE, name

ROLL, STOP, FACE, MOVE, PAY, DROP = "roll", "stop", "die", "move", "pay", "drop"


@dataclass(frozen=True, slots=True)
class Move:
    """One action: its ``kind`` (ROLL, STOP, FACE, MOVE, PAY, DROP); ``origin`` the campesino
    moved or dropped, ``target`` where it moves (squares ``y * 7 + x``, -1 where none);
    ``number`` the die's face or the habaneros paid (0 where none)."""

    kind: str
    origin: int = -1
    target: int = -1
    number: int = 0

    @classmethod
    def parse(cls, text: str) -> Move:
        """The action ``text`` names in canonical form; ValueError for anything else."""
        found = _PARSED.get(text) if isinstance(text, str) else None
        if found is not None:
            return found
        kind, colon, amount = text.partition(":") if isinstance(text, str) else ("", "", "")
        if kind == "pay" and colon and amount.isdigit() and str(int(amount)) == amount:
            return cls(PAY, number=int(amount))
        raise ValueError(f"{text!r} is not a Habanero action")

    @classmethod
    def read(cls, text: str) -> Move | None:
        """The campesino's move ``text`` stands for in a form the game displays; else None."""
        pair = from_to(text)
        return None if pair is None else _PARSED.get(f"{pair[0]}-{pair[1]}")

    @property
    def start(self) -> str:
        """The name of the campesino's square (a move's or a drop's)."""
        return name(self.origin)

    @property
    def end(self) -> str:
        """The name of a move's target."""
        return name(self.target)

    def __str__(self) -> str:
        if self.kind in (ROLL, STOP):
            return self.kind
        if self.kind == FACE:
            return f"roll:{self.number}"
        if self.kind == MOVE:
            return f"{self.start}-{self.end}"
        if self.kind == PAY:
            return f"pay:{self.number}"
        return f"drop:{self.start}"


SQUARES = range(SIZE * SIZE)
# every action with a fixed spelling made once: the hot paths look a string up
_MADE = [
    Move(ROLL),
    Move(STOP),
    *(Move(FACE, number=face) for face in DIE),
    *(Move(MOVE, origin, target) for origin in SQUARES for target in SQUARES),
    *(Move(DROP, square) for square in SQUARES),
]
_PARSED = {str(move): move for move in _MADE}
