"""The stored digests of the pre-change oracles: what they are and how they are made.

Each game's 10,000 seeded random games are spread over its player counts and options
(``PLAN``) and cut into chunks of ``CHUNK`` games; ``rules_digest`` (see ``pinning.py``) of
each chunk, played by the oracle in ``tests/differential/oracles/<id>/``, is stored in
``tests/data/differential/<id>.json``. These are our own data, made by

    PYTHONPATH=src:. python3 -m tests.differential.chunks habanero [--jobs 2]

(a run resumes where the stored file ends). The tests play the same chunks through the game
itself and compare the digests.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from importlib import import_module
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ludoteca.engine.core import Game, State

from .pinning import rules_digest

CHUNK = 100
STORE = Path(__file__).resolve().parents[1] / "data" / "differential"
OBSERVED = 2  # games of each chunk whose every step's full observation is hashed

# (options, games) per game: 10,000 games each, over every player count and option
PLAN: dict[str, list[tuple[dict[str, Any], int]]] = {
    "habanero": [({"campesinos": n}, 2500) for n in (1, 2, 3, 4)],
    "potager": [({"variant": v}, 5000) for v in ("standard", "bonus-tools")],
    "habitats": [({"players": n}, 2500) for n in (2, 3, 4, 5)],
    # every level card: 100 games with the colour drawn, 200 in each colour chosen
    "hares": [
        ({"level": level, "colour": colour}, games)
        for level in range(1, 21)
        for colour, games in (("random", 100), ("white", 200), ("black", 200))
    ],
}


def oracle(game_id: str, **options: Any) -> Game[Any]:
    """The pre-change implementation of ``game_id``."""
    module = import_module(f"tests.differential.oracles.{game_id}.game")
    classes = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Game) and value is not Game
    ]
    (game_class,) = classes
    return game_class(**options)  # type: ignore[no-any-return]


def extra_of(game_id: str, package: str) -> Callable[[State, random.Random], Any]:
    """The knowledge functions pinned beside the rules: Habanero's policies (its rollouts),
    the other games' evaluations."""
    knowledge = import_module(f"{package}.{game_id}.knowledge").KNOWLEDGE
    if game_id == "habanero":
        policies = import_module(f"{package}.{game_id}.policies")
        return lambda state, rng: (policies.best_action(state), policies.greedy_action(state))
    evaluate = knowledge.evaluate
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


def _oracle_chunk(task: tuple[str, dict[str, Any], int]) -> str:
    game_id, options, seed = task
    extra = extra_of(game_id, "tests.differential.oracles")
    return chunk_digest(oracle(game_id, **options), seed, extra)


def load(game_id: str) -> list[str]:
    path = STORE / f"{game_id}.json"
    if not path.exists():
        return []
    return list(json.loads(path.read_text())["digests"])


def save(game_id: str, digests: list[str]) -> None:
    STORE.mkdir(parents=True, exist_ok=True)
    data = {
        "about": (
            "Our own data: sha256 digests of seeded random games played by the pre-change "
            f"oracle of {game_id} (tests/differential/oracles/{game_id}), {CHUNK} games a "
            "chunk, in the order of tests/differential/chunks.py PLAN; made by "
            f"`PYTHONPATH=src:. python3 -m tests.differential.chunks {game_id}`."
        ),
        "chunk": CHUNK,
        "plan": [[options, games] for options, games in PLAN[game_id]],
        "digests": digests,
    }
    (STORE / f"{game_id}.json").write_text(json.dumps(data, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(PLAN))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    digests = load(args.game)
    tasks = [(args.game, options, seed) for options, seed in chunks(args.game)][len(digests) :]
    with get_context("fork").Pool(args.jobs) as pool:
        for done in pool.imap(_oracle_chunk, tasks):
            digests.append(done)
            save(args.game, digests)
            sys.stderr.write(f"\r{args.game}: {len(digests)} chunks ")
    sys.stderr.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
