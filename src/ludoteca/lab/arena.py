"""Seeded bot tournaments: seats rotated, win rates with Wilson intervals, JSON results.

A tournament of ``games`` matches between ``bots`` (specs such as ``mcts:hard``) plays match
``i`` with seating ``seatings[i % len(seatings)]``:

- at least as many bots as seats: every ordered choice of ``players`` distinct bots
  (``itertools.permutations``), so each pairing meets in every seat order;
- fewer bots than seats: seat ``s`` gets bot ``(s + i) % len(bots)`` (a bot holds several seats).

Each match has its own seed derived from the tournament seed and the match number, which seeds
the chance draws and every seat's bot, so a tournament's results do not depend on ``jobs``.

A bot's result in a match is its share of the win: ``1/len(winners)`` for each of its seats
among the winners (a tie shares the win). Win rates are mean shares, with 95% Wilson score
intervals (shares count as fractional successes).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import permutations
from typing import Any

from ludoteca import load_game
from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, Game, State, sample_chance

Progress = Callable[[int, int], None]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def seatings(bot_count: int, players: int) -> list[list[int]]:
    """The rotation of bots (by index) over the seats, one entry per match in a cycle."""
    if bot_count < 1:
        raise ValueError("an arena needs at least one bot")
    if bot_count >= players:
        return [list(order) for order in permutations(range(bot_count), players)]
    return [[(seat + shift) % bot_count for seat in range(players)] for shift in range(bot_count)]


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` in a tournament seeded ``seed``."""
    return random.Random(f"ludoteca-arena:{seed}:{index}").getrandbits(63)


def play_seeded(
    game: Game,
    specs: Sequence[str],
    seed: int,
    watch: Callable[[State], None] | None = None,
    max_actions: int | None = None,
) -> tuple[State, list[float], list[int]]:
    """One seeded game of ``game``; ``specs[s]`` plays seat ``s`` and ``watch`` sees every
    state. Play stops at the end, or unfinished after ``max_actions`` actions. Returns the
    last state, each seat's thinking seconds and number of decisions."""
    derive = random.Random(seed)
    chance = random.Random(derive.getrandbits(64))
    bots = [make_bot(spec, seed=derive.getrandbits(32)) for spec in specs]
    thinking = [0.0] * len(specs)
    decisions = [0] * len(specs)
    state = game.new_initial_state()
    while not state.is_terminal() and (max_actions is None or len(state) < max_actions):
        if watch is not None:
            watch(state)
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, chance)
        else:
            start = time.perf_counter()
            action = bots[seat].choose(state)
            thinking[seat] += time.perf_counter() - start
            decisions[seat] += 1
        state = state.apply(action)
    if watch is not None:
        watch(state)
    return state, thinking, decisions


def play_match(
    game_id: str, options: dict[str, Any], specs: Sequence[str], seed: int
) -> dict[str, Any]:
    """One seeded game; ``specs[s]`` plays seat ``s``. Returns scores, winners and timings."""
    state, thinking, decisions = play_seeded(load_game(game_id, **options), specs, seed)
    return {
        "seed": seed,
        "seats": list(specs),
        "scores": list(state.scores()),
        "winners": state.winners(),
        "actions": len(state),
        "thinking": thinking,
        "decisions": decisions,
    }


def _play_task(task: tuple) -> tuple[int, dict[str, Any]]:
    index, game_id, options, specs, seed = task
    return index, play_match(game_id, options, specs, seed)


