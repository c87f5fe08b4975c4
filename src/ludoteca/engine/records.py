"""Game records: ``{game, options, actions}`` as JSON, saved, loaded and replayed exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError


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
    def of(cls, state, **meta: Any) -> Record:
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
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.loads(Path(path).read_text(encoding="utf-8"))

    def states(self, game) -> list:
        """Every state of the game, the initial one first, replayed with ``game``."""
        return list(game.replay_states(self.actions))
