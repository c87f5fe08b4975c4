"""What the bots know of Habitats: a greedy policy, a quick evaluation and a greedy hint."""

from __future__ import annotations

import math
import random

from ludoteca.engine import Message
from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings

from .game import HabitatsState
from .goals import GOALS
from .move import Move, place_action
from .park import Park
from .tiles import Pos, TileKind

GOAL_WEIGHT = 0.6  # park-score points one goal unit is worth, per goal year


def park_value(state: HabitatsState, park: Park) -> float:
    """The park score plus the progress on the goals still to be scored."""
    value = float(park.score().total)
    first_open = sum(1 for end in state.game.year_ends if state.turn >= end)
    for year, goal in enumerate(state.goals, start=1):
        if year > first_open:
            key = GOALS[goal](park)
            value += GOAL_WEIGHT * year * (key[0] if key else 0)
    return value


def best_placement(
    state: HabitatsState, park: Park, kind: TileKind, rng: random.Random
) -> tuple[float, Pos | None, int]:
    """(gain, cell, road mask) of the best place for ``kind`` in ``park``."""
    base = park_value(state, park)
    best: tuple[float, Pos | None, int] = (-math.inf, None, 0)
    for pos, mask in park.placements(kind):
        gain = park_value(state, park.place(pos, kind, mask)) - base + rng.random() * 1e-3
        if gain > best[0]:
            best = (gain, pos, mask)
    return best


def heuristic_action(state: HabitatsState, rng: random.Random) -> str:
    """Take the market tile with the best immediate gain, and place it where it gains most."""
    return greedy(state, rng)[1]


def greedy(state: HabitatsState, rng: random.Random) -> tuple[float, str]:
    """(gain, action) of the greedy choice for the seat to move."""
    legal = state.legal_actions()
    seat = state.current_player
    park = state.parks[seat]
    if state.phase == "take":
        scored = []
        for action in legal:
            tile = _market_tile(state, Move.parse(action))
            scored.append((best_placement(state, park, tile, rng)[0], action))
        return max(scored)
    gain, pos, mask = best_placement(state, park, state.in_hand, rng)
    return (0.0, legal[0]) if pos is None else (gain, place_action(pos, mask))


def hint(state: HabitatsState, seat: int) -> Hint | None:
    """The greedy choice as advice (the view rings the cells to click)."""
    if state.current_player != seat:
        return None
    gain, action = greedy(state, random.Random(0))
    return Hint(
        action=action,
        value=round(gain, 2),
        reason=Message("habitats.hint.gain", {"vp": round(gain, 1)}),
        overlay=Overlay(action),
    )


def evaluate(state: HabitatsState) -> list[float]:
    """Each seat's chance of winning, estimated from its lead over the best other seat."""
    return chances(state.scores())


def chances(scores: list[float]) -> list[float]:
    """Each seat's chance of winning with these scores (see ``evaluate``)."""
    if len(scores) < 2:
        return [1.0]
    best, second = sorted(scores, reverse=True)[:2]
    # the best other seat: the best, unless this seat is the best (then the second best,
    # which equals the best on a tie)
    return [
        1 / (1 + math.exp(((second if score == best else best) - score) / 6)) for score in scores
    ]


def playout(
    state: HabitatsState, rng: random.Random, epsilon: float, cut: int | None
) -> tuple[list[float] | None, list[float]] | None:
    """A search rollout by the compiled core: uniformly random decisions (the greedy policy
    is not compiled: None unless ``epsilon`` is 1), cut after ``cut`` decisions and scored by
    ``evaluate`` (the core draws the setup's goals too)."""
    if epsilon < 1.0:
        return None
    ended, scores = state.game.core_rollout(state, -1 if cut is None else cut, rng.getrandbits(32))
    final = [float(score) for score in scores]
    return (None, final) if ended else (chances(final), final)


KNOWLEDGE = Knowledge[HabitatsState](
    rollout=heuristic_action,
    evaluate=evaluate,
    hint=hint,
    # The heuristic costs ~6 ms a call. Four random decisions (about two turns) before the
    # evaluator won 6 of 8 games against evaluating at once with twice the iterations.
    search=SearchSettings(
        budgets={"easy": 30, "medium": 150, "hard": 500}, heuristic=False, rollout_cut=4
    ),
    playout=playout,
)


def _market_tile(state: HabitatsState, take: Move) -> TileKind:
    """The tile on the market space that a legal take names (so the space holds one)."""
    tile_id = state.market.get(take.cell) if take.cell is not None else None
    assert tile_id is not None, f"no tile on {take.name}"
    return state.game.tiles.by_id(tile_id)
