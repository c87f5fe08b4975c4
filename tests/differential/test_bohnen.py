"""Bohnen's compiled core plays exactly as its pre-change rules: the stored seeded games over
every player count, capture chain and a small lap cap (every step's legal actions, tensors,
scores, the end, the bots' evaluation and greedy policy) and a live side-by-side run against
the code before (a tree pinned in git history, see before.py)."""

import pytest

from .stored import check_chunk, check_live, chunk_ids

# 100 games a chunk at ~3 s of CPU a chunk: every 7th chunk by default, each option
# combination in turn (LUDOTECA_DIFFERENTIAL=all for all 108 stored ones)
STRIDE = 7


@pytest.mark.parametrize("index", chunk_ids("bohnen", STRIDE))
def test_the_stored_games_are_played_alike(index: int) -> None:
    check_chunk("bohnen", index)


def test_the_code_before_and_the_game_agree_side_by_side() -> None:
    check_live("bohnen", games=4, observed=1)
