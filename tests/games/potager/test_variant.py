"""The bonus-tools variant: tool tokens, moles, golden shovel, poison, hose, toolbox."""

from __future__ import annotations

import pytest

from ludoteca import IllegalAction, load_game

from .helpers import position, run

HEDGE = ("potato", "shovel", "tomato", "poison", "tomato")
BAG = {"potato": 5, "carrot": 5, "hose": 1}


def variant(**kwargs):
    kwargs.setdefault("hedge", HEDGE)
    kwargs.setdefault("bag", BAG)
    return position(variant="bonus-tools", **kwargs)


def test_the_option_accepts_the_two_variants_only():
    assert load_game("potager").options["variant"] == "standard"
    assert load_game("potager", variant="bonus-tools").bonus_tools
    with pytest.raises(ValueError, match="variant"):
        load_game("potager", variant="moles")


def test_the_bag_holds_8_tool_tokens_2_of_each():
    outcomes = dict(
        load_game("potager", variant="bonus-tools").new_initial_state().chance_outcomes()
    )
    for tool in ("shovel", "poison", "hose", "toolbox"):
        assert outcomes[f"draw:{tool}"] == pytest.approx(2 / 68)
    assert outcomes["draw:potato"] == pytest.approx(12 / 68)
    standard = dict(load_game("potager").new_initial_state().chance_outcomes())
    assert "draw:shovel" not in standard


def test_a_tool_token_goes_tool_side_up_on_any_empty_space_but_a_tool_space():
    state = variant().apply("take:2")
    legal = state.legal_actions()
    assert "place:a3" in legal and "place:e3" in legal  # any column
    assert not {"place:b2", "place:d2", "place:b4", "place:d4"} & set(legal)
    with pytest.raises(IllegalAction, match="tool space"):
        state.apply("place:b2")
    assert state.apply("place:e3").token(0, "e3") == ("shovel", False)


def test_a_tool_token_gives_its_action_after_the_refill():
    state = run(variant(), "take:2", "place:e3")
    assert state.current_player < 0  # the refill's draw comes first
    state = state.apply("draw:carrot")
    assert state.tool == "shovel" and "skip" in state.legal_actions()


def test_a_tool_token_may_go_as_a_mole_into_the_opponents_garden_but_not_on_a_tool_space():
    state = variant().apply("take:4")
    legal = state.legal_actions()
    assert "mole:c3" in legal and "mole:d2" not in legal
    state = run(state, "mole:c3", "draw:carrot")
    assert state.token(1, "c3") == ("mole", False)
    assert state.current_player == 1  # a mole does nothing else


def test_a_vegetable_cannot_become_a_mole():
    with pytest.raises(IllegalAction, match="mole"):
        variant().apply("take:1").apply("mole:c3")


def test_golden_shovel_swaps_two_neighbouring_hedge_tokens_then_places_one_of_them():
    state = run(variant(), "take:2", "place:e3", "draw:carrot")
    # hedge after the refill: potato tomato poison tomato potato
    assert state.hedge == ("potato", "tomato", "poison", "tomato", "potato")
    state = state.apply("swap:1")
    assert state.hedge == ("tomato", "potato", "poison", "tomato", "potato")
    assert state.legal_actions() == ["take:1", "take:2"]
    with pytest.raises(IllegalAction, match="swapped"):
        state.apply("take:4")
    state = run(state, "take:2", "place:b3")
    assert state.token(0, "b3") == ("potato", True)  # its new slot 2 is column b


def test_poison_discards_one_vegetable_from_the_hedge_and_scores_a_point_each():
    state = run(variant(trampoline="tomato"), "take:4", "place:a3", "draw:carrot")
    assert state.tool == "poison"
    # hedge: potato shovel tomato tomato tomato(from the trampoline), trampoline carrot
    assert "poison:tomato" in state.legal_actions()
    state = state.apply("poison:tomato")
    assert state.points == (3, 0)
    assert state.hedge[:3] == ("potato", "shovel", "carrot")  # the trampoline token entered
    assert state.current_player < 0  # and the gaps are refilled by draws
    state = run(state, "draw:potato", "draw:potato", "draw:potato")
    assert state.hedge == ("potato", "shovel", "carrot", "potato", "potato")
    assert state.trampoline == "potato"


def test_poison_does_not_touch_the_trampoline():
    state = run(variant(trampoline="potato"), "take:4", "place:a3", "draw:potato")
    assert state.hedge.count("potato") == 2 and state.trampoline == "potato"
    state = state.apply("poison:potato")
    assert state.points == (2, 0)  # the two in the hedge, not the one on the trampoline
    assert state.hedge[:4] == ("shovel", "tomato", "tomato", "potato")  # it entered the hedge


def test_hose_flips_every_vegetable_of_a_column_in_both_gardens_but_not_tools_or_moles():
    mine = {"c1": "potato2", "c3": "carrot1", "c4": "mole"}
    theirs = {"c5": "tomato2", "a3": "tomato2"}
    state = variant(gardens=(mine, theirs), hedge=("hose",) + HEDGE[1:])
    state = run(state, "take:1", "place:e3", "draw:carrot")
    assert state.tool == "hose"
    hedge = state.hedge
    state = state.apply("hose:c")
    assert state.token(0, "c1") == ("potato", False)
    assert state.token(0, "c3") == ("carrot", True)
    assert state.token(0, "c4") == ("mole", False)
    assert state.token(1, "c5") == ("tomato", False)
    assert state.token(1, "a3") == ("tomato", True)
    assert state.hedge == hedge


