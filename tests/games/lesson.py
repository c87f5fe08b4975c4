"""A game's guided first game for its tests: the position where a step waits, the earlier
steps played by their first expected actions."""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.engine.lessons import Lesson, paths, position
from ludoteca.games import registry


def lesson_of(game_id: str) -> Lesson:
    lesson = registry.traits(game_id).lesson
    assert lesson is not None, f"{game_id} declares no lesson"
    return lesson


def at_step(game_id: str, step: int) -> Any:
    """The position where step ``step`` (counted from 1) of ``game_id``'s lesson waits."""
    lesson = lesson_of(game_id)
    asked = sum(lesson.asks(i) for i in range(step - 1))
    chosen = next(paths(lesson))[:asked]
    return position(load_game(game_id, **lesson.options), lesson, step - 1, chosen)
