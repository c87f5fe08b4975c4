"""Every message key the Habitats code uses exists in all four languages."""

import re
from pathlib import Path

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import has_key
from ludoteca.games.habitats import goals, tile_set

load_game("habitats")  # registers the catalogs
SOURCE = Path(__file__).parents[3] / "src" / "ludoteca" / "games" / "habitats"


def used_keys():
    keys = set()
    for path in SOURCE.glob("*.py"):
        keys |= set(re.findall(r'"(habitats\.[a-z_]+\.[a-z_]+)"', path.read_text()))
    tiles = [kind.id for kind in tile_set().kinds]
    keys |= {f"habitats.tile.{t}" for t in [*tiles, "entrance"]}
    keys |= {f"habitats.log.drawn.{t}" for t in tiles}
    keys |= {f"habitats.goal.{g}" for g in goals.GOALS}
    keys |= {f"habitats.log.goal.{g}" for g in goals.GOALS}
    return sorted(keys)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_used_key_is_translated(lang):
    keys = used_keys()
    assert len(keys) > 150
    missing = [key for key in keys if not has_key(key, lang)]
    assert not missing
