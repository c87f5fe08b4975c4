"""Ludoteca: tabletop games with real rules and real bots (the games: ``ludoteca.games``)."""

import os
from typing import Any

from .engine import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalAction,
    Message,
    Record,
    RecordError,
    State,
)
from .games import registry

__version__ = "0.1.0"


def load_game(game_id: str, /, **options: Any) -> Game:
    """The game ``game_id`` with ``options``; ValueError names an unknown game or option."""
    return registry.load(game_id, **options)


def list_games() -> list[dict[str, Any]]:
    """Every registered game: id, name, player range and options with defaults and values."""
    return registry.infos()


def load_record(record: Record | dict | str | os.PathLike[str]) -> State:
    """The final state of a record (a Record, its JSON dict, or a file path); RecordError for
    anything else."""
    if isinstance(record, (str, os.PathLike)):
        record = Record.load(os.fspath(record))
    elif isinstance(record, dict):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        raise RecordError(
            f"a record is a Record, its JSON object or a file's path, not {type(record).__name__}"
        )
    try:
        game = load_game(record.game, **record.options)
    except ValueError as error:
        raise RecordError(str(error)) from None
    return game.replay(record.actions)


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalAction",
    "Message",
    "Record",
    "RecordError",
    "State",
    "list_games",
    "load_game",
    "load_record",
]
