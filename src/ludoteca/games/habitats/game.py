"""Habitats: take a tile from the shared market, move your figure, grow your nature park.

A turn is two decisions by the same seat, ``take:<space>`` then ``place:<x>,<y>`` (with the road
sides for an access-road tile, ``place:<x>,<y>:<sides>``), with the market refill between them
as a chance node ``draw:<tile>``. Setup draws three goals (``goal:<goal>``) and fills the market.
"""

from __future__ import annotations

import math
import re
from array import array
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, State
from ludoteca.engine.playouts import Playouts, check_policy

from . import goals as goal_rules
from . import tensors
from .park import Park, kind_table, reachable_cells
from .park import core as _core
from .text import text_board, tiles_text
from .tiles import (
    SIDES,
    STEPS,
    MarketLayout,
    Pos,
    TileKind,
    TileSet,
    market_layout,
    market_square,
    mask_of,
    parse_market_square,
    parse_spot,
    sides_of,
    spot_name,
    tile_set,
)

GOAL_IDS = tuple(goal_rules.GOALS)
GOAL_NUMBERS = {goal: number for number, goal in enumerate(GOAL_IDS)}
FACING = {side: number for number, side in enumerate(SIDES)}  # as the core numbers them
PHASES = {"take": 0, "place": 1, "end": 2}
YEARS = 3
PLAYER_COLOURS = ("#d0342c", "#2a62c9", "#e8b90f", "#8a3fb5", "#f07c1d")  # one per seat
PLACE = re.compile(r"^place:(-?\d+),(-?\d+)(?::([NESW]+))?$")
# a park cell as the board and the log show it, with road sides: "1,-2", "1,-2 NE", "1,-2:NE"
CELL = re.compile(r"(-?\d{1,4})\s*,\s*(-?\d{1,4})(?:\s*[: ]\s*([NESWnesw]{1,4}))?")
# a park cell by its name, "→1 ↓2", with road sides: "→1 ↓2 NE", "→1 ↓2:NE"
SPOT_TYPED = re.compile(r"([→←↑↓\d\s]+?)(?:\s*[:,]?\s*([NESWnesw]{1,4}))?")


