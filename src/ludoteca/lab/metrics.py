"""The metrics of a study, per sweep point, each with its 95% interval.

Proportions (completion, win rates, ties, end conditions) carry Wilson score intervals; means
(duration, scores, margins, lead changes, component values) carry the normal interval
``mean ± 1.96·sd/√n``. A seat's or bot's win counts a shared win as a share (see
:mod:`ludoteca.lab.arena`).
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game
from ludoteca.games import registry

from . import decisions
from .arena import summarise
from .intervals import mean, proportion
from .study import SKILL, play_game, random_tasks, skill_rotation

# games of random play per sweep point for a game whose batch playouts are compiled (others
# play as many as the study plays per point, through the engine's loop)
RANDOM_GAMES = 10_000
# games of random play per point played through the engine, one by one, for what the batches
# do not give (end conditions, decisions): as many as the study's, at most this many
RANDOM_RECORDED = 200


def _margin(scores: list[float]) -> float | None:
    if len(scores) < 2:
        return None
    best, second = sorted(scores, reverse=True)[:2]
    return best - second


def point_metrics(rows: list[dict[str, Any]], bots: list[str], game: str = "") -> dict[str, Any]:
    """Every metric of one sweep point's games (``game``: its id, for the end conditions it
    declares and its decisions)."""
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
        "ends": _ends(rows, declared_ends(game)),
        "components": _components(finished, players),
    }
    if game:
        played = load_game(game, **metrics["options"])
        metrics["decisions"] = decisions.measure(played, rows)
    if players > 1:
        metrics.update(_contest(finished, bots, players))
    else:
        metrics["bots"] = _solo_bots(finished, bots)
    return metrics


def declared_ends(game: str) -> tuple[str, ...]:
    """The end conditions ``game`` declares (``Traits.ends``); () for no game or none."""
    return registry.traits(game).ends if game in registry.ids() else ()


def _ends(rows: list[dict[str, Any]], declared: tuple[str, ...] = ()) -> dict[str, dict[str, Any]]:
    """Each end condition's count and rate: every declared one (in the game's order), even
    at 0, then any other end the games met (unfinished ones)."""
    counts: dict[str, int] = dict.fromkeys(declared, 0)
    for row in rows:
        counts[row["end"]] = counts.get(row["end"], 0) + 1
    others = sorted(end for end in counts if end not in declared)
    return {end: proportion(counts[end], len(rows)) for end in (*declared, *others)}


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
    """Per component: its uses, mean value, the win rate of its users and the win rate of the
    seat that did best on it (``best``: in each game where it was used, the seat whose uses of
    it were worth the most in sum, a tie for that shared; see docs/lab.md)."""
    values: dict[tuple[str, str], list[float]] = defaultdict(list)
    wins: dict[tuple[str, str], float] = defaultdict(float)
    best: dict[tuple[str, str], float] = defaultdict(float)
    games: dict[tuple[str, str], set[int]] = defaultdict(set)
    for number, row in enumerate(rows):
        winners = row["winners"]
        sums: dict[tuple[str, str], dict[int, float]] = defaultdict(lambda: defaultdict(float))
        for component, name, seat, value in json.loads(row["components"]):
            key = (component, name)
            values[key].append(value)
            games[key].add(number)
            sums[key][seat] += value
            if seat in winners:
                wins[key] += 1 / len(winners)
        for key, by_seat in sums.items():
            top = max(by_seat.values())
            leaders = [seat for seat, total in by_seat.items() if total == top]
            shares = [1 / len(winners) if seat in winners else 0.0 for seat in leaders]
            best[key] += sum(shares) / len(leaders)
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for (component, name), numbers in sorted(values.items()):
        played = len(games[(component, name)])
        entry: dict[str, Any] = {"name": name, "uses": len(numbers), "games": played}
        entry["value"] = mean(numbers)
        if players > 1:
            entry["win"] = proportion(wins[(component, name)], len(numbers))
            entry["best"] = proportion(best[(component, name)], played)
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


def recorded_random_play(
    game: str, options: dict[str, Any], games: int, seed: int, max_actions: int
) -> dict[str, Any]:
    """The point played ``games`` times by the ``random`` bot in every seat through the
    engine, game by game: its end conditions (every declared one), game lengths in turns and
    its decisions, side by side with the study's bots."""
    rows = [play_game(task) for task in random_tasks(game, options, games, seed, max_actions)]
    finished = [row for row in rows if row["end"] != "unfinished"]
    return {
        "games": len(rows),
        "ends": _ends(rows, declared_ends(game)),
        "actions": mean([row["actions"] for row in finished]),
        "turns": mean([row["turns"] for row in finished]),
        "decisions": decisions.measure(load_game(game, **options), rows),
    }


def skill_trace(rows: list[dict[str, Any]], fixed: str, players: int) -> list[dict[str, Any]]:
    """Per budget (in the order played), the win rate of the MCTS bot of that budget against
    the ``fixed`` one (a shared win as a share; in a solitaire game its mean score). A game's
    seats of the budget's bot are those its rotation gave it (``skill_rotation``, the budget's
    bot first), also where both bots have the same budget."""
    rotation = skill_rotation(players)
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        plan = rotation[row["index"] % len(rotation)]
        budget = next(spec for spec, bot in zip(row["seats"], plan, strict=True) if bot == 0)
        entry = found.setdefault(budget, {"bot": budget, "against": fixed, "won": 0.0, "of": 0})
        entry.setdefault("scores", []).append(row["scores"][plan.index(0)])
        winners = row["winners"]
        ours = [seat for seat in winners if plan[seat] == 0]
        entry["won"] += len(ours) / len(winners) if winners else 0.0
        entry["of"] += 1
    trace = []
    for entry in found.values():
        line = {"bot": entry["bot"], "against": fixed, "score": mean(entry.pop("scores"))}
        if players > 1:
            line["win"] = proportion(entry["won"], entry["of"])
        trace.append(line)
    return trace


def study_summary(study_info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``summary.json``: the study and the metrics of each sweep point, in sweep order, each
    with its random play (see ``random_play`` and ``recorded_random_play``) and its skill
    trace (the games whose point is ``SKILL`` + the point's label)."""
    points: dict[str, list[dict[str, Any]]] = {}
    skill: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["point"].startswith(SKILL):
            skill[row["point"].removeprefix(SKILL)].append(row)
        else:
            points.setdefault(row["point"], []).append(row)
    game = study_info["game"]
    count = random_games(game, study_info["games_per_point"])
    recorded = min(study_info["games_per_point"], RANDOM_RECORDED)
    found = []
    for label, games in points.items():
        options = json.loads(games[0]["options"])
        point = {"point": label, **point_metrics(games, study_info["bots"], game)}
        point["random_play"] = {
            **random_play(game, options, count, study_info["seed"]),
            "recorded": recorded_random_play(
                game, options, recorded, study_info["seed"], study_info["max_actions"]
            ),
        }
        point["skill_trace"] = skill_trace(
            skill.get(label, []), study_info.get("skill_fixed", ""), point["players"]
        )
        found.append(point)
    return {**study_info, "points": found}
