"""Habanero: a solitaire push-your-luck dice game. Campesinos harvest a shrinking plantation.

Phases of a turn: ``decide`` (``roll`` or ``stop``), ``roll`` (the chance node ``roll:1``…
``roll:6``), ``move`` (``b2-b6``), and after ending on an empty square ``penalty``
(``drop:<square>`` or ``pay:<k>``). The game is ``over`` after a stop, a roll no campesino
can move, the last campesino dropped or the last habanero harvested.

Where the rules are: in the compiled core (``core.py``), played through ``engine.compiled``:
``core.transition`` is the one transition (the end of the game included), ``core.moves`` decides
the legal moves, ``core.penalty`` what a penalty costs, ``core.legal`` lists the legal
actions and ``core.refusal`` says why a move is not legal. This module keeps the names, the
declared facts and how the state reads the core's array; the actions are read in
``moves.py``, the words (labels, prompts, refusals, log, text board) are in ``words.py``.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, Game, Message, Option, State
from ludoteca.engine.compiled import CompiledState, Core
from ludoteca.engine.playouts import Playouts, check_playouts

from . import core, logic, tensors, words
from .logic import SIZE, name
from .moves import Move

HABANEROS = logic.START_HABANEROS.bit_count()  # 45: every square but the four corners

SQUARES = range(SIZE * SIZE)
ROLLS = tuple((f"roll:{d}", 1 / 6) for d in logic.DIE)
# every action, in the order of the core's ids (see ``core.FIRST_MOVE`` …)
ACTIONS = (
    "roll",
    "stop",
    *(roll for roll, _ in ROLLS),
    *(
        f"{name(a)}-{name(b)}"
        for a in SQUARES
        for b in SQUARES
        if a != b and (a % SIZE == b % SIZE or a // SIZE == b // SIZE)
    ),
    *(f"drop:{name(c)}" for c in SQUARES),
    *(f"pay:{k}" for k in range(1, 6)),
)
assert len(ACTIONS) == core.ACTION_COUNT, "the action ids are the core's"
MOVE_ACTIONS = {
    (move.origin, move.target): action
    for action in ACTIONS[core.FIRST_MOVE : core.FIRST_DROP]
    for move in (Move.parse(action),)
}


def move_action(origin: int, target: int) -> str:
    """The action of moving the campesino on ``origin`` to ``target``: ``"b2-b6"``."""
    return MOVE_ACTIONS[origin, target]


@cache
def _core() -> Core:
    """The compiled core bound with its tables: the squares of each move id and back."""
    tables = np.full(core.TABLES, -1, np.int64)
    for move, (origin, target) in enumerate(MOVE_ACTIONS):  # in the order of the ids
        tables[core.MOVE_IDS + origin * SIZE * SIZE + target] = core.FIRST_MOVE + move
        tables[core.MOVE_ORIGINS + move] = origin
        tables[core.MOVE_TARGETS + move] = target
    return Core(core.step, core.legal, tables, ACTIONS, core.LISTED)


DECIDE, ROLL, MOVE, PENALTY, OVER = "decide", "roll", "move", "penalty", "over"
PHASES = (DECIDE, ROLL, MOVE, PENALTY, OVER)  # in the order of the core's phases
# why the game ended, in the order of the core's reasons
ENDS = ("stop", "stuck", "campesinos", "habaneros")


class HabaneroState(CompiledState):
    """A position as the core's array: habaneros left (bitmask), campesinos in play (bitmask
    ``occupied``; ``campesinos`` their squares), habaneros held, the phase, the last roll and,
    while a penalty is due, the square that caused it."""

    game: Habanero

    @classmethod
    def at(
        cls,
        game: Habanero,
        habaneros: int,
        campesinos: tuple[int, ...],
        held: int = 0,
        phase: str = DECIDE,
        die: int | None = None,
        target: int | None = None,
    ) -> HabaneroState:
        """The position of these facts (a game's start, or one set up by hand)."""
        cells = np.array(
            [
                habaneros,
                logic.occupied(campesinos),
                held,
                PHASES.index(phase),
                die or 0,
                -1 if target is None else target,
                -1,
            ],
            np.int64,
        )
        return cls(game, _core(), cells, core.seat(cells))

    # -- the position ------------------------------------------------------------------------

    @property
    def habaneros(self) -> int:
        return int(self.cells[core.HABANEROS])

    @property
    def occupied(self) -> int:
        """The campesinos as a bitmask (bit i set = a campesino stands on square i)."""
        return int(self.cells[core.OCCUPIED])

    @cached_property
    def campesinos(self) -> tuple[int, ...]:
        """The squares of the campesinos in play, in order."""
        occupied = self.occupied
        return tuple(square for square in SQUARES if occupied >> square & 1)

    @property
    def held(self) -> int:
        return int(self.cells[core.HELD])

    @property
    def phase(self) -> str:
        return PHASES[self.cells[core.PHASE]]

    @property
    def die(self) -> int | None:
        """The last roll (None before the first)."""
        return int(self.cells[core.DIE]) or None

    @property
    def target(self) -> int | None:
        """The square that caused the penalty due (None while none is due)."""
        target = int(self.cells[core.TARGET])
        return None if target < 0 else target

    @property
    def end(self) -> str | None:
        """Why the game ended (see ``end_reason``)."""
        end = int(self.cells[core.END])
        return None if end < 0 else ENDS[end]

    # -- derived facts -----------------------------------------------------------------------

    @property
    def plantation(self) -> logic.Box | None:
        """(x0, y0, x1, y1) of the plantation left, or None when no habanero is left."""
        return logic.plantation(self.habaneros)

    @property
    def outside(self) -> tuple[int, ...]:
        return logic.outside(self.habaneros, self.campesinos)

    def moves(self) -> list[logic.Pair]:
        return [(a, b) for a, b in self.move_rows().tolist()]

    def move_rows(self) -> np.ndarray:
        """The legal moves as rows (from, to) of the compiled core (none but in the move
        phase)."""
        if self.phase != MOVE:
            return np.zeros((0, 2), dtype=np.int64)
        return core.moves(self.habaneros, self.occupied, self.rolled)

    @property
    def rolled(self) -> int:
        """The die's number (from the roll until the move)."""
        assert self.die is not None, "no die was thrown"
        return self.die

    @property
    def cause(self) -> int:
        """The square that caused the penalty due."""
        assert self.target is not None, "no penalty is due"
        return self.target

    def penalty(self) -> int | None:
        """The habaneros ``pay`` costs while a penalty is due."""
        return self.cost() if self.phase == PENALTY else None

    def cost(self) -> int:
        """The habaneros ``pay`` costs (only while a penalty is due)."""
        return int(core.penalty(self.habaneros, self.occupied, self.cause))

    def outlook(self) -> dict[str, dict[str, int]]:
        """For each face of the die: how many moves it allows and how many of them harvest
        (0 moves: that roll ends the game). Cheap, so it goes into every observation."""
        found = {}
        for die in logic.DIE:
            legal = logic.moves(self.habaneros, self.campesinos, die)
            harvest = sum(1 for _, target in legal if self.habaneros >> target & 1)
            found[str(die)] = {"moves": len(legal), "harvest": harvest}
        return found

    # -- the contract ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return list(ROLLS) if self.current_player == CHANCE else []

    def scores(self) -> list[float]:
        return [self.held]

    def end_reason(self) -> str | None:
        """Why the game ended: "stop", "stuck", "campesinos" or "habaneros"; None before."""
        return self.end if self.phase == OVER else None

    # -- what people see ---------------------------------------------------------------------

    def __str__(self) -> str:
        return words.text_board(self)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        box = self.plantation
        observation: dict[str, Any] = {
            "habaneros": [name(i) for i in SQUARES if self.habaneros >> i & 1],
            "campesinos": [name(c) for c in self.campesinos],
            "plantation": [name(box[1] * SIZE + box[0]), name(box[3] * SIZE + box[2])]
            if box
            else None,
            "held": self.held,
            "outside": [name(c) for c in self.outside],
            "phase": self.phase,
            "die": self.die,
            "penalty": None,
            "end": self.end,
        }
        if self.phase == PENALTY:
            observation["penalty"] = {"square": name(self.cause), "pay": self.penalty()}
        if self.phase == DECIDE:
            observation["outlook"] = self.outlook()
        return observation

    def clicks(self, action: str) -> list[str]:
        move = Move.parse(action)
        if move.kind in ("roll", "stop"):
            return [f"btn-{move.kind}"]
        if move.kind == "pay":
            return ["btn-pay"]
        if move.kind == "drop":
            return [f"sq-{move.start}"]
        return [f"sq-{move.start}", f"sq-{move.end}"]

    def label(self, action: str) -> Message:
        return words.label(self, action)

    def describe(self, seat: int, action: str) -> Message:
        return words.describe(action)

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        assert isinstance(before, HabaneroState)
        return words.consequence(self, before, seat, action)

    def prompt(self, seat: int | None) -> Message:
        found = words.prompt(self)
        return super().prompt(seat) if found is None else found

    def why_illegal(self, action: str) -> Message:
        return words.why_illegal(self, action)

    def canonical(self, action: str) -> str:
        """``a1 → a3`` (as the moves are displayed), ``a1–a3``, ``a1a3`` stand for ``a1-a3``."""
        move = Move.read(action)
        return action if move is None else str(move)

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)


