"""Habanero in words: the labels, prompts, refusals, log lines and the text board.

Every text is a :class:`Message` of the ``habanero`` catalogs (``locale/``), but the text
board's tally line (English, as ``str(state)``). What a text says about the rules is read from
the state and the compiled core (``core.refusal`` says why a move is refused), never decided
here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.engine import Message

from . import core, logic
from .logic import SIZE, name
from .moves import DROP, FACE, MOVE, PAY, ROLL, STOP, Move

if TYPE_CHECKING:
    from .game import HabaneroState


# -- actions -----------------------------------------------------------------------------------


def label(state: HabaneroState, action: str) -> Message:
    move = Move.parse(action)
    if move.kind == ROLL:
        return Message("habanero.label.roll")
    if move.kind == STOP:
        return Message("habanero.label.stop", {"n": state.held})
    if move.kind == PAY:
        return Message("habanero.label.pay", {"n": move.number})
    if move.kind == DROP:
        return Message("habanero.label.drop", {"square": move.start})
    key = "harvest" if state.habaneros >> move.target & 1 else "empty"
    return Message(f"habanero.label.move_{key}", {"from": move.start, "to": move.end})


def describe(action: str) -> Message:
    move = Move.parse(action)
    if move.kind in (ROLL, STOP):
        return Message(f"habanero.log.{move.kind}")
    if move.kind == FACE:
        return Message("habanero.log.die", {"die": move.number})
    if move.kind == PAY:
        return Message("habanero.log.pay", {"n": move.number})
    if move.kind == DROP:
        return Message("habanero.log.drop", {"square": move.start})
    return Message("habanero.log.move", {"from": move.start, "to": move.end})


def consequence(
    state: HabaneroState, before: HabaneroState, seat: int, action: str
) -> Message | None:
    """A habanero harvested (and how many are held now); what a stop keeps."""
    if action == str(Move(STOP)):
        return Message("habanero.log.kept", {"n": state.held})
    if seat >= 0 and state.held > before.held:
        return Message("habanero.log.harvested", {"n": state.held})
    return None


def prompt(state: HabaneroState) -> Message | None:
    """The prompt of each phase (None: the engine's, at the roll)."""
    phase = state.phase
    if phase == "decide":
        return Message("habanero.prompt.decide", {"n": state.held})
    if phase == "move":
        return Message("habanero.prompt.move", {"n": state.die})
    if phase == "penalty":
        k = state.cost()
        if k <= state.held:
            return Message("habanero.prompt.penalty", {"square": name(state.cause), "n": k})
        return Message(
            "habanero.prompt.penalty_drop",
            {"square": name(state.cause), "k": k, "held": state.held},
        )
    if phase == "over":
        return Message(f"habanero.prompt.over_{state.end}", {"n": state.held, "die": state.die})
    return None


# -- refusals ----------------------------------------------------------------------------------


def why_illegal(state: HabaneroState, action: str) -> Message:
    try:
        move = Move.parse(action)
    except ValueError:
        move = Move(FACE)
    if move.kind == FACE:  # not the player's to play: chance throws the die
        return Message("habanero.illegal.unknown", {"action": action})
    phase = state.phase
    if phase == "decide":
        return Message("habanero.illegal.decide_first", {"action": action})
    if phase == "move":
        if move.kind != MOVE:
            return Message("habanero.illegal.move_first", {"action": action, "die": state.die})
        return _why_not_move(state, move)
    if move.kind not in (PAY, DROP):
        return Message(
            "habanero.illegal.penalty_first",
            {"action": action, "square": name(state.cause), "k": state.penalty()},
        )
    if move.kind == DROP:
        return Message("habanero.illegal.no_campesino", {"square": move.start})
    k = state.cost()
    if move.number != k:
        return Message("habanero.illegal.pay_amount", {"n": move.number, "k": k})
    return Message("habanero.illegal.pay_afford", {"k": k, "held": state.held})


Params = dict[str, Any]
# a reason of ``core.refusal`` -> its message key and its parameters from the move's, the
# steps the move takes and the square in the way
REFUSALS: dict[int, tuple[str, Callable[[Params, int, int], Params]]] = {
    core.NO_CAMPESINO_THERE: ("no_campesino", lambda move, steps, sq: {"square": move["from"]}),
    core.NOT_STRAIGHT: ("not_straight", lambda move, steps, sq: move),
    core.OUTSIDE_ALONG: ("outside_along", lambda move, steps, sq: move),
    core.OFF_PLANTATION: ("off_plantation", lambda move, steps, sq: move),
    core.WRONG_DISTANCE: ("wrong_distance", lambda move, steps, sq: {**move, "steps": steps}),
    core.BLOCKED: ("blocked", lambda move, steps, sq: {**move, "square": name(sq)}),
}


def _why_not_move(state: HabaneroState, move: Move) -> Message:
    reason, steps, sq = core.refusal(
        state.habaneros, state.occupied, state.rolled, move.origin, move.target
    )
    if reason not in REFUSALS:
        return Message("core.illegal.not_legal", {"action": str(move)})
    key, params = REFUSALS[reason]
    found = params({"from": move.start, "to": move.end, "die": state.die}, steps, sq)
    return Message(f"habanero.illegal.{key}", found)


# -- the text board ----------------------------------------------------------------------------


def text_board(state: HabaneroState) -> str:
    box = state.plantation
    campesinos = set(state.campesinos)
    lines = ["    " + " ".join("abcdefg")]
    for y in reversed(range(SIZE)):
        row = []
        for x in range(SIZE):
            i = SIZE * y + x
            if i in campesinos:
                row.append("C")
            elif not logic.inside(box, x, y):
                row.append(" ")
            elif state.habaneros >> i & 1:
                row.append("o")
            else:
                row.append(".")
        lines.append(f" {y + 1}  " + " ".join(row) + f"  {y + 1}")
    lines.append("    " + " ".join("abcdefg"))
    corners = f"{name(box[1] * SIZE + box[0])}-{name(box[3] * SIZE + box[2])}" if box else "-"
    die = state.die if state.die is not None else "-"
    lines.append(
        f"held {state.held} · left {state.habaneros.bit_count()} · campesinos "
        f"{len(state.campesinos)} ({len(state.outside)} outside) · plantation {corners} · "
        f"die {die}"
    )
    return "\n".join(lines)
