"""Differential play: the same seeded random games through two implementations of one game.

Before a game's rules move to a faster core, its pre-change implementation is kept under
``tests/differential/oracles/`` as the oracle. ``first_difference`` plays seeded random games
through the oracle and the new rules side by side and names the first step where the legal
actions, a seat's observation (dict and tensor), the chance odds or the scores differ.
``play_digest`` hashes the same facts of one implementation's games, so a long run of the
oracle can be stored once and the new rules checked against it.

The full observation dict is the costly fact (its log is translated at every step): with
``observed`` set, it is compared at every step of the first ``observed`` games only, and at
the end of every game; everything else is compared at every step of every game.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

import numpy as np

from ludoteca.engine.core import Game, State

from .pinning import shown


def _facts(state: State, observe: bool = True) -> Iterator[tuple[str, Any]]:
    """What must agree between two implementations at one position."""
    yield "player", state.current_player
    yield "legal", list(state.legal_actions_view())
    yield "chance", state.chance_outcomes()
    terminal = state.is_terminal()
    for seat in range(state.game.num_players):
        if observe or terminal:
            yield f"observation[{seat}]", shown(state.observation(seat))  # rules, not wording
        if state.game.observation_tensor_shape() is not None:
            yield f"tensor[{seat}]", state.observation_tensor(seat).tolist()
    if terminal:
        yield "scores", state.scores()
        yield "end", state.end_reason()


def _next_action(state: State, rng: random.Random) -> str:
    if state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(outcomes, odds)[0]
    return rng.choice(sorted(state.legal_actions_view()))


def first_difference(
    oracle: Game[Any], game: Game[Any], *, games: int, seed: int, observed: int | None = None
) -> str | None:
    """None if both play ``games`` seeded random games alike; else where they first differ.
    Observations are compared without their wording (``pinning.shown``): the words of the
    log and the prompt belong to the catalogs and may change while the rules do not.
    ``observed``: compare whole observations at every step of that many games (None: all)."""
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        observe = observed is None or index < observed
        old, new = oracle.new_initial_state(), game.new_initial_state()
        for step in range(game.max_game_length() + 1):
            facts = zip(_facts(old, observe), _facts(new, observe), strict=True)
            for (name, expected), (_, got) in facts:
                if expected != got:
                    return f"game {index}, step {step}: {name} {got!r} != oracle {expected!r}"
            if new.is_terminal():
                break
            action = _next_action(new, rng)
            old, new = old.successor(action), new.successor(action)
    return None


def play_digest(game: Game[Any], *, games: int, seed: int, observed: int | None = None) -> str:
    """A hash of every fact of ``games`` seeded random games (see ``first_difference``)."""
    digest = hashlib.sha256()
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        observe = observed is None or index < observed
        state = game.new_initial_state()
        while True:
            for name, value in _facts(state, observe):
                digest.update(f"{name}={_plain(value)!r};".encode())
            if state.is_terminal():
                break
            state = state.successor(_next_action(state, rng))
    return digest.hexdigest()


def _plain(value: Any) -> Any:
    """Values with a stable repr (numpy scalars and arrays as Python numbers and lists)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value