class Habanero(Game[HabaneroState]):
    id = "habanero"
    name = "Habanero"
    min_players = max_players = 1
    option_specs = (
        Option("campesinos", 4, minimum=1, maximum=4, help="habanero.option.campesinos"),
    )

    def new_initial_state(self) -> HabaneroState:
        habaneros, campesinos = logic.start(self.options["campesinos"])
        return HabaneroState.at(self, habaneros, campesinos)

    def score_range(self) -> tuple[float, float]:
        """From nothing held to all 45 habaneros of the plantation."""
        return 0.0, float(HABANEROS)

    def max_game_length(self) -> int:
        """A move harvests (at most 45 times) or lands on an empty square and costs a penalty:
        a drop (at most 4) or a payment of at least one habanero held (at most 45 in all, as
        at most 45 were harvested). Each of these at most 94 moves takes the roll, the die
        and at most one penalty action; the last turn adds a stop or a roll nobody can use."""
        return (HABANEROS + HABANEROS + 4) * 4 + 2

    def all_actions(self) -> list[str]:
        """roll, stop, the die, every move along a rank or file of the 7×7 grid (outside squares
        included: removed lines keep their names), a drop on every square, pay:1 … pay:5 (the
        target plus at most four adjacent empty squares)."""
        return list(ACTIONS)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` random games played wholly inside the compiled core (see ``Game.playouts``)."""
        check_playouts(n, seed, policy)
        held, lengths = core.random_playouts(self.new_initial_state().cells, n, seed)
        scores = held.astype(float).reshape(n, 1)
        return Playouts(scores, np.ones((n, 1), dtype=bool), lengths)
