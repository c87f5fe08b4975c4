"""The analysis of a finished game: every decision judged by the strongest evaluator the game has.

For each decision of a seat (chance steps and forced single-action steps are left out) the
analysis reports the mover's value before the move (that of the best action found), after the
move played, the best action found and the loss, ``max(0, best - played)``, with a verdict.
Values are the mover's: its win share (ties shared) with several seats, its final score
normalised by the game's ``score_range`` in a one-seat game (then the raw expected scores come
too).

The evaluator of a decision is the game's knowledge's ``exact`` part where it answers (an exact
solver, an exact expectation, an end-game search: :class:`ludoteca.engine.parts.Values`), else
an MCTS search of ``budget`` iterations (the game's ``hard`` budget unless given), seeded per
decision, so an analysis is the same for a given record, budget and seed. A move the search
hardly tried is valued by a search of its own from the position it leads to.

Verdicts and accuracy (see docs/bots.md): ``best`` for the best action (an exact loss of 0),
else by the loss: below 0.10 ``good``, below 0.20 ``inaccuracy``, below 0.30 ``mistake``,
else ``blunder``. A move's accuracy is lichess's curve on the loss in percentage points,
``103.1668 · exp(−0.04354 · 100 · loss) − 3.1669``, clamped to 0–100; a seat's accuracy is the
mean over its judged moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from ludoteca.engine import Message, Record, RecordError, State
from ludoteca.engine.parts import Values
from ludoteca.games import registry

from .base import knowledge_of
from .mcts import MCTSBot, level_budget

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
# the loss below which a move that is not the best gets each verdict (the last: any loss)
BELOW = ((0.10, "good"), (0.20, "inaccuracy"), (0.30, "mistake"))
# the methods an analysis names, in the order its evaluator lists them
METHODS = ("solver", "expectation", "endgame", "mcts")
EXACT_TIE = 1e-9  # exact values closer than this are equal (sums of floating-point shares)
# a move the search tried fewer times than this share of its budget is searched on its own
FEW_VISITS = 0.02
SEED_STRIDE = 1_000_003  # a decision's search seed: seed · stride + ply

# the marks of chess notation for the verdicts (the same in every language)
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

Progress = Callable[[int, int], None]


def verdict_label(verdict: str) -> Message:
    """A verdict in words (a ``bots`` catalog message)."""
    return Message(f"bots.analysis.verdict.{verdict}")


@dataclass(frozen=True)
class Judged:
    """One decision of a seat: the move played at ``ply`` (0-based index into the record's
    actions), the best move found, the mover's values before and after, the loss, the
    verdict; ``exact`` when the values are exact. ``score_before`` and ``score_after``: the
    expected raw scores, in a one-seat game."""

    ply: int
    seat: int
    action: str
    best: str
    before: float
    after: float
    loss: float
    verdict: str
    exact: bool
    method: str = "mcts"
    score_before: float | None = None
    score_after: float | None = None


@dataclass(frozen=True)
class Analysis:
    """A finished game's decisions judged. ``evaluator`` names the methods used (``METHODS``
    joined by ``+``), ``budget`` the MCTS iterations a decision (where MCTS judged)."""

    game: str
    options: dict[str, Any]
    evaluator: str
    moves: tuple[Judged, ...]
    budget: int = 0
    seed: int = 0

    def accuracy(self, seat: int) -> float:
        """The mean accuracy (0–100) of ``seat``'s judged moves; 100 when it judged none."""
        mine = [move_accuracy(judged.loss) for judged in self.moves if judged.seat == seat]
        return sum(mine) / len(mine) if mine else 100.0

    def seats(self) -> list[int]:
        """The seats with a judged move, in order."""
        return sorted({judged.seat for judged in self.moves})

    def mistakes(self, seat: int | None = None, count: int = 5) -> list[Judged]:
        """The ``count`` worst moves (an inaccuracy or worse) of ``seat`` (None: anyone),
        the worst first: the positions to replay as puzzles."""
        bad = [
            judged
            for judged in self.moves
            if VERDICTS.index(judged.verdict) >= VERDICTS.index("inaccuracy")
            and (seat is None or judged.seat == seat)
        ]
        return sorted(bad, key=lambda judged: (-judged.loss, judged.ply))[:count]

    def describe(self) -> list[Message]:
        """The evaluator in words: one ``bots`` catalog message per method used."""
        budget = f"{self.budget:,}"
        return [
            Message(f"bots.analysis.method.{method}", {"budget": budget})
            for method in self.evaluator.split("+")
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "evaluator": self.evaluator,
            "budget": self.budget,
            "seed": self.seed,
            "moves": [asdict(judged) for judged in self.moves],
            "accuracy": {str(seat): round(self.accuracy(seat), 1) for seat in self.seats()},
        }

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """The analysis ``to_json`` wrote; ValueError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
            raise ValueError("not an analysis: expected an object with a list of moves")
        names = {field.name for field in fields(Judged)}
        try:
            moves = tuple(
                Judged(**{k: v for k, v in m.items() if k in names}) for m in data["moves"]
            )
            return cls(
                str(data["game"]),
                dict(data["options"]),
                str(data["evaluator"]),
                moves,
                int(data.get("budget", 0)),
                int(data.get("seed", 0)),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not an analysis: {error}") from None


def move_accuracy(loss: float) -> float:
    """A move's accuracy (0–100) from its loss: lichess's curve on percentage points."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669))