def test_toolbox_uses_a_tool_visible_in_the_opponents_garden_on_your_own():
    mine = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "d2": "potato1"}
    theirs = {"b2": "potato1", "b4": "potato1", "d4": "potato1"}  # only their basket shows
    state = variant(gardens=(mine, theirs), hedge=("toolbox",) + HEDGE[1:])
    state = run(state, "take:1", "place:e3", "draw:carrot")
    assert state.tool == "toolbox"
    assert state.legal_actions() == ["tool:basket", "skip"]
    assert state.clicks("tool:basket") == ["g1-d2"]
    state = run(state, "tool:basket", "harvest:carrot-1:a3,b3,c3")
    assert state.points == (3, 0)


def test_the_gnome_may_use_a_tool_token_or_send_a_mole_to_the_opponent():
    mine = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "e3": "mole", "a4": "hose"}
    cover = {"b2": "potato1", "d2": "potato1", "b4": "potato1", "d4": "potato1"}
    state = variant(gardens=({**mine, **cover}, {}), points=(2, 0))
    state = state.apply("harvest:carrot-1:a3,b3,c3")
    legal = state.legal_actions()
    assert "tool:hose" in legal
    assert "send:e3-c3" in legal and "send:e3-b2" not in legal
    state = state.apply("send:e3-c3")
    assert state.token(0, "e3") is None and state.token(1, "c3") == ("mole", False)


def test_tool_tokens_and_moles_are_never_flipped():
    garden = {"c3": "mole", "e3": "poison", "a3": "tomato1"}
    state = run(variant(gardens=(garden, {})), "take:1", "place:d4", "draw:carrot")
    flips = [a for a in state.legal_actions() if a.startswith("flip")]
    assert flips == ["flip:g0-a3", "flip:g0-d4"]


def test_the_wheelbarrow_moves_a_mole_but_never_onto_a_tool_space():
    state = run(variant(gardens=({"c3": "mole"}, {})), "take:1", "place:b4", "draw:carrot")
    legal = state.legal_actions()
    assert "move:c3-e3" in legal
    assert "move:c3-b2" not in legal and "move:c3-d2" not in legal


def test_the_toolbox_never_picks_the_opponents_toolbox():
    theirs = {"b2": "potato1", "d2": "potato1", "b4": "potato1", "d4": "potato1", "c3": "toolbox"}
    state = variant(gardens=({"a3": "carrot1"}, theirs), hedge=("toolbox",) + HEDGE[1:])
    state = run(state, "take:1", "place:e3", "draw:carrot")
    assert state.current_player == 1  # nothing to use: the step is left out


def test_poison_points_move_the_gnome_and_a_tool_space_counts():
    state = variant(trampoline="carrot", points=(3, 0))
    state = run(state, "take:4", "place:a3", "draw:carrot")
    state = run(state, "poison:tomato", "draw:potato", "draw:potato")
    assert state.points == (5, 0) and state.phase == "gnome"


def test_gloves_give_the_full_place_action_so_a_tool_token_may_become_a_mole():
    state = run(variant(), "take:1", "place:b2", "draw:carrot")
    assert state.tool == "gloves"  # hedge: shovel tomato poison tomato potato
    state = state.apply("take:1")
    legal = state.legal_actions()
    assert "mole:c3" in legal and "place:c3" in legal
    state = run(state, "mole:c3", "draw:carrot")
    assert state.token(1, "c3") == ("mole", False) and state.current_player == 1


# -- ruling: through the toolbox a tool acts on your own garden only ------------------------


def test_the_opponents_watering_can_through_the_toolbox_flips_only_your_own_tokens():
    mine = {"a3": "carrot1", "c3": "potato2"}
    theirs = {"b2": "potato1", "d2": "potato1", "b4": "potato1", "e3": "tomato2"}  # can shows
    state = variant(gardens=(mine, theirs), hedge=("toolbox",) + HEDGE[1:])
    state = run(state, "take:1", "place:e4", "draw:carrot", "tool:can")
    flips = [a for a in state.legal_actions() if a.startswith("flip")]
    assert flips == ["flip:g0-a3", "flip:g0-c3"]
    with pytest.raises(IllegalAction, match="your own garden"):
        state.apply("flip:g1-e3")


def test_the_toolbox_does_not_offer_a_can_when_you_have_no_vegetable_to_flip():
    theirs = {"b2": "potato1", "d2": "potato1", "b4": "potato1", "e3": "tomato2"}  # can shows
    state = variant(gardens=({"a3": "poison"}, theirs), hedge=("toolbox",) + HEDGE[1:])
    state = run(state, "take:1", "place:e4", "draw:carrot")
    assert state.current_player == 1  # their can could only flip their own tomato


def test_the_opponents_hose_through_the_toolbox_flips_a_column_of_your_garden_only():
    mine = {"c2": "potato2", "c3": "carrot1"}
    theirs = {"c4": "tomato2", "a3": "hose", "b2": "potato1", "d2": "potato1", "b4": "potato1"}
    theirs |= {"d4": "potato1", "e3": "tomato2"}
    state = variant(gardens=(mine, theirs), hedge=("toolbox",) + HEDGE[1:])
    state = run(state, "take:1", "place:e4", "draw:carrot", "tool:hose")
    assert [a for a in state.legal_actions() if a.startswith("hose")] == ["hose:c"]
    state = state.apply("hose:c")
    assert state.token(0, "c2") == ("potato", False) and state.token(0, "c3") == ("carrot", True)
    assert state.token(1, "c4") == ("tomato", True)  # their garden is not touched


def test_your_own_watering_can_from_the_gnome_still_flips_in_either_garden():
    garden = {"a3": "carrot1", "b3": "carrot1", "c3": "carrot1", "e3": "tomato1"}
    state = variant(gardens=(garden, {"c2": "potato2"}), points=(7, 0))
    state = run(state, "harvest:carrot-1:a3,b3,c3", "tool:can")
    assert "flip:g1-c2" in state.legal_actions()
