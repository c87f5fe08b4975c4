"""Potager rules, one test per clause (docs/rules/potager.md)."""

from __future__ import annotations

import math

import pytest

from ludoteca import CHANCE, TERMINAL, IllegalAction, load_game
from ludoteca.games.potager import KNOWLEDGE
from ludoteca.games.potager.board import TOOL_SPACES

from .helpers import fill, position, run

# -- setup ----------------------------------------------------------------------------------


def test_setup_draws_five_to_the_hedge_and_one_to_the_trampoline_with_the_bags_odds():
    state = load_game("potager").new_initial_state()
    assert state.current_player == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {
        f"draw:{v}": 12 / 60 for v in ("potato", "carrot", "broccoli", "tomato", "eggplant")
    }
    state = run(state, *["draw:tomato"] * 5)
    assert state.current_player == CHANCE
    assert dict(state.chance_outcomes())["draw:tomato"] == pytest.approx(7 / 55)
    assert dict(state.chance_outcomes())["draw:carrot"] == pytest.approx(12 / 55)
    state = state.apply("draw:carrot")
    assert state.hedge == ("tomato",) * 5
    assert state.trampoline == "carrot"
    assert state.bag_size() == 54
    assert state.current_player == 0 and state.phase == "turn"


def test_setup_tokens_lie_double_side_up():
    state = run(load_game("potager").new_initial_state(), *["draw:potato"] * 6)
    state = run(state, "take:3", "place:c3")
    assert state.token(0, "c3") == ("potato", True)


# -- placing --------------------------------------------------------------------------------


def test_a_token_placed_in_the_column_of_its_hedge_slot_stays_double():
    state = run(position(), "take:4", "place:d3")
    assert state.token(0, "d3") == ("tomato", True)


def test_a_token_placed_in_another_column_is_turned_single():
    state = run(position(), "take:4", "place:c3")
    assert state.token(0, "c3") == ("tomato", False)


def test_any_of_the_five_hedge_tokens_may_be_taken_and_placed_on_any_empty_space():
    state = position(gardens=({"c3": "potato2"}, {}))
    assert [a for a in state.legal_actions() if a.startswith("take")] == [
        f"take:{k}" for k in range(1, 6)
    ]
    placing = state.apply("take:1")
    assert placing.current_player == 0
    assert len(placing.legal_actions()) == 20 and "place:c3" not in placing.legal_actions()


def test_the_refill_slides_the_tokens_beyond_the_gap_and_the_trampoline_enters_slot_5():
    state = run(position(trampoline="carrot"), "take:2", "place:c3")
    assert state.hedge == ("potato", "broccoli", "tomato", "eggplant", "carrot")
    assert state.trampoline is None
    assert state.current_player == CHANCE  # the draw refills the trampoline


def test_the_trampoline_draw_uses_the_real_contents_of_the_bag():
    bag = {"potato": 3, "carrot": 1, "tomato": 0, "broccoli": 0, "eggplant": 0}
    state = run(position(bag=bag), "take:2", "place:c3")
    assert dict(state.chance_outcomes()) == {"draw:potato": 0.75, "draw:carrot": 0.25}
    state = state.apply("draw:carrot")
    assert state.trampoline == "carrot" and state.bag_size() == 3
    assert state.current_player == 1  # the turn is over


def test_a_draw_that_is_not_an_outcome_is_refused():
    bag = {"potato": 3}
    state = run(position(bag=bag), "take:2", "place:c3")
    with pytest.raises(IllegalAction):
        state.apply("draw:tomato")


def test_there_is_no_pass_at_the_start_of_a_turn():
    state = position()
    assert "skip" not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply("skip")


# -- tool spaces ----------------------------------------------------------------------------


def test_covering_a_tool_space_offers_the_tool_after_the_refill_and_it_is_optional():
    state = run(position(), "take:1", "place:b2")  # gloves
    assert state.current_player == CHANCE  # the hedge is refilled first
    state = state.apply("draw:tomato")
    assert state.current_player == 0 and state.tool == "gloves"
    assert "skip" in state.legal_actions()
    assert state.hedge == ("carrot", "broccoli", "tomato", "eggplant", "potato")
    assert state.apply("skip").current_player == 1


def test_gloves_place_one_more_token():
    state = run(position(), "take:1", "place:b2", "draw:tomato", "take:5", "place:e3")
    assert state.token(0, "b2") == ("potato", False)
    assert state.token(0, "e3") == ("potato", True)
    assert state.current_player == CHANCE
    assert state.apply("draw:carrot").current_player == 1


def test_basket_harvests_one_more_bed():
    garden = {"a3": "carrot2", "b3": "carrot1", "c3": "carrot1"}
    state = run(position(gardens=(garden, {})), "take:3", "place:d2", "draw:tomato")
    assert state.tool == "basket"
    assert "harvest:carrot-1:a3,b3,c3" in state.legal_actions()
    state = state.apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (3, 0)