def verdict(loss: float, best: bool) -> str:
    """The verdict of a move with this loss (``best``: it is the best move found)."""
    if best:
        return "best"
    return next((word for limit, word in BELOW if loss < limit), "blunder")


def analyse(
    final: State | Record,
    *,
    budget: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """Judge every decision of the game that led to ``final`` (a finished game's record or
    last state). ``budget``: MCTS iterations a decision (default: the game's ``hard`` level);
    ``progress(done, total)`` is called after each judged decision. A record that is no game
    of a registered game raises RecordError."""
    states, actions = _replayed(final)
    game = states[0].game
    knowledge = knowledge_of(game)
    if budget is None:
        budget = level_budget(knowledge.search, "hard")
    if budget < 1:
        raise ValueError(f"the budget must be at least 1 iteration, not {budget}")
    decisions = [ply for ply, state in enumerate(states[:-1]) if _decides(state)]
    judged = []
    for done, ply in enumerate(decisions, start=1):
        judged.append(judge(states[ply], actions[ply], budget, seed, ply))
        if progress is not None:
            progress(done, len(decisions))
    used = {move.method for move in judged}
    evaluator = "+".join(method for method in METHODS if method in used) or "mcts"
    return Analysis(game.id, dict(game.options), evaluator, tuple(judged), budget, seed)


def _replayed(final: State | Record) -> tuple[list[State], list[str]]:
    if isinstance(final, State):
        actions = final.history()
        return list(final.game.replay_states(actions)), actions
    try:
        game = registry.load(final.game, **final.options)
    except ValueError as error:
        raise RecordError(str(error)) from None
    return final.states(game), list(final.actions)


def _decides(state: State) -> bool:
    """A seat chooses here among more than one action."""
    return state.current_player >= 0 and len(state.legal_actions_view()) > 1


def judge(state: State, action: str, budget: int, seed: int = 0, ply: int = 0) -> Judged:
    """One decision: ``action`` played in ``state`` (a seat to move), judged as ``analyse``
    judges the decision at ``ply`` (its exact values, else MCTS of ``budget`` iterations)."""
    knowledge = knowledge_of(state.game)
    found = knowledge.exact(state) if knowledge.exact is not None else None
    if found is not None and action in found.values:
        return _judge_exact(state, action, ply, found)
    return _judge_by_search(
        state, action, ply, MCTSBot(iterations=budget, seed=seed * SEED_STRIDE + ply)
    )


def _judge_exact(state: State, action: str, ply: int, found: Values) -> Judged:
    values = found.values
    top = max(values.values())
    # the played move when it is among the best, else the first best in the game's order
    best = (
        action
        if values[action] >= top - EXACT_TIE
        else next(a for a in values if values[a] >= top - EXACT_TIE)
    )
    loss = max(0.0, top - values[action])
    loss = 0.0 if loss < EXACT_TIE else loss
    scores = _scores(state, top, values[action])
    return Judged(
        ply,
        state.current_player,
        action,
        best,
        top,
        values[action],
        loss,
        verdict(loss, loss == 0.0),
        True,
        found.method,
        *scores,
    )


def _judge_by_search(state: State, action: str, ply: int, bot: MCTSBot) -> Judged:
    seat = state.current_player
    searched = bot.analyse(state)
    children = {child["action"]: child for child in searched["children"]}
    best = searched["action"]
    top = _value(state, children[best]) if best in children else float(searched["value"] or 0)
    played = children.get(action)
    if action == best:
        after = top
    elif played is not None and played["visits"] >= FEW_VISITS * (bot.iterations or 1):
        after = _value(state, played)
    else:  # hardly tried: the position it leads to, searched on its own
        after = _value(state, bot.value(state.apply(action), seat))
    loss = 0.0 if action == best else max(0.0, top - after)
    return Judged(
        ply,
        seat,
        action,
        best,
        top,
        after,
        loss,
        verdict(loss, action == best),
        False,
        "mcts",
        *_scores(state, top, after),
    )


def _value(state: State, found: Mapping[str, Any]) -> float:
    """The mover's value of a searched action or position: its win share, or in a one-seat
    game its expected score normalised by the game's score range (where that is finite)."""
    span = _span(state)
    if span is not None and found.get("score") is not None:
        low, width = span
        return min(1.0, max(0.0, (float(found["score"]) - low) / width))
    return float(found["value"] or 0.0)


def _span(state: State) -> tuple[float, float] | None:
    """(low, width) of a one-seat game's finite score range, else None."""
    if state.game.num_players != 1:
        return None
    low, high = state.game.score_range()
    return (low, high - low) if math.isfinite(high) and high > low else None


def _scores(state: State, before: float, after: float) -> tuple[float | None, float | None]:
    """The raw expected scores of a one-seat game's values (None, None otherwise)."""
    span = _span(state)
    if span is None:
        return None, None
    low, width = span
    return low + before * width, low + after * width
