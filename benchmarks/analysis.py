"""How far the analysis's best move can be trusted: agreement with a much longer search and with
the exact evaluators, per game, on sampled positions.

Run: python benchmarks/analysis.py [--positions 6] [--factor 10] [--seed 1] [--games a,b]

Positions are sampled from seeded games of ``mcts:easy`` bots (every decision with more than
one legal action, a few per game). For each one:

- ``agree``: the analysis's best move (``ludoteca.bots.analysis.judge`` at the game's default
  budget: exact where the game's knowledge is, else MCTS) is the best move of an MCTS search
  ``--factor`` times longer (another seed); ``loss``: the mean value the long search gives up
  by playing the analysis's move instead of its own (0 when they agree);
- Hares: on positions of random games on every card where some move loses a hare, the MCTS
  best move at the default budget *without* the solver (random rollouts) is compared with the
  exact solver, as is the analysis's (the solver itself: a check);
- Bohnen end games: positions near the end that the exhaustive search solves within 50,000
  positions; the MCTS best move at the default budget is compared with the exact best.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca import list_games, load_game  # noqa: E402
from ludoteca.bots import MCTSBot, knowledge_of, make_bot  # noqa: E402
from ludoteca.bots.analysis import judge  # noqa: E402
from ludoteca.bots.mcts import level_budget  # noqa: E402
from ludoteca.engine import State, sample_chance  # noqa: E402
from ludoteca.engine.exhaustive import exact  # noqa: E402

ENDGAME_BOUND = 50_000
LAST = 12  # decisions from the end of a game tried as end games


def games(game_id: str, seed: int):
    """Seeded games of ``mcts:easy`` bots, each as its decisions (more than one legal action)."""
    rng = random.Random(seed)
    game_seed = seed
    while True:
        bot = make_bot("mcts:easy", seed=game_seed)
        state = load_game(game_id).new_initial_state()
        decisions = []
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                decisions.append(state)
            state = state.apply(bot.choose(state))
        yield rng, decisions
        game_seed += 1


def positions(game_id: str, count: int, seed: int) -> list[State]:
    """``count`` decisions sampled from seeded games, three a game at most."""
    found: list[State] = []
    for rng, decisions in games(game_id, seed):
        found += rng.sample(decisions, min(len(decisions), 3, count - len(found)))
        if len(found) >= count:
            return found
    raise AssertionError("games never end")


def endgames(game_id: str, count: int, seed: int) -> list[tuple[State, Any]]:
    """``count`` positions from the ends of seeded games (the last decision first) that the
    exhaustive search solves, with their exact values; only those where the moves differ."""
    found = []
    for _, decisions in games(game_id, seed):
        for state in reversed(decisions[-LAST:]):
            values = exact(state, bound=ENDGAME_BOUND, method="endgame", memo=False)
            if values is None:
                break  # earlier positions are larger still
            if len(set(values.values.values())) > 1:
                found.append((state, values.values))
            if len(found) == count:
                return found
    raise AssertionError("games never end")


def agreement(game_id: str, count: int, factor: int, seed: int) -> dict[str, Any]:
    sampled = positions(game_id, count, seed)
    budget = level_budget(knowledge_of(sampled[0].game).search, "hard")
    agree, loss, exact_moves = 0, 0.0, 0
    start = time.process_time()
    for index, state in enumerate(sampled):
        judged = judge(state, state.legal_actions()[0], budget, seed, index)
        exact_moves += judged.exact
        long = MCTSBot(iterations=factor * budget, seed=seed + 7919 + index).analyse(state)
        values = {child["action"]: child["value"] for child in long["children"]}
        if judged.best == long["action"] or not values:
            agree += 1
        else:
            loss += max(0.0, values[long["action"]] - values.get(judged.best, 0.0))
    return {
        "game": game_id,
        "positions": len(sampled),
        "budget": budget,
        "exact": exact_moves,
        "agree": agree / len(sampled),
        "loss": loss / len(sampled),
        "seconds": time.process_time() - start,
    }


def solver_agreement(game_id: str, count: int, seed: int) -> dict[str, Any]:
    """The analysis and a solver-free MCTS search against a game's exact values, on positions
    of random games over every value of the game's first integer option (Hares: every level
    card) where the moves differ in value."""
    rng = random.Random(seed)
    sampled = traps(game_id, count, rng)
    knowledge = knowledge_of(sampled[0][0].game)
    budget = level_budget(knowledge.search, "hard")
    analysis = search = 0
    for index, (state, values) in enumerate(sampled):
        top = max(values.values())
        judged = judge(state, state.legal_actions()[0], budget, seed, index)
        analysis += values[judged.best] == top
        bot = MCTSBot(iterations=budget, seed=seed + index, use_knowledge=False)
        search += values[bot.choose(state)] == top
    return {"positions": len(sampled), "analysis": analysis, "search": search, "budget": budget}


def traps(game_id: str, count: int, rng: random.Random) -> list[tuple[State, Any]]:
    """``count`` positions of random games where some move is worse than another (exact)."""
    spec = next(o for o in load_game(game_id).option_specs if o.minimum is not None)
    found: list[tuple[State, Any]] = []
    while len(found) < count:
        for value in range(spec.minimum or 0, (spec.maximum or 0) + 1):
            state = load_game(game_id, **{spec.name: value}).new_initial_state()
            knowledge = knowledge_of(state.game)
            assert knowledge.exact is not None
            while not state.is_terminal() and len(found) < count:
                if state.is_chance_node():
                    state = state.apply(sample_chance(state, rng))
                    continue
                values = knowledge.exact(state)
                if values is not None and len(set(values.values.values())) > 1:
                    found.append((state, values.values))
                    break  # one a game
                state = state.apply(rng.choice(state.legal_actions()))
    return found


def endgame_agreement(game_id: str, count: int, seed: int) -> dict[str, Any]:
    sampled = positions(game_id, 1, seed)
    budget = level_budget(knowledge_of(sampled[0].game).search, "hard")
    solved = endgames(game_id, count, seed)
    right = 0
    for index, (state, values) in enumerate(solved):
        chosen = MCTSBot(iterations=budget, seed=seed + index).choose(state)
        right += values[chosen] == max(values.values())
    return {"positions": len(solved), "search": right, "budget": budget}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6, help="positions per game")
    parser.add_argument("--factor", type=int, default=10, help="the long search's budget ×")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(info["id"] for info in list_games()))
    args = parser.parse_args(argv)
    games = args.games.split(",")
    print(
        f"{'game':<9} {'positions':>9} {'budget':>6} {'exact':>5} {'agree':>6} {'loss':>6} {'cpu s':>6}"
    )
    for game_id in games:
        row = agreement(game_id, args.positions, args.factor, args.seed)
        print(
            f"{row['game']:<9} {row['positions']:>9} {row['budget']:>6} {row['exact']:>5} "
            f"{row['agree']:>6.0%} {row['loss']:>6.3f} {row['seconds']:>6.1f}",
            flush=True,
        )
    if "hares" in games:
        row = solver_agreement("hares", 4 * args.positions, args.seed)
        print(
            f"hares vs the exact solver, {row['positions']} positions: the analysis "
            f"{row['analysis']}/{row['positions']}, MCTS without the solver "
            f"({row['budget']} iterations) {row['search']}/{row['positions']}"
        )
    if "bohnen" in games:
        row = endgame_agreement("bohnen", args.positions, args.seed)
        print(
            f"bohnen end games solved exactly, {row['positions']} positions: MCTS "
            f"({row['budget']} iterations) found an exact best move in "
            f"{row['search']}/{row['positions']}"
        )


if __name__ == "__main__":
    main()