class HabitatsState(State):
    """A position. Parks, market and stock are values shared between states, never changed."""

    def __init__(
        self,
        game: Habitats,
        *,
        goals: tuple[str, ...],
        market: dict[Pos, str | None],
        figures: tuple[tuple[Pos, str], ...],
        stock: tuple[int, ...],
        parks: tuple[Park, ...],
        pending: tuple[Pos, ...],
        turn: int,
        held: TileKind | None,
        phase: str,
        goal_points: tuple[tuple[int, ...], ...],
    ):
        super().__init__(game)
        self.goals = goals
        self.market = market
        self.figures = figures
        self.stock = stock
        self.parks = parks
        self.pending = pending
        self.turn = turn
        self.held = held
        self.phase = phase
        self.goal_points = goal_points
        self._public: dict[str, Any] | None = None
        self._text: str | None = None
        self._outcomes: list[tuple[str, float]] | None = None
        self._player = self._whose_turn()
        self._grids: np.ndarray | None = None  # the parks stacked for the core, once asked

    game: Habitats

    @property
    def in_hand(self) -> TileKind:
        """The tile taken and not yet placed (in the place phase)."""
        assert self.held is not None, "no tile in hand"
        return self.held

    def _copy(self, **changes: Any) -> HabitatsState:
        """A new state with some fields changed (and fresh caches)."""
        if "parks" in changes:
            changes["_grids"] = None
        new = self.copy_with(**changes, _public=None, _text=None, _outcomes=None)
        new._player = new._whose_turn()
        return new

    # -- whose turn and what is legal -------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self._player

    def _whose_turn(self) -> int:
        if len(self.goals) < YEARS or self.pending:
            return CHANCE
        if self.phase == "end":
            return TERMINAL
        return self.turn % self.game.num_players

    @property
    def year(self) -> int:
        """The calendar year (1–3) of the current turn (3 at the end)."""
        return min(YEARS, 1 + sum(1 for end in self.game.year_ends if self.turn >= end))

    def turns_left(self, seat: int) -> int:
        """Turns ``seat`` still plays in the current year."""
        n = self.game.num_players
        end = self.game.year_ends[self.year - 1]
        return len(range(self.turn + (seat - self.turn) % n, end, n))

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self._outcomes is None:
            self._outcomes = self._chance_outcomes()
        return list(self._outcomes)

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        if len(self.goals) < YEARS:
            left = [goal for goal in GOAL_IDS if goal not in self.goals]
            return [(f"goal:{goal}", 1 / len(left)) for goal in left]
        if self.pending:
            return list(_draws(self.game.draw_outcomes, self.stock))
        return []

    def takeable(self) -> list[tuple[Pos, str]]:
        """(space, direction) of the tiles the figure to move may take: the first tile ahead,
        left and right (figures do not block); the one behind only if those three have none."""
        seat = self.current_player
        pos, facing = self.figures[seat]
        i = SIDES.index(facing)
        found = []
        for direction in (facing, SIDES[(i + 3) % 4], SIDES[(i + 1) % 4]):
            space = self._first_tile(pos, direction)
            if space is not None:
                found.append((space, direction))
        if not found:
            back = SIDES[(i + 2) % 4]
            space = self._first_tile(pos, back)
            if space is not None:
                found.append((space, back))
        return found

    def _first_tile(self, pos: Pos, direction: str) -> Pos | None:
        layout = self.game.layout
        dx, dy = STEPS[direction]
        x, y = pos[0] + dx, pos[1] + dy
        while 0 <= x < layout.width and 0 <= y < layout.height:
            if self.market.get((x, y)) is not None:
                return x, y
            x, y = x + dx, y + dy
        return None

    def _legal_actions(self) -> list[str]:
        if self.phase == "take":
            return [f"take:{market_square(space)}" for space, _ in self.takeable()]
        park = self.parks[self.current_player]
        key = ("actions", self.in_hand.id)  # a park's actions for a tile kind, named once
        actions = park.memo.get(key)
        if actions is None:
            named = [place_action(pos, mask) for pos, mask in park.placements(self.in_hand)]
            actions = park.memo[key] = tuple(named or ["discard"])
        return list(actions)

    # -- applying an action -----------------------------------------------------------------

    def _next(self, action: str) -> HabitatsState:
        kind, _, value = action.partition(":")
        if kind == "goal":
            return self._copy(goals=(*self.goals, value))
        if kind == "draw":
            index = self.game.tiles.indices[value]
            stock = list(self.stock)
            stock[index] -= 1
            market = dict(self.market)
            market[self.pending[0]] = value
            return self._copy(market=market, stock=tuple(stock), pending=self.pending[1:])
        if kind == "take":
            space = parse_market_square(value)
            assert space is not None, "only legal actions reach _next"
            return self._take(space)
        if action == "discard":
            return self._end_turn(self.parks)
        pos, mask = parse_place(action)
        seat = self.current_player
        parks = list(self.parks)
        parks[seat] = parks[seat].place(pos, self.in_hand, mask)
        return self._end_turn(tuple(parks))

    def _take(self, space: Pos) -> HabitatsState:
        seat = self.current_player
        old, _ = self.figures[seat]
        direction = _direction(old, space)
        tile_id = self.market[space]
        assert direction is not None and tile_id is not None, "a legal take is in line, of a tile"
        market = dict(self.market)
        held = self.game.tiles.by_id(tile_id)
        market[space] = None
        figures = list(self.figures)
        figures[seat] = (space, direction)
        last_turn = self.turn == self.game.total_turns - 1
        return self._copy(
            market=market,
            figures=tuple(figures),
            held=held,
            phase="place",
            pending=() if last_turn else (old,),
        )

    def _end_turn(self, parks: tuple[Park, ...]) -> HabitatsState:
        turn = self.turn + 1
        goal_points = self.goal_points
        if turn in self.game.year_ends:
            year = self.game.year_ends.index(turn) + 1
            keys = [goal_rules.goal_key(self.goals[year - 1], park) for park in parks]
            points = goal_rules.rank_points(keys, year)
            goal_points = tuple((*mine, p) for mine, p in zip(goal_points, points, strict=True))
        phase = "end" if turn == self.game.total_turns else "take"
        return self._copy(parks=parks, held=None, turn=turn, phase=phase, goal_points=goal_points)

    # -- scores -----------------------------------------------------------------------------

    def grids(self) -> np.ndarray:
        """The parks' grids stacked for the compiled core (read only)."""
        if self._grids is None:
            self._grids = np.array([park.grid for park in self.parks])
            self._grids.flags.writeable = False
        return self._grids

    def park_score(self, seat: int) -> int:
        return self.parks[seat].total()

    def scores(self) -> list[float]:
        """Goal points so far plus the park score the park would get now (final at the end)."""
        return [sum(self.goal_points[s]) + self.park_score(s) for s in range(len(self.parks))]

    def end_reason(self) -> str | None:
        """ "last_turn" once every player has had all turns (the only end); None before."""
        return "last_turn" if self.phase == "end" else None

    def _key(self) -> Any:
        return (
            self.goals,
            tuple(sorted(self.market.items())),
            self.figures,
            self.stock,
            tuple(park.key() for park in self.parks),
            self.pending,
            self.turn,
            self.held.id if self.held else None,
            self.phase,
            self.goal_points,
        )

    # -- messages ---------------------------------------------------------------------------

    def prompt(self, seat: int | None) -> Message:
        player = self.current_player
        if player == TERMINAL:
            return Message("habitats.end.last_turn", {"result": self.winner_words()})
        if seat is None or seat != player or player < 0:
            return super().prompt(seat)
        if self.phase == "take":
            return Message("habitats.prompt.take", {"n": self.turns_left(seat)})
        if self.legal_actions() == ["discard"]:
            return Message("habitats.prompt.discard", {"tile": tile_name(self.in_hand.id)})
        key = "habitats.prompt.place_road" if self.in_hand.is_road else "habitats.prompt.place"
        return Message(key, {"tile": tile_name(self.in_hand.id)})

    def label(self, action: str) -> Message:
        if action.startswith("take:"):
            space = parse_market_square(action[5:])
            tile = self.market.get(space) if space is not None else None
            return Message(
                "habitats.label.take", {"square": action[5:], "tile": tile_name(tile or "")}
            )
        if action == "discard":
            return Message("habitats.label.discard")
        pos, mask = parse_place(action)
        where = {"x": pos[0], "y": pos[1], "spot": spot_name(pos)}
        if mask:
            return Message("habitats.label.place_road", {**where, "roads": sides_of(mask)})
        return Message("habitats.label.place", where)

    def describe(self, seat: int, action: str) -> Message:
        kind, _, value = action.partition(":")
        if kind == "goal":
            return Message(f"habitats.log.goal.{value}")
        if kind == "draw":
            return Message(f"habitats.log.drawn.{value}")
        if kind == "take":
            return Message("habitats.log.take", {"player": seat + 1, "square": value})
        if action == "discard":
            return Message("habitats.log.discard", {"player": seat + 1})
        pos, mask = parse_place(action)
        params = {"player": seat + 1, "x": pos[0], "y": pos[1], "spot": spot_name(pos)}
        if mask:
            return Message("habitats.log.place_road", {**params, "roads": sides_of(mask)})
        return Message("habitats.log.place", params)

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        """The tile taken; the tile placed with the park's new score; the year's goals."""
        assert isinstance(before, HabitatsState)
        if seat < 0:
            return None
        if action.startswith("take:"):
            return Message("habitats.log.took", {"tile": tile_name(self.in_hand.id)})
        if not action.startswith("place:"):
            return None
        park = self.park_score(seat)
        placed = Message(
            "habitats.log.placed",
            {
                "tile": tile_name(before.in_hand.id),
                "park": park,
                "gain": f"{park - before.park_score(seat):+d}",
            },
        )
        year = len(self.goal_points[seat])
        if year == len(before.goal_points[seat]):
            return placed
        points = ", ".join(f"{s + 1}: +{p[-1]}" for s, p in enumerate(self.goal_points))
        goals = Message("habitats.log.goals", {"year": year, "points": points})
        return Message("core.log.and", {"first": placed, "second": goals})

    def canonical(self, action: str) -> str:
        """As the board and the log show them: a market square ``b2`` is ``take:b2``; a park
        cell ``1,-2`` or ``→1 ↓2`` (its name in the picture and the labels) is ``place:1,-2``,
        with roads ``1,-2 NE``, ``1,-2:NE`` or ``→1 ↓2 NE``."""
        typed = action.strip()
        if self.phase == "take" and parse_market_square(typed) is not None:
            return f"take:{typed}"
        for prefix in ("place at ", "place "):
            typed = typed.removeprefix(prefix)
        typed = typed.replace(", roads ", " ")
        named = SPOT_TYPED.fullmatch(typed)
        spot = parse_spot(named[1]) if named else None
        if spot is not None and named is not None:
            typed = f"{spot[0]},{spot[1]}" + (f" {named[2]}" if named[2] else "")
        cell = CELL.fullmatch(typed)
        if self.phase != "place" or cell is None:
            return action
        sides = "".join(side for side in SIDES if side in (cell[3] or "").upper())
        return f"place:{cell[1]},{cell[2]}" + (f":{sides}" if sides else "")

    def why_illegal(self, action: str) -> Message:
        reason = self._why(action)
        return reason if reason is not None else super().why_illegal(action)

    def _why(self, action: str) -> Message | None:
        if not isinstance(action, str):
            return None
        place = PLACE.match(action)
        is_take = action.startswith("take:")
        if not (is_take or place or action == "discard"):
            return Message("habitats.illegal.format", {"action": action})
        if self.current_player < 0:
            return None
        if self.phase == "take" and not is_take:
            return Message("habitats.illegal.take_first", {"action": action})
        if self.phase == "place" and is_take:
            return Message("habitats.illegal.place_first", {"action": action})
        if is_take:
            return self._why_take(action[5:])
        if action == "discard":
            return Message("habitats.illegal.discard", {"tile": tile_name(self.in_hand.id)})
        return self._why_place(action)

    def _why_take(self, square: str) -> Message:
        space = parse_market_square(square)
        if space is None or space not in self.market:
            return Message("habitats.illegal.no_space", {"square": square})
        if self.market[space] is None:
            return Message("habitats.illegal.no_tile", {"square": square})
        pos, facing = self.figures[self.current_player]
        direction = _direction(pos, space)
        if direction is None:
            return Message("habitats.illegal.not_in_line", {"square": square})
        first = self._first_tile(pos, direction)
        if first is not None and first != space:
            return Message(
                "habitats.illegal.not_first", {"square": square, "first": market_square(first)}
            )
        return Message("habitats.illegal.behind", {"square": square})

    def _why_place(self, action: str) -> Message:
        pos, mask = parse_place(action)
        held = self.in_hand
        if self.legal_actions() == ["discard"]:
            return Message("habitats.illegal.fits_nowhere", {"tile": tile_name(held.id)})
        matched = PLACE.match(action)
        sides = matched.group(3) if matched else None
        if held.is_road and sides is None:
            return Message("habitats.illegal.needs_roads", {"tile": tile_name(held.id)})
        if not held.is_road and sides is not None:
            return Message("habitats.illegal.no_roads", {"tile": tile_name(held.id)})
        if held.is_road and mask >= 0 and sides_of(mask) != sides:
            return Message(
                "habitats.illegal.roads_order", {"roads": sides, "fixed": sides_of(mask)}
            )
        if held.is_road and mask not in held.orientations:
            options = ", ".join(sides_of(m) for m in held.orientations)
            return Message(
                "habitats.illegal.bad_roads",
                {"roads": sides, "tile": tile_name(held.id), "options": options},
            )
        key, params = self.parks[self.current_player].refusal(pos, mask) or (
            "core.illegal.not_legal",
            {"action": action},
        )
        return Message(key, params)

    # -- views ------------------------------------------------------------------------------

    def clicks(self, action: str) -> list[str]:
        if action.startswith("take:"):
            return [f"mk-{action[5:]}"]
        seat = self.current_player
        if action == "discard":
            return [f"discard-{seat}"]
        pos, mask = parse_place(action)
        cell = park_cell_id(seat, pos)
        return [cell, f"rot-{sides_of(mask)}"] if self.in_hand.is_road else [cell]

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        if self._public is None:
            self._public = self._public_view()
        return dict(self._public)

    def _public_view(self) -> dict[str, Any]:
        layout = self.game.layout
        n = self.game.num_players
        view: dict[str, Any] = {
            "year": self.year,
            "turn": self.turn,
            "turns_left": [self.turns_left(s) for s in range(n)],
            "goals": [
                {
                    "year": i + 1,
                    "goal": goal,
                    "name": Message(f"habitats.goal.{goal}").to_json(),
                    "standing": [goal_rules.measure(goal, park) for park in self.parks],
                }
                for i, goal in enumerate(self.goals)
            ],
            "goal_points": [list(points) for points in self.goal_points],
            "market": {
                "width": layout.width,
                "height": layout.height,
                "spaces": {market_square(pos): tile for pos, tile in sorted(self.market.items())},
            },
            "figures": [{"square": market_square(p), "facing": f} for p, f in self.figures],
            "held": self.held.id if self.held else None,
            "stock": sum(self.stock),
            "park_columns": list(PARK_COLUMNS),
            "parks": [park_json(park) for park in self.parks],
            "seat_colours": list(PLAYER_COLOURS[:n]),
        }
        if self.phase == "end":
            view["score_sheet"] = self.score_sheet()
        return view

    def score_sheet(self) -> list[dict[str, Any]]:
        return [
            {
                "player": seat + 1,
                "goals": list(self.goal_points[seat]),
                "park": self.park_score(seat),
                "total": sum(self.goal_points[seat]) + self.park_score(seat),
            }
            for seat in range(self.game.num_players)
        ]

    def text_board(self, lang: str = "en") -> str:
        """The text board in ``lang`` (``str(state)`` is the English one)."""
        return text_board(self, lang)

    def text_topics(self, lang: str = "en") -> dict[str, str]:
        return {"tiles": tiles_text(self.game.tiles, lang)}

    def __str__(self) -> str:
        if self._text is None:
            self._text = text_board(self)
        return self._text


