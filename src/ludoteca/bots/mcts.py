"""Monte Carlo tree search for any registered game: chance nodes, 1 to 5 seats.

Each seat maximises its own result (max^n): every node keeps a vector of summed returns, one
entry per seat, and a seat to move picks the child that is best *for itself* (UCB1 on its own
entry). Chance nodes are not chosen but sampled with their stated probabilities, so their
value is an average over the outcomes met.

The return of a finished game, per seat:

- several seats: ``1/len(winners)`` for each winner (a tie shares the win), 0 for the others;
- one seat: the knowledge's ``evaluate`` on the terminal state when it has one, else the score
  normalised by the range of scores this bot has seen finish so far,
  ``(score - low) / (high - low)`` with ``low = min(0, worst seen)``; the raw scores are averaged
  too, so a hint can quote the expected score itself.

The game's knowledge (``ludoteca.engine.parts.Knowledge``, from the registry) is used where it
has a part, with the game's own ``SearchSettings``:

- ``rollout(state, rng)`` is the rollout policy (a random action with probability
  ``epsilon``, and whenever the policy returns None);
- ``evaluate(state)`` cuts rollouts after ``rollout_cut`` decisions and scores the position;
- ``hint(state, seat)``, when the settings say it is an exact solver (``solver_hint``, e.g.
  a puzzle's exact solver), is played directly instead of searching.

Budgets: a number of iterations (deterministic for a seed), or seconds (not deterministic).
The levels are iteration budgets, so ``make_bot("mcts:hard", seed=1)`` always plays the same.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from itertools import accumulate
from typing import Any

from ludoteca.engine import CHANCE, TERMINAL, Game, State
from ludoteca.engine.parts import Knowledge, SearchSettings

from .base import Bot, knowledge_of

LEVELS = ("easy", "medium", "hard")


# A rollout that has not ended after this many actions is scored by the running scores; a
# game whose declared maximum length (``max_game_length()``) is longer is always rolled out
# to its end.
MAX_ROLLOUT = 2000
DEFAULT_SETTINGS = SearchSettings()


def rollout_limit(game: Game[Any]) -> int:
    """The most actions one rollout plays on ``game``."""
    return max(MAX_ROLLOUT, game.max_game_length())


def level_budget(settings: SearchSettings, level: str) -> int:
    """The iterations per move of ``level`` under ``settings``."""
    if level not in LEVELS:
        raise ValueError(f"unknown MCTS level {level!r}: the levels are {', '.join(LEVELS)}")
    return int(settings.budgets.get(level, DEFAULT_SETTINGS.budgets[level]))


# the shared, never changed, defaults of a node's lists
NO_SCORES: list[float] = []
NO_OUTCOMES: list[str] = []


class _Node:
    __slots__ = (
        "state",
        "player",
        "untried",
        "children",
        "visits",
        "totals",
        "raw",
        "cumulative",
        "outcome_of",
        "value",
        "raw_end",
    )

    def __init__(self, state: State, seats: int):
        self.state = state
        self.player = state.current_player
        self.visits = 0
        self.totals = [0.0] * seats  # summed returns per seat
        self.raw = [0.0] * seats  # summed raw scores per seat
        self.children: dict[str, _Node] = {}
        self.value: list[float] | None = None  # a terminal node's fixed return
        self.raw_end: list[float] = NO_SCORES  # and its scores
        # the actions not yet tried (where a seat moves), listed when the node is first
        # expanded (most leaves never are); each expansion draws one of them at random
        self.untried: list[str] | None = None
        # a chance node's outcomes and their cumulative odds, listed when it is first sampled
        # (most leaves never are)
        self.outcome_of: list[str] = NO_OUTCOMES
        self.cumulative: list[float] | None = None

    def sample(self, rng: random.Random) -> str:
        cumulative = self.cumulative
        if cumulative is None:
            outcomes = self.state.chance_outcomes()
            self.outcome_of = [outcome for outcome, _ in outcomes]
            cumulative = self.cumulative = list(accumulate(p for _, p in outcomes))
        point = rng.random() * cumulative[-1]
        index = bisect_right(cumulative, point)
        return self.outcome_of[min(index, len(self.outcome_of) - 1)]


class MCTSBot(Bot):
    """UCT with max^n backups, chance sampling and the game's knowledge.

    ``level`` picks an iteration budget; ``iterations`` or ``seconds`` override it.
    ``knowledge`` replaces the registered game's (for a game outside the registry);
    ``use_knowledge=False`` searches with none."""

    name = "mcts"
    levels = LEVELS

    def __init__(
        self,
        level: str = "medium",
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        epsilon: float | None = None,
        rollout_cut: int | None = None,
        heuristic: bool | None = None,
        use_knowledge: bool = True,
        knowledge: Knowledge[Any] | None = None,
    ):
        if level not in LEVELS:
            raise ValueError(f"unknown MCTS level {level!r}: the levels are {', '.join(LEVELS)}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        super().__init__(seed)
        self.level = level
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.epsilon = epsilon
        self.rollout_cut = rollout_cut
        self.heuristic = heuristic
        self.use_knowledge = use_knowledge
        self.knowledge = knowledge
        self.low: float | None = None  # the score range seen at the end of 1-seat games
        self.high: float | None = None
        self.last_iterations = 0
        self.last_root: _Node | None = None

    def __repr__(self) -> str:
        budget = f"{self.seconds}s" if self.seconds else (self.iterations or self.level)
        return f"<MCTSBot {budget}>"

    # -- the public side -----------------------------------------------------------------

    def choose(self, state: State) -> str:
        return self.analyse(state)["action"]

    def analyse(self, state: State) -> dict[str, Any]:
        """Search ``state`` and report the best action with its statistics.

        ``{"action", "value", "score", "visits", "iterations", "exact", "children": [...]}``:
        ``value`` is the expected return of the seat to move (win chance in multi-seat games),
        ``score`` its expected raw score."""
        seat = state.current_player
        if seat < 0:
            raise ValueError(f"no seat to move in this state (current player {seat})")
        legal = state.legal_actions()
        knowledge = self._knowledge(state)
        if self.use_knowledge and knowledge.search.solver_hint and knowledge.hint is not None:
            advice = knowledge.hint(state, seat)
            if advice is not None and advice.action in legal:
                self.last_iterations = 0
                return {
                    "action": advice.action,
                    "value": advice.value,
                    "score": None,
                    "visits": 0,
                    "iterations": 0,
                    "exact": True,
                    "children": [],
                }
        root = self.search(state)
        children = sorted(
            root.children.items(),
            key=lambda item: (-item[1].visits, -self._mean(item[1], seat)),
        )
        action, best = children[0]
        return {
            "action": action,
            "value": self._mean(best, seat),
            "score": best.raw[seat] / best.visits if best.visits else None,
            "visits": best.visits,
            "iterations": self.last_iterations,
            "exact": False,
            "children": [
                {
                    "action": a,
                    "visits": c.visits,
                    "value": self._mean(c, seat),
                    "score": c.raw[seat] / c.visits if c.visits else None,
                }
                for a, c in children
            ],
        }

    def value(self, state: State, seat: int) -> dict[str, float | None]:
        """Search ``state`` (a seat's turn, a chance node or the end) and report ``seat``'s
        expected return there: ``{"value", "score"}``, as ``analyse`` reports each child."""
        root = self.search(state)
        score = root.raw[seat] / root.visits if root.visits else None
        return {"value": self._mean(root, seat), "score": score}

    def _knowledge(self, state: State) -> Knowledge[Any]:
        return self.knowledge if self.knowledge is not None else knowledge_of(state.game)

    def budget(self, settings: SearchSettings) -> int | None:
        if self.seconds is not None:
            return self.iterations
        return self.iterations or level_budget(settings, self.level)

    # -- the search ----------------------------------------------------------------------

    def search(self, state: State) -> _Node:
        knowledge = self._knowledge(state)
        self._seats = state.game.num_players
        settings = knowledge.search
        self._c = settings.exploration if self.exploration is None else self.exploration
        self._epsilon = settings.epsilon if self.epsilon is None else self.epsilon
        self._cut = settings.rollout_cut if self.rollout_cut is None else self.rollout_cut
        heuristic = settings.heuristic if self.heuristic is None else self.heuristic
        rollout, evaluate = knowledge.rollout, knowledge.evaluate
        self._policy = rollout if heuristic and self.use_knowledge else None
        self._evaluator = evaluate if self.use_knowledge else None
        # a compiled whole rollout, where the game's knowledge has one for this policy
        self._playout = knowledge.playout if self.use_knowledge else None
        if self._playout is not None and heuristic and rollout is None:
            self._playout = None
        self._by_score = self._seats == 1 and self._evaluator is None
        self._rollout_limit = rollout_limit(state.game)
        root = self._new_node(state)
        limit = self.budget(settings)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while (limit is None or done < limit) and not (
            deadline is not None and done % 8 == 0 and done and time.perf_counter() >= deadline
        ):
            self._iterate(root)
            done += 1
        self.last_iterations = done
        self.last_root = root
        return root

    def _iterate(self, root: _Node) -> None:
        rng = self.rng
        node = root
        path = [root]
        while True:
            if node.value is not None:
                value, raw = node.value, node.raw_end
                break
            if node.player == CHANCE:
                outcome = node.sample(rng)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = self._new_node(node.state.successor(outcome))
                    path.append(child)
                    value, raw = self._leaf_value(child)
                    break
                node = child
                path.append(node)
                continue
            untried = node.untried
            if untried is None:
                untried = node.untried = list(node.state.legal_actions_view())
            if untried:
                pick = int(rng.random() * len(untried))
                untried[pick], untried[-1] = untried[-1], untried[pick]
                action = untried.pop()
                child = node.children[action] = self._new_node(node.state.successor(action))
                path.append(child)
                value, raw = self._leaf_value(child)
                break
            node = self._select(node)
            path.append(node)
        if self._seats == 2:  # the common case written out (the same sums in the same order)
            value0, value1, raw0, raw1 = value[0], value[1], raw[0], raw[1]
            for visited in path:
                visited.visits += 1
                totals, raws = visited.totals, visited.raw
                totals[0] += value0
                totals[1] += value1
                raws[0] += raw0
                raws[1] += raw1
            return
        seats = range(self._seats)
        for visited in path:
            visited.visits += 1
            totals, raws = visited.totals, visited.raw
            for seat in seats:
                totals[seat] += value[seat]
                raws[seat] += raw[seat]

    def _new_node(self, state: State) -> _Node:
        node = _Node(state, self._seats)
        if node.player == TERMINAL:
            node.value, node.raw_end = self._terminal_value(state), list(state.scores())
        return node

    def _select(self, node: _Node) -> _Node:
        seat = node.player
        log_n = math.log(node.visits)
        c = self._c
        best: _Node | None = None
        best_score = -math.inf
        if self._by_score:
            # One seat, no evaluator: normalise mean scores by the range seen so far, so early
            # returns are not judged by a range that has grown since.
            low, span = self._score_range()
            for child in node.children.values():
                mean = (child.raw[0] / child.visits - low) / span
                score = mean + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = child, score
            assert best is not None, "a node is selected only once it has children"
            return best
        sqrt = math.sqrt
        for child in node.children.values():
            visits = child.visits
            score = child.totals[seat] / visits + c * sqrt(log_n / visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None, "a node is selected only once it has children"
        return best

    def _score_range(self) -> tuple[float, float]:
        low = self.low if self.low is not None else 0.0
        high = self.high if self.high is not None else low
        return low, (high - low) or 1.0

    def _leaf_value(self, node: _Node) -> tuple[list[float], list[float]]:
        if node.value is not None:
            return node.value, node.raw_end
        return self._rollout(node.state)

    def _rollout(self, state: State) -> tuple[list[float], list[float]]:
        rng = self.rng
        if self._playout is not None:
            epsilon = self._epsilon if self._policy is not None else 1.0
            cut = self._cut if self._evaluator is not None else None
            played = self._playout(state, rng, epsilon, cut)
            if played is not None:
                values, scores = played
                if values is None:
                    values = self._final_value(scores)
                return values, scores
        policy, evaluator = self._policy, self._evaluator
        decisions = 0
        for _ in range(self._rollout_limit):
            player = state.current_player
            if player == TERMINAL:
                return self._terminal_value(state), list(state.scores())
            if player == CHANCE:
                state = state.successor(_sample(state.chance_outcomes(), rng))
                continue
            if evaluator is not None and decisions >= self._cut:
                estimate = evaluator(state)
                if estimate is not None:
                    return list(estimate), list(state.scores())
            decisions += 1
            action = None
            if policy is not None and rng.random() >= self._epsilon:
                action = policy(state, rng)
            if action is None:
                legal = state.legal_actions_view()
                action = legal[int(rng.random() * len(legal))]
            state = state.successor(action)
        scores = list(state.scores())  # a rollout that never ended: the running leaders share
        return self._final_value(scores), scores

    def _terminal_value(self, state: State) -> list[float]:
        if self._seats > 1:
            winners = state.winners()
            share = 1.0 / len(winners) if winners else 0.0
            return [share if seat in winners else 0.0 for seat in range(self._seats)]
        if self._evaluator is not None:
            estimate = self._evaluator(state)
            if estimate is not None:
                return [float(estimate[0])]
        return [self._normalised(float(state.scores()[0]))]

    def _final_value(self, scores: list[float]) -> list[float]:
        """The return of a game that ended with ``scores`` (its winners: the best scores)."""
        if self._seats == 1:
            return [self._normalised(float(scores[0]))]
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(self._seats)]

    def _normalised(self, score: float) -> float:
        self.low = min(0.0, score) if self.low is None else min(self.low, score)
        self.high = score if self.high is None else max(self.high, score)
        if self.high <= self.low:
            return 0.5
        return (score - self.low) / (self.high - self.low)

    def _mean(self, node: _Node, seat: int) -> float:
        if not node.visits:
            return 0.0
        if self._by_score:
            low, span = self._score_range()
            return (node.raw[0] / node.visits - low) / span
        return node.totals[seat] / node.visits


def _sample(outcomes: list[tuple[str, float]], rng: random.Random) -> str:
    point = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]
