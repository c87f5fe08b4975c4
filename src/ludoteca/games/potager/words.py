"""Potager in words: action labels, prompts, log lines, refusals and the text board.

Nothing here decides a rule. A refusal (``why_illegal``) only explains an action the core did
not list: ``REFUSALS`` holds, per kind of action, when its explanation applies and the small
checks that find the first reason.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ludoteca.engine import CHANCE, Message, Seat

from .board import COLUMNS, INDEX, MOLE, TOKEN_TOOLS, TOOL_SPACES, VEGETABLES, pattern_by_id
from .board import placements as bed_placements
from .move import BadMove, Move

if TYPE_CHECKING:
    from .game import PotagerState
    from .position import Token

TEXT_WIDTH = 100  # the text board fits a terminal this wide


def thing(kind: str) -> Message:
    return Message(f"potager.thing.{kind}")


def abbreviation(kind: str, lang: str = "en") -> str:
    return Message(f"potager.abbr.{kind}").text(lang)


# -- labels and log lines ---------------------------------------------------------------------


def label(state: PotagerState, move: Move) -> Message:
    kind = move.kind
    if kind == "draw":
        return Message("potager.label.draw", {"kind": thing(move.name)})
    if kind == "take":
        return Message("potager.label.take", {"slot": str(move.slot)})
    if kind == "swap":
        return Message("potager.label.swap", {"space": str(move.slot), "slot": str(move.slot)})
    if kind in ("place", "mole"):
        return Message(f"potager.label.{kind}", {"space": move.space, "slot": move.space})
    if kind == "harvest":
        cells = ",".join(move.spaces)
        vegetable = thing(pattern_by_id()[move.name].vegetable)
        return Message(
            "potager.label.harvest",
            {"pattern": move.name, "vegetable": vegetable, "cells": cells, "n": len(move.spaces)},
        )
    if kind in ("move", "send"):
        return Message(f"potager.label.{kind}", {"source": move.space, "target": move.target})
    if kind == "flip":
        return Message("potager.label.flip", {"space": move.space, "player": Seat(move.garden)})
    if kind in ("tool", "poison"):
        key = "tool" if kind == "tool" else "vegetable"
        return Message(f"potager.label.{kind}", {key: thing(move.name)})
    if kind == "hose":
        key = "potager.label.hose_own" if state.own_garden_only else "potager.label.hose"
        return Message(key, {"column": move.name})
    return Message("potager.label.skip")


def describe(state: PotagerState, seat: int, move: Move) -> Message:
    if seat == CHANCE:
        return label(state, move)
    return Message("potager.log.action", {"player": Seat(seat), "what": label(state, move)})


def consequence(before: PotagerState, after: PotagerState, seat: int) -> Message | None:
    """The points the action scored (a harvest, the gnome's walk) and the new total."""
    if seat < 0 or after.points[seat] == before.points[seat]:
        return None
    gain = after.points[seat] - before.points[seat]
    return Message("potager.log.points", {"n": gain, "total": after.points[seat]})


def prompt(state: PotagerState, seat: int | None) -> Message:
    phase = state.phase
    if phase == "over":
        result = state.winner_words()
        if state.loser is not None:
            return Message(
                "potager.prompt.full_garden", {"player": Seat(state.loser), "result": result}
            )
        return Message(f"potager.end.{state.end_reason()}", {"result": result})
    if phase == "draw":
        return Message("core.prompt.chance")
    if seat != state.to_move:
        return Message("core.prompt.waiting_for", {"player": Seat(state.to_move)})
    if phase == "place":
        kind, slot = state.in_hand
        key = "place" if kind in VEGETABLES else "place_tool"
        return Message(f"potager.prompt.{key}", {"kind": thing(kind), "column": COLUMNS[slot - 1]})
    if phase == "tool":
        own = "_own" if state.own_garden_only and state.tool in ("can", "hose") else ""
        return Message(f"potager.prompt.tool.{state.tool}{own}")
    if phase in ("shovel", "gnome"):
        return Message(f"potager.prompt.{phase}")
    if state.end_triggered:
        return Message("potager.prompt.last_turn")
    return Message("potager.prompt.turn")


# -- refusals ------------------------------------------------------------------------------------

Refusal = Callable[["PotagerState", Move], Message | None]


def _slot_empty(state: PotagerState, move: Move) -> Message | None:
    if state.hedge[move.slot - 1] is None:
        return Message("potager.illegal.slot_empty", {"slot": str(move.slot)})
    return None


def _slot_not_swapped(state: PotagerState, move: Move) -> Message | None:
    if state.phase == "shovel":
        return Message("potager.illegal.shovel_pair", {"slot": str(move.slot)})
    return None


def _no_room(state: PotagerState, move: Move) -> Message | None:
    return Message("potager.illegal.no_room", {"kind": thing(state.hedge[move.slot - 1] or "")})


def _occupied(state: PotagerState, move: Move) -> Message | None:
    seat = state.to_move if move.kind == "place" else 1 - state.to_move
    if state.token(seat, move.space) is not None:
        return Message("potager.illegal.occupied", {"space": move.space})
    return None


def _tool_token_on_tool_space(state: PotagerState, move: Move) -> Message | None:
    if move.space in TOOL_SPACES and state.in_hand[0] not in VEGETABLES:
        return Message("potager.illegal.tool_space", {"space": move.space})
    return None


def _mole_of_a_vegetable(state: PotagerState, move: Move) -> Message | None:
    return Message("potager.illegal.mole_vegetable") if move.kind == "mole" else None


def _pinned(state: PotagerState, move: Move) -> Message | None:
    if move.space == state.pinned:
        return Message("potager.illegal.pinned", {"space": move.space})
    return None


def _nothing_to_move(state: PotagerState, move: Move) -> Message | None:
    if state.token(state.to_move, move.space) is None:
        return Message("potager.illegal.no_token", {"space": move.space})
    return None


def _target_taken(state: PotagerState, move: Move) -> Message | None:
    if state.token(state.to_move, move.target) is not None:
        return Message("potager.illegal.occupied", {"space": move.target})
    return None


def _target_tool_space(state: PotagerState, move: Move) -> Message | None:
    return Message("potager.illegal.tool_space", {"space": move.target})


def _opponent_through_toolbox(state: PotagerState, move: Move) -> Message | None:
    if move.garden != state.to_move and state.own_garden_only:
        return Message("potager.illegal.own_garden_only", {"tool": thing("can")})
    return None


def _nothing_to_flip(state: PotagerState, move: Move) -> Message | None:
    token = state.token(move.garden, move.space)
    if token is None:
        return Message("potager.illegal.no_token", {"space": move.space})
    return Message("potager.illegal.never_flipped", {"kind": thing(token[0])})


def _column_empty(state: PotagerState, move: Move) -> Message | None:
    key = "hose_empty_own" if state.own_garden_only else "hose_empty"
    return Message(f"potager.illegal.{key}", {"column": move.name})


def _not_the_vegetable(state: PotagerState, move: Move) -> Message | None:
    vegetable = pattern_by_id()[move.name].vegetable
    for space in move.spaces:
        token = state.token(state.to_move, space)
        if token is None or token[0] != vegetable:
            return Message(
                "potager.illegal.not_vegetable", {"space": space, "vegetable": thing(vegetable)}
            )
    return None


def _turned_this_turn(state: PotagerState, move: Move) -> Message | None:
    turned = [space for space in move.spaces if space in state.turned]
    return Message("potager.illegal.turned", {"space": turned[0]}) if turned else None


def _out_of_order(state: PotagerState, move: Move) -> Message | None:
    ordered = tuple(sorted(set(move.spaces), key=INDEX.__getitem__))
    if ordered in bed_placements(move.name) and ordered != move.spaces:
        return Message("potager.illegal.order", {"cells": ",".join(ordered)})
    return None


def _not_the_pattern(state: PotagerState, move: Move) -> Message | None:
    cells = ",".join(move.spaces)
    return Message("potager.illegal.not_pattern", {"pattern": move.name, "cells": cells})


def _taking(state: PotagerState) -> bool:
    return state.phase in ("turn", "shovel") or (state.phase == "tool" and state.tool == "gloves")


# per kind: when its refusals apply (else the action is not possible now), and the checks in
# order, the first that finds a reason giving it
REFUSALS: dict[str, tuple[Callable[[PotagerState], bool], tuple[Refusal, ...]]] = {
    "take": (_taking, (_slot_empty, _slot_not_swapped, _no_room)),
    "place": (
        lambda state: state.phase == "place",
        (_occupied, _tool_token_on_tool_space),
    ),
    "mole": (
        lambda state: state.phase == "place",
        (_occupied, _tool_token_on_tool_space, _mole_of_a_vegetable),
    ),
    "move": (
        lambda state: state.tool == "wheelbarrow",
        (_pinned, _nothing_to_move, _target_taken, _target_tool_space),
    ),
    "flip": (lambda state: state.tool == "can", (_opponent_through_toolbox, _nothing_to_flip)),
    "hose": (lambda state: state.tool == "hose", (_column_empty,)),
    "harvest": (
        lambda state: state.phase == "turn" or state.tool == "basket",
        (_not_the_vegetable, _turned_this_turn, _out_of_order, _not_the_pattern),
    ),
}


def _first_reason(state: PotagerState, action: str, checks: tuple[Refusal, ...]) -> Message | None:
    """Why the text is no action, or the first of ``checks`` that finds a reason."""
    try:
        move = Move.parse(action)
    except BadMove as bad:
        return bad.reason
    return next(filter(None, (check(state, move) for check in checks)), None)


def why_illegal(state: PotagerState, action: str) -> Message:
    """Why ``action``, not among the legal ones, is refused here."""
    if action in INDEX and state.phase in ("place", "turn"):
        # a bare space, as the board shows it: say how a placement is written
        key = "bare_space" if state.phase == "place" else "bare_space_take"
        return Message(f"potager.illegal.{key}", {"space": action})
    kind = action.partition(":")[0]
    applies, checks = REFUSALS.get(kind, (None, ()))
    if applies is not None and applies(state):
        reason = _first_reason(state, action, checks)
        if reason is not None:
            return reason
    if kind == "draw" or state.phase in ("over", "draw"):
        return Message("core.illegal.not_legal", {"action": action})
    now = prompt(state, state.to_move)
    return Message("potager.illegal.not_now", {"action": action, "now": now})


# -- the text board ------------------------------------------------------------------------------


def text_board(state: PotagerState, lang: str = "en", names: Sequence[str] = ()) -> str:
    """The text board in ``lang``, each seat written as its name in ``names`` (empty:
    "Player N")."""

    def cell(token: Token | None, space: str) -> str:
        if token is None:
            mark = abbreviation(TOOL_SPACES[space], lang) if space in TOOL_SPACES else "."
        elif token[0] in VEGETABLES:
            mark = abbreviation(token[0], lang) + ("2" if token[1] else "1")
        else:
            mark = abbreviation(token[0], lang)
        return mark.rjust(3)

    def garden_lines(seat: int) -> list[str]:
        return [
            f"  {row}"
            + "".join(
                cell(state.token(seat, f"{c}{row}"), f"{c}{row}") if f"{c}{row}" in INDEX else "   "
                for c in COLUMNS
            )
            for row in range(1, 6)
        ]

    def header(seat: int) -> str:
        name = Message("potager.text.player", {"player": Seat(seat), "n": state.points[seat]})
        mover = seat == state.to_move and state.phase != "over"
        return name.text(lang, names) + (" *" if mover else "")

    columns = "   " + "".join(c.rjust(3) for c in COLUMNS)
    hedge = "".join(
        (abbreviation(k, lang) if k is not None else "--").rjust(3) for k in state.hedge
    )
    trampoline = abbreviation(state.trampoline, lang) if state.trampoline else "--"
    middle = Message(
        "potager.text.hedge", {"hedge": hedge, "trampoline": trampoline, "n": state.bag_size()}
    ).text(lang)
    shown = (*VEGETABLES, *dict.fromkeys(TOOL_SPACES.values()))
    if state.game.bonus_tools:
        shown += (*TOKEN_TOOLS, MOLE)
    legend = ", ".join(f"{abbreviation(k, lang)} {thing(k).text(lang)}" for k in shown)
    # row 1 of both gardens lies next to the hedge, as in the picture
    lines = [header(1), *reversed(garden_lines(1)), columns]
    lines.append("   " + hedge + " >" + trampoline.rjust(3))
    lines += ["   " + middle, columns]
    lines += [*garden_lines(0), header(0)]
    if state.hand is not None:
        lines.append(Message("potager.text.hand", {"kind": thing(state.hand[0])}).text(lang))
    marks = Message("potager.text.marks", {"p": abbreviation("potato", lang)}).text(lang)
    for text in (legend, marks):
        lines += textwrap.wrap(text, TEXT_WIDTH, subsequent_indent="  ")
    return "\n".join(lines)


def patterns_text(lang: str = "en") -> str:
    """The 15 harvest patterns drawn in text, three per vegetable side by side."""
    lines = [Message("potager.text.patterns").text(lang)]
    by_vegetable: dict[str, list] = {}
    for pattern in pattern_by_id().values():
        by_vegetable.setdefault(pattern.vegetable, []).append(pattern)
    for vegetable, group in by_vegetable.items():
        name = f"{thing(vegetable).text(lang)} ({abbreviation(vegetable, lang)})"
        width = max(12, *(len(p.id) + 2 for p in group))
        drawings = [p.rows() for p in group]
        height = max(len(rows) for rows in drawings)
        lines.append("")
        lines.append(f"  {name}")
        lines.append("    " + "".join(p.id.ljust(width) for p in group).rstrip())
        for row in range(height):
            cells = [
                " ".join(rows[row]).ljust(width) if row < len(rows) else " " * width
                for rows in drawings
            ]
            lines.append("    " + "".join(cells).rstrip())
    return "\n".join(lines)
