"""What a watcher is sent: each distinct view of a room rendered once per change.

Watchers share a view when they share its key (seat, language, pictures or not, hint or
not). The presenter keeps the rendered JSON text of each key for the room's current position,
so a change costs one rendering per distinct key, not one per watcher."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from . import workers
from .room import Room
from .words import translated


@dataclass(frozen=True)
class ViewKey:
    seat: int | None
    lang: str
    views: bool  # with the SVG picture
    hint: bool  # with the hint of the seat to move


def picture_hints(found: dict | None, lang: str) -> dict[str, Any]:
    """What a game's ``svg`` gets as ``hints``: the language of its words and, when a hint is
    shown, the hint itself with its overlay keys also at the top level (views read either)."""
    if not found:
        return {"lang": lang}
    overlay = found.get("overlay")
    if not isinstance(overlay, dict):
        overlay = {}
    return {**overlay, **found, "lang": lang}


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class Presenter:
    def __init__(self, room: Room):
        self.room = room
        self._at: tuple[int, int] = (-1, -1)
        self._texts: dict[ViewKey, str] = {}
        self.renders = 0  # views rendered, for the tests and the load figure

    def text(self, key: ViewKey, found: dict | None = None) -> str:
        """The JSON text of ``key``'s view of the room as it is now (rendered once)."""
        at = (self.room.version, self.room.presence)
        if at != self._at:
            self._at, self._texts = at, {}
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = dumps(self.render(key, found))
        return text

    def render(self, key: ViewKey, found: dict | None = None) -> dict[str, Any]:
        room, state, seat = self.room, self.room.state, key.seat
        self.renders += 1
        message: dict[str, Any] = {
            "type": "state",
            "room": room.public(),
            "move": room.version,
            "seat": seat,
            "observation": translated(state.observation(seat), key.lang),
            "can_undo": room.can_undo(seat),
            "hint": workers.hint_to_json(found, key.lang) if key.hint else None,
        }
        if key.views:
            try:
                message["svg"] = room.game.svg(state, seat, picture_hints(found, key.lang))
            except NotImplementedError:
                message["svg"] = None
        return message

    def presence(self) -> str:
        room = self.room
        spectators = sum(1 for w in room.watchers if w.seat is None)
        return dumps({"type": "presence", "online": room.online(), "spectators": spectators})
