"""The stored digests of the oracles' games, and the command that writes them.

Running 10,000 games through a pre-change oracle takes minutes, so the oracle's digests (see
``harness.play_digest``) are computed once and kept in ``tests/data/differential/<id>.json``;
the tests replay the same games through the live rules and compare digests. Regenerate
(only ever from the oracle, never from the live rules) with

    PYTHONPATH=src:. python3 -m tests.differential.digests bohnen
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

from ludoteca.engine.core import Game
from ludoteca.games import registry

from .harness import play_digest

DATA = Path(__file__).resolve().parents[1] / "data" / "differential"
GAMES = 10_000  # per game, spread evenly over the option combinations

# Every player count and option value each game's tests cover (max_laps: the default and a
# small cap, where laps are cut).
COMBINATIONS: dict[str, dict[str, tuple[Any, ...]]] = {
    "bohnen": {
        "players": (2, 3, 4),
        "capture_chain": ("preceding", "following"),
        "max_laps": (100, 2),
    },
}
OBSERVED = 300  # games per game id with whole observations at every step (spread likewise)


def combinations(game_id: str) -> list[dict[str, Any]]:
    names = list(COMBINATIONS[game_id])
    values = itertools.product(*COMBINATIONS[game_id].values())
    return [dict(zip(names, chosen, strict=True)) for chosen in values]


def plan(game_id: str) -> list[dict[str, Any]]:
    """One entry per option combination: its options, games, seed and observed games."""
    options = combinations(game_id)
    games = -(-GAMES // len(options))
    observed = -(-OBSERVED // len(options))
    return [
        {"options": chosen, "games": games, "seed": seed, "observed": observed}
        for seed, chosen in enumerate(options)
    ]


def oracle(game_id: str, options: dict[str, Any]) -> Game[Any]:
    """The pre-change implementation of ``game_id`` with ``options``.

    The registered game is loaded first: that installs its message catalogs, which the
    observations' texts come from, so the oracle's observations do not depend on whether
    the live game was loaded before in this process."""
    registry.load(game_id, **options)
    from .oracles.bohnen import BohnenGame  # the one game this module pins

    return BohnenGame(**options)


def path(game_id: str) -> Path:
    return DATA / f"{game_id}.json"


def write(game_id: str) -> None:
    entries = []
    for entry in plan(game_id):
        game = oracle(game_id, entry["options"])
        digest = play_digest(
            game, games=entry["games"], seed=entry["seed"], observed=entry["observed"]
        )
        entries.append({**entry, "digest": digest})
        print(game_id, entry["options"], digest, flush=True)
    note = "digests of the pre-change oracle's games (tests/differential/digests.py)"
    path(game_id).write_text(json.dumps({"about": note, "entries": entries}, indent=1) + "\n")


def stored(game_id: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(path(game_id).read_text())["entries"]
    return entries


if __name__ == "__main__":
    for name in sys.argv[1:]:
        write(name)
