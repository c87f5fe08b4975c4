"""Potager's compiled rules (core.py, which its states play) play exactly as its pre-change
rules: the stored seeded games of both variants (every step's legal actions, chance odds,
tensors, scores and the bots' evaluation) and a live side-by-side run against the code before
(a tree pinned in git history, see before.py)."""

import pytest

from .stored import check_chunk, check_live, chunk_ids

# 100 chunks of 100 games (10,000), at ~0.04 s a game (its tensors and observations are
# hashed at every step): every 17th chunk by default, both variants as the chunks alternate
# between them (LUDOTECA_DIFFERENTIAL=all for every stored one)
STRIDE = 17


@pytest.mark.parametrize("index", chunk_ids("potager", STRIDE))
def test_the_stored_games_are_played_alike(index: int) -> None:
    check_chunk("potager", index)


def test_the_code_before_and_the_game_agree_side_by_side() -> None:
    check_live("potager", games=10, observed=3)
