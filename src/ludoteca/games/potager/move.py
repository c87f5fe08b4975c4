"""A Potager action, parsed once: ``Move.parse("move:b1-c2")`` and ``str(move)`` back.

The notation (the strings of ``PotagerGame.all_actions()``)::

    draw:<kind>                   chance fills the trampoline
    take:<slot>                   a token from hedge slot 1-5
    place:<space> | mole:<space>  the token in hand onto the own garden, or (a tool token)
                                  mole side up onto the opponent's
    harvest:<pattern>:<s1,s2,…>   a bed, its spaces in SPACES order
    move:<from>-<to>              the wheelbarrow, in the own garden
    flip:g<seat>-<space>          the watering can, in seat's garden
    tool:<tool>                   use a tool (the gnome's bonus, the toolbox)
    send:<from>-<to>              the gnome sends an own mole to the opponent's garden
    swap:<k>                      the golden shovel swaps slots k and k + 1
    poison:<vegetable>            the poison clears that vegetable from the hedge
    hose:<column>                 the hose flips a column
    skip                          leave a tool step or the gnome's bonus unused
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ludoteca.engine import Message

from .board import COLUMNS, INDEX, KINDS, SPACE_TOOLS, TOKEN_TOOLS, VEGETABLES, pattern_by_id

HEDGE_SLOTS = 5
TOOLS = (*SPACE_TOOLS, *TOKEN_TOOLS)  # in the core's order (core.GLOVES …)
ON_SPACE = ("place", "mole")
TWO_SPACES = ("move", "send")
# the kinds whose one argument is a name, and the names allowed
NAMED = {"draw": KINDS, "tool": TOOLS, "poison": VEGETABLES, "hose": tuple(COLUMNS)}


class BadMove(ValueError):
    """Text that is not a Potager action; ``reason`` says why where it can (None: it is no
    action at all)."""

    def __init__(self, text: str, reason: Message | None = None):
        super().__init__(f"not a Potager action: {text!r}")
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Move:
    """One action. ``name``: the kind drawn, the tool, the vegetable poisoned, the column
    hosed or the pattern harvested; ``slot``: the hedge slot taken or the first one swapped;
    ``garden``: the seat whose garden the can waters; ``spaces``: where (one space, a
    move's source and target, a bed's spaces)."""

    kind: str
    name: str = ""
    slot: int = 0
    garden: int = -1
    spaces: tuple[str, ...] = ()

    @staticmethod
    def parse(text: str) -> Move:
        """The move ``text`` names (BadMove if none)."""
        return _parse(text)

    @property
    def space(self) -> str:
        """The one space of a placement, a mole or a flip; a move's source."""
        return self.spaces[0]

    @property
    def target(self) -> str:
        return self.spaces[1]

    def __str__(self) -> str:
        kind = self.kind
        if kind == "skip":
            return kind
        if kind in ("take", "swap"):
            return f"{kind}:{self.slot}"
        if kind in ON_SPACE:
            return f"{kind}:{self.space}"
        if kind in TWO_SPACES:
            return f"{kind}:{self.space}-{self.target}"
        if kind == "flip":
            return f"flip:g{self.garden}-{self.space}"
        if kind == "harvest":
            return f"harvest:{self.name}:{','.join(self.spaces)}"
        return f"{kind}:{self.name}"


@lru_cache(maxsize=1 << 14)
def _parse(text: str) -> Move:
    if text == "skip":
        return Move("skip")
    kind, _, argument = text.partition(":")
    if kind in NAMED:
        if argument not in NAMED[kind]:
            raise BadMove(text)
        return Move(kind, name=argument)
    if kind in ("take", "swap"):
        slots = range(1, HEDGE_SLOTS + (kind == "take"))
        if argument not in {str(k) for k in slots}:
            raise BadMove(text, Message("potager.illegal.no_slot", {"slot": argument}))
        return Move(kind, slot=int(argument))
    if kind in ON_SPACE:
        return Move(kind, spaces=(_space(text, argument),))
    if kind in TWO_SPACES:
        source, _, target = argument.partition("-")
        return Move(kind, spaces=(_space(text, source), _space(text, target)))
    if kind == "flip":
        garden, _, space = argument.partition("-")
        if garden not in ("g0", "g1"):
            raise BadMove(text)
        return Move(kind, garden=int(garden[1]), spaces=(_space(text, space),))
    if kind == "harvest":
        pattern, _, cells = argument.partition(":")
        if pattern not in pattern_by_id():
            raise BadMove(text, Message("potager.illegal.unknown_pattern", {"pattern": pattern}))
        spaces = tuple(cells.split(","))
        if any(space not in INDEX for space in spaces):
            raise BadMove(text, Message("potager.illegal.not_space", {"space": cells}))
        return Move(kind, name=pattern, spaces=spaces)
    raise BadMove(text)


def _space(text: str, space: str) -> str:
    if space not in INDEX:
        raise BadMove(text, Message("potager.illegal.not_space", {"space": space}))
    return space


def canonical(typed: str) -> str:
    """The notation of a typed action: ``move:b1–c2`` or ``move: b1 → c2`` (a dash or an
    arrow, spaces) stand for ``move:b1-c2``; ``harvest:potato-1:c4, d4`` for
    ``harvest:potato-1:c4,d4``."""
    text = re.sub(r"\s*(?:->|[–—→−])\s*", "-", typed.strip())
    return re.sub(r"\s*([:,-])\s*", r"\1", text)
