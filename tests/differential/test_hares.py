"""Hares' compiled core plays exactly as its pre-change rules: 10,000 stored seeded games over
every level card and colour (drawn, white, black), the exact solver's evaluation at every
decision, and a live side-by-side run on a few cards against the code before (a tree pinned
in git history, see before.py)."""

import pytest

from .stored import check_chunk, check_live, chunk_ids


@pytest.mark.parametrize("index", chunk_ids("hares"))
def test_the_stored_games_are_played_alike(index: int) -> None:
    check_chunk("hares", index)


LIVE = [
    {"level": 1, "colour": "random"},
    {"level": 8, "colour": "white"},
    {"level": 15, "colour": "black"},
    {"level": 19, "colour": "random"},
]


def test_the_code_before_and_the_game_agree_side_by_side() -> None:
    check_live("hares", LIVE, games=40, observed=5)