def test_a_tool_space_covered_by_a_token_is_not_used_again():
    state = run(position(gardens=({"b2": "potato1"}, {})), "take:2", "place:c3", "draw:tomato")
    assert state.current_player == 1


def test_wheelbarrow_moves_an_own_token_and_chains_onto_another_tool_space():
    garden = {"c3": "tomato2"}
    state = run(position(gardens=(garden, {})), "take:1", "place:b4", "draw:tomato")
    assert state.tool == "wheelbarrow"
    assert "move:c3-b2" in state.legal_actions()
    state = state.apply("move:c3-b2")
    assert state.token(0, "b2") == ("tomato", True) and state.token(0, "c3") is None
    assert state.tool == "gloves"  # the token landed on the gloves: their use follows


def test_wheelbarrow_never_moves_the_token_just_placed_on_it():
    state = run(position(gardens=({"c3": "tomato2"}, {})), "take:1", "place:b4", "draw:tomato")
    assert not any(a.startswith("move:b4-") for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply("move:b4-c4")


def test_wheelbarrow_used_from_the_gnome_may_move_any_own_token():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "b4": "potato1", "e3": "tomato2"}
    state = position(gardens=(garden, {}), points=(2, 0))
    state = state.apply("harvest:carrot-1:a3,b3,c3")
    assert state.phase == "gnome"  # 2 + 3 = 5
    assert "tool:wheelbarrow" not in state.legal_actions()  # b4 is covered
    garden["b4"] = None
    garden.pop("b4")
    state = position(gardens=(garden, {}), points=(2, 0)).apply("harvest:carrot-1:a3,b3,c3")
    state = state.apply("tool:wheelbarrow")
    assert "move:e3-b4" in state.legal_actions()


def test_watering_can_flips_a_token_in_either_garden():
    state = position(gardens=({"c3": "tomato1"}, {"c3": "potato2"}))
    state = run(state, "take:1", "place:d4", "draw:tomato")
    assert state.tool == "can"
    legal = state.legal_actions()
    assert {"flip:g0-c3", "flip:g0-d4", "flip:g1-c3"} <= set(legal)
    assert state.apply("flip:g1-c3").token(1, "c3") == ("potato", False)
    assert state.apply("flip:g0-c3").token(0, "c3") == ("tomato", True)


# -- harvesting -----------------------------------------------------------------------------


def test_a_bed_matching_a_pattern_in_any_rotation_is_harvested():
    vertical = {"c2": "carrot1", "c3": "carrot1", "c4": "carrot1"}
    assert "harvest:carrot-1:c2,c3,c4" in position(gardens=(vertical, {})).legal_actions()


def test_a_bed_matching_a_mirror_image_is_harvested():
    # tomato-1 is an L (#. / #. / ##); its mirror image is a J
    j_shape = {"c2": "tomato1", "c3": "tomato1", "c4": "tomato1", "b4": "tomato1"}
    assert "harvest:tomato-1:c2,c3,b4,c4" in position(gardens=(j_shape, {})).legal_actions()


def test_a_bed_must_be_one_vegetable():
    mixed = {"c2": "carrot1", "c3": "tomato1", "c4": "carrot1"}
    state = position(gardens=(mixed, {}))
    assert not [a for a in state.legal_actions() if a.startswith("harvest")]
    with pytest.raises(IllegalAction, match="c3"):
        state.apply("harvest:carrot-1:c2,c3,c4")


def test_the_player_chooses_which_tokens_when_several_beds_match():
    row = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "d3": "carrot1"}
    harvests = [a for a in position(gardens=(row, {})).legal_actions() if a.startswith("harvest")]
    assert harvests == [
        "harvest:carrot-1:a3,b3,c3",
        "harvest:carrot-1:b3,c3,d3",
        "harvest:carrot-2:a3,b3,c3,d3",
    ]


def test_each_token_scores_one_point_doubles_flip_and_singles_are_discarded():
    garden = {"a3": "carrot2", "b3": "carrot1", "c3": "carrot2", "d3": "potato2"}
    state = position(gardens=(garden, {})).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (3, 0)
    assert state.token(0, "a3") == ("carrot", False)
    assert state.token(0, "b3") is None
    assert state.token(0, "c3") == ("carrot", False)
    assert state.token(0, "d3") == ("potato", True)
    assert state.current_player == 1


