"""What the bots know of Hares: the exact solver is the rollout, the evaluation and the hint."""

from __future__ import annotations

import random

from ludoteca.engine import Message
from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings, Values

from .game import HaresState
from .moves import Move
from .solver import solver_for


def solve(state: HaresState) -> tuple[int, str | None]:
    """(the most hares that can still be saved from ``state``, a move in notation that saves
    that many; None once the game is over or before the colour is drawn)."""
    if state.board is None or state.is_terminal():
        return 0, None
    value, move = solver_for(state.board).solve_masks(state.hares, state.carrots, state.hunter)
    return value, None if move is None else str(Move(*move))


def best(state: HaresState, rng: random.Random) -> str | None:
    return solve(state)[1] if state.current_player == 0 else None


def saved_share(state: HaresState) -> list[float] | None:
    """The hares saved at best from here, as a share of the card's best result."""
    if state.board is None:
        return None
    value, _ = solve(state)
    return [(state.saved + value) / max(1, state.card.best)]


def hint(state: HaresState, seat: int) -> Hint | None:
    """The solver's move with the most hares it still saves; the aids drawn with its arrow."""
    if state.current_player != 0 or seat != 0:
        return None
    value, action = solve(state)
    assert action is not None
    total = state.saved + value
    if value == 0:
        reason = Message("hares.hint.lost", {"action": action})
    else:
        reason = Message("hares.hint.best", {"action": action, "n": value, "total": total})
    move = Move.parse(action)
    arrow = (move.start, move.end)
    return Hint(action=action, value=total, reason=reason, overlay=Overlay(action, arrows=(arrow,)))


def exact(state: HaresState) -> Values | None:
    """Each move's exact value: the hares saved by the end when the best play follows it, as a
    share of the card's hares (the game's score range)."""
    if state.current_player != 0:
        return None
    hares = len(state.card.hares)
    values = {}
    for action in state.legal_actions():
        after = state.apply(action)
        values[action] = (after.saved + solve(after)[0]) / hares
    return Values(values, "solver")


KNOWLEDGE = Knowledge[HaresState](
    rollout=best,
    evaluate=saved_share,
    hint=hint,
    # The hint is the exact solver (most hares that can still be saved): no search.
    search=SearchSettings(solver_hint=True),
    exact=exact,
)
