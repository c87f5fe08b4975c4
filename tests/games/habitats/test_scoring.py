"""Each park-scoring rule with hand-built parks of known result."""

from .helpers import park, scores_by_tile


def vp(cells, pos):
    return scores_by_tile(park(cells))[pos]


def test_animal_habitat_counts_whole_adjacent_areas():
    # salamander (water) needs 2 forest: one forest tile touches it, its area holds two
    cells = {(1, 0): "salamander", (2, 0): "deer", (2, 1): "frog"}
    assert vp(cells, (1, 0)) == 3
    assert vp({(1, 0): "salamander", (2, 0): "deer"}, (1, 0)) == 0


def test_animal_own_tile_counts():
    assert vp({(1, 0): "meerkat", (2, 0): "lizard"}, (1, 0)) == 2  # its own dryland + one
    assert vp({(1, 0): "meerkat"}, (1, 0)) == 0


def test_animal_demand_may_come_from_several_areas():
    # impala (dryland) needs 3 grassland: three separate one-tile grassland areas around it
    cells = {(1, 0): "impala", (1, 1): "badger", (2, 0): "wildebeest", (1, -1): "zebra"}
    assert vp(cells, (1, 0)) == 3


def test_diagonal_tiles_are_not_in_the_habitat():
    cells = {(1, 0): "meerkat", (1, 1): "hippo", (2, 1): "lizard"}
    assert vp(cells, (1, 0)) == 0


def test_insects_need_flowers_adjacent_or_chained():
    chain = {(1, 0): "bee", (2, 0): "hippo", (1, 1): "crocodile", (2, 1): "flower-water"}
    assert vp(chain, (1, 0)) == 0  # the flower is only diagonal
    bee = {(1, 0): "bee", (2, 0): "flower-water"}
    assert vp(bee, (1, 0)) == 2
    butterfly = {
        (1, 0): "butterfly",
        (2, 0): "flower-water",
        (3, 0): "flower-forest",
        (3, 1): "flower-dryland",
    }
    assert vp(butterfly, (1, 0)) == 4
    del butterfly[(3, 1)]
    assert vp(butterfly, (1, 0)) == 0
    bumblebee = {(1, 0): "bumblebee", (2, 0): "flower-water", (1, 1): "flower-forest"}
    assert vp(bumblebee, (1, 0)) == 3  # two chains of one flower each


def test_flower_chains_do_not_link_diagonally():
    cells = {(1, 0): "bumblebee", (2, 0): "flower-water", (3, 1): "flower-forest"}
    assert vp(cells, (1, 0)) == 0  # (3, 1) only touches the adjacent flower at a corner
    cells[(3, 0)] = "flower-dryland"
    assert vp(cells, (1, 0)) == 3  # now all three are one chain


def test_a_chain_touching_an_insect_twice_counts_once():
    cells = {(1, 0): "butterfly", (2, 0): "flower-water", (2, 1): "flower-forest"}
    cells[(1, 1)] = "flower-dryland"  # the chain (2,0)-(2,1)-(1,1) touches on two sides
    entry = next(e for e in park(cells).score().tiles if e.pos == (1, 0))
    assert entry.vp == 4 and entry.params == {"n": 3, "need": 3}


def test_flowers_always_score_one():
    assert vp({(1, 0): "flower-dryland"}, (1, 0)) == 1


def test_line_tower_sees_to_the_edge_across_gaps_and_stops_at_a_tower():
    cells = {
        (1, 0): "tower-line",
        (1, 1): "flower-water",
        (1, 2): "flower-forest",
        (2, 2): "flower-dryland",
        (3, 2): "lizard",
        (3, 1): "crocodile",
        (3, 0): "flower-grassland",  # in line with a gap at (2, 0)
    }
    assert vp(cells, (1, 0)) == 3  # 2 flowers north, 1 east across the gap
    cells[(2, 0)] = "tower-around"
    assert vp(cells, (1, 0)) == 2  # the other tower blocks the view east


