"""Words for the client: observations, games and options in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from ludoteca import list_games
from ludoteca.engine import LANGUAGES, translate
from ludoteca.engine.i18n import DEFAULT_LANGUAGE, has_key, message_from_json
from ludoteca.engine.palette import colour_word
from ludoteca.games import registry

NAME_LENGTH = 64  # the longest name a record's seat may carry


def pick_language(accept_language: str | None) -> str:
    """The best of our languages for an ``Accept-Language`` header (English by default)."""
    best, best_q = DEFAULT_LANGUAGE, -1.0
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        if lang not in LANGUAGES:
            continue
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        q -= position * 1e-6  # earlier wins a tie
        if q > best_q:
            best, best_q = lang, q
    return best


def language(lang: str | None) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


_texts: dict[tuple[str, str, str], str] = {}


def _text(data: dict[str, Any], lang: str) -> str:
    """The text of a message in ``lang``; the same messages recur in every view, so cached."""
    key = (lang, data["key"], json.dumps(data["params"], sort_keys=True, default=str))
    text = _texts.get(key)
    if text is None:
        if len(_texts) > 100_000:
            _texts.clear()
        text = _texts[key] = message_from_json(data).text(lang)
    return text


def translated(data: Any, lang: str) -> Any:
    """``data`` with the text of every message ({key, params, text}) in ``lang``."""
    if lang == DEFAULT_LANGUAGE:
        return data  # the engine writes every message's text in English already
    return _translated(data, lang)


def _translated(data: Any, lang: str) -> Any:
    if isinstance(data, dict):
        if isinstance(data.get("key"), str) and "params" in data:
            return {**data, "text": _text(data, lang)}
        return {key: _translated(value, lang) for key, value in data.items()}
    if isinstance(data, list):
        return [_translated(value, lang) for value in data]
    return data


def game_title(game_id: str, lang: str) -> str:
    """The game's name in ``lang`` (its id if it has none)."""
    return _maybe(f"{game_id}.name", lang, game_id)


def _maybe(key: str, lang: str, fallback: str) -> str:
    return translate(key, lang) if has_key(key, lang) else fallback


