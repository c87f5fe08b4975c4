"""Message catalogs: every user-visible string is a key looked up in en, de, fr and ru.

A key's first dotted part is its domain (``core.prompt.your_move`` → ``core``); each domain is
a folder holding ``en.po``, ``de.po``, ``fr.po`` and ``ru.po`` whose msgids are the keys.
Parameters are filled with ``str.format``; a parameter that is itself a :class:`Message` is
translated first, a :class:`Seat` is written as the seat's name where the message is said with
the room's names (else "Player N"), a tuple of them is their texts joined by commas ("Ana,
Player 3"), and a ``n`` parameter picks the plural form where the catalog has one.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "de", "fr", "ru")
DEFAULT_LANGUAGE = "en"

# The registered domains; the games' are registered by the registry when it loads them. A
# domain not registered is the ``locale/`` folder of the package ``ludoteca.<domain>``.
_domains: dict[str, Path] = {"core": Path(__file__).parent / "locale"}
_PACKAGE_ROOT = Path(__file__).parent.parent


def register_domain(name: str, directory: str | Path) -> None:
    """Make the catalogs in ``directory`` answer for keys ``name.*``."""
    _domains[name] = Path(directory)
    _translations.cache_clear()
    _lookup.cache_clear()


def domains() -> dict[str, Path]:
    """Every domain known now: those registered and those of the ``ludoteca`` packages."""
    found = {
        folder.name: folder / "locale"
        for folder in sorted(_PACKAGE_ROOT.iterdir())
        if (folder / "locale").is_dir() and (folder / "__init__.py").exists()
    }
    return {**found, **_domains}


def _folder(domain: str) -> Path | None:
    if domain in _domains:
        return _domains[domain]
    package = _PACKAGE_ROOT / domain
    return package / "locale" if (package / "__init__.py").exists() else None


def read_catalog(domain: str, lang: str) -> Catalog:
    """The Babel catalog of one domain and language (for tests and tools)."""
    folder = _folder(domain)
    if folder is None:
        raise KeyError(f"unknown message domain {domain!r}")
    path = folder / f"{lang}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


@cache
def _translations(domain: str, lang: str) -> gettext.NullTranslations:
    folder = _folder(domain)
    if folder is None or not (folder / f"{lang}.po").exists():
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(domain, lang))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def has_key(key: str, lang: str) -> bool:
    domain = key.split(".", 1)[0]
    translations = _translations(domain, lang)
    catalog = getattr(translations, "_catalog", {})
    return key in catalog or (key, 0) in catalog


@lru_cache(maxsize=65536)  # the catalogs do not change once read: a key's text neither
def _lookup(key: str, lang: str, count: int | None) -> str | None:
    domain = key.split(".", 1)[0]
    for language in (lang, DEFAULT_LANGUAGE):
        if not has_key(key, language):
            continue
        translations = _translations(domain, language)
        catalog: dict[Any, str] = getattr(translations, "_catalog", {})  # gettext's own table
        if count is not None and (key, 0) in catalog:
            return translations.ngettext(key, key, count)
        text = translations.gettext(key)
        if text != key or (key, 0) not in catalog:
            return text
        return translations.ngettext(key, key, 1)
    return None


class _Lenient(dict[str, Any]):
    """Leaves a placeholder the parameters do not fill as it is, rather than failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def translate(
    key: str,
    lang: str = DEFAULT_LANGUAGE,
    params: dict[str, Any] | None = None,
    names: Sequence[str] = (),
) -> str:
    """The text of ``key`` in ``lang`` (English if missing there, the key itself if missing);
    a seat it names is written as its name in ``names`` where one is given."""
    if not params:
        return _filled(key, lang, (), (), ())
    try:  # the same text is asked for again and again (labels, prompts): once is enough
        # with the values' types, as 1, 1.0 and True are equal keys but not equal words
        return _filled(
            key, lang, tuple(params.items()), tuple(map(type, params.values())), tuple(names)
        )
    except TypeError:  # a parameter that cannot be a key (a Message with its dict)
        return _translate(key, lang, params, names)


@lru_cache(maxsize=65536)
def _filled(
    key: str,
    lang: str,
    params: tuple[tuple[str, Any], ...],
    _types: tuple[type, ...],
    names: tuple[str, ...],
) -> str:
    return _translate(key, lang, dict(params), names)


def _translate(
    key: str, lang: str, params: dict[str, Any] | None, names: Sequence[str] = ()
) -> str:
    params = {name: _said(value, lang, names) for name, value in (params or {}).items()}
    count = params.get("n") if isinstance(params.get("n"), int) else None
    text = _lookup(key, lang if lang in LANGUAGES else DEFAULT_LANGUAGE, count)
    if text is None:
        return key
    return text.format_map(_Lenient(params))


def _said(value: Any, lang: str, names: Sequence[str]) -> Any:
    """A parameter's value as its message says it: a message or seat by its text, a tuple
    of them by their texts joined by commas."""
    if isinstance(value, Message | Seat):
        return value.text(lang, names)
    if _many(value):
        return ", ".join(item.text(lang, names) for item in value)
    return value


def _many(value: Any) -> bool:
    """Whether a parameter is a tuple of messages or seats (a list of them in JSON)."""
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], Message | Seat)


@dataclass(frozen=True)
class Seat:
    """A seat a message names (``index`` 0 for the first): its text is the room's name for
    the seat when the message is said with names, else "Player N" in the reader's language.
    In a message's JSON it is ``{"seat": index}``."""

    index: int

    def text(self, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] = ()) -> str:
        given = names[self.index].strip() if 0 <= self.index < len(names) else ""
        return given or translate("core.player", lang, {"player": self.index + 1})


@dataclass(frozen=True)
class Message:
    """A translatable text: a catalog key and its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] = ()) -> str:
        """The text in ``lang``, each seat it names written as its name in ``names``."""
        return translate(self.key, lang, self.params, names)

    def to_json(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        filled: dict[str, Any] = {}  # the parameters for the text, a message by its text
        for name, value in self.params.items():
            if _many(value):
                params[name] = [_param_json(item) for item in value]
                filled[name] = _said(value, DEFAULT_LANGUAGE, ())
            elif isinstance(value, Message):
                params[name] = value.to_json()
                filled[name] = params[name]["text"]  # translated once, not again per level
            elif isinstance(value, Seat):
                params[name] = _param_json(value)
                filled[name] = value.text()
            else:
                params[name] = filled[name] = value
        return {"key": self.key, "params": params, "text": translate(self.key, params=filled)}

    def __str__(self) -> str:
        return self.text()


def _param_json(value: Message | Seat) -> dict[str, Any]:
    """A message's JSON, or a seat's: ``{"seat": index}``."""
    return value.to_json() if isinstance(value, Message) else {"seat": value.index}


def message_from_json(data: dict[str, Any]) -> Message:
    return Message(
        data["key"], {name: _param(value) for name, value in data.get("params", {}).items()}
    )


def _param(value: Any) -> Any:
    if isinstance(value, dict) and "key" in value:
        return message_from_json(value)
    if isinstance(value, dict) and value.keys() == {"seat"}:
        return Seat(value["seat"])
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return tuple(_param(item) for item in value)
    return value