@lru_cache(maxsize=4096)
def _draws(names: tuple[str, ...], stock: tuple[int, ...]) -> tuple[tuple[str, float], ...]:
    """The draws from ``stock`` with their odds (kept: a stock recurs across a game's states,
    replays and searches)."""
    total = sum(stock)
    return tuple((name, count / total) for name, count in zip(names, stock, strict=True) if count)


def _direction(source: Pos, target: Pos) -> str | None:
    dx, dy = target[0] - source[0], target[1] - source[1]
    if dx and dy or not (dx or dy):
        return None
    if dx:
        return "E" if dx > 0 else "W"
    return "N" if dy > 0 else "S"


def place_action(pos: Pos, mask: int) -> str:
    """``place:1,-2`` or, for an access-road tile, ``place:1,-2:NE`` (its road sides)."""
    base = f"place:{pos[0]},{pos[1]}"
    return f"{base}:{sides_of(mask)}" if mask else base


@lru_cache(maxsize=4096)
def parse_place(action: str) -> tuple[Pos, int]:
    match = PLACE.match(action)
    if match is None:
        raise ValueError(f"{action!r} is no placement")
    try:
        mask = mask_of(match.group(3)) if match.group(3) else 0
    except ValueError:
        mask = -1
    return (int(match.group(1)), int(match.group(2))), mask