def test_a_harvest_is_refused_with_a_reason_and_the_state_is_unchanged():
    state = position(gardens=({"a3": "carrot1", "b3": "carrot1"}, {}))
    before = state.to_json(), str(state)
    with pytest.raises(IllegalAction, match="c3"):
        state.apply("harvest:carrot-1:a3,b3,c3")
    with pytest.raises(IllegalAction, match="nopattern"):
        state.apply("harvest:nopattern:a3,b3")
    assert (state.to_json(), str(state)) == before


# -- the gnome's track ----------------------------------------------------------------------


def test_a_gnome_ending_on_a_track_tool_space_may_use_a_visible_tool():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "d2": "potato1"}
    state = position(gardens=(garden, {}), points=(7, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (10, 0) and state.phase == "gnome"
    legal = state.legal_actions()
    assert "tool:gloves" in legal and "tool:can" in legal and "skip" in legal
    assert "tool:basket" not in legal  # covered by a potato
    assert state.apply("tool:gloves").tool == "gloves"


def test_a_gnome_passing_over_a_tool_space_gives_nothing():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}
    state = position(gardens=(garden, {}), points=(3, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (6, 0) and state.current_player == 1


def test_the_track_tool_spaces_are_5_to_35():
    from ludoteca.games.potager.board import TRACK_TOOLS

    assert sorted(TRACK_TOOLS) == [5, 10, 15, 20, 25, 30, 35]
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}
    state = position(gardens=(garden, {}), points=(37, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.phase != "gnome"


# -- the end --------------------------------------------------------------------------------


def test_forty_points_in_the_first_players_turn_gives_the_second_a_last_turn():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}
    state = position(gardens=(garden, {}), points=(38, 10)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.end_triggered and state.current_player == 1
    assert state.prompt(1).key == "potager.prompt.last_turn"
    state = run(state, "take:1", "place:c3", "draw:potato")
    assert state.current_player == TERMINAL
    assert state.winners() == [0]


def test_forty_points_in_the_second_players_turn_ends_the_game_at_once():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}
    state = position(gardens=({}, garden), points=(39, 38), to_move=1)
    state = state.apply("harvest:carrot-1:a3,b3,c3")
    assert state.current_player == TERMINAL
    assert state.scores() == [39, 41] and state.winners() == [1]


def test_exactly_forty_points_triggers_the_end_and_thirty_nine_does_not():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}
    state = position(gardens=(garden, {}), points=(37, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (40, 0) and state.end_triggered
    state = position(gardens=(garden, {}), points=(36, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (39, 0) and not state.end_triggered
    assert state.prompt(1).key == "potager.prompt.turn"


def test_the_game_ends_when_the_trampoline_cannot_be_refilled():
    state = position(bag={}, trampoline="carrot")
    state = run(state, "take:1", "place:c3")
    assert state.end_triggered and state.current_player == 1  # no draw: the bag is empty
    assert state.hedge == ("carrot", "broccoli", "tomato", "eggplant", "carrot")
    state = run(state, "take:2", "place:c3")
    assert state.hedge == ("carrot", "tomato", "eggplant", "carrot", None)
    assert state.current_player == TERMINAL


def test_equal_points_share_the_win():
    state = position(bag={}, trampoline=None, points=(12, 12), to_move=1, end_triggered=True)
    state = run(state, "take:1", "place:c3")
    assert state.current_player == TERMINAL and state.winners() == [0, 1]


def test_a_full_garden_with_no_harvest_loses_at_once():
    full = fill(skip=("c3",))
    state = run(position(gardens=({}, full), points=(0, 20)), "take:1", "place:a3", "draw:potato")
    assert state.phase == "turn" and state.current_player == 1  # c3 is still free
    state = run(state, "take:2", "place:c3", "draw:potato")
    assert state.is_full(1)
    assert not [a for a in state.copy_with(to_move=1).legal_actions() if "harvest" in a]
    assert state.current_player == 0  # the loss comes when player 2 must move again
    state = run(state, "take:1", "place:a4", "draw:potato")
    assert state.current_player == TERMINAL
    assert state.winners() == [0] and state.scores() == [0, 20]
    assert state.prompt(0).key == "potager.prompt.full_garden"


def test_a_full_garden_with_a_harvest_must_harvest():
    full = fill()
    full.update({"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"})
    state = position(gardens=(full, {}))
    assert all(a.startswith("harvest") for a in state.legal_actions())


# -- notation and refusals ------------------------------------------------------------------


def test_every_refusal_says_why():
    state = position(gardens=({"c3": "potato1"}, {}))
    with pytest.raises(IllegalAction, match="slot 9"):
        state.apply("take:9")
    placing = state.apply("take:1")
    with pytest.raises(IllegalAction, match="already taken"):
        placing.apply("place:c3")
    with pytest.raises(IllegalAction, match="not a garden space"):
        placing.apply("place:a1")
    with pytest.raises(IllegalAction, match="not possible now"):
        placing.apply("take:2")
    empty = position(hedge=(None,) * 5, bag={}, trampoline=None)
    with pytest.raises(IllegalAction, match="empty"):
        empty.apply("take:1")


def test_the_chance_odds_sum_to_one():
    state = position(bag={"potato": 1, "tomato": 2, "eggplant": 4})
    state = run(state, "take:1", "place:c3")
    assert math.isclose(sum(p for _, p in state.chance_outcomes()), 1.0)


def test_tool_spaces_are_b2_d2_b4_d4():
    assert TOOL_SPACES == {"b2": "gloves", "d2": "basket", "b4": "wheelbarrow", "d4": "can"}


def test_tool_refusals_say_why():
    state = run(position(gardens=({"c3": "tomato2"}, {})), "take:1", "place:b4", "draw:tomato")
    with pytest.raises(IllegalAction, match="just placed"):
        state.apply("move:b4-c4")
    with pytest.raises(IllegalAction, match="no token on e3"):
        state.apply("move:e3-c4")
    with pytest.raises(IllegalAction, match="already taken"):
        state.apply("move:c3-b4")


def test_hint_and_evaluate_come_from_the_bot():
    state = position(gardens=({"a3": "carrot1", "b3": "carrot1", "c3": "carrot1"}, {}))
    advice = KNOWLEDGE.hint(state, 0)
    assert advice.action == "harvest:carrot-1:a3,b3,c3"
    assert advice.reason.key == "potager.hint.harvest"
    assert KNOWLEDGE.hint(state, 1) is None
    chances = KNOWLEDGE.evaluate(state)
    assert chances[0] > 0.5 and sum(chances) == pytest.approx(1.0)


def test_a_player_who_can_neither_take_nor_harvest_ends_the_game_without_losing():
    state = position(hedge=("potato", None, None, None, None), trampoline=None, bag={})
    state = state.apply("take:1").apply("place:c3")
    assert state.end_triggered and state.hedge == (None,) * 5
    # player 2 has a free garden but nothing to take and no bed: the game ends on points
    assert state.current_player == TERMINAL
    assert state.loser is None and state.winners() == [0, 1]


# -- ruling: a token turned over by a harvest waits for a later turn ------------------------


def test_a_token_turned_by_a_harvest_cannot_be_harvested_again_by_the_basket_that_turn():
    # "vous pourrez le récolter de nouveau lors d'un prochain tour": the gnome lands on 10,
    # the basket is visible, but the flipped carrots wait for a later turn.
    garden = {"a3": "carrot2", "b3": "carrot2", "c3": "carrot2", "d3": "carrot1"}
    garden |= {"b5": "carrot1", "c5": "carrot1", "d5": "carrot1"}
    state = position(gardens=(garden, {}), points=(7, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.points == (10, 0) and state.phase == "gnome"
    state = state.apply("tool:basket")
    legal = state.legal_actions()
    assert "harvest:carrot-1:a3,b3,c3" not in legal
    assert "harvest:carrot-1:b3,c3,d3" not in legal  # any bed holding a turned token
    assert legal == ["harvest:carrot-1:b5,c5,d5", "skip"]
    with pytest.raises(IllegalAction, match="turned over by a harvest this turn"):
        state.apply("harvest:carrot-1:a3,b3,c3")


def test_the_basket_is_not_offered_when_only_turned_tokens_would_form_a_bed():
    garden = {"a3": "carrot2", "b3": "carrot2", "c3": "carrot2"}
    state = position(gardens=(garden, {}), points=(7, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert "tool:basket" not in state.legal_actions()


def test_a_turned_token_is_harvestable_again_on_the_next_turn():
    garden = {"a3": "carrot2", "b3": "carrot2", "c3": "carrot2"}
    state = position(gardens=(garden, {}), points=(3, 0)).apply("harvest:carrot-1:a3,b3,c3")
    assert state.current_player == 1
    state = run(state, "take:1", "place:a3", "draw:tomato")
    assert "harvest:carrot-1:a3,b3,c3" in state.legal_actions()


def test_a_turned_token_moved_by_the_wheelbarrow_still_waits_for_a_later_turn():
    # harvest → gnome on 10 → wheelbarrow moves a turned carrot onto the basket space → the
    # basket may not harvest a bed holding that carrot.
    garden = {"a3": "carrot2", "b3": "carrot2", "c3": "carrot2", "c2": "carrot1", "e2": "carrot1"}
    state = position(gardens=(garden, {}), points=(7, 0)).apply("harvest:carrot-1:a3,b3,c3")
    state = run(state, "tool:wheelbarrow", "move:c3-d2")
    assert state.current_player == 1  # the basket could only take the moved carrot's bed
    assert state.token(0, "d2") == ("carrot", False) and state.points == (10, 0)
