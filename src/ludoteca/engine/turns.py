"""The latest turn of each seat, replayed from a state's own history (for last-move marks).

A turn is a run of consecutive actions by one seat (chance actions between them do not break
it); in a game of one player each action is a turn of its own, and the chance's "turn" is its
latest action alone. Views mark these so that a person sees at
a glance what the others did while they waited.
"""

from __future__ import annotations

import collections
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

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
    have not moved yet are absent. A hand-built position (whose history does not start at the
    game's initial state) has none."""
    path = cast("list[S] | None", state.path())  # the states of one game are of one type
    if path is None:
        return {}
    turns, _ = _turns(state.game, tuple(state.history()), path)
    return {seat: list(steps) for seat, steps in turns.items()}


Turns = tuple[dict[int, tuple[Step[Any], ...]], "int | None"]  # and the seat of the last turn
_TURNS: collections.OrderedDict[tuple[Any, tuple[str, ...]], Turns] = collections.OrderedDict()
TURNS_KEPT = 256  # as many as the paths kept (engine.core): a live game adds one action a time
_TURNS_LOCK = threading.Lock()  # rooms render from worker threads


def _turns(game: Any, history: tuple[str, ...], path: list[Any]) -> Turns:
    """The turns of a path, from those of the path one action shorter when they are known
    (a picture of each new position then costs one step, not the whole game)."""
    with _TURNS_LOCK:
        found = _TURNS.get((game, history))
        earlier = _TURNS.get((game, history[:-1])) if found is None and history else None
    if found is not None:
        return found
    if earlier is None:
        turns: dict[int, tuple[Step[Any], ...]] = {}
        previous_seat: int | None = None
        steps: Iterable[tuple[Any, Any, str]] = zip(path[:-1], path[1:], history, strict=True)
    else:
        turns, previous_seat = dict(earlier[0]), earlier[1]
        steps = [(path[-2], path[-1], history[-1])]
    alone = game.num_players == 1
    for current, after, action in steps:
        seat = current.current_player
        step = Step(current, action, after)
        if seat == CHANCE:
            turns[CHANCE] = (step,)
        elif seat == previous_seat and not alone:
            turns[seat] = (*turns[seat], step)
        else:
            turns[seat] = (step,)
            previous_seat = seat
    found = (turns, previous_seat)
    with _TURNS_LOCK:
        _TURNS[(game, history)] = found
        if len(_TURNS) > TURNS_KEPT:
            _TURNS.popitem(last=False)
    return found


def marked_seats(state: State, seat: int | None) -> set[int]:
    """Whose latest turns a view marks for ``seat``: every other seat and the chance; in a game
    of one player, that player's own turn too (there is no one else to watch)."""
    seats = set(range(state.game.num_players)) | {CHANCE}
    if seat is not None and state.game.num_players > 1:
        seats.discard(seat)
    return seats


LAST = {"class_": "last", "data_last": "1", "pointer_events": "none"}
"""The attributes of every last-move mark (the client and the tests find marks by them)."""


def sample_position(
    state: S,
    seed: int,
    until: Callable[[S], bool],
    prefer: Callable[[S], str | None] | None = None,
    limit: int = 2000,
) -> S:
    """The first position from ``state`` on where ``until`` holds, each action drawn by a
    ``seed``ed random generator (``prefer`` may pick an action instead): a real position,
    replayed from actions, for the pictures of a rules page. The last one (the end, or after
    ``limit`` actions) if ``until`` never holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state) or state.is_terminal():
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = (prefer(state) if prefer else None) or rng.choice(state.legal_actions())
        state = state.apply(action)
    return state
