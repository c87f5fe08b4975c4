"""Errors raised by the engine: each says what was refused and why."""

from __future__ import annotations

from typing import Any


class LudotecaError(Exception):
    """Base class of every error the package raises on purpose."""


class IllegalAction(LudotecaError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state it was applied to is unchanged. ``key`` and ``params`` name the reason as a
    translatable message; ``str(error)`` is the English text.
    """

    def __init__(
        self,
        action: Any,
        seat: int,
        reason: str,
        key: str = "",
        params: dict[str, Any] | None = None,
    ):
        self.action = action
        self.seat = seat
        self.reason = reason
        self.key = key
        self.params = dict(params or {})
        super().__init__(f"illegal action {action!r} for seat {seat}: {reason}")


class RecordError(LudotecaError, ValueError):
    """A game record that is malformed or does not replay; ``step`` is 1-based, or None."""

    def __init__(self, message: str, step: int | None = None):
        self.step = step
        where = f"step {step}: " if step is not None else ""
        super().__init__(f"bad game record: {where}{message}")
