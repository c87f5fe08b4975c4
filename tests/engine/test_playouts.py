"""Batch playouts through the contract: sums of real games, reproducible by seed."""

import numpy as np
import pytest

from ludoteca.games import registry


@pytest.mark.parametrize("game_id", registry.ids())
def test_playouts_are_whole_games_reproducible_by_seed(game_id: str) -> None:
    game = registry.load(game_id)
    first = game.playouts(3, seed=7)
    again = game.playouts(3, seed=7)
    assert first.scores.shape == first.winners.shape == (3, game.num_players)
    assert np.array_equal(first.scores, again.scores)
    assert np.array_equal(first.lengths, again.lengths)
    assert first.winners.any(axis=1).all()  # every game has a winner (several on a tie)
    low, high = game.score_range()
    assert ((first.scores >= low) & (first.scores <= high)).all()
    assert 0 < first.actions <= 3 * game.max_game_length()


def test_an_unknown_policy_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known are random"):
        registry.load("bohnen").playouts(1, seed=0, policy="greedy")
