"""The market: which tile a figure may take, how it moves and turns, and the refill draw."""

import pytest

from ludoteca import CHANCE, IllegalAction
from ludoteca.games.habitats.tiles import market_square

from .helpers import playing_state


def test_first_tile_ahead_left_and_right_never_behind():
    state = playing_state(2)
    assert state.figures[0] == ((1, 0), "N")  # b1, facing north
    assert state.legal_actions() == ["take:b2", "take:a1", "take:c1"]


def test_figure_moves_onto_the_space_and_faces_the_way_it_went():
    state = playing_state(2).apply("take:a1")
    assert state.figures[0] == ((0, 0), "W")
    assert state.market[(0, 0)] is None
    assert state.held is not None and state.phase == "place"


def test_vacated_space_is_refilled_by_a_draw_with_the_stocks_odds():
    state = playing_state(2).apply("take:b2")
    assert state.current_player == CHANCE and state.pending == ((1, 0),)
    outcomes = dict(state.chance_outcomes())
    total = sum(state.stock)
    assert total == 112 - 7
    for index, count in enumerate(state.stock):
        tile = state.game.tiles.kinds[index].id
        assert outcomes.get(f"draw:{tile}", 0) == pytest.approx(count / total)
    after = state.apply("draw:hippo")
    assert after.market[(1, 0)] == "hippo"
    assert (
        after.stock[after.game.tiles.indices["hippo"]]
        == state.stock[state.game.tiles.indices["hippo"]] - 1
    )
    assert after.current_player == 0  # now the same seat places its tile


def test_figures_do_not_block():
    state = playing_state(2).apply("take:b2").apply("draw:hippo")
    state = state.apply(state.legal_actions()[0])  # seat 0 places its tile
    assert state.current_player == 1 and state.figures[1] == ((1, 2), "S")
    # ahead of seat 1 (b3, facing south): b2 holds seat 0's figure, so b1 is the first tile
    assert "take:b1" in state.legal_actions() and "take:b2" not in state.legal_actions()


def test_behind_only_when_ahead_left_and_right_are_empty():
    state = playing_state(2)
    market = dict(state.market)
    figures = (((1, 1), "N"), state.figures[1])  # seat 0 on b2 facing north
    market[(1, 1)] = None
    market[(1, 0)] = "hippo"
    full = state.with_fields(market=market, figures=figures)
    assert "take:b1" not in full.legal_actions()
    with pytest.raises(IllegalAction, match="behind your figure"):
        full.apply("take:b1")
    market.update({(0, 1): None, (2, 1): None})
    bare = state.with_fields(market=market, figures=figures)  # b3 holds seat 1's figure
    assert bare.legal_actions() == ["take:b1"]
    assert bare.apply("take:b1").figures[0] == ((1, 0), "S")


def test_refusals_name_the_space_and_the_reason():
    state = playing_state(4)
    with pytest.raises(IllegalAction, match="b2 is"):
        state.apply("take:b3")  # b2 comes first in that direction
    with pytest.raises(IllegalAction, match="not straight ahead"):
        state.apply("take:a2")
    with pytest.raises(IllegalAction, match="z9 is not a space"):
        state.apply("take:z9")
    with pytest.raises(IllegalAction, match="no tile on d2"):
        state.apply("take:d2")  # seat 1's figure stands there
    with pytest.raises(IllegalAction, match="first take a tile"):
        state.apply("place:1,0")
    assert state.phase == "take" and len(state) == len(playing_state(4))


def test_setup_draws_three_distinct_goals_then_fills_the_market():
    from ludoteca import load_game

    state = load_game("habitats", players=3).new_initial_state()
    assert state.current_player == CHANCE and len(state.chance_outcomes()) == 9
    state = state.apply("goal:row")
    assert "goal:row" not in dict(state.chance_outcomes())
    assert all(p == pytest.approx(1 / 8) for _, p in state.chance_outcomes())
    state = state.apply("goal:area").apply("goal:flowers")
    assert state.goals == ("row", "area", "flowers")
    assert [market_square(p) for p in state.pending] == [
        "a3",
        "b3",
        "d3",
        "a2",
        "b2",
        "c2",
        "a1",
        "c1",
        "d1",
    ]
    assert state.chance_outcomes()[0][0].startswith("draw:")


def test_no_refill_after_the_last_turn_of_the_game():
    import random

    from ludoteca.bots import RandomBot
    from ludoteca.engine import sample_chance

    state = playing_state(2)
    rng, bot = random.Random(3), RandomBot(3)
    while state.turn < state.game.total_turns - 1 or state.current_player == CHANCE:
        state = state.apply(
            sample_chance(state, rng) if state.current_player == CHANCE else bot.choose(state)
        )
    stock = sum(state.stock)
    state = state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and state.pending == () and sum(state.stock) == stock


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_figures_start_on_the_edge_facing_the_opposite_side(players):
    from ludoteca.games.habitats.tiles import market_layout

    layout = market_layout(players)
    for (x, y), facing in layout.figures:
        edge = {"N": y == 0, "S": y == layout.height - 1, "E": x == 0, "W": x == layout.width - 1}
        assert edge[facing], f"figure on {(x, y)} faces {facing}"


def test_a_publishers_layout_with_gaps_replaces_ours(monkeypatch):
    from ludoteca import load_game
    from ludoteca.games.habitats import tiles

    real = tiles._read

    def fake(name):
        data = real(name)
        if name == "markets.json":
            data["2"] = {
                "width": 4,
                "height": 3,
                "gaps": ["b2"],
                "figures": [["b1", "N"], ["b3", "S"]],
                "turns": [2, 1, 1],
            }
        return data

    monkeypatch.setattr(tiles, "_read", fake)
    tiles.market_layout.cache_clear()
    try:
        state = load_game("habitats", players=2).new_initial_state()
        assert len(state.pending) == 4 * 3 - 1 - 2 and (1, 1) not in state.market
        for goal in ("area", "row", "types"):
            state = state.apply(f"goal:{goal}")
        while state.pending:
            state = state.apply(state.chance_outcomes()[0][0])
        # ahead of b1 the gap b2 is passed over and b3 holds a figure: nothing ahead
        assert state.legal_actions() == ["take:a1", "take:c1"]
        assert state.game.total_turns == 8
    finally:
        tiles.market_layout.cache_clear()
