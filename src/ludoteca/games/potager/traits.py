"""What Potager declares beyond its rules: a draw may be agreed, the lab's
components and the guided first game."""

from __future__ import annotations

from ludoteca.engine import CHANCE
from ludoteca.engine.traits import Traits, Use, steps

from .game import PotagerState
from .lessons import LESSON
from .move import Move
from .position import ENDS


def patterns_and_tools(final: PotagerState) -> list[Use]:
    """``pattern``: each harvest and the points it brought; ``tool``: each use of a tool (value
    1, so the mean says nothing; the win rate of its users does)."""
    rows: list[Use] = []
    for before, action, after in steps(final):
        seat = before.current_player
        if seat == CHANCE:
            continue
        if action.startswith("harvest:"):
            gain = after.scores()[seat] - before.scores()[seat]
            rows.append(Use("pattern", action.split(":")[1], seat, float(gain)))
        elif before.phase == "tool" and action != "skip" and before.tool is not None:
            rows.append(Use("tool", before.tool, seat, 1.0))
    return rows


TRAITS = Traits[PotagerState](
    draws=True,
    analysis=patterns_and_tools,
    ends=ENDS,
    move_kind=lambda action: Move.parse(action).kind,
    lesson=LESSON,
)
