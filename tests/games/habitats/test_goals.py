"""The nine goals with their tie-breaks, and the rank points after each year."""

import random

from ludoteca.engine import sample_chance
from ludoteca.games.habitats import goals

from .helpers import park


def key(goal, cells):
    return goals.GOALS[goal](park(cells))


def test_biggest_area_with_second_biggest_tie_break():
    a = key("area", {(1, 0): "lion", (2, 0): "zebra", (-1, 0): "hippo", (-1, 1): "otter"})
    b = key("area", {(1, 0): "lion", (2, 0): "zebra", (-1, 0): "hippo", (-1, 1): "meerkat"})
    assert a == (2, 2) and b == (2, 1, 1) and a > b


def test_landscape_types_then_sets():
    a = key("types", {(1, 0): "lion", (2, 0): "deer", (-1, 0): "hippo", (-1, 1): "meerkat"})
    cells = {(1, 0): "lion", (2, 0): "deer", (-1, 0): "hippo", (-1, 1): "meerkat"}
    cells.update({(1, 1): "zebra", (2, 1): "frog", (-1, 2): "otter", (-2, 1): "lizard"})
    b = key("types", cells)
    assert a == (4, 1) and b == (4, 2) and b > a
    assert key("types", {(1, 0): "lion"}) == (1, 1)
    cells[(-2, 1)] = "hippo"  # the dryland lizard replaced by water: one dryland tile left
    assert key("types", cells) == (4, 1)  # a full set needs every type: the fewest decides


def test_biggest_filled_rectangle():
    cells = {(1, 0): "lion", (1, 1): "zebra", (2, 0): "hippo", (2, 1): "otter", (3, 1): "deer"}
    assert key("rectangle", cells) == (4,)  # the 2x2 of x 1-2, y 0-1
    cells.update({(3, 0): "frog", (1, 2): "bat"})
    assert key("rectangle", cells) == (6,)  # 3x2


def test_the_rectangle_goal_counts_park_tiles_only_never_the_entrance():
    # ruling: "completely filled with park tiles"; the entrance (0,0) is no park tile
    square = {(1, 0): "lion", (0, 1): "zebra", (1, 1): "hippo"}
    assert key("rectangle", square) == (2,)  # not the 2x2 with the entrance in its corner
    wide = {(-1, 0): "lion", (1, 0): "zebra", (-1, 1): "hippo", (0, 1): "otter", (1, 1): "deer"}
    assert key("rectangle", wide) == (3,)  # the row y=1; the 3x2 around the entrance is not one


def test_closest_to_the_entrance_counts_steps_to_the_furthest_tile():
    assert key("entrance", {(1, 0): "lion", (1, 1): "zebra", (1, 2): "hippo"}) == (-3,)
    assert key("entrance", {(1, 0): "lion", (-1, 0): "zebra", (0, 1): "hippo"}) == (-1,)


def test_most_areas():
    assert key("areas", {(1, 0): "lion", (2, 0): "zebra", (-1, 0): "hippo"}) == (2,)


def test_most_different_flowers_then_most_flowers():
    a = key("flowers", {(1, 0): "flower-water", (2, 0): "flower-forest"})
    b = key("flowers", {(1, 0): "flower-water", (2, 0): "flower-forest", (3, 0): "flower-water"})
    assert a == (2, 2) and b == (2, 3) and b > a


def test_closest_to_a_road_tile_entrance_included():
    cells = {(1, 0): "lion", (2, 0): "zebra", (3, 0): "hippo"}
    assert key("roads", cells) == (-3,)
    cells[(3, 1)] = ("road1-water", "N")
    assert key("roads", cells) == (-2,)  # (2, 0) is two steps from either road tile


def test_longest_row_and_longest_diagonal_chain():
    cells = {(1, 0): "lion", (2, 0): "zebra", (2, 1): "hippo", (3, 1): "otter", (3, 2): "deer"}
    assert key("row", cells) == (3,)
    assert key("diagonal", cells) == (3,)  # (1,0) (2,1) (3,2)


def test_a_column_is_a_row_and_both_diagonal_directions_count():
    column = {(1, 0): "lion", (1, 1): "zebra", (1, 2): "hippo", (1, 3): "otter", (2, 0): "deer"}
    assert key("row", column) == (4,)  # the column x=1 beats the row y=0 (3 tiles)
    rising_west = {(-1, 1): "lion", (-2, 2): "zebra", (-3, 3): "hippo", (1, 0): "deer"}
    assert key("diagonal", rising_west) == (4,)  # the entrance, then north-west three times


def test_the_diagonal_chain_is_one_straight_line_never_a_bend():
    # (1,1) (2,2) (3,3) is a straight chain of 3 with the entrance: 4 tiles;
    # (1,1) (2,2) (3,1) bends at (2,2): its longest straight part is the entrance to (2,2)
    straight = {(1, 1): "lion", (2, 2): "zebra", (3, 3): "hippo", (1, 0): "deer"}
    assert key("diagonal", straight) == (4,)
    bent = {(1, 1): "lion", (2, 2): "zebra", (3, 1): "hippo", (4, 0): "otter", (1, 0): "deer"}
    assert key("diagonal", bent) == (3,)  # (2,2) (3,1) (4,0) falling east; no 5 around the bend


def test_rank_points_as_the_rule_text():
    assert goals.rank_points([(5,), (4,), (3,), (1,)], year=1) == [3, 2, 1, 0]
    assert goals.rank_points([(5,), (5,), (5,), (1,)], year=1) == [1, 1, 1, 0]
    assert goals.rank_points([(2,), (7,)], year=2) == [0, 2]
    assert goals.rank_points([(3,), (3,), (4,)], year=3) == [0, 0, 6]


def test_goals_are_scored_after_each_year_of_a_game():
    from ludoteca.bots import RandomBot

    from .helpers import playing_state

    state = playing_state(3, goals=("row", "areas", "types"))
    rng, bot = random.Random(4), RandomBot(4)
    seen = []
    while not state.is_terminal():
        before = state
        action = sample_chance(state, rng) if state.current_player < 0 else bot.choose(state)
        state = state.apply(action)
        if len(state.goal_points[0]) > len(before.goal_points[0]):
            year = len(state.goal_points[0])
            keys = [goals.GOALS[state.goals[year - 1]](p) for p in state.parks]
            assert [pts[-1] for pts in state.goal_points] == goals.rank_points(keys, year)
            seen.append((year, state.turn))
    assert seen == [(1, 24), (2, 42), (3, 60)]  # 3 players: 8, 6, 6 turns each
    sheet = state.observation(None)["score_sheet"]
    assert [row["total"] for row in sheet] == state.scores()
    assert "Score sheet" in str(state) and "Итоговая таблица" in state.text_board("ru")
