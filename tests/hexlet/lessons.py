"""Hexlet's guided game: a tiny lesson that proves the generic path (the server, the page and
the terminal read it through the traits, as they read the five games')."""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("hexlet")


LESSON = Lesson(
    title=_say("title"),
    options={},
    steps=(
        Step(_say("sides")),
        Step(_say("centre"), expect=("b2",), marks=("b2",)),
        Step(
            _say("touch"),
            setup=("a2",),
            expect=("b1", "c1"),
            refuse={"a1": _say("touch.a1")},
            marks=("b1", "c1"),
        ),
        Step(_say("join"), setup=("c2",), expect=("a3", "b3"), marks=("a3", "b3")),
        Step(_say("end")),
    ),
    then={},
)
