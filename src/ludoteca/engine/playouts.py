"""Batch playouts: many whole games played by a policy, summed up as arrays.

``Game.playouts(n, seed)`` is the one entry point. The engine's own implementation below plays
through the public contract (``successor`` on ``legal_actions_view``), one Python step per
action; a game may override ``Game.playouts`` with a compiled core that gives the same kind
of result without Python work per action (not necessarily the same games for the same seed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from .core import Game

POLICIES = ("random",)
# the most games one batch plays: its arrays (n × seats) must fit in memory; call it again
# for more
MAX_PLAYOUTS = 10_000_000


@dataclass(frozen=True)
class Playouts:
    """The results of ``n`` games: ``scores`` (n × seats, float), ``winners`` (n × seats,
    bool: the seats with the best score, several on a tie) and ``lengths`` (n, the actions
    of each game, chance included)."""

    scores: np.ndarray
    winners: np.ndarray
    lengths: np.ndarray

    @property
    def actions(self) -> int:
        """The actions of all the games together."""
        return int(self.lengths.sum())


def check_policy(policy: Any) -> None:
    """Refuse a policy name no playout knows, with the names that are known."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}: known are {', '.join(POLICIES)}")


def check_playouts(n: Any, seed: Any, policy: Any) -> None:
    """Refuse what no batch can play, before anything is allocated: ``n`` and ``seed`` must be
    integers (not bools), ``n`` from 0 to ``MAX_PLAYOUTS``, ``policy`` a known name."""
    for name, value in (("number of playouts", n), ("seed", seed)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
            raise ValueError(f"the {name} must be an integer, not {value!r}")
    if not 0 <= n <= MAX_PLAYOUTS:
        raise ValueError(
            f"the number of playouts must be from 0 to {MAX_PLAYOUTS:,} in one batch, not {n}"
        )
    check_policy(policy)


def play_through_contract(game: Game[Any], n: int, seed: int, policy: str = "random") -> Playouts:
    """``n`` games through the public contract: chance by its odds, seats uniformly at random."""
    check_playouts(n, seed, policy)
    rng = random.Random(seed)
    seats = game.num_players
    scores = np.zeros((n, seats))
    lengths = np.zeros(n, dtype=np.int64)
    for i in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, odds)[0]
            else:
                action = rng.choice(state.legal_actions_view())
            state = state.successor(action)
        scores[i] = state.scores()
        lengths[i] = len(state)
    winners = scores == scores.max(axis=1, keepdims=True) if n else np.zeros((0, seats), bool)
    return Playouts(scores, winners, lengths)
