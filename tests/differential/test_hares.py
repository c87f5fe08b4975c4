"""Hares's live rules play 10,000 seeded random games exactly as its pre-change oracle did.

Every option combination of ``digests.COMBINATIONS`` is covered: the stored digests of the
oracle's games (legal actions, chance odds, tensors and scores at every step; whole
observations at every step of the first games and at every end) must equal the live rules'.
A smaller live comparison names the first difference when there is one.
"""

from typing import Any

import pytest

from ludoteca.games import registry
from tests.differential.digests import oracle, plan, stored
from tests.differential.harness import first_difference, play_digest

ENTRIES = stored("hares")
LIVE_GAMES = 8  # per combination, against the oracle itself


def test_the_stored_digests_follow_the_plan() -> None:
    assert [{k: e[k] for k in ("options", "games", "seed", "observed")} for e in ENTRIES] == plan(
        "hares"
    )
    assert sum(e["games"] for e in ENTRIES) >= 10_000


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: "-".join(map(str, e["options"].values())))
def test_the_live_rules_play_the_oracles_games(entry: dict[str, Any]) -> None:
    game = registry.load("hares", **entry["options"])
    assert (
        first_difference(
            oracle("hares", entry["options"]), game, games=LIVE_GAMES, seed=entry["seed"] + 10_000
        )
        is None
    )
    got = play_digest(game, games=entry["games"], seed=entry["seed"], observed=entry["observed"])
    assert got == entry["digest"]
