"""Potager's guided first game shows what its words say: the row of carrots on b2, c2 and d2,
the hedge after each take, the gloves and the basket, and the harvest that turns the two double
carrots over and discards the single one."""

from __future__ import annotations

from ludoteca.engine.lessons import judge

from ..lesson import at_step, lesson_of

LESSON = lesson_of("potager")


def _at(step: int):
    return at_step("potager", step)


def test_the_first_carrot_stays_double_in_its_slots_column_and_turns_single_elsewhere():
    taken = _at(2)
    assert taken.apply("place:c2").token(0, "c2") == ("carrot", True)
    assert taken.apply("place:d2").token(0, "d2") == ("carrot", False)
    refused = judge(taken, LESSON, 1, "place:d2")
    assert not refused.accepted and refused.reason is not None
    assert refused.reason.key == "potager.lesson.column.single"


def test_the_refill_step_shows_the_opponents_single_tomato_and_the_hedge_closed_up():
    state = _at(3)
    assert state.current_player == 0
    assert state.token(1, "a3") == ("tomato", False)
    assert state.hedge == ("potato", "carrot", "broccoli", "eggplant", "potato")
    assert state.trampoline == "carrot"


def test_the_gloves_offer_the_trampolines_carrot_and_the_basket_then_harvests_the_row():
    gloves = _at(5)
    assert gloves.tool == "gloves" and gloves.hedge[4] == "carrot"
    basket = _at(7)
    assert basket.tool == "basket" and basket.token(0, "d2") == ("carrot", False)
    assert basket.legal_actions() == ["harvest:carrot-1:b2,c2,d2", "skip"]


def test_after_the_harvest_the_doubles_stay_single_side_up_and_the_single_carrot_is_gone():
    end = _at(len(LESSON.steps))
    assert end.points[0] == 3
    assert end.token(0, "b2") == end.token(0, "c2") == ("carrot", False)
    assert end.token(0, "d2") is None


def test_a_move_the_game_refuses_gets_the_games_own_reason():
    verdict = judge(_at(2), LESSON, 1, "place:a1")  # a corner: no such space
    assert not verdict.accepted and verdict.reason is not None
    assert not verdict.reason.key.startswith("potager.lesson.")