def park_cell_id(seat: int, pos: Pos) -> str:
    return f"park{seat}_x{pos[0]}_y{pos[1]}"


def tile_name(tile_id: str) -> Message:
    return Message(f"habitats.tile.{tile_id}")


PARK_COLUMNS = ("x", "y", "tile", "roads", "vp", "why", "params")


def park_json(park: Park) -> dict[str, Any]:
    """The park for the observation: one row per tile (see PARK_COLUMNS) with what it scores
    now and why (a message key and its parameters), counted from the top row down."""
    if park.json is not None:
        return park.json
    score = park.score()
    rows = []
    for entry in score.tiles:
        kind, mask = park.tiles[entry.pos]
        params = dict(entry.params)
        if entry.missing:
            params["missing"] = entry.missing
        rows.append([*entry.pos, kind.id, sides_of(mask), entry.vp, entry.reason, params])
    park.json = {
        "score": score.total,
        "tiles": rows,
    }
    return park.json


class Habitats(Game[HabitatsState]):
    id = "habitats"
    name = "Habitats"
    min_players = 2
    max_players = 5
    default_players = 2

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.tiles: TileSet = tile_set()
        self.layout: MarketLayout = market_layout(self.num_players)
        self.draw_outcomes = tuple(f"draw:{kind.id}" for kind in self.tiles.kinds)
        n = self.num_players
        y1, y2, y3 = self.layout.turns
        self.year_ends = (n * y1, n * (y1 + y2), n * (y1 + y2 + y3))
        self.total_turns = self.year_ends[-1]
        needed = len(self.layout.tile_spaces) + self.total_turns - 1
        if needed > self.tiles.total:
            raise ValueError(f"the market and {self.total_turns} turns need {needed} tiles")

    def new_initial_state(self) -> HabitatsState:
        market: dict[Pos, str | None] = dict.fromkeys(self.layout.spaces)
        n = self.num_players
        return HabitatsState(
            self,
            goals=(),
            market=market,
            figures=self.layout.figures,
            stock=tuple(kind.count for kind in self.tiles.kinds),
            parks=(Park.start(self.tiles.entrance),) * n,
            pending=self.layout.tile_spaces,
            turn=0,
            held=None,
            phase="take",
            goal_points=((),) * n,
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

    def core_rollout(self, state: HabitatsState, cut: int, seed: int) -> tuple[bool, list[int]]:
        """Uniformly random decisions from ``state`` by the compiled core (chance by its odds)
        until the end or ``cut`` decisions (-1: none): (the game ended, every seat's score)."""
        ended, scores = _core().rollout(
            array("q", self._position(state)),  # made faster than a numpy array
            state.grids(),
            self.layout.width,
            self.layout.height,
            *self.core_tables,
            cut,
            seed,
        )
        return bool(ended), scores.tolist()

    def _position(self, state: HabitatsState) -> list[int]:
        """``state`` but its parks, as ``core.rollout`` reads it (a search packs every new
        leaf: kept short)."""
        market, codes = state.market, self._codes
        position = [codes[market.get(cell)] for cell in self._cells]
        for (x, y), facing in state.figures:
            position += (x, y, FACING[facing])
        position += state.stock
        pending = state.pending
        position.append(len(pending))
        for space in pending or ((0, 0),):
            position += space
        held = -1 if state.held is None else codes[state.held.id]
        position += (state.turn, held, PHASES[state.phase], len(pending), 0)
        position += [GOAL_NUMBERS[goal] for goal in state.goals]
        position += [sum(points) for points in state.goal_points]
        return position

    @cached_property
    def _cells(self) -> tuple[Pos, ...]:
        """The market grid's cells column by column, as the core lays the market out."""
        return tuple((x, y) for x in range(self.layout.width) for y in range(self.layout.height))

    @cached_property
    def _codes(self) -> dict[str | None, int]:
        """The core's number of each tile kind by its id; -1 for no tile."""
        codes: dict[str | None, int] = {None: -1}
        codes.update(self.tiles.indices)
        return codes

    @cached_property
    def core_tables(self) -> tuple[np.ndarray, np.ndarray]:
        """The tile kinds and the turns that end the years, as the core reads them."""
        return kind_table(), np.array(self.year_ends, np.int64)

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the same rules as the states', not the same games for a seed)."""
        check_policy(policy)
        if n < 0:
            raise ValueError(f"the number of playouts must be at least 0, not {n}")
        start = self.new_initial_state()
        layout = self.layout
        scores, lengths = _core().playouts(
            n,
            seed % 2**32,
            np.full((layout.width, layout.height), -1, np.int64),
            np.array([(x, y, SIDES.index(f)) for (x, y), f in layout.figures], np.int64),
            np.array(start.stock, np.int64),
            np.stack([park.grid for park in start.parks]),
            np.array(layout.tile_spaces, np.int64),
            len(GOAL_IDS),
            *self.core_tables,
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
            + [f"take:{market_square(space)}" for space in self.layout.spaces]
            + places
            + ["discard"]
        )
