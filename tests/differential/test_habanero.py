"""Habanero's compiled core plays exactly as its pre-change rules: 10,000 stored seeded games
over every number of campesinos, the best and greedy policies at every decision, and a live
side-by-side run against the code before (a tree pinned in git history, see before.py)."""

import pytest

from .stored import check_chunk, check_live, chunk_ids


@pytest.mark.parametrize("index", chunk_ids("habanero"))
def test_the_stored_games_are_played_alike(index: int) -> None:
    check_chunk("habanero", index)


def test_the_code_before_and_the_game_agree_side_by_side() -> None:
    check_live("habanero", games=100, observed=100)
