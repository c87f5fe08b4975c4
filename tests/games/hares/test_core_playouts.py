"""Hares' compiled batch playouts play the game's random games: every result is one the card
allows, and over many seeded games they save as many hares and last as long as random games
played through the public contract."""

import numpy as np
import pytest

from ludoteca.engine.playouts import play_through_contract
from ludoteca.games import registry


@pytest.mark.parametrize(("level", "colour"), [(1, "random"), (11, "white"), (20, "black")])
def test_the_compiled_playouts_play_like_the_contract(level: int, colour: str) -> None:
    game = registry.load("hares", level=level, colour=colour)
    fast = game.playouts(4000, seed=1)
    slow = play_through_contract(game, 1000, seed=1)
    low, high = game.score_range()
    assert ((fast.scores >= low) & (fast.scores <= high)).all()
    assert (fast.lengths >= 1).all() and (fast.lengths <= game.max_game_length()).all()
    assert abs(fast.scores.mean() - slow.scores.mean()) < 0.15
    assert abs(fast.lengths.mean() - slow.lengths.mean()) < 0.5


def test_a_drawn_colour_is_one_action_more() -> None:
    drawn = registry.load("hares", level=3, colour="random").playouts(500, seed=2)
    chosen = registry.load("hares", level=3, colour="white").playouts(500, seed=2)
    assert drawn.lengths.mean() == pytest.approx(chosen.lengths.mean() + 1, abs=0.3)
    assert np.array_equal(drawn.winners, np.ones((500, 1), dtype=bool))
