"""Placing a tile: adjacency, the entrance column, road sides, turning only road tiles."""

import pytest

from ludoteca import IllegalAction

from .helpers import park, placing, playing_state


def start(tile, cells=None):
    state = playing_state(2)
    return placing(state, park(cells or {}), tile)


def test_a_new_park_offers_the_three_sides_of_the_entrance():
    state = start("meerkat")
    assert state.legal_actions() == ["place:-1,0", "place:0,1", "place:1,0"]


def test_orthogonally_adjacent_anywhere():
    state = start("meerkat", {(1, 0): "lion", (1, 1): "zebra"})
    cells = {a for a in state.legal_actions()}
    assert {"place:2,1", "place:1,2", "place:0,1", "place:2,0", "place:1,-1"} <= cells
    with pytest.raises(IllegalAction, match="does not touch your park"):
        state.apply("place:3,3")
    with pytest.raises(IllegalAction, match="already a tile at →1 ↑1"):
        state.apply("place:1,1")


def test_nothing_in_the_column_below_the_entrance():
    state = start("meerkat", {(1, 0): "lion", (1, -1): "zebra", (1, -2): "hippo"})
    assert "place:0,-2" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="column below your entrance"):
        state.apply("place:0,-2")
    with pytest.raises(IllegalAction, match="column below your entrance"):
        state.apply("place:0,-1")


def test_a_road_side_in_the_park_blocks_the_space_it_faces():
    state = start("meerkat", {(1, 0): ("road1-water", "E")})
    assert "place:2,0" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="road side of a tile in your park faces →2"):
        state.apply("place:2,0")


def test_a_new_road_side_may_not_face_a_tile():
    state = start("road1-water")
    assert "place:1,0:W" not in state.legal_actions()
    assert {"place:1,0:N", "place:1,0:E", "place:1,0:S"} <= set(state.legal_actions())
    with pytest.raises(IllegalAction, match="with roads W at →1"):
        state.apply("place:1,0:W")


def test_only_road_tiles_are_turned():
    road = start("road2-forest")
    assert "place:0,1:EW" in road.legal_actions() and "place:0,1:NS" not in road.legal_actions()
    with pytest.raises(IllegalAction, match="has roads: say where they point"):
        road.apply("place:0,1")
    with pytest.raises(IllegalAction, match="order N, E, S, W: EW, not WE"):
        road.apply("place:0,1:WE")
    with pytest.raises(IllegalAction, match="NE is no way to turn"):
        road.apply("place:0,1:NE")
    plain = start("meerkat")
    with pytest.raises(IllegalAction, match="only access-road tiles are turned"):
        plain.apply("place:0,1:N")


def test_junk_is_refused_with_the_notation():
    state = start("meerkat")
    with pytest.raises(IllegalAction, match=r"write take:<space>"):
        state.apply("put 1 0")
    with pytest.raises(IllegalAction, match="already took a tile"):
        state.apply("take:b2")


def test_discard_only_when_the_tile_fits_nowhere():
    closed = {
        (-1, 0): ("road3-forest", "NSW"),
        (1, 0): ("road3-water", "NES"),
        (0, 1): ("road3-dryland", "NEW"),
    }
    state = start("meerkat", closed)
    assert state.legal_actions() == ["discard"]
    after = state.apply("discard")
    assert after.parks[0].tiles == state.parks[0].tiles and after.turn == state.turn + 1
    with pytest.raises(IllegalAction, match="still fits in your park"):
        start("meerkat").apply("discard")


def test_placement_updates_the_open_cells_incrementally():
    from ludoteca.games.habitats import Park

    built = park({(1, 0): ("road1-water", "N"), (-1, 0): "lion"})
    rebuilt = Park.build(built.tiles)
    assert built.open == rebuilt.open == {(2, 0), (1, -1), (0, 1), (-1, 1), (-2, 0), (-1, -1)}


def test_a_placement_when_nothing_fits_says_to_discard():
    closed = {
        (-1, 0): ("road3-forest", "NSW"),
        (1, 0): ("road3-water", "NES"),
        (0, 1): ("road3-dryland", "NEW"),
    }
    with pytest.raises(IllegalAction, match="fits nowhere in your park"):
        start("meerkat", closed).apply("place:0,2")
