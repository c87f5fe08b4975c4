"""The metrics of a study, per sweep point, each with its 95% interval.

Proportions (completion, win rates, ties, end conditions) carry Wilson score intervals; means
(duration, scores, margins, lead changes, component values) carry the normal interval
``mean ± 1.96·sd/√n``. A seat's or bot's win counts a shared win as a share (see
:mod:`ludoteca.lab.arena`).
"""

from __future__ import annotations

import json
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game

from .arena import rate_with_interval, summarise

Z = 1.96
# games of random play per sweep point for a game whose batch playouts are compiled (others
# play as many as the study plays per point, through the engine's loop)
RANDOM_GAMES = 10_000


def proportion(successes: float, trials: int) -> dict[str, Any]:
    return {"count": successes, "of": trials, **rate_with_interval(successes, trials)}


def mean(values: Sequence[float]) -> dict[str, Any]:
    """Mean, its 95% interval, and the spread of the values."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "low": None, "high": None}
    centre = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    ordered = sorted(values)
    return {
        "n": n,
        "mean": centre,
        "low": centre - half,
        "high": centre + half,
        "min": ordered[0],
        "median": statistics.median(ordered),
        "max": ordered[-1],
    }


def _margin(scores: list[float]) -> float | None:
    if len(scores) < 2:
        return None
    best, second = sorted(scores, reverse=True)[:2]
    return best - second


def point_metrics(rows: list[dict[str, Any]], bots: list[str]) -> dict[str, Any]:
    """Every metric of one sweep point's games."""
    players = len(rows[0]["seats"])
    finished = [row for row in rows if row["end"] != "unfinished"]
    metrics: dict[str, Any] = {
        "options": json.loads(rows[0]["options"]),
        "games": len(rows),
        "players": players,
        "completion": proportion(len(finished), len(rows)),
        "actions": mean([row["actions"] for row in finished]),
        "turns": mean([row["turns"] for row in finished]),
        "scores": mean([score for row in finished for score in row["scores"]]),
        "ends": _ends(rows),
        "components": _components(finished, players),
    }
    if players > 1:
        metrics.update(_contest(finished, bots, players))
    else:
        metrics["bots"] = _solo_bots(finished, bots)
    return metrics


