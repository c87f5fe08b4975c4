"""Hares' guided first game, on card 16 ("Catch the hunter", white): one rule a step, from a
hare's single step to a hare saved in a burrow. The hares only run forward, so some steps play
the learner's own hare on (their ``setup``) to bring the next rule into view."""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("hares")

LESSON = Lesson(
    title=_say("title"),
    options={"level": 16, "colour": "white"},
    steps=(
        Step(_say("goal")),
        Step(_say("step"), expect=("e2e3",), marks=("e2",)),
        Step(_say("hunter")),
        Step(_say("jump"), expect=("d2d4",), refuse={"d2d3": _say("jump.short")}, marks=("d2",)),
        Step(_say("protect"), marks=("d4",)),
        Step(_say("take"), setup=("g2g3",), expect=("g3h4",), marks=("g3",)),
        Step(_say("carrot"), expect=("d4e5",), marks=("d4",)),
        Step(_say("burrow"), setup=("e5e6", "e6e7"), expect=("e7e8",), marks=("e7",)),
        Step(_say("end")),
    ),
    then={"level": 2, "colour": "random"},
)
