"""What the bots know of Habanero: the best policy's rollouts and the roll-or-stop aid."""

from __future__ import annotations

import random
from functools import partial

from ludoteca.engine import exhaustive, randoms
from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings

from . import aid, core
from .game import HabaneroState
from .policies import best_action


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


def playout(
    state: HabaneroState, rng: random.Random, epsilon: float, cut: int | None
) -> tuple[None, list[float]]:
    """A whole search rollout in one call of the compiled core (``core.rollout``): the best
    policy, a random action with probability ``epsilon``, played to the end (Habanero has no
    evaluation to cut at). It draws from ``rng``'s own stream the numbers the search would
    draw rolling out action by action, so the search plays the same either way."""
    stream = randoms.load(rng)
    held = core.rollout(state.cells, epsilon, stream)  # read only: it plays on its own values
    randoms.catch_up(rng, stream)
    return None, [float(held)]


# Exact where the rest of the game is small (the last rolls): the expectation over every
# face of the die and every choice, within 5,000 positions; MCTS elsewhere.
KNOWLEDGE = Knowledge[HabaneroState](
    rollout=best_action,
    hint=hint,
    playout=playout,
    # The heuristic rollouts are worth their cost (once ~90 iterations/s, compiled now some
    # 20,000): random ones stop at once. A random "stop" ends a rollout, so few random actions.
    search=SearchSettings(budgets={"easy": 15, "medium": 60, "hard": 150}, epsilon=0.05),
    exact=partial(exhaustive.exact, bound=5_000, method="expectation", memo=True),
)
