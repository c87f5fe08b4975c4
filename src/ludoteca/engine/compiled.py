"""States played by a compiled core: the position is one int64 array, the rules are two
functions over it.

A game with a compiled core (numba, or plain numpy in a test) gives the engine:

- ``step(cells, action_id, tables) -> int`` plays the action of id ``action_id`` on ``cells``
  in place and returns who moves next: a seat (0..n-1), ``CHANCE`` or ``TERMINAL``. It
  decides everything about the transition, the end of the game included.
- ``legal(cells, out, tables) -> int`` writes the ids of the legal actions into ``out`` (in
  the order of ``State.legal_actions()``) and returns their count (0 where no seat moves).

An action id is an index into the game's ``all_actions()``; ``tables`` is one int64 array the
game builds once (the core's constant tables, passed in so that a cached compilation never
holds stale data). ``Core`` binds the three, ``CompiledState`` is a state on them: the game
keeps only its names, its declared facts and how it reads the array.

The module also holds the engine's way for any game's hot path to make a state without
``__init__`` (``blank``, ``after``) and to hand over the legal actions its core found with a
move (``offer``): the history fields of ``State`` are written here and in ``core.py`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar

import numpy as np

from .core import TERMINAL, Game, State

S = TypeVar("S", bound=State)

_new = object.__new__


class Step(Protocol):
    def __call__(self, cells: np.ndarray, action: int, tables: np.ndarray, /) -> int: ...


class Legal(Protocol):
    def __call__(self, cells: np.ndarray, out: np.ndarray, tables: np.ndarray, /) -> int: ...


class Core:
    """A game's compiled core with its tables and action ids: one per game (and options),
    shared by all its states. ``listed`` is more than any position's count of legal actions
    (the size of the buffer ``legal`` writes into)."""

    __slots__ = ("actions", "ids", "legal", "listed", "step", "tables")

    def __init__(
        self, step: Step, legal: Legal, tables: np.ndarray, actions: Sequence[str], listed: int
    ):
        self.step = step
        self.legal = legal
        self.tables = tables
        self.actions: tuple[str, ...] = tuple(actions)
        self.ids: dict[str, int] = {action: i for i, action in enumerate(self.actions)}
        self.listed = listed

    def legal_ids(self, cells: np.ndarray) -> list[int]:
        """The ids of the legal actions on ``cells``, in order."""
        out = np.empty(self.listed, np.int64)  # a buffer of its own: states are shared
        ids: list[int] = out[: self.legal(cells, out, self.tables)].tolist()
        return ids


class CompiledState(State):
    """A position as one int64 array (``cells``, read only: the core plays on a copy) with
    the game's ``Core``. Subclasses add what the array means (fields, words, chance odds);
    the moves, the legal actions and the seat to move come from the core alone."""

    # The seat to move, CHANCE or TERMINAL: a plain attribute, not a property, because
    # searches read it at every step; set whenever a state is made (``step`` returns it).
    current_player: int = TERMINAL  # type: ignore[assignment]
    cells: np.ndarray
    core: Core

    def __init__(self, game: Game[Any], core: Core, cells: np.ndarray, seat: int):
        super().__init__(game)
        self.core = core
        self.cells = cells
        self.current_player = seat

    def made(self, cells: np.ndarray, seat: int) -> Self:
        """A new state of this game on ``cells`` (kept, not copied), whose seat to move is
        ``seat``, with no history (a position set up by hand, e.g. ``copy_with``)."""
        new = _new(type(self))
        new.__dict__ = {
            "game": self.game,
            "core": self.core,
            "cells": cells,
            "current_player": seat,
            "_trail": None,
            "_length": 0,
            "_legal": None,
        }
        return new

    def array(self) -> np.ndarray:
        """The position as the compiled core reads it (a copy)."""
        return self.cells.copy()

    def successor(self, action: str) -> Self:
        """The state after ``action``, unchecked: one call of the core, the new state filled
        in at once (``State.successor`` written out: the hot path of every search)."""
        core = self.core
        cells = self.cells.copy()
        new = _new(type(self))
        new.__dict__ = {
            "game": self.game,
            "core": core,
            "cells": cells,
            "current_player": core.step(cells, core.ids[action], core.tables),
            "_trail": (self._trail, self.current_player, action),
            "_length": self._length + 1,
            "_legal": None,
        }
        return new

    def _next(self, action: str) -> Self:
        core = self.core
        cells = self.cells.copy()
        return self.made(cells, core.step(cells, core.ids[action], core.tables))

    def _legal_actions(self) -> list[str]:
        actions = self.core.actions
        return [actions[i] for i in self.core.legal_ids(self.cells)]

    def _key(self) -> Any:
        return self.cells.tobytes()


def blank(cls: type[S], fields: dict[str, Any]) -> S:
    """A state of ``cls`` with ``fields`` as its attributes (``game`` among them) and no
    history, made without ``__init__``: for a game's hot path that knows every field. The
    dict becomes the state's own (``__dict__``): pass a fresh one."""
    new = _new(cls)
    fields.update(_trail=None, _length=0, _legal=None)
    new.__dict__ = fields
    return new


def after(before: State, action: str, cls: type[S], fields: dict[str, Any]) -> S:
    """A state of ``cls`` with ``fields`` as its attributes, made without ``__init__``, as
    the state that ``action`` of ``before``'s seat to move led to (its history is added);
    the dict becomes the state's own, as in ``blank``."""
    new = _new(cls)
    fields.update(
        _trail=(before._trail, before.current_player, action),
        _length=before._length + 1,
        _legal=None,
    )
    new.__dict__ = fields
    return new


def offer(state: State, legal: Sequence[str]) -> None:
    """Give ``state`` its legal actions where the game's core found them together with the
    move that made it (``legal_actions`` then lists these; read only: they are shared)."""
    state._legal = legal


def follow(before: State, action: str, cls: type[S], legal: Sequence[str] | None) -> S:
    """An empty state of ``cls`` made without ``__init__``, as the state that ``action`` of
    ``before``'s seat to move led to (its history added; ``legal``: its legal actions where
    the game's core found them with the move, else None): for a game's hottest path, which
    then sets its fields one by one (Python 3.11 keeps such a state's values inline, faster
    to make and to read than the dict ``after`` gives)."""
    new = _new(cls)
    new._trail = (before._trail, before.current_player, action)
    new._length = before._length + 1
    new._legal = legal
    return new
