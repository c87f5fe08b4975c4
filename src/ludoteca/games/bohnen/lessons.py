"""Bohnen's guided first game, two players: sowing, the relay, a capture, a chain of captures,
and the rules a first game rarely shows (own pits, must feed, the grand slam, the end) in
words. The opponent's two moves are the steps' ``setup``; the second captures a pit of the
learner's, which the chain then answers."""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("bohnen")

LESSON = Lesson(
    title=_say("title"),
    options={"players": 2},
    steps=(
        Step(_say("board")),
        Step(_say("sow"), expect=("A",), marks=("A",)),
        Step(_say("relay")),
        Step(
            _say("capture"),
            setup=("a",),
            expect=("B",),
            refuse={"C": _say("capture.other"), "D": _say("capture.chain")},
            marks=("B", "c"),
        ),
        Step(_say("chain"), setup=("a",), expect=("D",), marks=("c", "b", "a")),
        Step(_say("own")),
        Step(_say("feed")),
        Step(_say("slam")),
        Step(_say("end")),
    ),
    learner=0,
    then={"players": 2},
)
