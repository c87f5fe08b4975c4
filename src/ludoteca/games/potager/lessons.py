"""Potager's guided first game: one turn of each kind of decision, one rule a step.

The bag's draws are actions of the record, so every draw here is chosen: the hedge shows the
carrots each step asks for. The learner (player 1) grows a row of three carrots on b2, c2 and
d2: a placement in its slot's column (double side up), the hedge closing up after a take, the
gloves on b2 (one more placement), the basket on d2 (a harvest at once) and the harvest itself,
where the two double carrots turn over and the single one leaves the garden.
"""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("potager")

# hedge slots 1-5 (potato, carrot, carrot, tomato, broccoli), then the trampoline (eggplant)
_START = tuple(
    f"draw:{kind}" for kind in ("potato", "carrot", "carrot", "tomato", "broccoli", "eggplant")
)
_OTHER_COLUMNS = ("a2", "b2", "d2", "e2")  # row 2, where the bed grows, outside column c

STEPS = (
    Step(
        say=_say("take"),
        setup=_START,
        expect=("take:3",),
        refuse={"take:2": _say("take.other")},
        marks=("hedge-3",),
    ),
    Step(
        say=_say("column"),
        expect=("place:c2",),
        refuse={
            **{f"place:{space}": _say("column.single") for space in _OTHER_COLUMNS},
            **{f"place:c{row}": _say("column.row") for row in (1, 3, 4, 5)},
        },
        marks=("g0-c2",),
    ),
    Step(
        # the refill of the learner's take, then the opponent's turn: the tomato of slot 3,
        # placed outside its column (single side up), and its refill (a carrot on the trampoline)
        say=_say("refill"),
        setup=("draw:potato", "take:3", "place:a3", "draw:carrot"),
        expect=("take:2",),
        marks=("hedge-2", "hedge-5"),
    ),
    Step(
        say=_say("tool"),
        expect=("place:b2",),
        refuse={"place:d2": _say("tool.basket")},
        marks=("g0-b2", "g0-d2", "g0-b4", "g0-d4"),
    ),
    Step(
        say=_say("gloves"),
        setup=("draw:tomato",),
        expect=("take:5",),
        refuse={"skip": _say("gloves.skip")},
        marks=("hedge-5",),
    ),
    Step(
        say=_say("basket"),
        expect=("place:d2",),
        refuse={"place:a2": _say("basket.later"), "place:e2": _say("basket.apart")},
        marks=("g0-d2",),
    ),
    Step(
        say=_say("harvest"),
        setup=("draw:eggplant",),
        expect=("harvest:carrot-1:b2,c2,d2",),
        refuse={"skip": _say("harvest.skip")},
        marks=("pat-carrot-1", "g0-b2", "g0-c2", "g0-d2"),
    ),
    Step(say=_say("gnome")),
    Step(say=_say("end")),
)

LESSON = Lesson(title=_say("title"), options={}, steps=STEPS, then={})