def _plain(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return translate("web.option.yes" if value else "web.option.no", lang)
    return str(value)


def games(lang: str) -> list[dict[str, Any]]:
    """``list_games()`` with option descriptions and choice labels in ``lang``, and whether
    the game has a guided first game (``lesson``)."""
    found = []
    for info in list_games():
        game_id = info["id"]
        options = []
        for option in info["options"]:
            name = option["name"]
            entry = dict(option)
            entry["label"] = translate(option["help"], lang) if option.get("help") else name
            if "choices" in option:
                entry["choice_labels"] = [
                    _maybe(f"{game_id}.option.{name}.{value}", lang, _plain(value, lang))
                    for value in option["choices"]
                ]
            options.append(entry)
        found.append(
            {
                **info,
                "title": _maybe(f"{game_id}.name", lang, info["name"]),
                "summary": _maybe(f"{game_id}.summary", lang, ""),
                "options": options,
                "lesson": registry.traits(game_id).lesson is not None,
            }
        )
    return found


def seat_names(
    seats: Sequence[Any], lang: str = DEFAULT_LANGUAGE, palette: str | None = None
) -> list[str]:
    """What to call each seat in ``lang``: its holder's name (account or guest), a bot by its
    level ("Bot: hard"), or its colour in the viewer's ``palette`` ("Red") for a seat nobody
    named, as the picture draws it; a name two seats share is
    followed by the seat's number ("Bot: easy (2)", "Bot: easy (3)"), so every seat has its own."""
    found = []
    for seat in seats:
        if seat.name:
            found.append(seat.name)
        elif seat.kind == "bot":
            found.append(bot_label(seat.bot or "random", lang))
        else:
            found.append(translate(f"web.colour.{colour_word(seat.seat, palette)}", lang))
    return [
        translate("web.seat.numbered", lang, {"name": name, "n": seat.seat + 1})
        if found.count(name) > 1
        else name
        for seat, name in zip(seats, found, strict=True)
    ]


@dataclass(frozen=True)
class RecordSeat:
    """A seat as a record tells of it: what ``seat_names`` needs to name it as its room did."""

    seat: int
    kind: str
    bot: str | None
    name: str


def record_seats(meta: dict[str, Any], seats: int, bots: Collection[str]) -> list[RecordSeat]:
    """The seats of a record's ``meta``: its ``seats`` as the room kept them (kind, bot,
    name), where they fit the game; else its ``players``, each a name, a bot's spec (one of
    ``bots``) or "" for a guest who typed none; where neither fits, seats nobody named (named
    by their colours, as the page's score table names them)."""
    kept = meta.get("seats")
    if isinstance(kept, list) and len(kept) == seats and all(map(_kept_seat, kept)):
        return [
            RecordSeat(i, seat["kind"], seat.get("bot"), seat.get("name") or "")
            for i, seat in enumerate(kept)
        ]
    players: Any = meta.get("players")
    if not _names_of(players, seats):
        players = [""] * seats
    return [
        RecordSeat(i, "bot", name, "") if name in bots else RecordSeat(i, "person", None, name)
        for i, name in enumerate(players)
    ]


def _names_of(players: Any, seats: int) -> bool:
    """Whether a record's ``players`` are a name (or a bot's spec, or "") for each seat."""
    return (
        isinstance(players, list)
        and len(players) == seats
        and all(isinstance(name, str) and len(name) <= NAME_LENGTH for name in players)
    )


def _kept_seat(seat: Any) -> bool:
    """Whether a record's seat is one a room keeps: its kind, a bot's spec, a name."""
    return (
        isinstance(seat, dict)
        and isinstance(seat.get("kind"), str)
        and isinstance(seat.get("bot"), str | None)
        and isinstance(seat.get("name"), str | None)
        and len(seat.get("name") or "") <= NAME_LENGTH
    )


def bot_label(spec: str, lang: str) -> str:
    """A bot by its level in ``lang`` ("Bot: hard"); an unknown spec as it is."""
    return _maybe(f"web.bot.{spec.replace(':', '.')}", lang, spec)


def with_names(data: Any, names: list[str], lang: str) -> Any:
    """``data`` (an observation, its texts in ``lang``) with each seat its messages name (their
    ``Seat`` parameters) written as the seat's name; the text board is said with the names
    where it is made (``State.text_board``)."""
    given = (lang, tuple(names))

    def said(message: dict[str, Any]) -> str:
        if not _names_a_seat(message):
            return message["text"]
        # the log repeats its lines in every view of every move: each line is named once
        key = (given, message["key"], message["text"])
        text = _said.get(key)
        if text is None:
            if len(_said) > 100_000:
                _said.clear()
            text = _said[key] = message_from_json(message).text(lang, names)
        return text

    return _renamed(data, said)


def names_no_seat(data: Any) -> bool:
    """Whether no message in ``data`` (JSON-able) names a seat, read in its JSON text: a seat
    named is a dict of that one key, always written ``{"seat":``. Writing the JSON in C is
    several times cheaper than walking ``data`` in Python (``with_names`` of an observation
    was a fifth of a view's cost, issue 30); a false alarm only costs the walk."""
    return b'{"seat":' not in orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def _names_a_seat(message: dict[str, Any]) -> bool:
    """Whether a message's JSON names a seat (``{"seat": n}``), read without rebuilding it:
    most messages (legal actions' labels) name none."""
    for value in message.get("params", {}).values():
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, dict) and (
                item.keys() == {"seat"} or ("key" in item and _names_a_seat(item))
            ):
                return True
    return False


def _renamed(data: Any, said: Callable[[dict[str, Any]], str]) -> Any:
    # only containers are walked into (a call per number and word was most of the time)
    if isinstance(data, dict):
        if isinstance(data.get("key"), str) and isinstance(data.get("text"), str):
            return {**data, "text": said(data)}
        return {
            key: _renamed(value, said) if isinstance(value, dict | list) else value
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [
            _renamed(value, said) if isinstance(value, dict | list) else value for value in data
        ]
    return data


# a message's text with the seats' names, by (language, names), key and text: the text (in
# the view's language, each seat written "Player N") with the key tells the seats it names
_said: dict[tuple[tuple[str, tuple[str, ...]], str, str], str] = {}
