"""Every catalog has every key in all four languages, with the same parameters, in one register."""

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ludoteca import list_games
from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import domains, read_catalog

list_games()  # the registry registers every game's catalogs; the packages' are found by folder


def test_every_domain_is_found():
    assert {"core", "bots", "cli", "lab", "web", *(g["id"] for g in list_games())} <= set(domains())


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("domain", sorted(domains()))
def test_catalogs_agree(domain):
    catalogs = {lang: read_catalog(domain, lang) for lang in LANGUAGES}
    keys = {
        lang: {m.id if isinstance(m.id, str) else m.id[0] for m in c if m.id}
        for lang, c in catalogs.items()
    }
    assert keys["en"], f"{domain}: empty English catalog"
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], f"{domain}/{lang}: {sorted(keys[lang] ^ keys['en'])[:8]}"
    for message in catalogs["en"]:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        english = message.string if isinstance(message.string, str) else message.string[0]
        for lang in LANGUAGES:
            other = catalogs[lang].get(key)
            texts = [other.string] if isinstance(other.string, str) else list(other.string)
            assert all(texts), f"{domain}/{lang}: {key} is untranslated"
            for text in texts:
                assert _fields(text) <= _fields(english) | {"n"}, f"{domain}/{lang}: {key} params"


# The register: every catalog and rules page addresses the player formally (German "Sie",
# French "vous", Russian "вы"; docs/adding-a-game.md). These are the informal words that crept
# in before: pronouns and possessives, and the imperatives and verb forms the games used. Words
# that are also nouns or third persons in their language ("Spiel", "Fang", "Baue", "joue",
# "place", "pose") are left out, so that a hit is always a real slip.
_INFORMAL = {
    "de": (
        r"du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer"
        r"|hast|bist|kannst|musst|darfst|willst|nimm|wähle|zieh|wirf|lege|gib|sieh|lass|finde"
        r"|such|halte|bring|schreib|schreibe|klick|klicke|frag|rette|verlass|nenne|beende"
        r"|öffne|nutze|sende|verteile|verbinde|friss"
    ),
    "fr": (
        r"tu|toi|ton|ta|tes|te|t['’]\w+|prends|choisis|fais|écris|mets|attends|peux|dois|veux|vois"
        r"|sais|\w+[^z\W]-(?:la|le|les|en)"
    ),
    "ru": (
        r"ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоего|твоей|твоему|твоим|твоих|твоими"
        r"|твою|можешь|сможешь|хочешь|сходи|выбери|возьми|брось|найди|напиши|доведи|обойди"
        r"|перескочи|уйди|держись|поймай|подкрадись|спаси|съешь|положи|нажми|переверни|собери"
    ),
}
# Whole words only (Russian "вы" words start with "вы-"); an all-capital word is an abbreviation
# (Potager's "TU" hose, "TA" mole), not a pronoun.
_MARKERS = {
    lang: re.compile(rf"(?<![\w'’-])(?:{words})(?![\w'’-])", re.IGNORECASE)
    for lang, words in _INFORMAL.items()
}
_ROOT = Path(__file__).parent.parent


def informal_words(lang, text):
    """The informal-register words of ``lang`` in ``text``."""
    return [m.group() for m in _MARKERS[lang].finditer(text) if not m.group().isupper()]


def test_informal_words_are_found_and_formal_ones_pass():
    assert informal_words("de", "Nimm ein Plättchen für deinen Park.") == ["Nimm", "deinen"]
    assert informal_words("de", "Nehmen Sie ein Plättchen für Ihren Park. Spiel starten") == []
    assert informal_words("fr", "Prends une tuile, pose-la dans ton parc, t’as vu.") == [
        "Prends",
        "pose-la",
        "ton",
        "t’as",
    ]
    assert informal_words("fr", "Prenez une tuile, puis posez-la dans votre parc (TU).") == []
    assert informal_words("ru", "Сходи зайцем, если ты можешь.") == ["Сходи", "ты", "можешь"]
    assert informal_words("ru", "Сходите зайцем, если вы можете. Выберите лунку.") == []


def _texts(path):
    with path.open("rb") as file:
        for message in read_po(file):
            if message.id:
                strings = [message.string] if isinstance(message.string, str) else message.string
                key = message.id if isinstance(message.id, str) else message.id[0]
                yield from ((key, text) for text in strings)


def _files(*patterns):
    return sorted(p for pattern in patterns for p in _ROOT.glob(pattern) if p.stem in _INFORMAL)


_CATALOGS = _files("src/**/locale/*.po", "tests/**/locale/*.po")
_RULES = _files("src/**/rules/*.md", "tests/**/rules/*.md")


@pytest.mark.parametrize("path", _CATALOGS, ids=lambda p: str(p.relative_to(_ROOT)))
def test_catalogs_address_the_player_formally(path):
    slips = [(key, informal_words(path.stem, text)) for key, text in _texts(path)]
    assert [slip for slip in slips if slip[1]] == []


@pytest.mark.parametrize("path", _RULES, ids=lambda p: str(p.relative_to(_ROOT)))
def test_rules_pages_address_the_reader_formally(path):
    lines = path.read_text("utf-8").splitlines()
    slips = [(n, informal_words(path.stem, line)) for n, line in enumerate(lines, 1)]
    assert [slip for slip in slips if slip[1]] == []


def test_every_catalog_and_rules_page_is_checked_for_its_register():
    assert len(_CATALOGS) >= 3 * 10 and len(_RULES) >= 3 * 6
