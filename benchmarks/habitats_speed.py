"""Habitats: time of the per-state work (legal actions, next state, observation, SVG, text
board, JSON round trip) along random games, and of one conformance run per player count.

Run: PYTHONPATH=src python benchmarks/habitats_speed.py [players]
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca import load_game
from ludoteca.engine import conformance, sample_chance
from ludoteca.games.habitats import VIEW


def random_states(players: int, seed: int) -> list:
    game = load_game("habitats", players=players)
    state, rng, states = game.new_initial_state(), random.Random(seed), []
    while not state.is_terminal():
        states.append(state)
        if state.current_player < 0:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return states


def per_call(label: str, work, items: list) -> None:
    start = time.process_time()
    for item in items:
        work(item)
    elapsed = time.process_time() - start
    print(f"  {label:<14} {1000 * elapsed / len(items):7.3f} ms per state ({len(items)} states)")


def main() -> None:
    counts = [int(sys.argv[1])] if len(sys.argv) > 1 else [2, 5]
    for players in counts:
        print(f"{players} players")
        states = random_states(players, seed=1)
        movers = [s for s in states if s.current_player >= 0]
        per_call("legal actions", lambda s: s._legal_actions(), movers)
        per_call("next state", lambda s: s._next(s.legal_actions()[0]), movers)
        per_call("observation", lambda s: s.observation(s.current_player), movers)
        per_call("svg", lambda s: VIEW.svg(s, s.current_player), movers)
        per_call("text board", lambda s: s.text_board("en"), states)
        per_call("json round trip", lambda s: s.game.state_from_json(s.to_json()), states[::10])
        start = time.process_time()
        conformance.check_game(load_game("habitats", players=players), 0)
        print(f"  conformance game (seed 0): {time.process_time() - start:.2f} s cpu")


if __name__ == "__main__":
    main()
