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
turns a second; :func:`simulate` plays one game to its end with them, through the core's one
transition (``core.transition``, through ``core.apply``).
"""

from __future__ import annotations

import random
from typing import Protocol

import numpy as np

from . import core, logic
from .game import HabaneroState, move_action
from .logic import Pair
from .moves import DROP, PAY, ROLL, STOP, Move

Penalty = tuple[str, int]  # ("pay", k) or ("drop", square)


class Policy(Protocol):
    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool: ...

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Pair]
    ) -> Pair: ...

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty: ...


class Greedy:
    """Harvest when possible, else the cheapest empty square; drop the mover; never stop."""

    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool:
        return False

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Pair]
    ) -> Pair:
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
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Pair]
    ) -> Pair:
        return legal[core.best_move(habaneros, logic.occupied(campesinos), held, _rows(legal))]

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty:
        kind, value = core.best_penalty(habaneros, logic.occupied(campesinos), held, target)
        return ("pay", int(value)) if kind == core.PAY else ("drop", int(value))


def _rows(legal: list[Pair]) -> np.ndarray:
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
    cells = np.array(
        [habaneros, logic.occupied(campesinos), held, core.DECIDING, 0, -1, -1], np.int64
    )
    if die is not None:
        _roll(cells, die)
    return simulate_from(policy, cells, rng)


def _roll(cells: np.ndarray, die: int) -> None:
    """The roll ``die`` on ``cells`` (``core.apply`` is told how many moves it allows)."""
    count = core.moves(int(cells[core.HABANEROS]), int(cells[core.OCCUPIED]), die).shape[0]
    core.apply(cells, core.DIE_KIND, die, count)


def simulate_from(policy: Policy, cells: np.ndarray, rng: random.Random) -> int:
    """The final score of one game played by ``policy`` from the position ``cells`` (the
    core's array; played on in place), chance drawn from ``rng``."""
    while True:
        habaneros, occupied, held, phase, die, target, _ = cells.tolist()
        if phase == core.OVER:
            return int(held)
        campesinos = tuple(c for c in range(logic.SIZE**2) if occupied >> c & 1)
        if phase == core.DECIDING:
            stop = policy.stop(habaneros, campesinos, held)
            core.apply(cells, core.STOP_KIND if stop else core.ROLL_KIND, 0, 0)
        elif phase == core.ROLLING:
            _roll(cells, rng.randrange(6) + 1)
        elif phase == core.MOVING:
            legal = logic.moves(habaneros, campesinos, die)
            origin, target = policy.move(habaneros, campesinos, held, legal)
            core.apply(cells, core.MOVE_KIND, origin, target)
        else:
            kind, value = policy.penalty(habaneros, campesinos, held, target)
            core.apply(cells, core.PAY_KIND if kind == "pay" else core.DROP_KIND, value, 0)


def policy_action(policy: Policy, state: HabaneroState) -> str:
    """The action ``policy`` takes in ``state`` (a HabaneroState at a decision)."""
    if policy is BEST or policy is GREEDY:
        return _compiled_action(policy is BEST, state)
    if state.phase == "decide":
        return STOP if policy.stop(state.habaneros, state.campesinos, state.held) else ROLL
    if state.phase == "move":
        origin, target = policy.move(state.habaneros, state.campesinos, state.held, state.moves())
        return move_action(origin, target)
    kind, value = policy.penalty(state.habaneros, state.campesinos, state.held, state.cause)
    return _penalty_action(kind == "pay", value)


def _penalty_action(pay: bool, value: int) -> str:
    """``pay:<value>`` or ``drop:<the square value>``."""
    return str(Move(PAY, number=value) if pay else Move(DROP, value))


def _compiled_action(best: bool, state: HabaneroState) -> str:
    """The best or greedy policy's action straight from the compiled core (for rollouts)."""
    if state.phase == "decide":
        return STOP if best and core.best_stops(state.habaneros, state.occupied) else ROLL
    if state.phase == "move":
        legal = state.move_rows()
        if best:
            row = core.best_move(state.habaneros, state.occupied, state.held, legal)
        else:
            row = core.greedy_move(state.habaneros, state.occupied, legal)
        return move_action(int(legal[row, 0]), int(legal[row, 1]))
    if not best:
        return _penalty_action(False, state.cause)
    kind, value = core.best_penalty(state.habaneros, state.occupied, state.held, state.cause)
    return _penalty_action(kind == core.PAY, int(value))


def greedy_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The greedy baseline's action in ``state``."""
    return policy_action(GREEDY, state)


def best_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The best bot's action in ``state``."""
    return policy_action(BEST, state)


def random_action(state: HabaneroState, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())
