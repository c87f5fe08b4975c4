"""The compiled cores against the pre-change rules, side by side in one run.

The differential tests keep the rules as they were before their compiled cores
(tests/differential/oracles/<id>/). This runs our MCTS (its own game knowledge each, timed
as benchmarks/mcts.py times it) from the same seeded positions through the oracle and
through the game itself, the two taking turns round after round, and prints simulations per second and the
ratio. Also random actions per second, through the contract and through ``Game.playouts``.
Seconds are this process's CPU seconds (``time.process_time``), so that the other work of a
shared machine counts less; the best round of each side is shown.

    PYTHONPATH=src:. python3 benchmarks/cores_side_by_side.py [--games habanero,potager] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT), str(ROOT / "benchmarks")]

from importlib import import_module  # noqa: E402

from mcts import our_rate, positions  # noqa: E402
from tests.differential.chunks import oracle  # noqa: E402

from ludoteca.engine import CHANCE, State, sample_chance  # noqa: E402
from ludoteca.engine.core import Game  # noqa: E402
from ludoteca.engine.parts import Knowledge  # noqa: E402
from ludoteca.games import registry  # noqa: E402

GAMES = ("habanero", "potager", "habitats", "bohnen")


def mcts_rate(states: list[State], knowledge: Knowledge[Any], iterations: int) -> float:
    """benchmarks/mcts.py's timing, in CPU seconds."""
    rate = our_rate(states, iterations, knowledge=knowledge, clock=time.process_time)
    assert rate is not None, "the game searched nothing"
    return rate


def contract_rate(game: Game[Any], seconds: float) -> float:
    rng = random.Random(0)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.successor(sample_chance(state, rng))
            else:
                state = state.successor(rng.choice(state.legal_actions_view()))
            actions += 1
    return actions / (time.process_time() - start)


def batch_rate(game: Game[Any], seconds: float) -> float:
    game.playouts(1, seed=0)  # load the compiled code once
    actions, spent, n = 0, 0.0, 10
    while spent < seconds:
        start = time.process_time()
        actions += game.playouts(n, seed=n).actions
        spent += time.process_time() - start
        n *= 2
    return actions / spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    for game_id in args.games.split(","):
        old_game, new_game = oracle(game_id), registry.load(game_id)
        old_knowledge = import_module(f"tests.differential.oracles.{game_id}.knowledge").KNOWLEDGE
        new_knowledge = registry.knowledge(game_id)
        old_states = positions(old_game, args.positions, 0)
        new_states = positions(new_game, args.positions, 0)
        mcts_rate(new_states[:1], new_knowledge, 10)  # load the compiled code once
        old_rates, new_rates = [], []
        for _ in range(args.rounds):
            old_rates.append(mcts_rate(old_states, old_knowledge, args.iterations))
            new_rates.append(mcts_rate(new_states, new_knowledge, args.iterations))
        old, new = max(old_rates), max(new_rates)
        print(f"{game_id:<9} MCTS sims/s  before {old:9.0f}  after {new:9.0f}  x{new / old:5.2f}")
        old_c, new_c = contract_rate(old_game, args.seconds), contract_rate(new_game, args.seconds)
        batch = batch_rate(new_game, args.seconds)
        print(
            f"{'':<9} random actions/s through the contract  before {old_c:9.0f}  after "
            f"{new_c:9.0f}  x{new_c / old_c:5.2f};  Game.playouts {batch:10.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
