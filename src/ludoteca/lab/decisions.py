"""What Ludii's game metrics measure, read from a game's record: the decisions.

A *decision* is a state where a seat (not chance) acts. Per decision we take the number of
legal actions (the branching factor) and the kind of the action taken (the game declares its
move kinds, ``Traits.move_kind``). The record alone gives all of it, so the metrics of games
already in a study's folder are measured again without playing them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ludoteca.engine import Game
from ludoteca.games import registry

from .intervals import mean, proportion

# the distribution of legal actions per decision, in these bins (a bin starts at its number)
BINS = (1, 2, 3, 5, 9, 17, 33, 65, 129)


def decisions(game: Game, record: list[str]) -> Iterator[tuple[int, str]]:
    """(legal actions, kind of the action taken) of every decision of the game ``record``."""
    kind = registry.traits(game.id).move_kind
    for state, action in zip(game.replay_states(record), record, strict=False):
        if state.current_player >= 0:
            yield len(state.legal_actions()), kind(action)


def bin_label(index: int) -> str:
    low = BINS[index]
    if index + 1 == len(BINS):
        return f"{low}+"
    high = BINS[index + 1] - 1
    return str(low) if high == low else f"{low}–{high}"


def measure(game: Game, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The decision metrics of a point's games (their records): branching factor (mean and
    distribution), the share of decisions with a real choice (more than one legal action),
    and how often each kind of move was played, in all and per game."""
    legal: list[int] = []
    kinds: Counter[str] = Counter()
    for row in rows:
        for count, kind in decisions(game, row["record"]):
            legal.append(count)
            kinds[kind] += 1
    bins = Counter(sum(count >= low for low in BINS) - 1 for count in legal)
    total = len(legal)
    return {
        "decisions": total,
        "branching": mean([float(count) for count in legal]),
        "distribution": [
            {"legal": bin_label(i), "count": bins[i], "share": bins[i] / total if total else 0.0}
            for i in range(len(BINS))
            if bins[i]
        ],
        "choice": proportion(sum(count > 1 for count in legal), total),
        "kinds": [
            {"kind": kind, "count": count, "per_game": count / len(rows) if rows else 0.0}
            for kind, count in kinds.most_common()
        ],
    }
