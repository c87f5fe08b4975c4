"""A quick Potager policy: look one decision ahead (two when the first only opens a choice,
such as taking a token before placing it) and pick the best position by a simple measure.

The measure of a garden is its points plus its promise: for each vegetable, the best bed
still open (cells holding that vegetable or empty) weighted by how full it is, a bonus per
token double side up, and a penalty when the garden fills up (a full garden without a harvest
loses). A position is worth my measure minus part of the opponent's.
"""

from __future__ import annotations

import math
import random
from functools import cache

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Message
from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings

from . import core
from .board import beds, pattern_by_id
from .game import PotagerState
from .move import Move
from .position import by_code, garden_masks

PROMISE = 0.7  # a bed's promise, per cell when complete (harvesting turns it into 1 point)
DOUBLE = 0.6  # a double token will score once more
OPPONENT = 0.6  # how much the opponent's measure counts against mine
OPENERS = ("take", "tool", "swap")  # actions that only open the next choice


@cache
def _weights() -> np.ndarray:
    """The promise per cell² of every bed of ``board.beds()``."""
    sizes = pattern_by_id()
    return np.array([PROMISE / sizes[pattern_id].size for pattern_id, _ in beds().rows])


def promise(garden: tuple) -> float:
    """Per vegetable: 0.6 for each double token and the best bed still open to it, weighted
    by its tokens there squared; less 2.5 a space when three or fewer are left empty."""
    masks, doubles, free = garden_masks(garden)
    table = beds()
    return float(core.promise(masks, doubles, free, table.bits, _weights(), table.starts, DOUBLE))


PROMISES: dict[int, float] = {}  # by garden code


def garden_value(state: PotagerState, seat: int) -> float:
    return state.scores()[seat] + garden_promise(state, seat, state.garden_codes()[seat])


def garden_promise(state: PotagerState, seat: int, code: int) -> float:
    """The promise of ``seat``'s garden, whose code is ``code``."""
    found = PROMISES.get(code)
    if found is None:
        found = by_code(PROMISES, code, promise, state.garden(seat))
    return found


def position_value(state, seat: int) -> float:
    if state.is_terminal():
        winners = state.winners()
        return 1000.0 if winners == [seat] else (-1000.0 if seat not in winners else 0.0)
    return garden_value(state, seat) - OPPONENT * garden_value(state, 1 - seat)


def action_value(state: PotagerState, action: str, seat: int, depth: int = 1) -> float:
    after = state.apply(action)
    if (
        depth > 0
        and Move.parse(action).kind in OPENERS
        and after.current_player == seat
        and after.legal_actions()
    ):
        return max(action_value(after, a, seat, depth - 1) for a in after.legal_actions())
    return position_value(after, seat)


def choose(state: PotagerState, rng: random.Random) -> str | None:
    seat = state.current_player
    if seat < 0 or seat == CHANCE:
        return None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scored = [(action_value(state, a, seat) + rng.random() * 1e-6, a) for a in legal]
    return max(scored)[1]


def winning_chances(state: PotagerState) -> list[float]:
    """Each seat's chance to win, guessed from the gap between the two measures."""
    if state.current_player == TERMINAL:
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]
    # garden_value of both seats, written out (the evaluator of every search leaf)
    points0, points1, code0, code1 = state.points_and_codes()
    mine, theirs = PROMISES.get(code0), PROMISES.get(code1)
    if mine is None:
        mine = garden_promise(state, 0, code0)
    if theirs is None:
        theirs = garden_promise(state, 1, code1)
    gap = (points0 + mine) - (points1 + theirs)
    first = 1.0 / (1.0 + math.exp(-gap / 6.0))
    return [first, 1.0 - first]


def advice(state: PotagerState, seat: int) -> Hint | None:
    """The bot's choice for ``seat`` with its value and a reason (for hints)."""
    if state.current_player != seat:
        return None
    legal = state.legal_actions()
    scored = sorted(((action_value(state, a, seat), a) for a in legal), reverse=True)
    value, action = scored[0]
    harvest = Move.parse(action).kind == "harvest"
    reason = Message(
        "potager.hint.harvest" if harvest else "potager.hint.best", {"what": state.label(action)}
    )
    return Hint(action=action, value=round(value, 2), reason=reason, overlay=Overlay(action))


KNOWLEDGE = Knowledge[PotagerState](
    rollout=choose,
    evaluate=winning_chances,
    hint=advice,
    # The heuristic costs ~4 ms a call; the evaluator (winning chances) ~50 µs and judges
    # leaves better than short random rollouts did in our trials.
    search=SearchSettings(
        budgets={"easy": 10, "medium": 150, "hard": 2000}, heuristic=False, rollout_cut=0
    ),
)
