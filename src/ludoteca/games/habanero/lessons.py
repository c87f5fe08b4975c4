"""Habanero's guided first game, with four campesinos: the roll, a move and its harvest, a
penalty and its payment, a row removed and the campesinos left outside, and the stop. Every
die is forced (a roll is an action of chance), and a few turns of the learner's own are
played for them (a step's ``setup``) to reach the position of the next rule."""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("habanero")

ROW_ONE = (  # five harvests along row 1, the last one left to the learner
    *("roll", "roll:1", "a1-b1", "roll", "roll:1", "b1-c1"),
    *("roll", "roll:1", "g1-f1", "roll", "roll:1", "f1-e1"),
    *("roll", "roll:1"),
)

LESSON = Lesson(
    title=_say("title"),
    options={"campesinos": 4},
    steps=(
        Step(_say("field")),
        Step(_say("roll"), expect=("roll",), refuse={"stop": _say("roll.stop")}),
        Step(_say("move"), setup=("roll:2",), expect=("a1-a3",), marks=("a1", "a3")),
        Step(_say("empty"), setup=("roll", "roll:2"), expect=("a3-a1",), marks=("a1",)),
        Step(_say("penalty"), expect=("pay:1",), refuse={"drop:a1": _say("penalty.drop")}),
        Step(_say("shrink"), setup=ROW_ONE, expect=("c1-d1",), marks=("d1",)),
        Step(_say("outside"), setup=("roll", "roll:2"), expect=("d1-d3",), marks=("d1", "d3")),
        Step(_say("stop"), expect=("stop",), refuse={"roll": _say("stop.roll")}),
    ),
    then={"campesinos": 4},
)
