"""Habitats as its pre-change rules played it: the stored seeded games (every step's legal
actions, chance odds, tensors, scores and the bots' evaluation) and a live side-by-side run at
every player count against the code before (a tree pinned in git history, see before.py): the
compiled core (games/habitats/core.py) must play them as the pre-change rules did."""

import pytest

from .stored import check_chunk, check_live, chunk_ids

# A chunk of 100 games costs 15 s (2 players) to ~45 s (5 players) of one core even with the
# compiled core (every step's tensors, observations and evaluation are hashed): by default
# only the first chunk (2 players); LUDOTECA_DIFFERENTIAL=all checks every stored one.
STRIDE = 1000


@pytest.mark.parametrize("index", chunk_ids("habitats", STRIDE))
def test_the_stored_games_are_played_alike(index: int) -> None:
    check_chunk("habitats", index)


def test_the_code_before_and_the_game_agree_side_by_side() -> None:
    check_live("habitats", games=2, observed=1)
