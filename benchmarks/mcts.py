"""MCTS benchmarks, side by side in one run.

1. Simulations per second of our MCTS on every registered game (from a few seeded positions).
2. On one game (default Bohnen): ours vs OpenSpiel's Python ``MCTSBot`` (random-rollout
   evaluator) driving the same game through ``ludoteca.adapters.openspiel``, simulations/s
   from the same positions (goal: ours at least 3x).
3. Strength at equal time per move: ours (``seconds=T``) vs OpenSpiel's MCTSBot (its simulation
   count calibrated to take T per move on this machine) over seeded games, seats alternating
   (goal: ours wins at least 60%). Ties count as half a win. OpenSpiel's simulation count is
   calibrated (at least ``MIN_SIMULATIONS``) unless ``--their-simulations`` gives it. Part 3
   needs a game of two or more seats; a game that declares its maximum length
   (``max_game_length()``) is checked never to exceed it.

    python benchmarks/mcts.py                 # everything, 200 games
    python benchmarks/mcts.py --games 20 --seconds 0.1 --jobs 2
    python benchmarks/mcts.py --skip-rates --games 200 --jobs 2   # part 3 only (calibrated)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

# This checkout's package, even when another copy is installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca import list_games, load_game
from ludoteca.bots import MCTSBot, RandomBot
from ludoteca.engine import CHANCE, State, sample_chance
from ludoteca.lab.arena import wilson

# OpenSpiel's MCTSBot fails with a single simulation (its root has no child to pick).
MIN_SIMULATIONS = 2


def declared_length(game) -> int | None:
    """The game's declared maximum number of actions, if it declares one."""
    declared = getattr(game, "max_game_length", None)
    return int(declared()) if callable(declared) else None


def positions(game_id, count: int, seed: int = 0, **options) -> list[State]:
    """Seeded decision positions: the start and points along random games. ``game_id``: a
    registered id (with ``options``) or a Game itself."""
    game = load_game(game_id, **options) if isinstance(game_id, str) else game_id
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_initial_state()
        stop = rng.randrange(0, 30)
        played = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
                continue
            if played >= stop and len(state.legal_actions()) > 1:
                found.append(state)
                break
            state = state.apply(RandomBot(rng.randrange(2**32)).choose(state))
            played += 1
    return found


def our_rate(
    states: list[State], iterations: int, knowledge=None, clock=time.perf_counter
) -> float | None:
    """Our MCTS simulations (iterations) per second over ``states``; None when the game's
    exact solver answers without searching (Hares). ``knowledge``: the bot's (default: the
    registered game's); ``clock``: e.g. ``time.process_time`` for CPU seconds."""
    total, spent = 0, 0.0
    for index, state in enumerate(states):
        bot = MCTSBot(iterations=iterations, seed=index, knowledge=knowledge)
        start = clock()
        bot.choose(state)
        spent += clock() - start
        total += bot.last_iterations
    return total / spent if total else None


def openspiel_bot(game, simulations: int, seed: int):
    import numpy as np
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )


def openspiel_state(game, state: State):
    """The OpenSpiel state of ``game`` reached by replaying our ``state``'s history."""
    wrapped = game.new_initial_state()
    for action in state.history():
        wrapped.apply_action(wrapped.action_id(action))
    return wrapped


def openspiel_rate(game_id: str, states: list[State], simulations: int) -> float:
    from ludoteca.adapters import openspiel

    game = openspiel.load(game_id, **states[0].game.options)
    total, spent = 0, 0.0
    for index, state in enumerate(states):
        wrapped = openspiel_state(game, state)
        bot = openspiel_bot(game, simulations, index)
        start = time.perf_counter()
        bot.step(wrapped)
        spent += time.perf_counter() - start
        total += simulations
    return total / spent


def strength_game(task: tuple) -> dict:
    """One seeded game: ours (``seconds``) against OpenSpiel's MCTSBot (``simulations``)."""
    game_id, options, seed, ours_seat, seconds, simulations = task
    from ludoteca.adapters import openspiel

    game = load_game(game_id, **options)
    spiel_game = openspiel.load(game_id, **game.options)
    rng = random.Random(seed)
    ours = MCTSBot(seconds=seconds, seed=seed)
    theirs = openspiel_bot(spiel_game, simulations, seed % (2**32))
    state = game.new_initial_state()
    wrapped = spiel_game.new_initial_state()
    times = {"ours": [], "theirs": []}
    limit = declared_length(game)
    while not state.is_terminal():
        if limit is not None and len(state) >= limit:
            raise RuntimeError(f"{game_id} seed {seed}: longer than its declared {limit} actions")
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, rng)
        elif seat == ours_seat:
            start = time.perf_counter()
            action = ours.choose(state)
            times["ours"].append(time.perf_counter() - start)
        else:
            start = time.perf_counter()
            number = theirs.step(wrapped)
            times["theirs"].append(time.perf_counter() - start)
            action = wrapped.action_name(number)
        state = state.apply(action)
        wrapped.apply_action(wrapped.action_id(action))
    winners = state.winners()
    share = 1.0 / len(winners) if ours_seat in winners else 0.0
    return {
        "seed": seed,
        "ours_seat": ours_seat,
        "share": share,
        "scores": state.scores(),
        "times": times,
        "length": len(state),
    }


