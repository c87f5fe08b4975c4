"""The tests' side of the stored digests: which chunks a run checks, and the check itself."""

from __future__ import annotations

import os
from typing import Any

import pytest

from ludoteca.games import registry

from . import before
from . import chunks as digests
from .pinning import first_difference

# LUDOTECA_DIFFERENTIAL=all checks every stored chunk (10,000 games a game); by default a
# game whose games are slow checks every ``stride``-th chunk, so that the suite stays fast.
EVERYTHING = os.environ.get("LUDOTECA_DIFFERENTIAL") == "all"


def chunk_ids(game_id: str, stride: int = 1) -> list[int]:
    """The chunks this run checks, of those stored."""
    count = len(digests.load(game_id))
    return list(range(0, count, 1 if EVERYTHING else stride))


def check_chunk(game_id: str, index: int) -> None:
    """The game plays chunk ``index`` as the pre-change rules did (its stored digest); when
    it does not, the pinned tree names the first step where they part."""
    stored = digests.load(game_id)
    options, seed = digests.chunks(game_id)[index]
    game = registry.load(game_id, **options)
    got = digests.chunk_digest(game, seed, digests.extra_of(game_id, "ludoteca.games"))
    if got != stored[index]:
        try:
            where = locate(game_id, [options], games=digests.CHUNK, seed=seed)
        except before.Unavailable as why:
            where = f"not located: {why}"
        raise AssertionError(f"{game_id} {options} chunk {index} differs: {where}")


def check_live(
    game_id: str, variants: list[dict[str, Any]] | None = None, *, games: int, observed: int
) -> None:
    """The pinned tree and the game side by side (other seeds than the stored chunks), in
    ``variants`` or else every variant the digests store."""
    if variants is None:
        variants = [options for options, _ in digests.PLAN[game_id]]
    try:
        where = locate(game_id, variants, games=games, seed=10_000, observed=observed)
    except before.Unavailable as why:
        pytest.skip(f"no pinned tree to play beside: {why}")
    assert where is None, where


def locate(
    game_id: str,
    variants: list[dict[str, Any]],
    *,
    games: int,
    seed: int,
    observed: int = digests.OBSERVED,
) -> str | None:
    """None if the pinned tree and the game play the seeded games of every variant alike,
    else where first they differ; ``before.Unavailable`` without the git history."""
    old = before.facts(game_id, variants, games=games, seed=seed, observed=observed)
    new = (
        (index, step, f"{options} {name}", value)
        for options in variants
        for index, step, name, value in digests.facts(
            registry.load(game_id, **options), games, seed, observed, game_id
        )
    )
    return first_difference(old, new)
