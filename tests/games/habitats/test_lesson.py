"""Habitats' guided first game shows what its words say: the figure's reach in the market, the
facing after a move (the elephant behind it out of reach), the forest area of two tiles, and the
salamander whose habitat is complete wherever beside the forest the learner puts it."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.engine.lessons import judge, paths, position

from ..lesson import at_step, lesson_of

LESSON = lesson_of("habitats")


def test_the_first_take_is_ahead_left_or_right_of_the_figure_on_b1():
    state = at_step("habitats", 1)
    assert state.figures[0] == ((1, 0), "N")
    assert state.legal_actions() == ["take:b2", "take:a1", "take:c1"]
    assert state.market[(1, 1)] == "flower-forest" and state.market[(2, 0)] == "salamander"


def test_after_its_move_the_figure_faces_north_and_the_elephant_behind_it_is_refused():
    state = at_step("habitats", 3)
    assert state.figures[0] == ((1, 1), "N") and state.market[(1, 0)] == "elephant"
    verdict = judge(state, LESSON, 2, "take:b1")
    assert not verdict.accepted and verdict.reason is not None
    assert verdict.reason.key.startswith("habitats.illegal.")  # the game's own reason


def test_the_tourists_beside_the_flower_make_a_forest_area_of_two():
    placed = at_step("habitats", 4).apply("place:1,1")
    assert placed.park_score(0) == 2  # the flower 1, BIG tourists 1 per other tile of the area


def test_the_salamander_scores_on_every_path_and_not_where_the_step_refuses_it():
    game = load_game("habitats", **LESSON.options)
    last = len(LESSON.steps) - 1
    for chosen in paths(LESSON):
        assert position(game, LESSON, last, chosen).park_score(0) == 2 + 3
    refused = at_step("habitats", 6).apply("place:-1,0")
    assert refused.park_score(0) == 2
