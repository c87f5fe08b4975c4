"""Driving a game: chance resolved by the driver's own seeded RNG, seats by agents."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from .core import CHANCE, State


class Agent(Protocol):
    def choose(self, state: State) -> str: ...


def sample_chance(state: State, rng: random.Random) -> str:
    """One outcome of the chance node ``state``, drawn with its probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("sample_chance needs a chance node")
    point = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


def play(
    state: State,
    agents: Sequence[Agent] | Mapping[int, Agent],
    rng: random.Random,
    on_action: Callable[[State, int, str], None] | None = None,
    max_actions: int | None = None,
) -> State:
    """Play from ``state`` to the end (or ``max_actions``); returns the last state."""
    count = 0
    while not state.is_terminal() and (max_actions is None or count < max_actions):
        seat = state.current_player
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].choose(state)
        if on_action is not None:
            on_action(state, seat, action)
        state = state.apply(action)
        count += 1
    return state