def _ends(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[row["end"]] += 1
    return {end: proportion(count, len(rows)) for end, count in sorted(counts.items())}


def _contest(rows: list[dict[str, Any]], bots: list[str], players: int) -> dict[str, Any]:
    labels = list(dict.fromkeys(bots))  # a spec named twice is one bot
    label_of = {spec: spec for spec in labels}
    matches = [
        {
            "seats": row["seats"],
            "bots": [label_of[spec] for spec in row["seats"]],
            "scores": row["scores"],
            "winners": row["winners"],
            "thinking": [0.0] * players,
            "decisions": [0] * players,
        }
        for row in rows
    ]
    table = summarise("", {"players": players}, labels, matches, 0, 1, 0.0)
    seats = [
        {**proportion(entry["wins"], entry["games"]), "mean_score": entry["mean_score"]}
        for entry in table["by_seat"]
    ]
    first = seats[0]
    fair = 1 / players
    return {
        "seats": seats,
        "first_seat_advantage": {
            "rate": first["rate"] - fair,
            "low": first["low"] - fair,
            "high": first["high"] - fair,
        },
        "ties": proportion(sum(len(row["winners"]) > 1 for row in rows), len(rows)),
        "margin": mean([m for row in rows if (m := _margin(row["scores"])) is not None]),
        "lead_changes": mean([row["lead_changes"] for row in rows]),
        "bots": [
            {
                "bot": entry["bot"],
                **proportion(entry["wins"], entry["games"]),
                "mean_score": entry["mean_score"],
            }
            for entry in table["by_bot"]
        ],
        "skill_gap": _skill_gap(rows, table["by_bot"], label_of),
    }


def _skill_gap(
    rows: list[dict[str, Any]], by_bot: list[dict[str, Any]], label_of: dict[str, str]
) -> dict[str, Any] | None:
    """The strongest bot (by win rate) against the weakest: the win-rate gap and the mean score
    it gains over the weakest in the games where both sat. None with a single kind of bot."""
    if len(by_bot) < 2:
        return None
    strong, weak = by_bot[0], by_bot[-1]
    gains = []
    for row in rows:
        labels = [label_of[spec] for spec in row["seats"]]
        if strong["bot"] in labels and weak["bot"] in labels:
            mine = [
                s for s, label in zip(row["scores"], labels, strict=True) if label == strong["bot"]
            ]
            theirs = [
                s for s, label in zip(row["scores"], labels, strict=True) if label == weak["bot"]
            ]
            gains.append(statistics.fmean(mine) - statistics.fmean(theirs))
    return {
        "strong": strong["bot"],
        "weak": weak["bot"],
        "gap": strong["rate"] - weak["rate"],
        "strong_rate": proportion(strong["wins"], strong["games"]),
        "weak_rate": proportion(weak["wins"], weak["games"]),
        "score_gain": mean(gains),
    }


def _solo_bots(rows: list[dict[str, Any]], bots: list[str]) -> list[dict[str, Any]]:
    """In a solitaire game, each bot's mean score (there is nobody to beat)."""
    found = []
    for spec in dict.fromkeys(bots):
        scores = [row["scores"][0] for row in rows if row["seats"][0] == spec]
        found.append({"bot": spec, "score": mean(scores)})
    return found


def _components(rows: list[dict[str, Any]], players: int) -> dict[str, list[dict[str, Any]]]:
    values: dict[tuple[str, str], list[float]] = defaultdict(list)
    wins: dict[tuple[str, str], float] = defaultdict(float)
    games: dict[tuple[str, str], set[int]] = defaultdict(set)
    for number, row in enumerate(rows):
        winners = row["winners"]
        for component, name, seat, value in json.loads(row["components"]):
            key = (component, name)
            values[key].append(value)
            games[key].add(number)
            if seat in winners:
                wins[key] += 1 / len(winners)
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for (component, name), numbers in sorted(values.items()):
        entry = {"name": name, "uses": len(numbers), "games": len(games[(component, name)])}
        entry["value"] = mean(numbers)
        if players > 1:
            entry["win"] = proportion(wins[(component, name)], len(numbers))
        found[component].append(entry)
    for entries in found.values():
        entries.sort(key=lambda entry: -(entry["value"]["mean"] or 0.0))
    return dict(found)


def random_play(game_id: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """The point's game played by uniform random play (chance by its odds, every legal action
    alike) in one batch, ``Game.playouts``: game lengths, scores and, with several seats, each
    seat's wins (a shared win as a share) and the first seat's advantage."""
    result = load_game(game_id, **options).playouts(games, seed)
    found: dict[str, Any] = {
        "games": games,
        "actions": mean(result.lengths.tolist()),
        "scores": mean(result.scores.ravel().tolist()),
    }
    players = result.scores.shape[1]
    if players > 1 and games:
        shares = result.winners / result.winners.sum(axis=1, keepdims=True)
        seats = [
            {**proportion(float(shares[:, seat].sum()), games), "mean_score": mean_score}
            for seat, mean_score in enumerate(result.scores.mean(axis=0).tolist())
        ]
        fair = 1 / players
        first = seats[0]
        found["seats"] = seats
        found["first_seat_advantage"] = {key: first[key] - fair for key in ("rate", "low", "high")}
    return found


def random_games(game_id: str, games_per_point: int) -> int:
    """How many games of random play a point gets: ``RANDOM_GAMES`` where the game plays its
    batches in a compiled core, else as many as the study plays."""
    compiled = type(load_game(game_id)).playouts is not Game.playouts
    return RANDOM_GAMES if compiled else games_per_point


def study_summary(study_info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``summary.json``: the study and the metrics of each sweep point, in sweep order, each
    with its random play (see ``random_play``)."""
    points: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        points.setdefault(row["point"], []).append(row)
    count = random_games(study_info["game"], study_info["games_per_point"])
    return {
        **study_info,
        "points": [
            {
                "point": label,
                **point_metrics(games, study_info["bots"]),
                "random_play": random_play(
                    study_info["game"], json.loads(games[0]["options"]), count, study_info["seed"]
                ),
            }
            for label, games in points.items()
        ],
    }
