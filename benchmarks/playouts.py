"""Random-playout speed of every registered game, and of OpenSpiel's oware for comparison.

    python benchmarks/playouts.py [--seconds N] [--games bohnen,habanero] [--seed S]

Each game runs at its default options, driven through the public contract exactly as a
researcher would: ``legal_actions()``, a random choice (chance sampled with its odds) and
``apply()``, from the initial state to the end, again and again for N seconds. OpenSpiel's
``oware`` (installed with the ``bench`` extra, ``pip install .[bench]``) is driven the same
way from Python: ``legal_actions()``, a random choice and ``apply_action()``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludoteca import CHANCE, list_games, load_game  # noqa: E402
from ludoteca.engine import sample_chance  # noqa: E402

ROUNDS = 5

# A playout longer than this is cut (and still counted), so that no game can hang the run.
MAX_ACTIONS = 100_000


def ludoteca_playouts(game_id: str, seconds: float, seed: int) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) of random play of ``game_id`` for ``seconds``."""
    game = load_game(game_id)
    rng = random.Random(seed)
    choice = rng.choice
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal() and length < MAX_ACTIONS:
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
            else:
                state = state.apply(choice(state.legal_actions()))
            length += 1
        actions += length
        games += 1
    return games, actions, time.perf_counter() - start


def openspiel_playouts(name: str, seconds: float, seed: int) -> tuple[int, int, float] | None:
    """The same loop over an OpenSpiel game, or None when pyspiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--games", help="comma-separated game ids (default: all registered)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    ids = args.games.split(",") if args.games else [info["id"] for info in list_games()]
    runners = {game_id: partial(ludoteca_playouts, game_id) for game_id in ids}
    if openspiel_playouts("oware", 0.0, 0) is not None:
        runners["oware (OpenSpiel)"] = partial(openspiel_playouts, "oware")

    # Interleaved rounds, so that a machine whose load changes treats every game alike.
    totals = dict.fromkeys(runners, (0, 0, 0.0))
    for round_number in range(ROUNDS):
        for name, run in runners.items():
            games, actions, elapsed = run(args.seconds / ROUNDS, args.seed + round_number)
            old = totals[name]
            totals[name] = (old[0] + games, old[1] + actions, old[2] + elapsed)

    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s per game, random playouts")
    print(f"{'game':<18}{'games/s':>12}{'actions/s':>14}{'actions/game':>15}")
    rows = {name: _row(name, *total) for name, total in totals.items()}
    if "oware (OpenSpiel)" not in rows:
        print("OpenSpiel is not installed (pip install .[bench]): no oware comparison")
    elif "bohnen" in rows:
        ratio = rows["bohnen"][1] / rows["oware (OpenSpiel)"][1]
        print(f"\nbohnen / oware actions per second: {ratio:.3f} (goal: at least 0.3)")
    return 0


def _row(name: str, games: int, actions: int, elapsed: float) -> tuple[float, float, float]:
    per_game = actions / games if games else float("nan")
    row = (games / elapsed, actions / elapsed, per_game)
    print(f"{name:<18}{row[0]:>12.1f}{row[1]:>14.0f}{row[2]:>15.1f}", flush=True)
    return row


if __name__ == "__main__":
    sys.exit(main())
