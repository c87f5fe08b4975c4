"""What the bots know of Bohnen: greedy captures, the bean share, a capture hint."""

from __future__ import annotations

import random
from functools import partial

import numpy as np

from ludoteca.engine import Message, exhaustive
from ludoteca.engine.parts import Hint, Knowledge, Overlay, SearchSettings

from .game import BohnenState
from .move import Move


def capture_gain(state: BohnenState, action: str) -> int:
    """Beans the move ``action`` captures, a grand slam leaving each opponent its emptiest pit."""
    return state.game.board.gain(state.pits, Move.parse(action).pit, state.to_move)


def greedy(state: BohnenState, rng: random.Random) -> str | None:
    """The move that captures most now (a random one among equals); on a grand slam, leave
    the pit with the fewest beans."""
    if state.current_player < 0:
        return None
    if state.pending:
        choices = state.leave_choices()
        return str(Move(min(choices, key=lambda p: (state.pits[p], p)), leave=True))
    best: list[str] = []
    best_gain = -1
    for action in state.legal_actions():
        gain = capture_gain(state, action)
        if gain > best_gain:
            best, best_gain = [action], gain
        elif gain == best_gain:
            best.append(action)
    return rng.choice(best)


def bean_share(state: BohnenState) -> list[float]:
    """Each seat's share of the beans it would hold if the game ended now (captures plus
    its own pits); at the end 1 for a sole winner, 1/k for a k-way tie, 0 otherwise."""
    seats = state.game.num_players
    if state.is_terminal():
        winners = state.winners()
        return [1 / len(winners) if s in winners else 0.0 for s in range(seats)]
    board = state.game.board
    held = [c + board.beans_of(state.pits, s) for s, c in enumerate(state.captured)]
    total = sum(held) or 1
    return [h / total for h in held]


def playout(
    state: BohnenState, rng: random.Random, epsilon: float, cut: int | None
) -> tuple[list[float] | None, list[float]] | None:
    """A whole search rollout by the compiled core: ``greedy`` for every seat (uniformly
    random with probability ``epsilon``), cut after ``cut`` decisions and scored by
    ``bean_share``. Not from a grand slam's pending choice (None: rolled out in Python)."""
    if state.pending or state.current_player < 0:
        return None
    game = state.game
    end, *beans = game.board.core.rollout(
        state.pits,
        np.array(state.captured, np.int64),
        state.to_move,
        state.quiet,
        state.turn_start_codes(),
        epsilon,
        -1 if cut is None else cut,
        rng.getrandbits(32),
        game.board.core_layout,
        game.search.limits,
        game.search.starts,
        game.search.memo(),
    )
    seats = game.num_players
    held = [float(b) for b in beans[:seats]]
    if end >= 0:
        return None, held
    total = sum(held) or 1.0
    return [h / total for h in held], [float(c) for c in beans[4 : 4 + seats]]


def hint(state: BohnenState, seat: int) -> Hint | None:
    """The greedy move, with the beans it captures (no advice on a grand-slam choice)."""
    action = greedy(state, random.Random(0))
    if action is None or Move.parse(action).leave:
        return None
    gain = capture_gain(state, action)
    key = "bohnen.hint.capture" if gain else "bohnen.hint.no_capture"
    return Hint(
        action=action,
        value=gain,
        reason=Message(key, {"pit": action, "n": gain}),
        overlay=Overlay(action=action),
    )


# Exact in the end game (the rules end it where no capture is possible any more, by the
# search of ``search.py``): every continuation, within 3,000 positions; MCTS elsewhere. Not
# by position: its key leaves out the turn starts that the repetition rules count.
KNOWLEDGE = Knowledge[BohnenState](
    rollout=greedy,
    evaluate=bean_share,
    hint=hint,
    # Greedy-capture rollouts cut after 12 decisions by the bean share.
    search=SearchSettings(budgets={"easy": 30, "medium": 150, "hard": 600}),
    playout=playout,
    exact=partial(exhaustive.exact, bound=3_000, method="endgame", memo=False),
)
