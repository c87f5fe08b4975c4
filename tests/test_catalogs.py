"""Every catalog has every key in all four languages, with the same parameters."""

import string

import pytest

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
