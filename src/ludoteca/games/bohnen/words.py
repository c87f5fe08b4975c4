"""Bohnen's words: action labels, prompts, refusals, log lines and the text board (the
messages live in the catalogs of ``locale/``; the rules decide nothing here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ludoteca.engine import TERMINAL, Message, Seat

from .board import PIT_NAMES
from .move import MOVES, Move
from .starts import QUIET_LIMIT

if TYPE_CHECKING:
    from .game import BohnenState


def pit_list(state: BohnenState, seat: int) -> str:
    """The letters of ``seat``'s pits."""
    return ", ".join(PIT_NAMES[p] for p in state.game.board.seat_pits[seat])


def clicks(move: Move) -> list[str]:
    """The ids of the picture's parts to click for ``move``."""
    return [f"leave-{move.name}" if move.leave else f"pit-{move.name}"]


def label(state: BohnenState, move: Move) -> Message:
    if move.leave:
        return Message("bohnen.label.leave", {"pit": move.name})
    return Message("bohnen.label.move", {"pit": move.name, "n": state.pits[move.pit]})


def describe(seat: int, move: Move) -> Message:
    key = "bohnen.log.leave" if move.leave else "bohnen.log.move"
    return Message(key, {"player": Seat(seat), "pit": move.name})


def consequence(state: BohnenState, before: BohnenState) -> Message | None:
    """The capture a sowing (or the last grand-slam choice) made, with its beans."""
    last = state.last
    if state.pending or last is None or last is before.last or not last[2]:
        return None
    mover, _, captured = last
    return Message(
        "bohnen.log.captured",
        {
            "player": Seat(mover),
            "beans": state.captured[mover] - before.captured[mover],
            "pits": ", ".join(PIT_NAMES[p] for p in captured),
        },
    )


def end(state: BohnenState) -> Message:
    """Why the game ended, with its result: for a game that made no progress, the one cause
    (the quiet limit reached, else a position met the third time since the last capture)."""
    reason = state.end_reason()
    if reason == "no_progress":
        reason = "no_progress.quiet" if state.quiet >= QUIET_LIMIT else "no_progress.repeated"
    return Message(
        f"bohnen.end.{reason}",
        {"player": Seat(state.to_move), "actions": QUIET_LIMIT, "result": state.winner_words()},
    )


def prompt(state: BohnenState) -> Message:
    """What the seat to move is asked."""
    if state.pending:
        return Message("bohnen.prompt.leave", {"player": Seat(state.pending[2][0])})
    if not state.game.board.feeds(state.pits, state.to_move):
        following = (state.to_move + 1) % state.game.num_players
        return Message("bohnen.prompt.feed", {"player": Seat(following)})
    return Message("bohnen.prompt.move")


def status_line(state: BohnenState) -> Message:
    """Who is to move (or why the game ended), for boards and views."""
    if state.current_player == TERMINAL:
        return end(state)
    if state.pending:
        return Message(
            "bohnen.board.leave",
            {"player": Seat(state.to_move), "opponent": Seat(state.pending[2][0])},
        )
    return Message("bohnen.board.to_move", {"player": Seat(state.to_move)})


# -- refusals: why an action is not legal, the first that applies -----------------------------

# Each takes the state, the action as given, its move (None: no action of Bohnen) and the legal
# actions listed; it gives its refusal, or None when it does not apply.
Refusal = Callable[["BohnenState", str, "Move | None", str], "Message | None"]


def _leave_first(state: BohnenState, action: str, move: Move | None, legal: str) -> Message | None:
    if not state.pending:
        return None
    chooser = Seat(state.pending[2][0])
    if move is not None and move.leave:
        return Message(
            "bohnen.illegal.not_a_choice", {"pit": move.name, "player": chooser, "choices": legal}
        )
    return Message("bohnen.illegal.leave_first", {"player": chooser, "choices": legal})


def _no_grand_slam(
    state: BohnenState, action: str, move: Move | None, legal: str
) -> Message | None:
    if move is not None and move.leave:
        return Message("bohnen.illegal.no_grand_slam", {"action": action})
    return None


def _no_such_pit(state: BohnenState, action: str, move: Move | None, legal: str) -> Message | None:
    return Message("bohnen.illegal.no_such_pit", {"action": action}) if move is None else None


def _not_yours(state: BohnenState, action: str, move: Move | None, legal: str) -> Message | None:
    owner = state.game.board.owner[move.pit] if move else state.to_move
    if owner == state.to_move:
        return None
    return Message(
        "bohnen.illegal.not_your_pit",
        {"pit": action, "player": Seat(owner), "yours": pit_list(state, state.to_move)},
    )


def _empty(state: BohnenState, action: str, move: Move | None, legal: str) -> Message | None:
    if move is None or state.pits[move.pit]:
        return None
    return Message("bohnen.illegal.empty_pit", {"pit": action})


def _must_feed(state: BohnenState, action: str, move: Move | None, legal: str) -> Message | None:
    if state.game.board.feeds(state.pits, state.to_move):
        return None
    following = Seat((state.to_move + 1) % state.game.num_players)
    return Message(
        "bohnen.illegal.must_feed", {"pit": action, "player": following, "choices": legal}
    )


REFUSALS: tuple[Refusal, ...] = (
    _leave_first,
    _no_grand_slam,
    _no_such_pit,
    _not_yours,
    _empty,
    _must_feed,
)


def refusal(state: BohnenState, action: str) -> Message | None:
    """Why ``action`` is not legal in ``state`` (None: the engine's general refusal)."""
    move = MOVES.get(action)
    legal = ", ".join(state.legal_actions())
    for refuse in REFUSALS:
        reason = refuse(state, action, move, legal)
        if reason is not None:
            return reason
    return None


# -- the text board ----------------------------------------------------------------------------


def text_board(state: BohnenState, lang: str = "en", names: Sequence[str] = ()) -> str:
    """The text board in ``lang``: the top row f…a, the bottom row A…F, owners beside; each
    seat written as its name in ``names`` (empty: "Player N")."""
    board = state.game.board
    players = state.game.num_players
    top = range(11, 5, -1)
    bottom = range(6)

    def row(indices: range, what: str) -> str:
        if what == "name":
            cells = [f" {PIT_NAMES[i]:^4}" for i in indices]
        elif what == "owner":
            cells = [f" {'#' + str(board.owner[i] + 1):^4}" for i in indices]
        else:
            cells = [f" [{state.pits[i]:>2}]" for i in indices]
        return "       " + "".join(cells).rstrip()

    if players == 2:
        store = f"  z* {state.captured[1]:>2}" + " " * 31 + f"Z* {state.captured[0]:>2}"
    else:
        store = "  z*" + " " * 38 + "Z*"
    lines = [
        row(top, "owner"),
        row(top, "name"),
        row(top, "beans"),
        store,
        row(bottom, "beans"),
        row(bottom, "name"),
        row(bottom, "owner"),
        "",
    ]
    for seat in range(players):
        words = Message(
            "bohnen.board.seat",
            {"player": Seat(seat), "pits": pit_list(state, seat), "captured": state.captured[seat]},
        )
        lines.append(f"  #{seat + 1} {words.text(lang, names)}")
    lines.append("  " + status_line(state).text(lang, names))
    return "\n".join(lines)
