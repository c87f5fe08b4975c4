"""Seeded games pinned by their actions: refactoring must not change what any bot plays.

Each game is played from its default options by random, heuristic and MCTS (a fixed iteration
budget) bots, chance drawn from a seeded RNG, for at most ``MOVES`` actions; the actions and
the scores reached are compared with ``tests/data/pinned_games.json``. A deliberate change of
rules or bot knowledge changes them: rewrite the file with
``PYTHONPATH=src python3 -m tests.test_pinned_games`` and say why in the commit.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ludoteca import list_games, load_game
from ludoteca.bots import HeuristicBot, MCTSBot, RandomBot
from ludoteca.engine import CHANCE, sample_chance

PINNED = Path(__file__).parent / "data" / "pinned_games.json"
MOVES = 40
SEEDS = (1, 2)
BOTS = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": lambda seed: HeuristicBot(seed),
    "mcts": lambda seed: MCTSBot(iterations=8, seed=seed),
}


def play(game_id: str, bot: str, seed: int) -> dict:
    """The first ``MOVES`` actions of a seeded game (every seat played by ``bot``)."""
    state = load_game(game_id).new_initial_state()
    rng = random.Random(seed)
    player = BOTS[bot](seed)
    while not state.is_terminal() and len(state) < MOVES:
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = player.choose(state)
        state = state.apply(action)
    return {"actions": state.history(), "scores": state.scores()}


def cases() -> list[tuple[str, str, int]]:
    return [(g["id"], bot, seed) for g in list_games() for bot in BOTS for seed in SEEDS]


@pytest.mark.parametrize(("game_id", "bot", "seed"), cases())
def test_seeded_games_play_as_pinned(game_id, bot, seed):
    pinned = json.loads(PINNED.read_text())
    assert play(game_id, bot, seed) == pinned[f"{game_id}/{bot}/{seed}"]


if __name__ == "__main__":
    table = {f"{g}/{b}/{s}": play(g, b, s) for g, b, s in cases()}
    PINNED.write_text(json.dumps(table, indent=1) + "\n")
    print(f"wrote {len(table)} games to {PINNED}")
