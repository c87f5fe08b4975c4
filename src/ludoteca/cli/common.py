"""What the subcommands share: the language, translated output, game options from the command line."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ludoteca import load_game
from ludoteca.engine import LANGUAGES, Game, Message, translate
from ludoteca.engine.i18n import has_key


def default_language() -> str:
    for variable in ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        code = os.environ.get(variable, "")[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=default_language(), help="language of the output"
    )


def say(lang: str, key: str, **params: Any) -> str:
    return translate(key, lang, params)


def text(message: Message | dict, lang: str) -> str:
    if isinstance(message, dict):
        return translate(message["key"], lang, message.get("params", {}))
    return message.text(lang)


def game_name(game_id: str, fallback: str, lang: str) -> str:
    key = f"{game_id}.name"
    return translate(key, lang) if has_key(key, "en") else fallback


def parse_game_options(extra: list[str]) -> dict[str, str]:
    """``--capture-chain following --level 5`` → ``{"capture_chain": "following", "level": "5"}``."""
    options: dict[str, str] = {}
    words = list(extra)
    while words:
        word = words.pop(0)
        if not word.startswith("--") or len(word) < 3:
            raise ValueError(f"unexpected argument {word!r}: game options are written --name value")
        name, _, value = word[2:].partition("=")
        if not value:
            if not words or words[0].startswith("--"):
                raise ValueError(f"option --{name} needs a value")
            value = words.pop(0)
        options[name.replace("-", "_")] = value
    return options


def make_game(game_id: str, players: int | None, extra: list[str]) -> Game:
    options: dict[str, Any] = parse_game_options(extra)
    if players is not None:
        options["players"] = players
    return load_game(game_id, **options)
