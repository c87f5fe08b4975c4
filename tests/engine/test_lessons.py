"""Every registered game's guided first game walks through the real rules (engine/lessons.py):
each step's setup and every expected action legal where it is played, on every path, the
learner to move where a step asks, every message in the four catalogs; and the lesson's
positions and verdicts, which the server and the terminal answer from, on Hexlet's tiny one."""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.engine import Message
from ludoteca.engine.lessons import SIZES, LessonError, judge, paths, position, problems
from ludoteca.games import registry


@pytest.fixture
def hexlet():
    registry.add("hexlet", "tests.hexlet")
    yield registry.traits("hexlet").lesson
    registry.remove("hexlet")


def _lesson(game_id):
    lesson = registry.traits(game_id).lesson
    if lesson is None:
        pytest.skip(f"{game_id} declares no lesson yet")
    return lesson


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_lesson_walks_through_the_real_rules(game_id):
    lesson = _lesson(game_id)
    assert problems(load_game(game_id, **lesson.options), lesson) == []
    assert len(lesson.steps) in SIZES
    load_game(game_id, **lesson.then)  # the game against the bot has valid options


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_lesson_can_be_finished_by_its_first_choices(game_id):
    lesson = _lesson(game_id)
    game = load_game(game_id, **lesson.options)
    chosen = next(paths(lesson))
    done: list[str] = []
    for step in range(len(lesson.steps)):
        state = position(game, lesson, step, done)
        if lesson.asks(step):
            verdict = judge(state, lesson, step, chosen[len(done)])
            assert verdict.accepted and verdict.after is not None
            done.append(verdict.action)


def test_hexlet_lesson_is_sound_and_branches(hexlet):
    game = load_game("hexlet")
    assert problems(game, hexlet) == []
    assert sorted(paths(hexlet)) == [
        (first, second, third)
        for first in ("b2",)
        for second in ("b1", "c1")
        for third in ("a3", "b3")
    ]


def test_a_lesson_position_replays_the_setups_and_the_learners_moves(hexlet):
    state = position(load_game("hexlet"), hexlet, 3, ["b2", "c1"])
    assert state.history() == ["b2", "a2", "c1", "c2"]
    assert state.current_player == hexlet.learner


def test_verdicts_accept_refuse_in_the_steps_words_or_the_games(hexlet):
    game = load_game("hexlet")
    state = position(game, hexlet, 2, ["b2"])
    assert judge(state, hexlet, 2, "c1").accepted
    own = judge(state, hexlet, 2, "a1")
    assert (own.accepted, own.reason) == (False, Message("hexlet.lesson.touch.a1"))
    other = judge(state, hexlet, 2, "c3")
    assert other.reason == Message("core.lesson.other", {"say": hexlet.steps[2].say})
    taken = judge(state, hexlet, 2, "a2")
    assert taken.reason is not None and taken.reason.key == "hexlet.illegal.taken"
    assert "a2" in taken.reason.text()
    reading = judge(position(game, hexlet, 0, []), hexlet, 0, "b2")
    assert reading.reason == Message("core.lesson.read_on")


@pytest.mark.parametrize(
    ("step", "actions", "key"),
    [
        (9, [], "core.lesson.no_step"),
        (-1, [], "core.lesson.no_step"),
        (2, [], "core.lesson.actions"),
        (2, ["b2", "c1"], "core.lesson.actions"),
        (3, ["a1", "c1"], "core.lesson.not_asked"),
    ],
)
def test_a_position_the_lesson_cannot_reach_is_refused_with_a_reason(hexlet, step, actions, key):
    with pytest.raises(LessonError) as refused:
        position(load_game("hexlet"), hexlet, step, actions)
    assert refused.value.reason.key == key


def test_problems_name_what_is_wrong(hexlet):
    from dataclasses import replace

    from ludoteca.engine.lessons import Step

    broken = replace(
        hexlet,
        steps=(*hexlet.steps[:2], Step(Message("hexlet.lesson.none"), setup=("b2",))),
    )
    found = problems(load_game("hexlet"), broken)
    assert any("missing in de" in line for line in found)
    assert any("setup" in line for line in found)
