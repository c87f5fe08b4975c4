"""What a watcher is sent: each distinct view of a room rendered once per change.

Watchers share a view when they share its key (seat, language, pictures or not, hint or
not). The presenter keeps the rendered JSON text of each key for the room's current position,
so a change costs one rendering per distinct key, not one per watcher."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import orjson

from ludoteca.engine import Game, State
from ludoteca.engine.i18n import DEFAULT_LANGUAGE
from ludoteca.engine.palette import DEFAULT as DEFAULT_PALETTE
from ludoteca.engine.parts import Hint, Overlay
from ludoteca.games import registry

from . import workers
from .room import Room
from .words import names_no_seat, seat_names, translated, with_names


@dataclass(frozen=True)
class ViewKey:
    seat: int | None
    lang: str
    views: bool  # with the SVG picture
    hint: bool  # with the hint of the seat to move
    narrow: bool = False  # for a phone's screen (Overlay.narrow)
    palette: str = DEFAULT_PALETTE  # the viewer's seat colours (Overlay.palette)


def picture(
    game: Game[Any],
    state: State,
    seat: int | None,
    lang: str,
    overlay: Overlay | None,
    names: list[str] | None = None,
    narrow: bool = False,
    palette: str = DEFAULT_PALETTE,
) -> str | None:
    """The game's picture of ``state`` for ``seat`` in ``lang`` with ``overlay`` drawn (a
    shown hint's, an analysis's best move) and the seats' ``names`` in the viewer's ``palette``
    (None for a game without a view). A game of one seat gets no overlay for names alone: a
    view may take any overlay as the wish to see its aids."""
    view = registry.view(game.id)
    if view is None:
        return None
    if names and game.num_players > 1:
        overlay = replace(overlay, names=tuple(names)) if overlay else Overlay(names=tuple(names))
    if narrow:
        overlay = replace(overlay, narrow=True) if overlay else Overlay(narrow=True)
    if palette != DEFAULT_PALETTE:
        overlay = replace(overlay, palette=palette) if overlay else Overlay(palette=palette)
    return view.svg(state, seat, lang=lang, overlay=overlay)


WORDS_KEPT = 1000  # named parts a presenter keeps (some hundred changes' log lines)
ENDING_CHECK_LIMIT = 16  # a choice among this few actions is checked for one that ends the game


def described(
    state: State,
    observation: dict[str, Any],
    lang: str,
    board: str | None = None,
    names: Sequence[str] = (),
) -> dict[str, Any]:
    """``observation`` with what the page tells in words besides the picture: ``text`` (the
    text board, for screen readers, its seats written as their ``names``), ``end_reason``
    (the game's key of why it ended, or None) and, on each legal action that ends the game at once while other actions would
    not (a stop in a game of pushing one's luck), ``ends: true``, so the page can ask before
    sending it. ``board``: the text board, when the caller has it already (it is the same for
    every seat)."""
    observation["text"] = state.text_board(lang, names) if board is None else board
    observation["end_reason"] = state.end_reason()
    legal = observation.get("legal") or []
    if 1 < len(legal) <= ENDING_CHECK_LIMIT:
        ending = [state.successor(entry["action"]).is_terminal() for entry in legal]
        if any(ending) and not all(ending):
            for entry, ends in zip(legal, ending, strict=True):
                if ends:
                    entry["ends"] = True
    return observation


def dumps(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text (UTF-8 as is). orjson: the standard library's encoder
    was a tenth of the server's time a move (issue 30); a key that is not a string is written
    as one, as ``json`` does."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Presenter:
    def __init__(self, room: Room):
        self.room = room
        self._at: tuple[int, int] = (-1, -1)
        self._texts: dict[ViewKey, str] = {}
        # what is the same for every seat, built once a change: the seats' names and the text
        # board by language and palette, the room's public part
        self._boards: dict[tuple[str, str], str] = {}
        self._names: dict[tuple[str, str], list[str]] = {}
        self._public: dict[str, Any] | None = None
        # the observation's parts that are one object for every seat (the game's public
        # part, the log's lines), translated and named once: id -> (part, words); kept over
        # changes, since a log line stays one object from move to move (``State._last_lines``)
        self._words: dict[tuple[int, str, tuple[str, ...]], tuple[Any, Any]] = {}
        self.renders = 0  # views rendered, for the tests and the load figure

    def text(self, key: ViewKey, found: Hint | None = None) -> str:
        """The JSON text of ``key``'s view of the room as it is now (rendered once)."""
        self._fresh()
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = dumps(self.render(key, found))
        return text

    def _fresh(self) -> None:
        """Forget what was built for an earlier position (or presence) of the room."""
        at = (self.room.version, self.room.presence)
        if at != self._at:
            self._at, self._texts, self._boards, self._names = at, {}, {}, {}
            self._public = None
            if len(self._words) > WORDS_KEPT:
                self._words = {}

    def render(self, key: ViewKey, found: Hint | None = None) -> dict[str, Any]:
        room, state, seat = self.room, self.room.state, key.seat
        self._fresh()
        self.renders += 1
        named = (key.lang, key.palette)
        names = self._names.get(named)
        if names is None:
            names = self._names[named] = seat_names(room.seats, key.lang, key.palette)
        board = self._boards.get(named)
        if board is None:
            board = self._boards[named] = state.text_board(key.lang, names)
        if self._public is None:
            self._public = room.public()
        observed = self._said(state.observation(seat), key.lang, names)
        observation = described(state, observed, key.lang, board)
        message: dict[str, Any] = {
            "type": "state",
            "room": self._public,
            "move": room.version,
            "seat": seat,
            "names": names,
            "observation": observation,
            "can_undo": room.can_undo(seat),
            "can_take_back": room.may_take_back(seat),
            "hint": workers.hint_to_json(found, key.lang) if key.hint else None,
        }
        if key.views:
            overlay = found.overlay if found else None
            message["svg"] = picture(
                room.game, state, seat, key.lang, overlay, names, key.narrow, key.palette
            )
        return message

    def _said(self, observed: dict[str, Any], lang: str, names: list[str]) -> dict[str, Any]:
        """``observed`` translated and with the seats' names (``with_names``), each part
        shared by every seat's observation (the same object) done once a change."""
        said: dict[str, Any] = {}
        for name, value in observed.items():
            if isinstance(value, list):
                said[name] = [self._part(part, lang, names) for part in value]
            elif isinstance(value, dict):
                said[name] = self._part(value, lang, names)
            else:
                said[name] = value
        return said

    def _part(self, part: Any, lang: str, names: list[str]) -> Any:
        if not isinstance(part, dict | list):
            return part
        key = (id(part), lang, tuple(names))
        found = self._words.get(key)
        if found is None or found[0] is not part:  # kept with its part: its id is not reused
            if lang == DEFAULT_LANGUAGE and names_no_seat(part):
                words = part  # nothing to translate (the engine writes English) nor to name
            else:
                words = with_names({"part": translated(part, lang)}, names, lang)["part"]
            found = self._words[key] = (part, words)
        return found[1]

    def presence(self) -> str:
        room = self.room
        online, spectators = room.online(), room.spectators()
        claim_at = room.claim_at()  # a seat gone: its loss may be claimed from then on
        return dumps(
            {"type": "presence", "online": online, "spectators": spectators, "claim_at": claim_at}
        )
