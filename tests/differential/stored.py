"""The tests' side of the stored digests: which chunks a run checks, and the check itself."""

from __future__ import annotations

import os
from typing import Any

from ludoteca.games import registry

from . import chunks as digests
from .pinning import first_rules_difference

# LUDOTECA_DIFFERENTIAL=all checks every stored chunk (10,000 games a game); by default a
# game whose games are slow checks every ``stride``-th chunk, so that the suite stays fast.
EVERYTHING = os.environ.get("LUDOTECA_DIFFERENTIAL") == "all"


def chunk_ids(game_id: str, stride: int = 1) -> list[int]:
    """The chunks this run checks, of those stored."""
    count = len(digests.load(game_id))
    return list(range(0, count, 1 if EVERYTHING else stride))


def check_chunk(game_id: str, index: int) -> None:
    """The game plays chunk ``index`` as the oracle did (its stored digest)."""
    stored = digests.load(game_id)
    options, seed = digests.chunks(game_id)[index]
    game = registry.load(game_id, **options)
    got = digests.chunk_digest(game, seed, digests.extra_of(game_id, "ludoteca.games"))
    if got != stored[index]:
        oracle = digests.oracle(game_id, **options)
        extras = (
            digests.extra_of(game_id, "tests.differential.oracles"),
            digests.extra_of(game_id, "ludoteca.games"),
        )
        where = first_rules_difference(
            oracle, game, games=digests.CHUNK, seed=seed, observed=digests.OBSERVED, extras=extras
        )
        raise AssertionError(f"{game_id} {options} chunk {index} differs: {where}")


def check_live(game_id: str, options: dict[str, Any], *, games: int, observed: int) -> None:
    """The oracle and the game side by side (other seeds than the stored chunks)."""
    extras = (
        digests.extra_of(game_id, "tests.differential.oracles"),
        digests.extra_of(game_id, "ludoteca.games"),
    )
    where = first_rules_difference(
        digests.oracle(game_id, **options),
        registry.load(game_id, **options),
        games=games,
        seed=10_000,
        observed=observed,
        extras=extras,
    )
    assert where is None, where
