"""What the bots know of Habanero: the best policy's rollouts and the roll-or-stop aid."""

from __future__ import annotations

from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings
from tests.differential.oracles.habanero import aid
from tests.differential.oracles.habanero.game import HabaneroState
from tests.differential.oracles.habanero.policies import best_action


def hint(state: HabaneroState, seat: int) -> Hint | None:
    """The decision aid's advice (see ``aid.hint``) with its squares and arrows drawn."""
    advice = aid.hint(state, seat)
    if advice is None:
        return None
    squares, arrows = advice["overlay"]["squares"], advice["overlay"]["arrows"]
    return Hint(
        action=advice["action"],
        value=advice["value"],
        reason=advice["reason"],
        overlay=Overlay(
            action=advice["action"],
            marks=tuple(squares),
            arrows=tuple((origin, target) for origin, target in arrows),
        ),
    )


KNOWLEDGE = Knowledge[HabaneroState](
    rollout=best_action,
    hint=hint,
    # The heuristic rollouts (~90 iterations/s) are worth it: random ones stop at once. A
    # random "stop" ends a rollout, so few random actions.
    search=SearchSettings(budgets={"easy": 15, "medium": 60, "hard": 150}, epsilon=0.05),
)
