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
from typing import Any, Generic, TypeVar

from .core import CHANCE, State, Trail, kept, known_ancestor

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
    found = _known_turns(state)
    if found is None:
        return {}
    return {seat: list(steps) for seat, steps in found[0].items()}


Turns = tuple[dict[int, tuple[Step[Any], ...]], "int | None"]  # and the seat of the last turn
_TURNS: collections.OrderedDict[tuple[Any, tuple[str, ...]], Turns] = collections.OrderedDict()
TURNS_KEPT = 256  # as many as the paths kept (engine.core): a live game adds one action a time
_TURNS_LOCK = threading.Lock()  # rooms render from worker threads
# the turns of recent states by their trail (``State.trail``), with the state: a new
# position's are its predecessor's and a step or two, found without walking the history
# (issue 30: that walk was a fifth of the largest picture)
_BY_TRAIL: collections.OrderedDict[int, tuple[Trail, tuple[State, Turns | None]]] = (
    collections.OrderedDict()
)


def _known_turns(state: State) -> Turns | None:
    """``state``'s turns (None: a hand-built position's), from a recent predecessor's if
    known (a few actions back: chance actions come between the positions a room shows)."""
    trail = state.trail
    if trail is None:  # the initial state, or a hand-built one: no history to walk
        return _replayed(state)
    with _TURNS_LOCK:
        known = known_ancestor(_BY_TRAIL, trail)
    if known is None:
        turns = _replayed(state)
    else:
        (before, turns), actions = known
        if not actions:
            return turns
        if turns is not None:
            steps = []
            for action in reversed(actions[1:]):
                after = before.successor(action)
                steps.append((before, after, action))
                before = after
            turns = _stepped(state.game, turns, [*steps, (before, state, actions[0])])
    with _TURNS_LOCK:
        kept(_BY_TRAIL, trail, (state, turns))
    return turns


def _replayed(state: State) -> Turns | None:
    path = state.path()
    if path is None:
        return None
    return _turns(state.game, tuple(state.history()), path)


def _turns(game: Any, history: tuple[str, ...], path: list[Any]) -> Turns:
    """The turns of a path, from those of the path one action shorter when they are known
    (a picture of each new position then costs one step, not the whole game)."""
    with _TURNS_LOCK:
        found = _TURNS.get((game, history))
        earlier = _TURNS.get((game, history[:-1])) if found is None and history else None
    if found is not None:
        return found
    if earlier is None:
        steps: Iterable[tuple[Any, Any, str]] = zip(path[:-1], path[1:], history, strict=True)
        found = _stepped(game, ({}, None), steps)
    else:
        found = _stepped(game, earlier, [(path[-2], path[-1], history[-1])])
    with _TURNS_LOCK:
        _TURNS[(game, history)] = found
        if len(_TURNS) > TURNS_KEPT:
            _TURNS.popitem(last=False)
    return found


def _stepped(game: Any, start: Turns, steps: Iterable[tuple[Any, Any, str]]) -> Turns:
    """``start``'s turns after ``steps`` (before, after, action), oldest first."""
    turns, previous_seat = dict(start[0]), start[1]
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
    return turns, previous_seat


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
