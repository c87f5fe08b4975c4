"""Habanero bots: a policy decides ``stop``, the move for a roll and the penalty.

- ``random``: any legal action, uniformly.
- ``greedy``: harvests whenever a move does, otherwise the move with the smallest penalty;
  drops the campesino that just moved; never stops.
- ``best``: looks one move ahead and scores each result (harvest, penalty) plus
  :func:`prospect`: how many faces of the die keep a move, how many harvest, how many
  campesinos are left; it pays instead of dropping when the campesino is worth more, and drops
  the campesino whose loss hurts least (one that can never move again first).

Stopping never pays in Habanero: dropping a campesino costs no habanero, so after any roll the
score can be kept; both ``greedy`` and ``best`` roll until the game ends (``best`` stops only
when no face of the die allows a move, where rolling and stopping are the same).

The policies work on plain values (:mod:`logic`), so the decision aid can play thousands of
turns a second; :func:`simulate` plays one game to its end with them.
"""

from __future__ import annotations

import random
from typing import Protocol

import numpy as np

from . import core, logic
from .game import HabaneroState, move_action
from .logic import Move, name

Penalty = tuple[str, int]  # ("pay", k) or ("drop", square)


class Policy(Protocol):
    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool: ...

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Move]
    ) -> Move: ...

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty: ...


class Greedy:
    """Harvest when possible, else the cheapest empty square; drop the mover; never stop."""

    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool:
        return False

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Move]
    ) -> Move:
        return legal[core.greedy_move(habaneros, logic.occupied(campesinos), _rows(legal))]

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty:
        return ("drop", target)


class Best:
    """One move of lookahead scored by :func:`prospect` (compiled: ``core.best_move``)."""

    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool:
        return bool(core.best_stops(habaneros, logic.occupied(campesinos)))

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Move]
    ) -> Move:
        return legal[core.best_move(habaneros, logic.occupied(campesinos), held, _rows(legal))]

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty:
        kind, value = core.best_penalty(habaneros, logic.occupied(campesinos), held, target)
        return ("pay", int(value)) if kind == core.PAY else ("drop", int(value))


def _rows(legal: list[Move]) -> np.ndarray:
    return np.array(legal, dtype=np.int64).reshape(len(legal), 2)


# weights of :func:`prospect`, tuned by simulation (benchmarks/habanero_ladder.py)
FACE_MOVES = core.FACE_MOVES  # per face of the die that some campesino can move
FACE_HARVESTS = core.FACE_HARVESTS  # per face of the die that some campesino can harvest with
FACE_SPARE = core.FACE_SPARE  # per face of the die that two moves or more can play
CAMPESINO = core.CAMPESINO  # per campesino in play


def prospect(habaneros: int, campesinos: tuple[int, ...]) -> float:
    """How promising a position is for the harvest still to come (higher is better).

    A roll that no campesino can move ends the game, one that only lands on empty squares costs
    a penalty, so the position is worth more the more faces of the die keep a move (better
    still two, so that playing one does not lose the face), the more faces harvest, and the more
    campesinos are left to move and to absorb penalties. The
    weights are in habaneros, so the bot can weigh a harvest or a payment against them.
    """
    return float(core.prospect(habaneros, logic.occupied(campesinos)))


GREEDY = Greedy()
BEST = Best()


def simulate(
    policy: Policy,
    habaneros: int,
    campesinos: tuple[int, ...],
    held: int,
    rng: random.Random,
    die: int | None = None,
) -> int:
    """The final score of one game played by ``policy`` from a decision (or, with ``die``,
    from the roll ``die`` just thrown), chance drawn from ``rng``."""
    while True:
        if die is None:
            if policy.stop(habaneros, campesinos, held):
                return held
            die = rng.randrange(6) + 1
        legal = logic.moves(habaneros, campesinos, die)
        die = None
        if not legal:
            return held
        origin, target = policy.move(habaneros, campesinos, held, legal)
        campesinos = logic.moved(campesinos, (origin, target))
        if habaneros >> target & 1:
            habaneros &= ~(1 << target)
            held += 1
            if not habaneros:
                return held
            continue
        kind, value = policy.penalty(habaneros, campesinos, held, target)
        if kind == "pay":
            held -= value
        else:
            campesinos = logic.dropped(campesinos, value)
            if not campesinos:
                return held


def policy_action(policy: Policy, state: HabaneroState) -> str:
    """The action ``policy`` takes in ``state`` (a HabaneroState at a decision)."""
    if policy is BEST or policy is GREEDY:
        return _compiled_action(policy is BEST, state)
    if state.phase == "decide":
        return "stop" if policy.stop(state.habaneros, state.campesinos, state.held) else "roll"
    if state.phase == "move":
        origin, target = policy.move(state.habaneros, state.campesinos, state.held, state.moves())
        return f"{name(origin)}-{name(target)}"
    kind, value = policy.penalty(state.habaneros, state.campesinos, state.held, state.cause)
    return f"pay:{value}" if kind == "pay" else f"drop:{name(value)}"


def _compiled_action(best: bool, state: HabaneroState) -> str:
    """The best or greedy policy's action straight from the compiled core (for rollouts)."""
    if state.phase == "decide":
        return "stop" if best and core.best_stops(state.habaneros, state.occupied) else "roll"
    if state.phase == "move":
        legal = state.move_rows()
        if best:
            row = core.best_move(state.habaneros, state.occupied, state.held, legal)
        else:
            row = core.greedy_move(state.habaneros, state.occupied, legal)
        return move_action(int(legal[row, 0]), int(legal[row, 1]))
    if not best:
        return f"drop:{name(state.cause)}"
    kind, value = core.best_penalty(state.habaneros, state.occupied, state.held, state.cause)
    return f"pay:{value}" if kind == core.PAY else f"drop:{name(value)}"


def greedy_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The greedy baseline's action in ``state``."""
    return policy_action(GREEDY, state)


def best_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The best bot's action in ``state``."""
    return policy_action(BEST, state)


def random_action(state: HabaneroState, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())
