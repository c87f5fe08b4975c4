"""Potager's compiled batch playouts play the states' random games: over many seeded games they
score, last and are won (a full garden loses) as random games played through the public
contract, in both variants."""

import random

import numpy as np
import pytest

from ludoteca.engine import sample_chance
from ludoteca.games import registry


def contract_games(game, n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scores, winners (the states' own: a full garden loses) and lengths of ``n`` random
    games through the contract."""
    rng = random.Random(seed)
    scores, winners, lengths = [], [], []
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_chance(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        scores.append(state.scores())
        winners.append([seat in state.winners() for seat in (0, 1)])
        lengths.append(len(state))
    return np.array(scores, float), np.array(winners), np.array(lengths)


@pytest.mark.parametrize("variant", ["standard", "bonus-tools"])
def test_the_compiled_playouts_play_like_the_contract(variant: str) -> None:
    game = registry.load("potager", variant=variant)
    fast = game.playouts(4000, seed=1)
    scores, winners, lengths = contract_games(game, 300, seed=1)
    low, high = game.score_range()
    assert ((fast.scores >= low) & (fast.scores <= high)).all()
    assert (fast.lengths >= 1).all() and (fast.lengths <= game.max_game_length()).all()
    assert fast.winners.any(axis=1).all()
    assert abs(fast.scores.mean() - scores.mean()) < 0.4
    assert abs(fast.lengths.mean() - lengths.mean()) < 2.5
    assert abs(fast.winners[:, 0].mean() - winners[:, 0].mean()) < 0.1
