"""What Habitats declares beyond its rules: a draw may be agreed, the lab's
components and the guided first game."""

from __future__ import annotations

from ludoteca.engine.traits import Traits, Use

from .game import HabitatsState
from .lessons import LESSON
from .move import Move


def tiles_and_goals(final: HabitatsState) -> list[Use]:
    """``tile``: each tile kind in a final park and the points it scores there (tiles scoring
    for others, such as watchtowers, get what they score themselves); ``goal``: each year's
    goal and the goal points each seat got for it."""
    rows: list[Use] = []
    for seat, park in enumerate(final.parks):
        for entry in park.score().tiles:
            if entry.tile != "entrance":
                rows.append(Use("tile", entry.tile, seat, float(entry.vp)))
    for year, goal in enumerate(final.goals):
        for seat, points in enumerate(final.goal_points):
            if year < len(points):
                rows.append(Use("goal", goal, seat, float(points[year])))
    return rows


TRAITS = Traits[HabitatsState](
    draws=True,
    analysis=tiles_and_goals,
    ends=("last_turn",),
    move_kind=lambda action: Move.parse(action).kind,
    lesson=LESSON,
)
