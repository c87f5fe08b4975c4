"""Speed side by side in one run: the figures of the README's speed table, with their goals.

    nice -n 10 python3 benchmarks/speed.py [--seconds 2] [--iterations 300] [--positions 4]

1. Contract-level random playouts of every game (``legal_actions()``, a random choice,
   ``apply()``), and OpenSpiel's C++ ``oware`` driven the same way from Python: actions/s
   and bohnen ÷ oware (goal at least 0.5, aim 1.0).
2. Batch playouts (``Game.playouts(n, seed)``; a compiled core where the game has one):
   actions/s, and ÷ oware from Python (goal at least 2).
3. MCTS simulations/s of every game from seeded positions (with each game's knowledge, as the
   bots play; the median of ``--repeats`` passes after a whole pass to warm up) against the
   figures of the issue, measured before the compiled cores (goal at least 3×); with
   ``--before DIR`` (a checkout of the code before them, e.g. made with ``git archive 5db6725
   src benchmarks | tar -x -C DIR``) also against that code measured in the same run, game
   by game in turn, so that both meet the same load.
4. Bohnen with uniformly random rollouts to the end against OpenSpiel's C++ ``MCTSBot`` on
   ``oware`` with its random-rollout evaluator (one rollout a leaf): the same rollout policy.

The rounds of part 1 are interleaved so that a machine whose load changes treats every game
alike, each game (oware too) has a round first that is not counted, and the figure is the
median of the rounds; the load average is printed at the start and the end (the machine may
be shared).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcts import our_rate, positions  # noqa: E402
from playouts import ludoteca_playouts, openspiel_playouts  # noqa: E402

from ludoteca import list_games, load_game  # noqa: E402
from ludoteca.bots import MCTSBot  # noqa: E402

# MCTS simulations/s before the compiled cores (issue #19, the same 2-core machine)
BEFORE = {"habanero": 309, "bohnen": 2193, "habitats": 4605, "potager": 9868}
ROUNDS = 4


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def warm_up(game_id: str) -> None:
    """One random game through the contract, so that loading a compiled core is not timed."""
    rng = random.Random(0)
    state = load_game(game_id).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(outcomes, odds)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))


def contract(ids: list[str], seconds: float) -> dict[str, float]:
    """Actions/s of every game and of oware: the median of ``ROUNDS`` interleaved rounds,
    after a round of each (not counted) that warms up what a long run has warm (compiled
    code, caches of positions), for ours and oware alike."""
    for game_id in ids:
        warm_up(game_id)
    rates: dict[str, list[float]] = {name: [] for name in [*ids, "oware"]}
    for round_number in range(-1, ROUNDS):
        for name in rates:
            if name == "oware":
                result = openspiel_playouts("oware", seconds / ROUNDS, round_number)
                if result is None:
                    continue
                _, actions, elapsed = result
            else:
                _, actions, elapsed = ludoteca_playouts(name, seconds / ROUNDS, round_number)
            if round_number >= 0:
                rates[name].append(actions / elapsed)
    return {name: sorted(r)[len(r) // 2] for name, r in rates.items() if r}


def batch(game_id: str, seconds: float) -> float:
    """Actions/s of ``Game.playouts`` in batches of growing size for about ``seconds``."""
    game = load_game(game_id)
    game.playouts(2, seed=0)  # load (or compile, on a fresh install) the core first
    actions, spent, n, seed = 0, 0.0, 8, 1
    while spent < seconds:
        start = time.perf_counter()
        actions += game.playouts(n, seed=seed).actions
        spent += time.perf_counter() - start
        n, seed = min(n * 2, 4096), seed + 1
    return actions / spent


def openspiel_mcts_rate(simulations: int, count: int) -> float | None:
    """OpenSpiel's C++ MCTSBot on oware (random rollouts), simulations/s from seeded positions."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oware")
    rng = random.Random(0)
    spent = 0.0
    for index in range(count):
        state = game.new_initial_state()
        for _ in range(rng.randrange(0, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state = game.new_initial_state()
        evaluator = pyspiel.RandomRolloutEvaluator(1, index)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, index, False)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
    return simulations * count / spent


def random_rollout_rate(count: int, iterations: int) -> float:
    """Our MCTS on Bohnen with uniformly random rollouts played to the end (no cut)."""
    states = positions("bohnen", count, 0)
    total, spent = 0, 0.0
    for index, state in enumerate(states):
        bot = MCTSBot(iterations=iterations, seed=index, heuristic=False, rollout_cut=10**9)
        start = time.perf_counter()
        bot.choose(state)
        spent += time.perf_counter() - start
        total += bot.last_iterations
    return total / spent


BEFORE_SCRIPT = """
import sys
sys.path[:0] = [{src!r}, {benchmarks!r}]
from mcts import our_rate, positions
states = positions({game!r}, {count}, 0)
our_rate(states, {iterations})  # a whole pass first: cores loaded, caches warm
print(sorted(our_rate(states, {iterations}) for _ in range({repeats}))[{repeats} // 2])
"""


def mcts_rate(states: list, iterations: int, repeats: int) -> float | None:
    """The median of ``repeats`` passes over ``states``, after a whole pass to warm up."""
    our_rate(states, iterations)
    rates = [our_rate(states, iterations) for _ in range(repeats)]
    return None if None in rates else sorted(rates)[repeats // 2]  # type: ignore[type-var]


def before_rate(
    folder: str, game_id: str, count: int, iterations: int, repeats: int
) -> float | None:
    """MCTS simulations/s of the code in ``folder`` (run in a process of its own)."""
    script = BEFORE_SCRIPT.format(
        src=str(Path(folder) / "src"),
        benchmarks=str(Path(folder) / "benchmarks"),
        game=game_id,
        count=count,
        iterations=iterations,
        repeats=repeats,
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    answer = result.stdout.split()[-1]
    return None if answer == "None" else float(answer)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per game in parts 1 and 2")
    parser.add_argument("--iterations", type=int, default=300, help="MCTS simulations a search")
    parser.add_argument("--positions", type=int, default=4, help="MCTS positions per game")
    parser.add_argument("--repeats", type=int, default=3, help="MCTS passes (median)")
    parser.add_argument("--before", help="a checkout of the code before the cores (part 3)")
    args = parser.parse_args(argv)
    ids = [info["id"] for info in list_games()]
    print(f"Python {platform.python_version()} on {platform.machine()}; {load()}")

    rates = contract(ids, args.seconds)
    oware = rates.get("oware")
    print("\n1. Contract-level random playouts, actions/s")
    for name, rate in rates.items():
        print(f"   {name:<10}{rate:>12,.0f}")
    if oware:
        print(f"   bohnen / oware: {rates['bohnen'] / oware:.2f}  (goal >= 0.5, aim 1.0)")

    print("\n2. Batch playouts (Game.playouts), actions/s")
    for game_id in ids:
        rate = batch(game_id, args.seconds)
        versus = f"   {rate / oware:5.2f} x oware from Python" if oware else ""
        print(f"   {game_id:<10}{rate:>12,.0f}{versus}")
    if oware:
        print("   goal: bohnen batch / oware from Python >= 2")

    print(f"\n3. MCTS simulations/s ({args.iterations} a search, {args.positions} positions)")
    for game_id in ids:
        states = positions(game_id, args.positions, 0)
        rate = mcts_rate(states, args.iterations, args.repeats)
        if rate is None:
            print(f"   {game_id:<10} exact solver, no search")
            continue
        before = BEFORE.get(game_id)
        versus = f"   issue {before:>6,}  x{rate / before:4.1f}  (goal x3)" if before else ""
        if args.before:
            old = before_rate(
                args.before, game_id, args.positions, args.iterations, args.repeats
            )
            if old:
                versus += f"   before, this run {old:>7,.0f}  x{rate / old:4.1f}"
        print(f"   {game_id:<10}{rate:>9,.0f}{versus}", flush=True)

    print("\n4. MCTS with uniformly random rollouts to the end, simulations/s")
    ours = random_rollout_rate(args.positions, args.iterations)
    theirs = openspiel_mcts_rate(args.iterations, args.positions)
    print(f"   ours, bohnen            {ours:>9,.0f}")
    if theirs is not None:
        print(f"   OpenSpiel C++, oware    {theirs:>9,.0f}")
        print(f"   ours / OpenSpiel's:     {ours / theirs:9.2f}")
    print(f"\n{load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