def run_arena(
    game_id: str,
    bots: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded matches and summarise them (see the module docstring)."""
    options = dict(options or {})
    if players is not None:
        options["players"] = players
    game_class = type(load_game(game_id, **options))
    if "players" not in options:
        options["players"] = min(max(len(bots), game_class.min_players), game_class.max_players)
    game = load_game(game_id, **options)
    for spec in bots:
        make_bot(spec, seed=0)  # refuse an unknown bot before starting any process
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    labels = bot_labels(bots)
    rotation = seatings(len(bots), game.num_players)
    plans = [rotation[index % len(rotation)] for index in range(games)]
    tasks = [
        (index, game_id, game.options, [bots[b] for b in plan], match_seed(seed, index))
        for index, plan in enumerate(plans)
    ]
    started = time.perf_counter()
    results: list[dict[str, Any] | None] = [None] * games
    outcomes: Iterator[tuple[int, dict[str, Any]]]
    if jobs == 1:
        outcomes = map(_play_task, tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        outcomes = pool.imap_unordered(_play_task, tasks)
    try:
        for done, (index, result) in enumerate(outcomes, start=1):
            result["bots"] = [labels[b] for b in plans[index]]
            results[index] = result
            if progress is not None:
                progress(done, games)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    matches = [result for result in results if result is not None]
    return summarise(
        game_id, game.options, labels, matches, seed, jobs, time.perf_counter() - started
    )


def bot_labels(bots: Sequence[str]) -> list[str]:
    """Names for the bots in tables: the spec, numbered when a spec appears twice."""
    labels = []
    for index, spec in enumerate(bots):
        labels.append(f"{spec}#{index + 1}" if list(bots).count(spec) > 1 else spec)
    return labels


def _shares(match: dict[str, Any]) -> list[float]:
    winners = match["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(match["seats"]))]


def rate_with_interval(successes: float, trials: int) -> dict[str, float]:
    """``rate``, and its 95% Wilson interval as ``low`` and ``high`` (a rate of 0 with no
    trials)."""
    low, high = wilson(successes, trials)
    rate = successes / trials if trials else 0.0
    # rounding can leave a bound a hair on the wrong side of a rate of 0 or 1 (60 of 60)
    return {"rate": rate, "low": min(low, rate), "high": max(high, rate)}


def _rate(wins: float, games: int) -> dict[str, Any]:
    return {"games": games, "wins": wins, **rate_with_interval(wins, games)}


def summarise(
    game_id: str,
    options: dict[str, Any],
    labels: list[str],
    matches: list[dict[str, Any]],
    seed: int,
    jobs: int,
    seconds: float,
) -> dict[str, Any]:
    """Win rates per bot, per seat and per bot and seat, from the match records."""
    players = options["players"]
    per_bot: dict[str, dict[str, float]] = {
        label: {"games": 0, "wins": 0.0, "score": 0.0, "seats": 0, "thinking": 0.0, "decisions": 0}
        for label in labels
    }
    per_seat = [{"games": 0, "wins": 0.0, "score": 0.0} for _ in range(players)]
    per_pair: dict[tuple[str, int], dict[str, float]] = {}
    for match in matches:
        shares = _shares(match)
        played: dict[str, float] = {}
        for seat, label in enumerate(match["bots"]):
            played[label] = played.get(label, 0.0) + shares[seat]
            entry = per_bot[label]
            entry["score"] += match["scores"][seat]
            entry["seats"] += 1
            entry["thinking"] += match["thinking"][seat]
            entry["decisions"] += match["decisions"][seat]
            per_seat[seat]["games"] += 1
            per_seat[seat]["wins"] += shares[seat]
            per_seat[seat]["score"] += match["scores"][seat]
            pair = per_pair.setdefault((label, seat), {"games": 0, "wins": 0.0})
            pair["games"] += 1
            pair["wins"] += shares[seat]
        for label, share in played.items():
            per_bot[label]["games"] += 1
            per_bot[label]["wins"] += share
    by_bot = []
    for label in labels:
        entry = per_bot[label]
        row = {"bot": label, **_rate(entry["wins"], int(entry["games"]))}
        row["mean_score"] = entry["score"] / entry["seats"] if entry["seats"] else None
        row["seconds_per_move"] = (
            entry["thinking"] / entry["decisions"] if entry["decisions"] else None
        )
        by_bot.append(row)
    by_bot.sort(key=lambda row: -row["rate"])
    by_seat = [
        {
            "seat": seat,
            **_rate(entry["wins"], int(entry["games"])),
            "mean_score": entry["score"] / entry["games"] if entry["games"] else None,
        }
        for seat, entry in enumerate(per_seat)
    ]
    by_bot_seat = [
        {"bot": label, "seat": seat, **_rate(entry["wins"], int(entry["games"]))}
        for (label, seat), entry in sorted(per_pair.items(), key=lambda item: item[0][1])
    ]
    return {
        "game": game_id,
        "options": dict(options),
        "players": players,
        "bots": labels,
        "games": len(matches),
        "seed": seed,
        "jobs": jobs,
        "seconds": seconds,
        "by_bot": by_bot,
        "by_seat": by_seat,
        "by_bot_seat": by_bot_seat,
        "matches": matches,
    }
