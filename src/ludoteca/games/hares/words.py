"""Hares in words: the labels, prompts, refusals, log lines and the text board.

Every text is a :class:`Message` of the ``hares`` catalogs (``locale/``); what a text says
about the rules is read from the state and from the compiled core (``core.refusal`` says
why a move is refused), never decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.engine import CHANCE, TERMINAL, Message

from . import core
from .board import Field, file_of, name, square
from .cards import stars
from .moves import Draw, Move

if TYPE_CHECKING:
    from .game import HaresState

LETTERS = {"rook": "R", "bishop": "B", "knight": "N", "queen": "Q", "king": "K"}


def _say(key: str, lang: str, **params: Any) -> str:
    return Message(key, params).text(lang)


# -- actions -----------------------------------------------------------------------------------


def kind(board: Field, move: Move) -> str:
    """move, carrot, hunter or burrow: what the move does, told from the fixed field alone
    (a log line is worded on a later state)."""
    if file_of(move.origin) != file_of(move.target):
        return "hunter" if move.target == board.hunter_square else "carrot"
    return "burrow" if move.target in board.burrows else "move"


def label(state: HaresState, action: str) -> Message:
    move = Move.parse(action)
    return Message(f"hares.label.{kind(state.shown_field(), move)}", _squares(move))


def describe(state: HaresState, seat: int, action: str) -> Message:
    if seat == CHANCE:
        colour = Draw.parse(action).colour
        return Message("hares.log.colour", {"colour": Message(f"hares.colour.{colour}")})
    move = Move.parse(action)
    return Message(f"hares.log.{kind(state.shown_field(), move)}", _squares(move))


def _squares(move: Move) -> dict[str, Any]:
    return {"from": move.start, "to": move.end}


def consequence(state: HaresState, before: HaresState) -> Message | None:
    """A hare safe in a burrow; hares the hunter caught."""
    found: list[Message] = []
    if state.saved > before.saved:
        found.append(
            Message("hares.log.saved", {"saved": state.saved, "of": len(state.card.hares)})
        )
    if state.caught > before.caught:
        squares = ", ".join(name(sq) for sq in state.position.caught_now)
        found.append(Message("hares.log.caught", {"squares": squares or "—"}))
    if len(found) == 2:
        return Message("core.log.and", {"first": found[0], "second": found[1]})
    return found[0] if found else None


# -- the prompt and the result -----------------------------------------------------------------


def result_message(state: HaresState) -> Message:
    return Message(
        "hares.result",
        {
            "saved": state.saved,
            "of": len(state.card.hares),
            "n": stars(state.saved, state.card.best),
        },
    )


def prompt(state: HaresState) -> Message:
    player = state.current_player
    if player == TERMINAL:
        return Message(f"hares.end.{state.end_reason()}", {"result": result_message(state)})
    if player == CHANCE:
        return Message("hares.prompt.colour")
    card = state.card
    return Message(
        "hares.prompt.move",
        {"level": card.level, "title": card.title_message(), "saved": state.saved},
    )


# -- refusals ----------------------------------------------------------------------------------

Params = dict[str, Any]
# a reason of ``core.refusal`` -> its message key and what it adds to the move's parameters
REFUSALS: dict[int, tuple[str, Callable[[Field, int], Params]]] = {
    core.NO_HARE: ("no_hare", lambda board, sq: {}),
    core.BACKWARDS: ("backwards", lambda board, sq: {}),
    core.CARROT_AHEAD: ("carrot_ahead", lambda board, sq: {}),
    core.HUNTER_AHEAD: ("hunter_ahead", lambda board, sq: {}),
    core.HARE_AHEAD: ("hare_ahead", lambda board, sq: {}),
    core.DOUBLE_STEP: ("double_step", lambda board, sq: {"rank": board.first_rank}),
    core.DOUBLE_BLOCKED: ("double_blocked", lambda board, sq: {"square": name(sq)}),
    core.DIAGONAL_HARE: ("diagonal_hare", lambda board, sq: {}),
    core.DIAGONAL_EMPTY: ("diagonal_empty", lambda board, sq: {}),
    core.TOO_FAR: ("too_far", lambda board, sq: {}),
}


def why_illegal(state: HaresState, action: str) -> Message:
    """The reason a hare move is refused, in the hare's own terms."""
    try:
        move = Move.parse(action)
    except ValueError:
        return Message("hares.illegal.notation", {"action": action})
    board = state.field
    reason, sq = core.refusal(
        board.table, state.hares, state.carrots, state.hunter, move.origin, move.target
    )
    if reason == core.LEGAL:
        return Message("core.illegal.not_legal", {"action": action})
    key, more = REFUSALS[reason]
    params = {"action": action, **_squares(move), **more(board, sq)}
    return Message(f"hares.illegal.{key}", params)


# -- the text board ----------------------------------------------------------------------------


def text_board(state: HaresState, lang: str = "en") -> str:
    """The board as text, in ``lang`` (``str(state)`` is its English version)."""
    board, p = state.shown_field(), state.position
    checked = {square(s) for s in state.hunter_squares()}
    ranks = range(1, 9) if state.colour == "black" else range(8, 0, -1)
    lines = [
        _say("hares.text.header", lang, level=state.card.level, title=state.card.title_message())
        + " "
        + _say(f"hares.text.colour.{state.colour or 'random'}", lang),
        "    a b c d e f g h",
    ]
    for rank in ranks:
        cells = []
        for file in range(8):
            sq = file + 8 * (rank - 1)
            if sq in p.hares:
                cells.append("H")
            elif sq in p.carrots:
                cells.append("c")
            elif p.hunter and sq == board.hunter_square:
                cells.append(LETTERS[board.hunter_piece])
            elif sq in board.burrows:
                cells.append("o")
            elif sq in checked:
                cells.append("*")
            else:
                cells.append(".")
        lines.append(f" {rank}  {' '.join(cells)}  {rank}")
    lines.append("    a b c d e f g h")
    lines.append(_say("hares.text.legend", lang, hunter=LETTERS[board.hunter_piece]))
    lines.append(
        _say("hares.text.tally", lang, saved=p.saved, caught=p.caught, of=len(state.card.hares))
    )
    if p.caught_now:
        lines.append(
            _say("hares.text.caught_now", lang, squares=", ".join(map(name, p.caught_now)))
        )
    if state.is_terminal():
        lines.append(result_message(state).text(lang))
    return "\n".join(lines)