def test_only_animals_with_their_habitat_count_for_towers():
    cells = {(1, 0): "tower-adjacent", (1, 1): "meerkat", (2, 1): "lizard"}
    assert vp(cells, (1, 0)) == 2  # meerkat with habitat: 2
    cells[(2, 1)] = "hippo"
    assert vp(cells, (1, 0)) == 0  # meerkat alone is upside down


def test_diagonal_tower_two_per_animal_one_per_flower():
    cells = {
        (1, 0): "tower-diagonal",
        (1, 1): "lizard",
        (2, 1): "meerkat",  # diagonal, with habitat (lizard's dryland)
        (2, 0): "flower-water",  # orthogonal: not seen
        (0, 1): "flower-forest",  # diagonal north-west
    }
    assert vp(cells, (1, 0)) == 3


def test_adjacent_tower_sees_four_and_around_tower_eight():
    cells = {
        (1, 0): "flower-water",
        (1, 1): "tower-adjacent",
        (2, 1): "tower-around",
        (2, 0): "flower-forest",
        (2, 2): "flower-dryland",
        (1, 2): "flower-grassland",
    }
    by_pos = scores_by_tile(park(cells))
    assert by_pos[(1, 1)] == 2  # (1, 0) and (1, 2); towers and diagonals not
    assert by_pos[(2, 1)] == 4  # all four flowers around it


def test_big_tourists_count_their_area_without_themselves():
    cells = {(1, 0): "big-forest", (2, 0): "deer", (2, 1): "frog", (3, 0): "lizard"}
    assert vp(cells, (1, 0)) == 2


def test_many_tourists_count_other_areas_of_their_landscape():
    cells = {
        (1, 0): "many-water",
        (1, 1): "hippo",  # same area as the tourists
        (-1, 0): "otter",
        (-1, 1): "lizard",
        (-1, 2): "catfish",
        (2, 0): "lizard",
        (3, 0): "crocodile",
    }
    assert vp(cells, (1, 0)) == 3


def test_extra_access_roads_score_when_every_side_without_road_has_a_tile():
    one = {(1, 0): ("road1-water", "N"), (2, 0): "lizard", (1, -1): "hippo"}
    assert vp(one, (1, 0)) == 4  # W (entrance), E and S connected
    del one[(1, -1)]
    assert vp(one, (1, 0)) == 0
    two = {(1, 0): ("road2-forest", "NS"), (2, 0): "lizard"}
    assert vp(two, (1, 0)) == 3
    three = {(1, 0): ("road3-water", "NES")}
    assert vp(three, (1, 0)) == 2  # its single open side always touches the park


def test_entrance_scores_nothing_and_breakdown_is_in_the_observation():
    from .helpers import placing, playing_state

    state = placing(playing_state(2), park({(1, 0): "meerkat", (2, 0): "lizard"}), "hippo")
    observation = state.observation(None)
    rows = observation["parks"][0]["tiles"]
    columns = observation["park_columns"]
    by_tile = {row[columns.index("tile")]: row for row in rows}
    assert by_tile["entrance"][columns.index("vp")] == 0
    assert by_tile["meerkat"][columns.index("why")] == "habitats.why.animal_ok"
    assert observation["parks"][0]["score"] == 2 + 0
    assert state.scores()[0] == 2


def test_insects_with_their_flowers_are_animals_for_watchtowers():
    cells = {(1, 0): "tower-adjacent", (1, 1): "bee", (2, 1): "flower-water"}
    assert vp(cells, (1, 0)) == 2  # the bee (2); the flower is diagonal to the tower
    del cells[(2, 1)]
    cells[(1, 2)] = "hippo"
    assert vp(cells, (1, 0)) == 0  # a bee without flower is upside down


def test_the_entrance_does_not_block_a_view():
    cells = {(-1, 0): "tower-line", (1, 0): "flower-water"}
    assert vp(cells, (-1, 0)) == 1
