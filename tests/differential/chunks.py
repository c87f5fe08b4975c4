"""The stored digests of the pre-change rules: what they are and how they were made.

Each game's 10,000 seeded random games are spread over its player counts and options
(``PLAN``) and cut into chunks of ``CHUNK`` games; ``rules_digest`` (see ``pinning.py``) of
each chunk, as the game's rules before its compiled core played it, is stored in
``tests/data/differential/<id>.json``. These are our own data; they were made by the frozen
copies of those rules that the tree kept until issue 29 (git keeps them: ``git archive
before.PINNED src tests | tar -x`` and run ``python3 -m tests.differential.chunks <id>`` in
that tree). The tests play the same chunks through the game itself and compare the digests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

from ludoteca.engine.core import Game, State

from .pinning import _games, rules_digest

CHUNK = 100
STORE = Path(__file__).resolve().parents[1] / "data" / "differential"
OBSERVED = 2  # games of each chunk whose every step's full observation is hashed

# (options, games) per game: 10,000 games each, over every player count and option
PLAN: dict[str, list[tuple[dict[str, Any], int]]] = {
    "habanero": [({"campesinos": n}, 2500) for n in (1, 2, 3, 4)],
    "potager": [({"variant": v}, 5000) for v in ("standard", "bonus-tools")],
    "habitats": [({"players": n}, 2500) for n in (2, 3, 4, 5)],
    # every player count and capture chain, with the default lap cap and a small one (2)
    "bohnen": [
        ({"players": n, "capture_chain": chain, "max_laps": laps}, 900)
        for n in (2, 3, 4)
        for chain in ("preceding", "following")
        for laps in (100, 2)
    ],
    # every level card: 100 games with the colour drawn, 200 in each colour chosen
    "hares": [
        ({"level": level, "colour": colour}, games)
        for level in range(1, 21)
        for colour, games in (("random", 100), ("white", 200), ("black", 200))
    ],
}


def extra_of(game_id: str, package: str) -> Callable[[State, random.Random], Any]:
    """The knowledge functions pinned beside the rules: Habanero's policies (its rollouts),
    Bohnen's evaluation and greedy rollout policy, the other games' evaluations."""
    knowledge = import_module(f"{package}.{game_id}.knowledge").KNOWLEDGE
    if game_id == "habanero":
        policies = import_module(f"{package}.{game_id}.policies")
        return lambda state, rng: (policies.best_action(state), policies.greedy_action(state))
    evaluate = knowledge.evaluate
    if game_id == "bohnen":
        greedy = knowledge.rollout
        return lambda state, rng: (evaluate(state), greedy(state, rng))
    return lambda state, rng: evaluate(state)


def chunks(game_id: str) -> list[tuple[dict[str, Any], int]]:
    """(options, seed) of every chunk, in the stored order: the combinations taken in turn,
    so that any leading part of the chunks covers all of them."""
    plan = PLAN[game_id]
    rounds = max(games for _, games in plan) // CHUNK
    return [
        (options, seed) for seed in range(rounds) for options, games in plan if seed * CHUNK < games
    ]


def chunk_digest(game: Game[Any], seed: int, extra: Callable[[State, random.Random], Any]) -> str:
    return rules_digest(game, games=CHUNK, seed=seed, observed=OBSERVED, extra=extra)


def load(game_id: str) -> list[str]:
    path = STORE / f"{game_id}.json"
    if not path.exists():
        return []
    return list(json.loads(path.read_text())["digests"])


def facts(
    game: Game[Any], games: int, seed: int, observed: int, game_id: str
) -> Iterator[tuple[int, int, str, Any]]:
    """(game, step, name, value) of every fact the digests hash, with the game's knowledge."""
    return _games(game, games, seed, observed, extra_of(game_id, "ludoteca.games"))
