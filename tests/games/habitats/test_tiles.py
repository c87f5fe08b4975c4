"""The tile set (our composition) and the market layouts, read from data."""

import dataclasses
import json
from importlib import resources
from pathlib import Path

import pytest

from ludoteca import load_game
from ludoteca.games.habitats import tile_set
from ludoteca.games.habitats.composition import summary, written_summary
from ludoteca.games.habitats.tiles import LANDSCAPES, TileSet, market_layout, sides_of


def test_112_tiles_labelled_as_our_composition():
    data = json.loads(
        resources.files("ludoteca.games.habitats").joinpath("data/tiles.json").read_text()
    )
    assert "OUR COMPOSITION" in data["_about"]
    assert tile_set().total == 112
    rationale = resources.files("ludoteca.games.habitats").joinpath("data/tiles.md").read_text()
    assert "our composition" in rationale.lower()


def test_every_animal_the_rule_text_names_is_there():
    ids = {kind.id for kind in tile_set().kinds}
    named = "salamander impala badger vulture giraffe hippo kudu bushpig otter owl meerkat"
    assert set(named.split()) | {"bee", "bumblebee", "butterfly"} <= ids


def demand(tile):
    return dict(tile_set().by_id(tile).demand)


def test_demands_agree_with_the_rule_text_examples():
    assert demand("salamander") == {"forest": 2}
    assert demand("impala") == {"grassland": 3}
    badger = tile_set().by_id("badger")
    assert badger.landscape == "grassland" and demand("badger") == {"grassland": 1, "forest": 1}
    assert demand("vulture") == {"grassland": 2, "dryland": 1}
    giraffe = tile_set().by_id("giraffe")
    assert giraffe.landscape == "grassland"
    assert demand("giraffe") == {"grassland": 1, "forest": 1, "water": 1}
    assert demand("hippo") == {"grassland": 1, "dryland": 1, "water": 2}
    assert tile_set().by_id("hippo").landscape == "water"
    otter = tile_set().by_id("otter")
    assert demand("otter") == {"forest": 3, "water": 1} and otter.vp == 4
    assert tile_set().by_id("bushpig").vp == 3 and tile_set().by_id("meerkat").vp == 2
    assert "grassland" in demand("kudu")


def test_insects_flowers_towers_tourists_roads():
    tiles = tile_set()
    assert [
        (tiles.by_id(i).flowers, tiles.by_id(i).vp) for i in ("bee", "bumblebee", "butterfly")
    ] == [
        (1, 2),
        (2, 3),
        (3, 4),
    ]
    flowers = [k for k in tiles.kinds if k.kind == "flower"]
    assert sorted(k.landscape for k in flowers) == sorted(LANDSCAPES)
    assert all(k.vp == 1 for k in flowers)
    towers = {
        k.view: (k.animal_vp, k.flower_vp, k.landscape)
        for k in tiles.kinds
        if k.kind == "watchtower"
    }
    assert towers == {
        "line": (1, 1, None),
        "diagonal": (2, 1, None),
        "adjacent": (2, 1, None),
        "around": (1, 1, None),
    }
    tourists = {(k.tourists, k.landscape) for k in tiles.kinds if k.kind == "tourist"}
    assert tourists == {(t, land) for t in ("big", "many") for land in LANDSCAPES}
    roads = {bin(k.roads).count("1"): k.vp for k in tiles.kinds if k.kind == "road"}
    assert roads == {1: 4, 2: 3, 3: 2}


def test_road_orientations_are_distinct_turns():
    tiles = tile_set()
    assert [sides_of(m) for m in tiles.by_id("road1-water").orientations] == ["N", "E", "S", "W"]
    assert [sides_of(m) for m in tiles.by_id("road2-forest").orientations] == ["NS", "EW"]
    assert len(tiles.by_id("road2-grassland").orientations) == 4
    assert tiles.by_id("meerkat").orientations == (0,)


@pytest.mark.parametrize(
    ("players", "turns"), [(2, (9, 6, 6)), (3, (8, 6, 6)), (4, (7, 6, 6)), (5, (6, 6, 6))]
)
def test_turns_per_year_and_the_market_fit_the_stock(players, turns):
    layout = market_layout(players)
    assert layout.turns == turns
    assert len(layout.figures) == players
    game = load_game("habitats", players=players)
    assert game.total_turns == players * sum(turns)
    assert len(layout.tile_spaces) + game.total_turns - 1 <= 112


def test_the_rules_doc_states_the_tile_counts_of_the_data_file():
    # docs/rules/habitats.md is rewritten by scripts/habitats_tile_counts.py from tiles.json
    doc = Path(__file__).resolve().parents[3] / "docs" / "rules" / "habitats.md"
    assert written_summary(doc.read_text(encoding="utf-8")) == summary(tile_set())


def test_the_tile_count_summary_follows_the_data():
    tiles = tile_set()
    text = summary(tiles)
    assert "Watchtowers (grey): 7 tiles" in text and "forest 27" in text
    assert "Extra access roads: 13 tiles" in text and f"{tiles.total} park tiles" in text
    fewer = tuple(
        dataclasses.replace(k, count=k.count - 1) if k.id == "tower-line" else k
        for k in tiles.kinds
    )
    assert "Watchtowers (grey): 6 tiles" in summary(TileSet(fewer, tiles.entrance))
