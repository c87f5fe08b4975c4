"""The latest turn of each seat, replayed from a state's own history (for last-move marks).

A turn is a run of consecutive actions by one seat (chance actions between them do not break
it); in a game of one player each action is a turn of its own, and the chance's "turn" is its
latest action alone. Views mark these so that a person sees at
a glance what the others did while they waited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .core import CHANCE, State

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Step(Generic[S]):
    """One action of a turn: the state it was played in, the action and the state after."""

    before: S
    action: str
    after: S


def last_turns(state: S) -> dict[int, list[Step[S]]]:
    """Each seat's latest turn (CHANCE: its latest action), oldest action first; seats that
    have not moved yet are absent."""
    turns: dict[int, list[Step[S]]] = {}
    current = state.game.new_initial_state()
    previous_seat: int | None = None
    alone = state.game.num_players == 1
    for action in state.history():
        seat = current.current_player
        after = current.successor(action)
        step = Step(current, action, after)
        if seat == CHANCE:
            turns[CHANCE] = [step]
        elif seat == previous_seat and not alone:
            turns[seat].append(step)
        else:
            turns[seat] = [step]
            previous_seat = seat
        current = after
    return turns


def marked_seats(state: State, seat: int | None) -> set[int]:
    """Whose latest turns a view marks for ``seat``: every other seat and the chance; in a game
    of one player, that player's own turn too (there is no one else to watch)."""
    seats = set(range(state.game.num_players)) | {CHANCE}
    if seat is not None and state.game.num_players > 1:
        seats.discard(seat)
    return seats


LAST = {"class_": "last", "data_last": "1", "pointer_events": "none"}
"""The attributes of every last-move mark (the client and the tests find marks by them)."""
