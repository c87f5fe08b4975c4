"""What the subcommands share: the language, translated output, and the game options of the
command line, generated from each game's option specs."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from ludoteca.engine import LANGUAGES, Game, Message, Option, State, translate
from ludoteca.engine.i18n import has_key
from ludoteca.games import registry

OPTION_PREFIX = "game_option_"
GAME_OVER = "core.prompt.game_over"  # the engine's end prompt, which says no reason
LONGEST_SHOWN = 40  # a typed text longer than this is shortened when it is echoed back


def default_language() -> str:
    for variable in ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        code = os.environ.get(variable, "")[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def language_of(argv: Sequence[str]) -> str:
    """The language asked for with ``--lang`` anywhere in ``argv``, else the default: the
    help texts are written before the arguments are parsed."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else None
        if word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in LANGUAGES:
            return value
    return default_language()


def add_language(parser: argparse.ArgumentParser, default: Any = None) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default_language() if default is None else default,
        help="language of the output",
    )


def say(lang: str, key: str, /, **params: Any) -> str:
    return translate(key, lang, params)


def shorten(typed: str) -> str:
    """What the person typed, shortened to be echoed in one line."""
    return typed if len(typed) <= LONGEST_SHOWN else typed[: LONGEST_SHOWN - 1] + "…"


def text(message: Message | dict, lang: str) -> str:
    if isinstance(message, dict):
        return translate(message["key"], lang, message.get("params", {}))
    return message.text(lang)


def end_words(state: State, seat: int | None) -> Message:
    """Why the game ended, as the web's end dialog says it: the game's own last words (its
    prompt at the end), else the site's word for its end reason, else "The game is over."."""
    words = state.prompt(seat)
    if words.key != GAME_OVER:
        return words
    key = f"web.end.why.{state.end_reason()}"
    return Message(key) if state.end_reason() and has_key(key, "en") else words


def game_name(game_id: str, fallback: str, lang: str) -> str:
    key = f"{game_id}.name"
    return translate(key, lang) if has_key(key, "en") else fallback


class Parser(argparse.ArgumentParser):
    """argparse with one clear, translated line for a mistake on the command line; ``games``:
    the games whose sub-commands are made (None: every registered game)."""

    lang = "en"
    games: tuple[str, ...] | None = None

    def error(self, message: str) -> NoReturn:
        print(say(self.lang, "cli.usage_error", prog=self.prog, error=message), file=sys.stderr)
        sys.exit(2)


def _allowed(spec: Option) -> str:
    if spec.choices is not None:
        return ", ".join(str(choice) for choice in spec.choices)
    return f"{spec.minimum}–{spec.maximum}"


def _converter(spec: Option) -> Callable[[str], Any]:
    def convert(value: str) -> Any:
        try:
            return spec.validate(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{shorten(value)!r} is not allowed: allowed are {_allowed(spec)}"
            ) from None

    convert.__name__ = spec.name  # argparse names the option by its converter
    return convert


def add_game_options(
    parser: argparse.ArgumentParser, game: type[Game], lang: str, skip: Sequence[str] = ()
) -> None:
    """One ``--name`` per option spec of ``game``, with its allowed values and default."""
    title = say(lang, "cli.options.title", game=game_name(game.id, game.name, lang))
    group = parser.add_argument_group(title)
    for spec in game.all_option_specs():
        if spec.name in skip or spec.minimum is not None and spec.minimum == spec.maximum:
            continue  # e.g. --players of a game with one player count
        described = say(lang, spec.help) if spec.help else ""
        default = say(lang, "cli.games.default", default=spec.default)
        group.add_argument(
            "--" + spec.name.replace("_", "-"),
            dest=OPTION_PREFIX + spec.name,
            type=_converter(spec),
            default=argparse.SUPPRESS,
            metavar="{" + _allowed(spec) + "}",
            help=f"{described} ({default})".replace("%", "%%"),
        )


def named_games(argv: Sequence[str]) -> tuple[str, ...] | None:
    """The registered game ids among the words of ``argv``; None when there is none (then
    every game gets its sub-command, so that help and mistakes list them all)."""
    named = tuple(game_id for game_id in registry.ids() if game_id in argv)
    return named or None


def add_game_parsers(
    parser: argparse.ArgumentParser,
    lang: str,
    add_common: Callable[[argparse.ArgumentParser], None],
    required: bool = True,
    skip: Sequence[str] = (),
) -> None:
    """A sub-command per registered game, each with ``add_common``'s arguments and the
    game's own options, so that ``ludoteca play <game> --help`` lists that game's options."""
    games = parser.add_subparsers(dest="game", metavar="GAME", required=required)
    named = getattr(parser, "games", None)
    for game_id in named or registry.ids():
        game = registry.game_class(game_id)
        name = game_name(game_id, game.name, lang)
        sub = games.add_parser(game_id, help=name, description=name)
        sub.set_defaults(prog=sub.prog)
        add_common(sub)
        add_game_options(sub, game, lang, skip)


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (absent ones take the game's default)."""
    return {
        name[len(OPTION_PREFIX) :]: value
        for name, value in vars(args).items()
        if name.startswith(OPTION_PREFIX)
    }


def check_writable(path: str, lang: str) -> str | None:
    """Why a file cannot be written at ``path`` (one translated line), or None."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return say(lang, "cli.save.is_folder", file=path)
    if not folder.is_dir():
        return say(lang, "cli.save.no_folder", file=path, folder=str(folder))
    if not os.access(folder, os.W_OK):
        return say(lang, "cli.save.not_writable", file=path, folder=str(folder))
    return None


class Bar:
    """A tqdm bar on stderr for a ``progress(done, total)`` callback: done of all, the rate
    in ``unit`` (a catalog key) and the time left; nothing with ``quiet``."""

    def __init__(self, lang: str, quiet: bool, unit: str):
        self.lang, self.quiet, self.unit = lang, quiet, unit
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self.bar is None:
            from tqdm import tqdm

            unit = say(self.lang, self.unit)
            self.bar = tqdm(
                total=total, initial=done, unit=f" {unit}", smoothing=0.1, file=sys.stderr
            )
            return
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
