"""Habanero: a solitaire push-your-luck dice game. Campesinos harvest a shrinking plantation.

Phases of a turn: ``decide`` (``roll`` or ``stop``), ``roll`` (the chance node ``roll:1``…
``roll:6``), ``move`` (``b2-b6``), and after ending on an empty square ``penalty``
(``drop:<square>`` or ``pay:<k>``). The game is ``over`` after a stop, a roll no campesino
can move, the last campesino dropped or the last habanero harvested.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State
from ludoteca.engine.notation import from_to
from tests.differential.oracles.habanero import logic, tensors
from tests.differential.oracles.habanero.logic import SIZE, name

HABANEROS = logic.START_HABANEROS.bit_count()  # 45: every square but the four corners

DECIDE, ROLL, MOVE, PENALTY, OVER = "decide", "roll", "move", "penalty", "over"
# why the game ended
STOPPED, STUCK, NO_CAMPESINO, NO_HABANERO = "stop", "stuck", "campesinos", "habaneros"


class HabaneroState(State):
    """A position: habaneros left (bitmask), campesinos in play, habaneros held, the phase,
    the last roll and, while a penalty is due, the square that caused it."""

    game: Habanero

    def __init__(
        self,
        game: Habanero,
        habaneros: int,
        campesinos: tuple[int, ...],
        held: int = 0,
        phase: str = DECIDE,
        die: int | None = None,
        target: int | None = None,
        end: str | None = None,
    ):
        super().__init__(game)
        self.habaneros = habaneros
        self.campesinos = campesinos
        self.held = held
        self.phase = phase
        self.die = die
        self.target = target
        self.end = end

    def _with(self, **changes: Any) -> HabaneroState:
        fields: dict[str, Any] = {
            "habaneros": self.habaneros,
            "campesinos": self.campesinos,
            "held": self.held,
            "phase": self.phase,
            "die": self.die,
            "target": self.target,
            "end": self.end,
        }
        fields.update(changes)
        return HabaneroState(self.game, **fields)

    # -- derived facts -----------------------------------------------------------------------

    @property
    def plantation(self) -> logic.Box | None:
        """(x0, y0, x1, y1) of the plantation left, or None when no habanero is left."""
        return logic.plantation(self.habaneros)

    @property
    def outside(self) -> tuple[int, ...]:
        return logic.outside(self.habaneros, self.campesinos)

    def moves(self) -> list[logic.Move]:
        if self.phase != MOVE:
            return []
        return logic.moves(self.habaneros, self.campesinos, self.rolled)

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
        if self.phase != PENALTY:
            return None
        return logic.penalty(self.habaneros, self.campesinos, self.cause)

    def cost(self) -> int:
        """The habaneros ``pay`` costs (only while a penalty is due)."""
        return logic.penalty(self.habaneros, self.campesinos, self.cause)

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == ROLL else 0

    def _legal_actions(self) -> list[str]:
        if self.phase == DECIDE:
            return ["roll", "stop"]
        if self.phase == MOVE:
            return [f"{name(a)}-{name(b)}" for a, b in self.moves()]
        if self.phase == PENALTY:
            k = self.cost()
            pay = [f"pay:{k}"] if k <= self.held else []
            return pay + [f"drop:{name(c)}" for c in self.campesinos]
        return []

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(f"roll:{d}", 1 / 6) for d in logic.DIE] if self.phase == ROLL else []

    def _next(self, action: str) -> HabaneroState:
        if self.phase == DECIDE:
            if action == "stop":
                return self._with(phase=OVER, end=STOPPED)
            return self._with(phase=ROLL)
        if self.phase == ROLL:
            die = int(action.split(":")[1])
            if not logic.moves(self.habaneros, self.campesinos, die):
                return self._with(phase=OVER, die=die, end=STUCK)
            return self._with(phase=MOVE, die=die)
        if self.phase == MOVE:
            origin, target = (logic.index(part) for part in action.split("-"))
            campesinos = logic.moved(self.campesinos, (origin, target))
            if self.habaneros >> target & 1:
                habaneros = self.habaneros & ~(1 << target)
                if not habaneros:
                    return self._with(
                        habaneros=0,
                        campesinos=campesinos,
                        held=self.held + 1,
                        phase=OVER,
                        end=NO_HABANERO,
                    )
                return self._with(
                    habaneros=habaneros, campesinos=campesinos, held=self.held + 1, phase=DECIDE
                )
            return self._with(campesinos=campesinos, phase=PENALTY, target=target)
        kind, _, value = action.partition(":")
        if kind == "pay":
            return self._with(held=self.held - int(value), phase=DECIDE, target=None)
        campesinos = logic.dropped(self.campesinos, logic.index(value))
        if not campesinos:
            return self._with(campesinos=(), phase=OVER, target=None, end=NO_CAMPESINO)
        return self._with(campesinos=campesinos, phase=DECIDE, target=None)

    def scores(self) -> list[float]:
        return [self.held]

    def end_reason(self) -> str | None:
        """Why the game ended: "stop", "stuck", "campesinos" or "habaneros"; None before."""
        return self.end if self.phase == OVER else None

    def _key(self) -> Any:
        return (
            self.habaneros,
            self.campesinos,
            self.held,
            self.phase,
            self.die,
            self.target,
            self.end,
        )

    # -- what people see ---------------------------------------------------------------------

    def __str__(self) -> str:
        box = self.plantation
        lines = ["    " + " ".join("abcdefg")]
        for y in reversed(range(SIZE)):
            row = []
            for x in range(SIZE):
                i = SIZE * y + x
                if i in self.campesinos:
                    row.append("C")
                elif not logic.inside(box, x, y):
                    row.append(" ")
                elif self.habaneros >> i & 1:
                    row.append("o")
                else:
                    row.append(".")
            lines.append(f" {y + 1}  " + " ".join(row) + f"  {y + 1}")
        lines.append("    " + " ".join("abcdefg"))
        corners = f"{name(box[1] * SIZE + box[0])}-{name(box[3] * SIZE + box[2])}" if box else "-"
        die = self.die if self.die is not None else "-"
        lines.append(
            f"held {self.held} · left {self.habaneros.bit_count()} · campesinos "
            f"{len(self.campesinos)} ({len(self.outside)} outside) · plantation {corners} · "
            f"die {die}"
        )
        return "\n".join(lines)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        box = self.plantation
        observation: dict[str, Any] = {
            "habaneros": [name(i) for i in range(SIZE * SIZE) if self.habaneros >> i & 1],
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

    def outlook(self) -> dict[str, dict[str, int]]:
        """For each face of the die: how many moves it allows and how many of them harvest
        (0 moves: that roll ends the game). Cheap, so it goes into every observation."""
        found = {}
        for die in logic.DIE:
            legal = logic.moves(self.habaneros, self.campesinos, die)
            harvest = sum(1 for _, target in legal if self.habaneros >> target & 1)
            found[str(die)] = {"moves": len(legal), "harvest": harvest}
        return found

    def clicks(self, action: str) -> list[str]:
        if action in ("roll", "stop"):
            return [f"btn-{action}"]
        if action.startswith("pay:"):
            return ["btn-pay"]
        if action.startswith("drop:"):
            return [f"sq-{action[5:]}"]
        return [f"sq-{part}" for part in action.split("-")]

    def label(self, action: str) -> Message:
        if action == "roll":
            return Message("habanero.label.roll")
        if action == "stop":
            return Message("habanero.label.stop", {"n": self.held})
        if action.startswith("pay:"):
            return Message("habanero.label.pay", {"n": int(action[4:])})
        if action.startswith("drop:"):
            return Message("habanero.label.drop", {"square": action[5:]})
        origin, target = action.split("-")
        key = "harvest" if self.habaneros >> logic.index(target) & 1 else "empty"
        return Message(f"habanero.label.move_{key}", {"from": origin, "to": target})

    def describe(self, seat: int, action: str) -> Message:
        if action in ("roll", "stop"):
            return Message(f"habanero.log.{action}")
        kind, _, value = action.partition(":")
        if kind == "roll":
            return Message("habanero.log.die", {"die": int(value)})
        if kind == "pay":
            return Message("habanero.log.pay", {"n": int(value)})
        if kind == "drop":
            return Message("habanero.log.drop", {"square": value})
        origin, _, target = action.partition("-")
        return Message("habanero.log.move", {"from": origin, "to": target})

    def prompt(self, seat: int | None) -> Message:
        if self.phase == DECIDE:
            return Message("habanero.prompt.decide", {"n": self.held})
        if self.phase == MOVE:
            return Message("habanero.prompt.move", {"n": self.die})
        if self.phase == PENALTY:
            k = self.cost()
            if k <= self.held:
                return Message("habanero.prompt.penalty", {"square": name(self.cause), "n": k})
            return Message(
                "habanero.prompt.penalty_drop",
                {"square": name(self.cause), "k": k, "held": self.held},
            )
        if self.phase == OVER:
            return Message(f"habanero.prompt.over_{self.end}", {"n": self.held, "die": self.die})
        return super().prompt(seat)

    def why_illegal(self, action: str) -> Message:
        return _why_illegal(self, action)

    def canonical(self, action: str) -> str:
        """``a1 → a3`` (as the moves are displayed), ``a1–a3``, ``a1a3`` stand for ``a1-a3``."""
        move = from_to(action)
        return action if move is None else f"{move[0]}-{move[1]}"

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)


def _why_illegal(state: HabaneroState, action: str) -> Message:
    kind, colon, value = action.partition(":")
    origin, dash, target = action.partition("-")
    is_move = bool(dash) and _is_square(origin) and _is_square(target)
    is_penalty = (kind == "drop" and _is_square(value)) or (
        kind == "pay" and value.isdigit() and str(int(value)) == value
    )
    if not (action in ("roll", "stop") or is_move or is_penalty):
        return Message("habanero.illegal.unknown", {"action": action})
    if state.phase == DECIDE:
        return Message("habanero.illegal.decide_first", {"action": action})
    if state.phase == MOVE:
        if not is_move:
            return Message("habanero.illegal.move_first", {"action": action, "die": state.die})
        return _why_not_move(state, logic.index(origin), logic.index(target))
    if not is_penalty:
        return Message(
            "habanero.illegal.penalty_first",
            {"action": action, "square": name(state.cause), "k": state.penalty()},
        )
    if kind == "drop":
        return Message("habanero.illegal.no_campesino", {"square": value})
    k = state.penalty()
    if int(value) != k:
        return Message("habanero.illegal.pay_amount", {"n": int(value), "k": k})
    return Message("habanero.illegal.pay_afford", {"k": k, "held": state.held})


def _why_not_move(state: HabaneroState, origin: int, target: int) -> Message:
    params = {"from": name(origin), "to": name(target), "die": state.die}
    if origin not in state.campesinos:
        return Message("habanero.illegal.no_campesino", {"square": name(origin)})
    ox, oy, tx, ty = origin % SIZE, origin // SIZE, target % SIZE, target // SIZE
    if origin == target or (ox != tx and oy != ty):
        return Message("habanero.illegal.not_straight", params)
    box = state.plantation
    assert box is not None, "a move is asked for only while habaneros are left"
    direction = ((tx > ox) - (tx < ox), (ty > oy) - (ty < oy))
    is_outside = not logic.inside(box, ox, oy)
    if is_outside and logic.entry_direction(box, ox, oy) != direction:
        return Message("habanero.illegal.outside_along", params)
    if not logic.inside(box, tx, ty):
        return Message("habanero.illegal.off_plantation", params)
    if not is_outside:
        steps = abs(tx - ox) + abs(ty - oy)
    else:
        # steps count plantation squares only
        steps = sum(
            1
            for s in range(1, abs(tx - ox) + abs(ty - oy) + 1)
            if logic.inside(box, ox + direction[0] * s, oy + direction[1] * s)
        )
    if steps != state.die:
        return Message("habanero.illegal.wrong_distance", {**params, "steps": steps})
    in_the_way = logic.blocker(state.campesinos, origin, target)
    if in_the_way is not None:
        return Message("habanero.illegal.blocked", {**params, "square": name(in_the_way)})
    return Message("core.illegal.not_legal", {"action": f"{name(origin)}-{name(target)}"})


def _is_square(text: str) -> bool:
    try:
        logic.index(text)
    except ValueError:
        return False
    return True


class Habanero(Game[HabaneroState]):
    id = "habanero"
    name = "Habanero"
    min_players = max_players = 1
    option_specs = (
        Option("campesinos", 4, minimum=1, maximum=4, help="habanero.option.campesinos"),
    )

    def new_initial_state(self) -> HabaneroState:
        habaneros, campesinos = logic.start(self.options["campesinos"])
        return HabaneroState(self, habaneros, campesinos)

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
        squares = range(logic.SIZE * logic.SIZE)
        moves = [
            f"{name(a)}-{name(b)}"
            for a in squares
            for b in squares
            if a != b and (a % logic.SIZE == b % logic.SIZE or a // logic.SIZE == b // logic.SIZE)
        ]
        return (
            ["roll", "stop"]
            + [f"roll:{d}" for d in logic.DIE]
            + moves
            + [f"drop:{name(c)}" for c in squares]
            + [f"pay:{k}" for k in range(1, 6)]
        )

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)
