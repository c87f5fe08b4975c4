"""Game records: ``{game, options, actions}`` as JSON, saved, loaded and replayed exactly."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import RecordError

if TYPE_CHECKING:
    from .core import Game, State

MAX_RECORD_BYTES = 16 * 1024 * 1024  # far above any real game (a long one is ~40 kB)


@dataclass
class Record:
    """What a game is: its id, its options and every action (chance included).

    ``meta`` holds what the record does not need for replay (players' names, date, result).
    """

    game: str
    options: dict[str, Any]
    actions: list[str]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> Record:
        data = state.to_json()
        return cls(data["game"], data["options"], data["actions"], dict(meta))

    def to_json(self) -> dict[str, Any]:
        data = {"game": self.game, "options": self.options, "actions": self.actions}
        if self.meta:
            data["meta"] = self.meta
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        missing = [key for key in ("game", "options", "actions") if key not in data]
        if missing:
            raise RecordError(f"missing key {missing[0]!r}")
        if not isinstance(data["game"], str):
            raise RecordError("'game' must be a string")
        if not isinstance(data["options"], dict):
            raise RecordError("'options' must be an object")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of strings")
        for step, action in enumerate(actions, start=1):
            if not isinstance(action, str):
                raise RecordError(f"action {action!r} is not a string", step)
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("'meta' must be an object")
        return cls(data["game"], dict(data["options"]), list(actions), dict(meta))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error}") from None
        except RecursionError:
            raise RecordError("not a game record: JSON nested too deeply") from None
        except ValueError as error:  # e.g. an integer of more than 4300 digits
            raise RecordError(f"not JSON: {error}") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a reader (or a crash) meets the old file or the new
        one, never half of it."""
        path = Path(path)
        temporary = None
        try:
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
            ) as handle:
                temporary = handle.name
                handle.write(self.dumps() + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            # a new record is readable like any file written by hand; a rewritten one keeps
            # its mode (the temporary file starts private)
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644)
            os.replace(temporary, path)
        except BaseException:
            if temporary is not None:
                Path(temporary).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in the file ``path``; OSError if it cannot be read, RecordError if it
        is no regular file, too big, not UTF-8 text or not a record."""
        path = Path(path)
        if not path.is_file():
            if path.exists():
                raise RecordError(f"{path} is not a regular file")
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
        if path.stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"{path} is too big for a game record (over 16 MB)")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not UTF-8 text") from None
        return cls.loads(text)

    def states(self, game: Game[Any]) -> list[State]:
        """Every state of the game, the initial one first, replayed with ``game``."""
        return list(game.replay_states(self.actions))
