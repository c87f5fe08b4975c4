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

from tests.differential.oracles.habanero import logic
from tests.differential.oracles.habanero.game import HabaneroState
from tests.differential.oracles.habanero.logic import Move, name

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
        for move in legal:
            if habaneros >> move[1] & 1:
                return move
        return min(legal, key=lambda m: logic.penalty(habaneros, logic.moved(campesinos, m), m[1]))

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty:
        return ("drop", target)


class Best:
    """One move of lookahead scored by :func:`prospect`."""

    def stop(self, habaneros: int, campesinos: tuple[int, ...], held: int) -> bool:
        return all(n == 0 for n, _ in logic.reach(habaneros, campesinos))

    def move(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, legal: list[Move]
    ) -> Move:
        values: dict[Move, float] = {}
        for move in legal:
            target = move[1]
            if habaneros >> target & 1:
                after = logic.moved(campesinos, move)
                values[move] = 1 + prospect(habaneros & ~(1 << target), after)
        # an empty square costs at least 1 (paid, or a campesino dropped): it is worth at most
        # the best prospect minus 1, so it is skipped when some harvest is worth more
        ceiling = 6 * (FACE_MOVES + FACE_SPARE + FACE_HARVESTS) + CAMPESINO * len(campesinos) - 1
        if not values or max(values.values()) <= ceiling:
            for move in legal:
                if move not in values:
                    after = logic.moved(campesinos, move)
                    choice = self.penalty(habaneros, after, held, move[1])
                    values[move] = self._after_penalty(habaneros, after, held, choice)
        top = max(values.values())
        return next(move for move in legal if values.get(move) == top)

    def penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, target: int
    ) -> Penalty:
        options: list[Penalty] = [("drop", c) for c in campesinos]
        k = logic.penalty(habaneros, campesinos, target)
        if k <= held:
            options.append(("pay", k))
        return max(options, key=lambda o: self._after_penalty(habaneros, campesinos, held, o))

    def _after_penalty(
        self, habaneros: int, campesinos: tuple[int, ...], held: int, choice: Penalty
    ) -> float:
        kind, value = choice
        if kind == "pay":
            return prospect(habaneros, campesinos) - value
        rest = logic.dropped(campesinos, value)
        return prospect(habaneros, rest) if rest else 0.0


# weights of :func:`prospect`, tuned by simulation (benchmarks/habanero_ladder.py)
FACE_MOVES = 0.25  # per face of the die that some campesino can move
FACE_HARVESTS = 0.2  # per face of the die that some campesino can harvest with
FACE_SPARE = 0.15  # per face of the die that two moves or more can play
CAMPESINO = 1.5  # per campesino in play


def prospect(habaneros: int, campesinos: tuple[int, ...]) -> float:
    """How promising a position is for the harvest still to come (higher is better).

    A roll that no campesino can move ends the game, one that only lands on empty squares costs
    a penalty, so the position is worth more the more faces of the die keep a move (better
    still two, so that playing one does not lose the face), the more faces harvest, and the more
    campesinos are left to move and to absorb penalties. The
    weights are in habaneros, so the bot can weigh a harvest or a payment against them.
    """
    if not habaneros or not campesinos:
        return 0.0
    faces = harvests = spare = 0
    for moves, harvest in logic.reach(habaneros, campesinos):
        faces += moves > 0
        spare += moves > 1
        harvests += harvest > 0
    return (
        FACE_MOVES * faces
        + FACE_SPARE * spare
        + FACE_HARVESTS * harvests
        + CAMPESINO * len(campesinos)
    )


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
    if state.phase == "decide":
        return "stop" if policy.stop(state.habaneros, state.campesinos, state.held) else "roll"
    if state.phase == "move":
        origin, target = policy.move(state.habaneros, state.campesinos, state.held, state.moves())
        return f"{name(origin)}-{name(target)}"
    kind, value = policy.penalty(state.habaneros, state.campesinos, state.held, state.cause)
    return f"pay:{value}" if kind == "pay" else f"drop:{name(value)}"


def greedy_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The greedy baseline's action in ``state``."""
    return policy_action(GREEDY, state)


def best_action(state: HabaneroState, rng: random.Random | None = None) -> str:
    """The best bot's action in ``state``."""
    return policy_action(BEST, state)


def random_action(state: HabaneroState, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())
