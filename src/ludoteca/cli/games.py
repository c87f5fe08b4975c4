"""``ludoteca games``: the games and their options."""

from __future__ import annotations

import argparse

from ludoteca import list_games

from .common import add_language, game_name, say


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser("games", help="list the games and their options")
    add_language(parser)
    parser.set_defaults(run=run)


def players_text(low: int, high: int, lang: str) -> str:
    """``1 player``, ``2 players``, ``2–4 players`` with the language's plural rules (the
    plural of a range follows its upper end: "2–4 игрока", "2–5 игроков")."""
    players = str(low) if low == high else f"{low}–{high}"
    return say(lang, "cli.games.players", players=players, n=high)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    for info in list_games():
        players = players_text(info["min_players"], info["max_players"], lang)
        name = game_name(info["id"], info["name"], lang)
        print(f"{info['id']:<10} {name:<12} {players}")
        for option in info["options"][1:]:
            if "choices" in option:
                values = ", ".join(str(c) for c in option["choices"])
            else:
                values = f"{option['minimum']}–{option['maximum']}"
            flag = "--" + option["name"].replace("_", "-")
            default = say(lang, "cli.games.default", default=option["default"])
            described = say(lang, option["help"]) if option["help"] else ""
            print(f"{'':<10} {flag} {{{values}}}  {default}  {described}".rstrip())
    return 0
