"""Habitats: take a tile from the shared market, move your figure, grow your nature park.

A turn is two decisions by the same seat, ``take:<space>`` then ``place:<x>,<y>`` (with the road
sides for an access-road tile, ``place:<x>,<y>:<sides>``), with the market refill between them
as a chance node ``draw:<tile>``. Setup draws three goals (``goal:<goal>``) and fills the market.

Where the rules are: the compiled core (``core.py``) decides every transition, on one array of
named slots per position (``core.TURN``, ``core.HELD``, ``core.PHASE`` …) and the parks' grids:
whose turn it is (``seat_to_move``), which market tile a figure may take (``takeable``), where
a tile may go (``placements``; a discard only when it fits nowhere: ``options``), the goal and
refill draws with their odds (``odds``), and what an action does (``step``: the take and
the figure's move, the refill, the placement, the year-end goals and the end of the game).
Search rollouts and batch playouts play the same functions. This module names the position's
fields, declares the game's facts and binds the core; ``move.py`` parses the actions and
``words.py`` says everything in words (prompts, labels, refusals, the log, the text board).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, Game, Message, State
from ludoteca.engine.compiled import after, blank
from ludoteca.engine.playouts import Playouts, check_playouts

from . import move as moves
from . import observe, position, tensors, words
from .move import Move, parse_place, place_action, take_action
from .park import Park, kind_table, reachable_cells
from .park import core as _core
from .position import GOAL_IDS, YEARS
from .tiles import (
    MarketLayout,
    Pos,
    TileKind,
    TileSet,
    market_layout,
    tile_set,
)

__all__ = ["Habitats", "HabitatsState", "Move", "parse_place", "place_action"]


class HabitatsState(State):
    """A position: one array of the core's slots (``array()``) and the parks, values shared
    between states and never changed. Its fields (``market``, ``figures`` …) are read from the
    array when first asked."""

    game: Habitats
    # The seat to move, CHANCE or TERMINAL: a plain attribute (searches read it at every step),
    # the answer of the core's ``step``.
    current_player: int = CHANCE  # type: ignore[assignment]

    def __init__(self, game: Habitats, cells: np.ndarray, parks: tuple[Park, ...]):
        super().__init__(game)
        self._cells = cells
        self.parks = parks
        self._grids: np.ndarray | None = None  # the parks stacked for the core, once asked
        self._fields: dict[str, Any] | None = None
        self._public: dict[str, Any] | None = None
        self._text: str | None = None
        self._odds: tuple[tuple[str, float], ...] | None = None  # a chance node's, once asked
        self.current_player = _core().seat_to_move(cells, game.rules)

    def _state(
        self, cells: np.ndarray, parks: tuple[Park, ...], grids: Any, seat: int
    ) -> dict[str, Any]:
        """The fields of a state of this game on ``cells`` and ``parks`` whose seat to move
        is ``seat`` (its history apart), for ``blank`` or ``after`` to make it."""
        return {
            "game": self.game,
            "_cells": cells,
            "parks": parks,
            "_grids": grids,
            "current_player": seat,
            "_fields": None,
            "_public": None,
            "_text": None,
            "_odds": None,
        }

    def array(self) -> np.ndarray:
        """The position as the compiled core reads it (a copy)."""
        return self._cells.copy()

    def grids(self) -> np.ndarray:
        """The parks' grids stacked for the compiled core (read only)."""
        if self._grids is None:
            self._grids = np.array([park.grid for park in self.parks])
            self._grids.flags.writeable = False
        return self._grids

    # -- the fields of the position, read from the array ------------------------------------

    def _field(self, name: str) -> Any:
        if self._fields is None:
            self._fields = position.decode(self.game, self._cells)
        return self._fields[name]

    goals = property(lambda self: self._field("goals"), doc="the goals drawn, by year")
    market = property(lambda self: self._field("market"), doc="each space's tile id or None")
    figures = property(lambda self: self._field("figures"), doc="each seat's (space, facing)")
    stock = property(lambda self: self._field("stock"), doc="tiles left of each kind")
    pending = property(lambda self: self._field("pending"), doc="spaces to refill, next first")
    turn = property(lambda self: self._field("turn"), doc="turns played")
    held = property(lambda self: self._field("held"), doc="the tile taken, not yet placed")
    phase = property(lambda self: self._field("phase"), doc='"take", "place" or "end"')
    goal_points = property(lambda self: self._field("goal_points"), doc="per seat, per year")

    def with_fields(self, **changes: Any) -> HabitatsState:
        """A copy, without history, with some fields changed (``parks`` too): tests and
        hand-built positions."""
        parks = changes.pop("parks", self.parks)
        fields = {**position.decode(self.game, self._cells), **changes}
        cells = position.encode(self.game, fields)
        seat = _core().seat_to_move(cells, self.game.rules)
        return blank(HabitatsState, self._state(cells, parks, None, seat))

    @property
    def in_hand(self) -> TileKind:
        """The tile taken and not yet placed (in the place phase)."""
        assert self.held is not None, "no tile in hand"
        return self.held  # type: ignore[no-any-return]

    @property
    def year(self) -> int:
        """The calendar year (1–3) of the current turn (3 at the end)."""
        return min(YEARS, 1 + sum(1 for end in self.game.year_ends if self.turn >= end))

    def turns_left(self, seat: int) -> int:
        """Turns ``seat`` still plays in the current year."""
        n = self.game.num_players
        end = self.game.year_ends[self.year - 1]
        return len(range(self.turn + (seat - self.turn) % n, end, n))

    def first_tile_towards(self, space: Pos) -> tuple[int, Pos | None]:
        """The side (a number, see ``tiles.SIDES``) towards which ``space`` lies straight from
        the mover's figure, -1 if it does not, and the first tile that way (None: none)."""
        core, cells = _core(), self._cells
        (x, y), _ = self.figures[self.current_player]
        side = core.direction(x, y, *space)
        if side < 0:
            return side, None
        found = core.first_tile(cells, self.game.rules, x, y, side)
        return side, (None if found[0] < 0 else found)

    # -- the contract: the core's answers, named --------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            return []
        if self._odds is None:  # kept: a driver draws from them, then ``apply`` checks
            # (made per state: a cache of them across states missed nearly always in play)
            self._odds = moves.odds(*_core().odds(self._cells, self.game.rules))
        return list(self._odds)

    def _legal_actions(self) -> list[str]:
        core, game, cells = _core(), self.game, self._cells
        park = self.parks[self.current_player]
        if cells[core.PHASE] == core.TAKE:
            return moves.named(core.options(cells, park.grid, game.kinds, game.rules).tolist())
        key = ("actions", int(cells[core.HELD]))  # a park's actions for a tile kind, once
        actions = park.memo.get(key)
        if actions is None:
            rows = core.options(cells, park.grid, game.kinds, game.rules).tolist()
            actions = park.memo[key] = tuple(moves.named(rows))
        return list(actions)

    def successor(self, action: str) -> HabitatsState:
        """``State.successor`` with the state made and its history added at once (the hot
        path of searches and of ``apply``)."""
        return after(self, action, HabitatsState, self._played(action))

    def _next(self, action: str) -> HabitatsState:
        return blank(HabitatsState, self._played(action))

    def _played(self, action: str) -> dict[str, Any]:
        """The fields of the state after the legal ``action``, the core's ``step`` played."""
        core, game = _core(), self.game
        move = Move.parse(action)
        args = move.core_args
        assert args is not None, "only legal actions reach _next"
        cells = self._cells.copy()
        if args[0] != core.A_PLACE and args[0] != core.A_DISCARD:
            seat = core.step(cells, NO_GRIDS, *args, game.kinds, game.rules)
            return self._state(cells, self.parks, self._grids, seat)
        mover, parks = self.current_player, self.parks
        grids = self.grids().copy()
        seat = core.step(cells, grids, *args, game.kinds, game.rules)
        grids.flags.writeable = False
        if args[0] == core.A_PLACE:  # the mover's new park, on the grid the core wrote
            assert move.cell is not None
            held = game.tiles.kinds[int(self._cells[core.HELD])]  # (no need to read every field)
            park = parks[mover].place(move.cell, held, args[3], grids[mover])
            parks = (*parks[:mover], park, *parks[mover + 1 :])
        return self._state(cells, parks, grids, seat)

    def park_score(self, seat: int) -> int:
        return self.parks[seat].total()

    def scores(self) -> list[float]:
        """Goal points so far plus the park score the park would get now (final at the end)."""
        parks = np.array([park.total() for park in self.parks], np.int64)
        return _core().totals(self._cells, parks).tolist()  # type: ignore[no-any-return]

    def end_reason(self) -> str | None:
        """ "last_turn" once every player has had all turns (the only end); None before."""
        return "last_turn" if self.phase == "end" else None

    def _key(self) -> Any:
        return self._cells.tobytes(), tuple(park.key() for park in self.parks)

    # -- words, views and observations ------------------------------------------------------

    def prompt(self, seat: int | None) -> Message:
        return words.prompt(self, seat) or super().prompt(seat)

    def label(self, action: str) -> Message:
        return words.label(self, Move.parse(action))

    def describe(self, seat: int, action: str) -> Message:
        return words.describe(seat, Move.parse(action))

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        assert isinstance(before, HabitatsState)
        return words.consequence(before, self, seat, Move.parse(action))

    def canonical(self, action: str) -> str:
        return words.canonical(self, action)

    def why_illegal(self, action: str) -> Message:
        return words.refusal(self, action) or super().why_illegal(action)

    def clicks(self, action: str) -> list[str]:
        return observe.clicks(self, Move.parse(action))

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        if self._public is None:
            self._public = observe.public(self)
        return dict(self._public)

    def score_sheet(self) -> list[dict[str, Any]]:
        return observe.score_sheet(self)

    def text_board(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        """The text board in ``lang`` (``str(state)`` is the English one)."""
        return words.text_board(self, lang, names)

    def text_topics(self, lang: str = "en") -> dict[str, str]:
        return {"tiles": words.tiles_text(self.game.tiles, lang)}

    def __str__(self) -> str:
        if self._text is None:
            self._text = words.text_board(self)
        return self._text


NO_GRIDS = np.empty((0, 0, 0), np.int16)  # what ``step`` is given when it reads no park


class Habitats(Game[HabitatsState]):
    id = "habitats"
    name = "Habitats"
    min_players = 2
    max_players = 5
    default_players = 2

    def __init__(self, /, **options: Any):
        super().__init__(**options)
        self.tiles: TileSet = tile_set()
        self.layout: MarketLayout = market_layout(self.num_players)
        self.draw_outcomes = moves.draws()
        n = self.num_players
        y1, y2, y3 = self.layout.turns
        self.year_ends = (n * y1, n * (y1 + y2), n * (y1 + y2 + y3))
        self.total_turns = self.year_ends[-1]
        needed = len(self.layout.tile_spaces) + self.total_turns - 1
        if needed > self.tiles.total:
            raise ValueError(f"the market and {self.total_turns} turns need {needed} tiles")

    def new_initial_state(self) -> HabitatsState:
        return HabitatsState(
            self, self._start.copy(), (Park.start(self.tiles.entrance),) * self.num_players
        )

    def score_range(self) -> tuple[float, float]:
        """No finite top is declared: a park scores whatever its tiles' combinations give."""
        return 0.0, math.inf

    def max_game_length(self) -> int:
        """The three goal draws, a draw for every tile of the stock at most, and each turn's
        take and place (or discard)."""
        return YEARS + self.tiles.total + 2 * self.total_turns

    @property
    def turns_per_seat(self) -> int:
        """The turns each seat plays in the whole game (the tiles its park can receive)."""
        return self.total_turns // self.num_players

    def park_cells(self) -> tuple[Pos, ...]:
        """Every park cell a tile can ever be placed on (see ``park.reachable_cells``)."""
        return reachable_cells(self.turns_per_seat)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)

    # -- the binding to the core ------------------------------------------------------------

    @cached_property
    def rules(self) -> np.ndarray:
        """This player count's rules as the core reads them (``core.R_*``)."""
        rules = np.array(
            [
                self.num_players,
                self.layout.width,
                self.layout.height,
                *self.year_ends,
                len(GOAL_IDS),
            ],
            np.int64,
        )
        rules.flags.writeable = False
        return rules

    @cached_property
    def kinds(self) -> np.ndarray:
        """The tile kinds as the core reads them (see ``park.kind_table``)."""
        return kind_table()

    @cached_property
    def _start(self) -> np.ndarray:
        return position.start(self)

    def core_rollout(self, state: HabitatsState, cut: int, seed: int) -> tuple[bool, list[int]]:
        """Uniformly random decisions from ``state`` by the compiled core (chance by its odds)
        until the end or ``cut`` decisions (-1: none): (the game ended, every seat's score)."""
        ended, scores = _core().rollout(
            state._cells, state.grids(), self.kinds, self.rules, cut, seed
        )
        return bool(ended), scores.tolist()

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the same rules as the states', not the same games for a seed)."""
        check_playouts(n, seed, policy)
        start = self.new_initial_state()
        grids = np.array([park.grid for park in start.parks])
        scores, lengths = _core().playouts(
            n, seed % 2**32, start.array(), grids, self.kinds, self.rules
        )
        best = scores.max(axis=1, keepdims=True) if n else scores
        return Playouts(scores.astype(float), scores == best, lengths)

    def all_actions(self) -> list[str]:
        """Goals, draws, a take of every market space, then for every reachable park cell its
        plain placement and one per road mask a tile of the set can show, and ``discard``."""
        masks = sorted({mask for kind in self.tiles.kinds for mask in kind.orientations} - {0})
        places = [place_action(cell, mask) for cell in self.park_cells() for mask in (0, *masks)]
        return (
            [f"goal:{goal}" for goal in GOAL_IDS]
            + list(self.draw_outcomes)
            + [take_action(space) for space in self.layout.spaces]
            + places
            + ["discard"]
        )
