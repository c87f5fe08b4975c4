"""The compiled batch playouts play by the rules: each of their games, replayed through the
ordinary state (which checks every action), is legal and ends alike with the same scores."""

import numpy as np
import pytest

from ludoteca import load_game
from ludoteca.games.bohnen import PIT_NAMES
from ludoteca.games.bohnen.game import END_REASONS, LEAVE


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3, "capture_chain": "following"},
        {"players": 4, "max_laps": 2},
    ],
)
def test_every_batch_game_replays_legally_to_the_same_end(options: dict) -> None:
    game = load_game("bohnen", **options)
    games = 40
    record = np.full((games, game.max_game_length()), -1, np.int64)
    scores, lengths = game.core_playouts(games, seed=3, record=record)
    ends = set()
    for row, final, length in zip(record, scores, lengths, strict=True):
        actions = [PIT_NAMES[a] if a < 12 else LEAVE + PIT_NAMES[a - 12] for a in row[:length]]
        state = game.replay(actions)  # every action checked for legality
        assert state.is_terminal()
        assert state.scores() == final.tolist()
        ends.add(state.end_reason())
    assert ends <= set(END_REASONS) and len(ends) >= 2