def _at_least(low: int | float, kind: type = int):
    """An argparse type: a number of ``kind`` no smaller than ``low``."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{text} is below the minimum {low}")
        return value

    return parse


def _positive_seconds(text: str) -> float:
    value = _at_least(0.0, float)(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("the time per move must be positive")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ids = [info["id"] for info in list_games()]
    parser.add_argument("--game", default="bohnen", choices=ids, help="game for parts 2 and 3")
    parser.add_argument(
        "--games", type=_at_least(0), default=200, help="games for part 3 (0: skip)"
    )
    parser.add_argument(
        "--seconds", type=_positive_seconds, default=0.1, help="time per move in part 3"
    )
    parser.add_argument("--positions", type=_at_least(1), default=5, help="positions per game")
    parser.add_argument(
        "--iterations", type=_at_least(MIN_SIMULATIONS), default=300, help="simulations per search"
    )
    parser.add_argument("--jobs", type=_at_least(1), default=1, help="processes for part 3")
    parser.add_argument("--seed", type=_at_least(0), default=0)
    parser.add_argument(
        "--their-simulations",
        type=_at_least(MIN_SIMULATIONS),
        help="OpenSpiel's simulations a move (default: calibrated to --seconds)",
    )
    parser.add_argument("--skip-rates", action="store_true", help="only part 3")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    theirs = None
    if not args.skip_rates:
        print("1. Our MCTS, simulations per second (one core)")
        for info in list_games():
            states = positions(info["id"], args.positions, args.seed)
            rate = our_rate(states, args.iterations)
            shown = "exact solver, no search" if rate is None else f"{rate:9.0f} sims/s"
            print(f"   {info['id']:<10} {shown}")

        print(f"\n2. {args.game}: ours vs OpenSpiel's Python MCTSBot through the adapter")
        states = positions(args.game, args.positions, args.seed)
        ours = our_rate(states, args.iterations)
        theirs = openspiel_rate(args.game, states, args.iterations)
        if ours is None:
            print("   ours      exact solver, no search")
        else:
            print(f"   ours      {ours:9.0f} sims/s")
        print(f"   OpenSpiel {theirs:9.0f} sims/s")
        if ours is not None:
            print(f"   ratio     {ours / theirs:9.1f}x  (goal >= 3x)")

    if args.games <= 0:
        return 0
    if load_game(args.game).num_players < 2:
        print(f"\n3. {args.game} has one seat: no strength comparison (it needs two or more)")
        return 0
    simulations, how = args.their_simulations, "given"
    if simulations is None:
        if theirs is None:
            states = positions(args.game, args.positions, args.seed)
            theirs = openspiel_rate(args.game, states, args.iterations)
        simulations = max(MIN_SIMULATIONS, round(theirs * args.seconds))
        how = f"calibrated at {theirs:.0f} sims/s"
    return strength(args, simulations, how)


def strength(args: argparse.Namespace, simulations: int, how: str) -> int:
    print(
        f"\n3. {args.game}: strength at {args.seconds}s a move, {args.games} seeded games "
        f"(OpenSpiel MCTSBot: {simulations} simulations a move, {how})"
    )
    game = load_game(args.game)
    tasks = [
        (
            args.game,
            dict(game.options),
            args.seed * 100_003 + index,
            index % 2,
            args.seconds,
            simulations,
        )
        for index in range(args.games)
    ]
    results = []
    start = time.perf_counter()
    if args.jobs > 1:
        with get_context("fork").Pool(args.jobs) as pool:
            for done, result in enumerate(pool.imap_unordered(strength_game, tasks), 1):
                results.append(result)
                _progress(done, args.games, start)
    else:
        for done, task in enumerate(tasks, 1):
            results.append(strength_game(task))
            _progress(done, args.games, start)
    wins = sum(result["share"] for result in results)
    low, high = wilson(wins, len(results))
    ours_times = [t for result in results for t in result["times"]["ours"]]
    their_times = [t for result in results for t in result["times"]["theirs"]]
    print(
        f"   ours wins {wins:g}/{len(results)} = {100 * wins / len(results):.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}%; goal >= 60%)"
    )
    for seat in (0, 1):
        seat_results = [r for r in results if r["ours_seat"] == seat]
        if seat_results:
            seat_wins = sum(r["share"] for r in seat_results)
            print(f"   ours in seat {seat}: {seat_wins:g}/{len(seat_results)}")
    print(
        f"   mean time a move: ours {statistics.mean(ours_times):.3f}s, "
        f"OpenSpiel {statistics.mean(their_times):.3f}s"
    )
    lengths = [result["length"] for result in results]
    limit = declared_length(game)
    declared = f" (declared maximum {limit})" if limit is not None else ""
    print(
        f"   game length: mean {statistics.mean(lengths):.0f}, longest {max(lengths)} "
        f"actions{declared}"
    )
    return 0


def _progress(done: int, total: int, start: float) -> None:
    rate = done / max(time.perf_counter() - start, 1e-9)
    sys.stderr.write(f"\r   {done}/{total} games  {rate:.2f}/s ")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())
