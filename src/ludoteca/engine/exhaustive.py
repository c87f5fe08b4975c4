"""An exhaustive search to the end of the game: exact values where the rest of the game is small.

Every continuation is explored: chance by the expectation over its stated outcomes, each seat
choosing the action best for itself (max^n; among equals the first in the order of the legal
actions). A finished game is worth each seat its share of the win (ties shared) with several
seats, its score normalised by the game's ``score_range`` alone. Positions met again are valued
once (``memo``, by their ``position_key``) where that key holds all that decides the rest of
the game. The search gives up, answering None, when it would meet more than ``bound``
positions or go deeper than ``DEPTH`` actions: the values it returns are exact, never guessed.

With two seats or one the values are the game's exact values (minimax over win shares; the
expected best score). With three seats or more they are those of max^n, whose tie rule is a
convention.
"""

from __future__ import annotations

import math
from typing import Any

from .core import CHANCE, TERMINAL, State
from .parts import Values

DEPTH = 400  # actions below the position searched, at most (Python's own stack stays small)


def exact(state: State, *, bound: int, method: str, memo: bool = True) -> Values | None:
    """The seat to move's exact value of each legal action (a knowledge's ``exact`` part), or
    None where the rest of the game is larger than ``bound`` positions or no seat moves."""
    seat = state.current_player
    found = action_values(state, bound, memo) if seat >= 0 else None
    if found is None:
        return None
    return Values({action: values[seat] for action, values in found.items()}, method)


class TooBig(Exception):
    """The search passed its bound (positions or depth)."""


def action_values(state: State, bound: int, memo: bool = True) -> dict[str, list[float]] | None:
    """The exact value vector (one entry per seat) of each legal action of the seat to move,
    or None when the rest of the game is larger than ``bound`` positions."""
    search = _Search(state, bound, memo)
    try:
        return {action: search.value(state.apply(action), 1) for action in state.legal_actions()}
    except TooBig:
        return None


class _Search:
    def __init__(self, state: State, bound: int, memo: bool):
        self.seats = state.game.num_players
        low, high = state.game.score_range()
        self.low, self.width = low, (high - low if math.isfinite(high) and high > low else 0.0)
        self.left = bound
        self.memo: dict[Any, list[float]] | None = {} if memo else None

    def value(self, state: State, depth: int) -> list[float]:
        key = None if self.memo is None else state.position_key()
        known = None if self.memo is None else self.memo.get(key)
        if known is not None:
            return known
        self.left -= 1
        if self.left < 0 or depth > DEPTH:
            raise TooBig
        found = self._value(state, depth)
        if self.memo is not None:
            self.memo[key] = found
        return found

    def _value(self, state: State, depth: int) -> list[float]:
        player = state.current_player
        if player == TERMINAL:
            return self.final(state)
        if player == CHANCE:
            total = [0.0] * self.seats
            for outcome, probability in state.chance_outcomes():
                for seat, value in enumerate(self.value(state.successor(outcome), depth + 1)):
                    total[seat] += probability * value
            return total
        best: list[float] | None = None
        for action in state.legal_actions_view():
            found = self.value(state.successor(action), depth + 1)
            if best is None or found[player] > best[player]:
                best = found
        assert best is not None, "a seat to move has a legal action"
        return best

    def final(self, state: State) -> list[float]:
        if self.seats > 1:
            winners = state.winners()
            return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.seats)]
        if not self.width:
            raise TooBig  # no finite score range to normalise by: not a value in [0, 1]
        return [(float(state.scores()[0]) - self.low) / self.width]
