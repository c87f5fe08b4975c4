"""A Bohnen action as a typed move: the letter of the pit sown from (``"C"``), or on a grand
slam the pit its owner keeps (``"leave:c"``). ``Move.parse`` reads the notation once and
``str`` writes it back; ``id`` is the action's index in ``all_actions()``, the compiled core's
action (a pit, or 12 + the pit left)."""

from __future__ import annotations

from dataclasses import dataclass

from .board import PIT_NAMES, PITS

LEAVE = "leave:"


@dataclass(frozen=True, slots=True)
class Move:
    """Sow from ``pit`` (0 is ``A``), or with ``leave`` leave ``pit`` to its owner."""

    pit: int
    leave: bool = False

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move of an action string; ValueError if it is none."""
        move = MOVES.get(text) if isinstance(text, str) else None
        if move is None:
            raise ValueError(f"not a Bohnen action: {text!r}")
        return move

    @classmethod
    def from_id(cls, action: int) -> Move:
        """The move of a core action (``id``)."""
        return ALL_MOVES[action]

    @property
    def id(self) -> int:
        return self.pit + PITS * self.leave

    @property
    def name(self) -> str:
        """The pit's letter."""
        return PIT_NAMES[self.pit]

    def __str__(self) -> str:
        return LEAVE + self.name if self.leave else self.name


# every action, in the order of ``all_actions()`` (its index is the move's id)
ALL_MOVES = tuple(Move(pit) for pit in range(PITS)) + tuple(
    Move(pit, leave=True) for pit in range(PITS)
)
MOVES = {str(move): move for move in ALL_MOVES}
# an action string's id, for the hot path (one look-up)
IDS = {str(move): move.id for move in ALL_MOVES}

# The legal pit letters of each playable-pits mask (the core's bit p is pit p), made on demand
# (``PIT_ACTIONS[mask] or pit_actions(mask)``: one look-up where they were made before).
PIT_ACTIONS: list[tuple[str, ...] | None] = [None] * (1 << PITS)


def pit_actions(mask: int) -> tuple[str, ...]:
    """The sowing actions of the pits of ``mask``, in pit order (shared: read only)."""
    actions = PIT_ACTIONS[mask]
    if actions is None:
        actions = PIT_ACTIONS[mask] = tuple(PIT_NAMES[p] for p in range(PITS) if mask >> p & 1)
    return actions


def leave_actions(pits: list[int]) -> list[str]:
    """The ``leave:`` actions of ``pits``."""
    return [str(ALL_MOVES[PITS + pit]) for pit in pits]
