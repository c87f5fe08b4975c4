"""Habitats' guided first game: three turns of a two-player game, one rule a step.

The goals and every market draw are actions of the record, so all of them are chosen: the
market holds the tiles each step asks for and, behind the learner's figure, an elephant it may
not take. The learner (player 1) takes a forest flower and places it north of the entrance,
takes BIG forest tourists from the new facing and joins them to the flower (a forest area of
two, the year's goal), then takes a salamander and gives it its habitat beside that forest.
Two explanations follow: the year's goals and the end of the game.
"""

from __future__ import annotations

from ludoteca.engine.lessons import Lesson, Step, words

_say = words("habitats")

# the goals of years 1-3, then the market filled row by row from the top left (a3, c3, a2,
# b2, c2, a1, c1: b3 and b1 hold the figures)
_START = (
    *("goal:area", "goal:types", "goal:row"),
    *(f"draw:{tile}" for tile in ("meerkat", "flower-grassland", "lizard")),
    *(f"draw:{tile}" for tile in ("flower-forest", "big-forest", "badger", "salamander")),
)
# the cells next to the forest flower (0,1) and the tourists (1,1): the salamander's habitat
_BESIDE_FOREST = ("-1,1", "0,2", "1,0", "1,2", "2,1")

STEPS = (
    Step(
        say=_say("take"),
        setup=_START,
        expect=("take:b2",),
        refuse={"take:c1": _say("take.salamander")},
        marks=("mk-b2",),
    ),
    Step(
        say=_say("place"),
        setup=("draw:elephant",),
        expect=("place:0,1",),
        refuse={f"place:{cell}": _say("place.other") for cell in ("1,0", "-1,0")},
        marks=("park0_x0_y1",),
    ),
    Step(
        # the opponent's turn: it takes the meerkat on a3 (to its right), a zebra refills b3
        say=_say("facing"),
        setup=("take:a3", "draw:zebra", "place:1,0"),
        expect=("take:c2",),
        marks=("mk-c2", "mk-b1"),
    ),
    Step(
        say=_say("area"),
        setup=("draw:deer",),
        expect=("place:1,1",),
        refuse={
            **{f"place:{cell}": _say("area.apart") for cell in ("1,0", "-1,0")},
            **{f"place:{cell}": _say("area.other") for cell in ("-1,1", "0,2")},
        },
        marks=("park0_x1_y1",),
    ),
    Step(
        # the opponent takes the lizard, its only tile in reach; a bat refills a3
        say=_say("animal"),
        setup=("take:a2", "draw:bat", "place:0,1"),
        expect=("take:c1",),
        marks=("mk-c1",),
    ),
    Step(
        say=_say("habitat"),
        setup=("draw:hippo",),
        expect=tuple(f"place:{cell}" for cell in _BESIDE_FOREST),
        refuse={"place:-1,0": _say("habitat.apart")},
    ),
    Step(say=_say("goals"), setup=("take:a1", "draw:kudu", "place:1,1")),
    Step(say=_say("end")),
)

LESSON = Lesson(title=_say("title"), options={"players": 2}, steps=STEPS, then={"players": 2})
