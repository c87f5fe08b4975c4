"""The rule text's "Park Score Example": every line of it, and the total of 37."""

from .helpers import EXAMPLE, park, scores_by_tile

LINES = {
    "kudu": 0,  # missing adjacent grassland
    "road2-grassland": 0,  # one open side without a tile
    "bushpig": 3,
    "big-forest": 2,  # a 3-tile forest area, itself not counted
    "bumblebee": 3,  # two connected flowers next to it
    "flower-forest": 1,
    "flower-grassland": 1,
    "tower-adjacent": 3,  # meerkat 2 + forest flower 1
    "many-grassland": 2,  # 3 grassland areas (2, 1, 2 tiles) minus its own
    "tower-line": 3,  # otter, grassland flower, meerkat; not the upside-down hippo
    "otter": 4,
    "hippo": 0,  # one water tile missing
    "owl": 0,
    "tower-around": 2,  # meerkat and grassland flower
    "road1-grassland": 4,  # its three open sides all touch a tile
    "meerkat": 2,
    "tower-diagonal": 5,  # meerkat 2, forest flower 1, bushpig 2
    "road3-dryland": 2,
}


def test_every_line_of_the_example():
    built = park(EXAMPLE)
    by_pos = scores_by_tile(built)
    for pos, value in EXAMPLE.items():
        tile = value if isinstance(value, str) else value[0]
        assert by_pos[pos] == LINES[tile], tile


def test_example_totals_37():
    assert park(EXAMPLE).score().total == 37


def test_example_is_a_legal_park():
    built = park(EXAMPLE)
    for (x, y), (kind, mask) in built.tiles.items():
        assert not (x == 0 and y < 0), "nothing below the entrance"
        for bit, (dx, dy) in ((1, (0, 1)), (2, (1, 0)), (4, (0, -1)), (8, (-1, 0))):
            if mask & bit:
                assert (x + dx, y + dy) not in built.tiles, f"road of {kind.id} touches a tile"


def test_example_reasons():
    reasons = {e.tile: (e.reason, e.params, e.missing) for e in park(EXAMPLE).score().tiles}
    assert reasons["kudu"] == ("habitats.why.animal_missing", {"n": 2}, {"grassland": 2})
    assert reasons["hippo"] == ("habitats.why.animal_missing", {"n": 1}, {"water": 1})
    assert reasons["tower-line"][1] == {"animals": 2, "n": 1}
    assert reasons["road2-grassland"][:2] == ("habitats.why.road_open", {"n": 1})
