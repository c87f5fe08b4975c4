"""Hints for the player to move: the game's own advice where it has some."""

from __future__ import annotations

from typing import Any

from ludoteca.engine import State


def hint(state: State, seat: int) -> dict[str, Any] | None:
    """``{"action", "value", "reason": Message, "overlay": {...}}`` for ``seat``, or None."""
    if state.current_player != seat:
        return None
    return state.game.hint(state, seat)
