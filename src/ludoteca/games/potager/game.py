"""Potager: two vegetable gardens fed from a shared hedge; harvest beds that match patterns.

A turn is a chain of decisions by one seat: ``take:<slot>`` then ``place:<space>`` (or a
``harvest:…``); covering a tool space, placing a tool token or a gnome landing on a tool space
opens an optional tool step (its uses, or ``skip``). Every refill of the trampoline is the
chance node ``draw:<kind>`` with the bag's real odds. See docs/rules/potager.md.

The rules are played by the compiled core (``core.py``) on one array per position; this module
turns the array into the words and fields people read, and actions into the core's ids.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any, Generic, TypeVar, overload

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State
from ludoteca.engine.playouts import Playouts, check_policy

from . import core, tensors
from .board import (
    COLUMNS,
    INDEX,
    KINDS,
    MOLE,
    SPACE_TOOLS,
    SPACES,
    TOKEN_TOOLS,
    TOKENS_PER_VEGETABLE,
    TOOL_SPACES,
    TOOL_TOKENS_EACH,
    TRACK_END,
    TRACK_TOOLS,
    VEGETABLES,
    WINNING_POINTS,
    beds,
    pattern_by_id,
    placements,
)

_new_state = object.__new__

GNOME_COLOURS = ("#e0609a", "#3f7fd0")  # pink for player 1, blue for player 2

Token = tuple[str, bool]  # (kind, double side up); tool tokens and moles are never double
Garden = tuple[Token | None, ...]
HEDGE_SLOTS = 5
TEXT_WIDTH = 100  # the text board fits a terminal this wide
STANDARD, BONUS_TOOLS = "standard", "bonus-tools"
# the printed tool spaces as a bitmask over SPACES
TOOL_MASK = sum(1 << INDEX[space] for space in TOOL_SPACES)
VEGETABLE_INDEX = {vegetable: i for i, vegetable in enumerate(VEGETABLES)}


@lru_cache(maxsize=1 << 16)
def garden_masks(garden: Garden) -> tuple[np.ndarray, np.ndarray, int]:
    """A garden as the compiled core reads it: each vegetable's tokens as a bitmask, how many
    of them are double, and the empty spaces as a bitmask (read only: it is cached)."""
    masks = np.zeros(len(VEGETABLES), dtype=np.int64)
    doubles = np.zeros(len(VEGETABLES), dtype=np.int64)
    free = 0
    for i, token in enumerate(garden):
        if token is None:
            free |= 1 << i
        elif token[0] in VEGETABLE_INDEX:
            vegetable = VEGETABLE_INDEX[token[0]]
            masks[vegetable] |= 1 << i
            doubles[vegetable] += token[1]
    return masks, doubles, free


# A garden as one number (its code): 4 bits a space, SPACES[i] at bits 4i..4i+3: 0 empty, 1-5 a
# vegetable single side up, 6-10 double, 11-14 a tool token, 15 a mole. Equal gardens, equal
# codes: the caches of what a garden allows are keyed by it (a number hashes at once, the
# tuple of 21 tokens does not).
TOKEN_CODES: dict[Token | None, int] = {
    None: 0,
    **{(v, False): 1 + i for i, v in enumerate(VEGETABLES)},
    **{(v, True): 1 + len(VEGETABLES) + i for i, v in enumerate(VEGETABLES)},
    **{(t, False): 1 + 2 * len(VEGETABLES) + i for i, t in enumerate(TOKEN_TOOLS)},
    (MOLE, False): 15,
}
SPACE_BITS = 4


def garden_code(garden: Garden) -> int:
    """The garden's code (see TOKEN_CODES)."""
    return sum(TOKEN_CODES[token] << SPACE_BITS * i for i, token in enumerate(garden))


CACHED_GARDENS = 1 << 16  # gardens remembered per cache below


def by_code(cache: dict[int, Any], code: int, work: Callable[[Garden], Any], garden: Garden) -> Any:
    """``work(garden)`` remembered in ``cache`` under the garden's ``code`` (the cache is
    emptied when it is full: a search meets few gardens again after many new ones)."""
    found = cache.get(code)
    if found is None:
        if len(cache) >= CACHED_GARDENS:
            cache.clear()
        found = cache[code] = work(garden)
    return found


@lru_cache(maxsize=1 << 16)
def _indexes_of(mask: int) -> tuple[int, ...]:
    """The indexes (into SPACES) of the bits of a bitmask over SPACES, in order."""
    return tuple(i for i in range(len(SPACES)) if mask >> i & 1)


NOTHING_TURNED: frozenset[str] = frozenset()
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
DRAWS = tuple(f"draw:{kind}" for kind in KINDS)
# the phases as the core numbers them (core.DRAW …), the tools too (core.GLOVES …)
PHASES = ("draw", "turn", "place", "tool", "shovel", "gnome", "over")
TOOLS = (*SPACE_TOOLS, *TOKEN_TOOLS)
CODE_TOKENS: tuple[Token | None, ...] = tuple(
    sorted(TOKEN_CODES, key=TOKEN_CODES.__getitem__)  # type: ignore[arg-type]
)
LOW_BITS = SPACE_BITS * core.LOW_SPACES  # a garden code's first word


def harvestable_beds(garden: Garden) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """(pattern id, spaces, notation) of every bed of the garden that its tokens cover."""
    table = beds()
    masks = garden_masks(garden)[0]
    return tuple(
        (*table.rows[row], harvest_notation(*table.rows[row]))
        for row in core.harvestable(masks, table.bits, table.starts)
    )


HARVESTABLE: dict[int, tuple[tuple[str, tuple[str, ...], str], ...]] = {}


def _odds(bag: tuple[int, ...]) -> tuple[tuple[str, float], ...]:
    total = sum(bag)
    return tuple((DRAWS[k], n / total) for k, n in enumerate(bag) if n)


# the draws' odds by the bag's counts (the array's bytes)
ODDS: dict[bytes, tuple[tuple[str, float], ...]] = {}


@cache
def action_list() -> tuple[str, ...]:
    """Every draw, take, placement, harvest bed (each pattern on each set of spaces it can
    cover), tool action and skip, whether or not the variant ever uses it: the ids of the
    compiled core are indexes into it."""
    pairs = [(source, target) for source in SPACES for target in SPACES]
    return (
        *(f"draw:{kind}" for kind in KINDS),
        *(f"take:{slot}" for slot in range(1, HEDGE_SLOTS + 1)),
        *(f"place:{space}" for space in SPACES),
        *(f"mole:{space}" for space in SPACES),
        *(
            harvest_notation(pattern_id, cells)
            for pattern_id in pattern_by_id()
            for cells in placements(pattern_id)
        ),
        *(f"move:{source}-{target}" for source, target in pairs if source != target),
        *(f"flip:g{seat}-{space}" for seat in (0, 1) for space in SPACES),
        *(f"tool:{tool}" for tool in TOOLS),
        *(f"send:{source}-{target}" for source, target in pairs),
        *(f"swap:{k}" for k in range(1, HEDGE_SLOTS)),
        *(f"poison:{vegetable}" for vegetable in VEGETABLES),
        *(f"hose:{column}" for column in COLUMNS),
        "skip",
    )


@cache
def action_ids() -> dict[str, int]:
    return {action: i for i, action in enumerate(action_list())}


def _core_code(action: str) -> tuple[int, int, int]:
    """(kind, a, b) of an action for the core (``core.A_*`` and its two arguments)."""
    kind, _, argument = action.partition(":")
    source, _, target = argument.partition("-")
    if kind == "draw":
        return core.A_DRAW, KIND_INDEX[argument], 0
    if kind == "take":
        return core.A_TAKE, int(argument) - 1, 0
    if kind in ("place", "mole"):
        return (core.A_PLACE if kind == "place" else core.A_MOLE), INDEX[argument], 0
    if kind == "harvest":
        return core.A_HARVEST, _bed_rows()[action], 0
    if kind in ("move", "send"):
        return (core.A_MOVE if kind == "move" else core.A_SEND), INDEX[source], INDEX[target]
    if kind == "flip":
        return core.A_FLIP, int(source[1:]), INDEX[target]
    if kind == "tool":
        return core.A_TOOL, TOOLS.index(argument), 0
    if kind == "swap":
        return core.A_SWAP, int(argument) - 1, 0
    if kind == "poison":
        return core.A_POISON, VEGETABLES.index(argument), 0
    if kind == "hose":
        return core.A_HOSE, COLUMNS.index(argument), 0
    return core.A_SKIP, 0, 0


@cache
def _bed_rows() -> dict[str, int]:
    """Each harvest's row in ``board.beds()``."""
    return {harvest_notation(*row): i for i, row in enumerate(beds().rows)}


@cache
def rules_table() -> np.ndarray:
    """The tables of the compiled rules as one array (see ``core.R_*``)."""
    actions = action_list()
    codes = [_core_code(action) for action in actions]
    ids = np.full((13, len(SPACES), len(SPACES)), -1, np.int64)
    for i, (kind, a, b) in enumerate(codes):
        if kind != core.A_HARVEST:
            ids[kind, a, b] = i
    table = beds()
    ids_of = action_ids()
    # in the order of core.R_IDS … core.R_DRAWS
    tables: list[np.ndarray] = [
        np.asarray(part, np.int64)
        for part in (
            ids.ravel(),
            [ids_of[harvest_notation(*row)] for row in table.rows],
            table.bits,
            table.starts,
            [TOOLS.index(TOOL_SPACES[space]) if space in TOOL_SPACES else -1 for space in SPACES],
            [COLUMNS.index(space[0]) for space in SPACES],
            *zip(*codes, strict=True),
            [ids_of[draw] for draw in DRAWS],
        )
    ]
    starts = np.cumsum([core.R_HEADER, *(len(part) for part in tables)]).tolist()
    track = sum(1 << points for points in TRACK_TOOLS)
    header = [*starts[: core.R_DRAWS + 1], TOOL_MASK, track, WINNING_POINTS]
    return np.concatenate([np.array(header, np.int64), *tables])


@cache
def _tables() -> tuple[dict[str, int], np.ndarray, tuple[str, ...]]:
    """What a state's hot path needs at once: action ids, the rules' table, the actions."""
    return action_ids(), rules_table(), action_list()


def encode(fields: dict[str, Any]) -> np.ndarray:
    """A position's array for the core from its fields (those of ``decode``)."""
    cells = np.full(core.SIZE, -1, np.int64)
    for seat, garden in enumerate(fields["gardens"]):
        cells[core.G + seat * len(SPACES) : core.G + (seat + 1) * len(SPACES)] = [
            TOKEN_CODES[token] for token in garden
        ]
        code = garden_code(garden)
        cells[core.CODES + 2 * seat] = code & ((1 << LOW_BITS) - 1)
        cells[core.CODES + 2 * seat + 1] = code >> LOW_BITS
    cells[core.HEDGE : core.HEDGE + HEDGE_SLOTS] = [
        -1 if kind is None else KIND_INDEX[kind] for kind in fields["hedge"]
    ]
    trampoline = fields["trampoline"]
    cells[core.TRAMP] = -1 if trampoline is None else KIND_INDEX[trampoline]
    cells[core.BAG : core.BAG + len(KINDS)] = fields["bag"]
    cells[core.POINTS : core.POINTS + 2] = fields["points"]
    cells[core.TO_MOVE] = fields["to_move"]
    cells[core.PHASE] = PHASES.index(fields["phase"])
    if fields["hand"] is not None:
        cells[core.HAND_KIND] = KIND_INDEX[fields["hand"][0]]
        cells[core.HAND_SLOT] = fields["hand"][1]
    if fields["tool"] is not None:
        cells[core.TOOL] = TOOLS.index(fields["tool"])
    if fields["pinned"] is not None:
        cells[core.PINNED] = INDEX[fields["pinned"]]
    if fields["shovel_slot"] is not None:
        cells[core.SHOVEL] = fields["shovel_slot"]
    cells[core.TURNED] = sum(1 << INDEX[space] for space in fields["turned"])
    cells[core.OWN] = bool(fields["own_garden_only"])
    after = fields["after"]
    cells[core.AFTER] = ("start", "tool", "gnome", "end").index(after[0])
    if after[0] == "tool":
        cells[core.AFTER_A] = TOOLS.index(after[1])
        cells[core.AFTER_B] = -1 if after[2] is None else INDEX[after[2]]
    elif after[0] == "gnome":
        cells[core.AFTER_A], cells[core.AFTER_B] = after[1], after[2]
    cells[core.END] = bool(fields["end_triggered"])
    cells[core.LOSER] = -1 if fields["loser"] is None else fields["loser"]
    return cells


def decode(cells: np.ndarray) -> dict[str, Any]:
    """A position's fields (gardens, hedge, …: see ``PotagerState``) from its array."""
    c = cells.tolist()

    def kind(k: int) -> str | None:
        return None if k < 0 else KINDS[k]

    def garden(seat: int) -> Garden:
        return tuple(CODE_TOKENS[code] for code in c[seat * len(SPACES) : (seat + 1) * len(SPACES)])

    after_kind, a, b = c[core.AFTER], c[core.AFTER_A], c[core.AFTER_B]
    after: tuple[Any, ...] = ("start",) if after_kind == core.START else ("end",)
    if after_kind == core.AFTER_TOOL:
        after = ("tool", TOOLS[a], None if b < 0 else SPACES[b])
    elif after_kind == core.AFTER_GNOME:
        after = ("gnome", a, b)
    turned = c[core.TURNED]
    return {
        "gardens": (garden(0), garden(1)),
        "hedge": tuple(kind(k) for k in c[core.HEDGE : core.HEDGE + HEDGE_SLOTS]),
        "trampoline": kind(c[core.TRAMP]),
        "bag": tuple(c[core.BAG : core.BAG + len(KINDS)]),
        "points": (c[core.POINTS], c[core.POINTS + 1]),
        "to_move": c[core.TO_MOVE],
        "phase": PHASES[c[core.PHASE]],
        "hand": None if c[core.HAND_KIND] < 0 else (KINDS[c[core.HAND_KIND]], c[core.HAND_SLOT]),
        "tool": None if c[core.TOOL] < 0 else TOOLS[c[core.TOOL]],
        "pinned": None if c[core.PINNED] < 0 else SPACES[c[core.PINNED]],
        "shovel_slot": None if c[core.SHOVEL] < 0 else c[core.SHOVEL],
        "turned": frozenset(SPACES[i] for i in _indexes_of(turned)) if turned else NOTHING_TURNED,
        "own_garden_only": bool(c[core.OWN]),
        "after": after,
        "end_triggered": bool(c[core.END]),
        "loser": None if c[core.LOSER] < 0 else c[core.LOSER],
    }


# the fields of a position, as ``decode`` gives them
FIELDS = (
    "bag",
    "hedge",
    "trampoline",
    "gardens",
    "points",
    "to_move",
    "phase",
    "hand",
    "tool",
    "pinned",
    "shovel_slot",
    "turned",
    "own_garden_only",
    "after",
    "end_triggered",
    "loser",
)


@cache
def _start(bonus_tools: bool) -> np.ndarray:
    """The array of a new game (read only: states copy it)."""
    bag = [TOKENS_PER_VEGETABLE] * len(VEGETABLES)
    bag += [TOOL_TOKENS_EACH if bonus_tools else 0] * len(TOKEN_TOOLS)
    return encode(
        {
            "gardens": ((None,) * len(SPACES), (None,) * len(SPACES)),
            "hedge": (None,) * HEDGE_SLOTS,
            "trampoline": None,
            "bag": tuple(bag),
            "points": (0, 0),
            "to_move": 0,
            "phase": "draw",
            "hand": None,
            "tool": None,
            "pinned": None,
            "shovel_slot": None,
            "turned": NOTHING_TURNED,
            "own_garden_only": False,
            "after": ("start",),
            "end_triggered": False,
            "loser": None,
        }
    )


T = TypeVar("T")


class _Field(Generic[T]):
    """A field of the position, read from its array (``decode``, every field at once) on the
    first look, then found in the state's ``__dict__``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, state: None, owner: type | None = None) -> _Field[T]: ...

    @overload
    def __get__(self, state: PotagerState, owner: type | None = None) -> T: ...

    def __get__(self, state: PotagerState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        state.__dict__.update(decode(state._cells))
        return state.__dict__[self.name]


class PotagerState(State):
    """A position: one array (``_cells``) that the compiled core (``core.py``) reads and
    plays; its fields below are read from it when first looked at."""

    game: PotagerGame
    bag: _Field[tuple[int, ...]] = _Field()
    hedge: _Field[tuple[str | None, ...]] = _Field()
    trampoline: _Field[str | None] = _Field()
    gardens: _Field[tuple[Garden, Garden]] = _Field()
    points: _Field[tuple[int, int]] = _Field()
    to_move: _Field[int] = _Field()
    # "draw" (chance), "turn", "place", "tool", "shovel", "gnome" or "over"
    phase: _Field[str] = _Field()
    hand: _Field[tuple[str, int] | None] = _Field()  # (kind, hedge slot it came from)
    tool: _Field[str | None] = _Field()  # the tool whose step this is
    pinned: _Field[str | None] = _Field()  # the space the wheelbarrow may not move from
    shovel_slot: _Field[int | None] = _Field()  # after a swap: slots k and k+1 may be taken
    # spaces of the mover's tokens turned over by a harvest this turn: they wait for a later
    # turn (the rule text: "lors d'un prochain tour")
    turned: _Field[frozenset[str]] = _Field()
    own_garden_only: _Field[bool] = _Field()  # the tool came through the toolbox
    after: _Field[tuple[Any, ...]] = _Field()  # what follows once the draws are done
    end_triggered: _Field[bool] = _Field()
    loser: _Field[int | None] = _Field()

    # The seat to move, CHANCE or TERMINAL: a plain attribute, not a property, because
    # searches read it at every step; set whenever a state is made (the core's ``step``
    # returns it).
    current_player: int = CHANCE  # type: ignore[assignment]

    def __init__(self, game: PotagerGame):
        super().__init__(game)
        self._cells = _start(game.bonus_tools).copy()
        self.current_player = CHANCE

    def array(self) -> np.ndarray:
        """The position as the compiled core reads it (a copy)."""
        return self._cells.copy()

    def _made(self, cells: np.ndarray, seat: int) -> PotagerState:
        """A new state of this game on ``cells``, whose seat to move is ``seat``, no history."""
        new = _new_state(PotagerState)
        new.__dict__ = {
            "game": self.game,
            "_cells": cells,
            "current_player": seat,
            "_trail": None,
            "_length": 0,
            "_legal": None,
        }
        return new

    # -- the contract -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            return []
        bag = self._cells[core.BAG : core.BAG + len(KINDS)]
        key = bag.tobytes()
        odds = ODDS.get(key)
        if odds is None:
            if len(ODDS) >= CACHED_GARDENS:
                ODDS.clear()
            odds = ODDS[key] = _odds(tuple(bag.tolist()))
        return list(odds)

    def copy_with(self, **changes: Any) -> PotagerState:
        """A copy with some fields changed (those of ``decode``), without history."""
        unknown = set(changes) - set(FIELDS)
        if unknown:
            raise TypeError(f"not a field of a Potager position: {', '.join(sorted(unknown))}")
        cells = encode({name: changes.get(name, getattr(self, name)) for name in FIELDS})
        return self._made(cells, core.seat_to_move(cells))

    def successor(self, action: str) -> PotagerState:
        """The state after ``action``, unchecked (``State.successor`` written out here: the
        hot path of every search)."""
        new = self._next(action)
        new._trail = (self._trail, self.current_player, action)
        new._length = self._length + 1
        return new

    def _next(self, action: str) -> PotagerState:
        cells = self._cells.copy()
        ids, rules, _ = _tables()
        return self._made(cells, core.step(cells, ids[action], rules))

    def _legal_actions(self) -> list[str]:
        _, rules, actions = _tables()
        listed = np.empty(core.LISTED, np.int64)  # (a buffer of its own: states are shared)
        count = core.legal(self._cells, listed, rules)
        return [actions[i] for i in listed[:count].tolist()]

    def scores(self) -> list[float]:
        cells = self._cells
        return [cells.item(core.POINTS), cells.item(core.POINTS + 1)]

    def winners(self) -> list[int]:
        if self.current_player != TERMINAL:
            return []
        loser = int(self._cells[core.LOSER])
        if loser >= 0:
            return [1 - loser]
        return super().winners()

    def free(self, seat: int) -> int:
        """The empty spaces of ``seat``'s garden as a bitmask over SPACES."""
        return garden_masks(self.gardens[seat])[2]

    def garden_code(self, seat: int) -> int:
        """``seat``'s garden as one number (equal gardens, equal numbers; see TOKEN_CODES)."""
        return self.garden_codes()[seat]

    def garden_codes(self) -> tuple[int, int]:
        """Both gardens' codes (see ``garden_code``), kept by the core."""
        low0, high0, low1, high1 = self._cells[core.CODES : core.CODES + 4].tolist()
        return low0 | high0 << LOW_BITS, low1 | high1 << LOW_BITS

    def points_and_codes(self) -> tuple[int, int, int, int]:
        """Both seats' points, then both gardens' codes, at once (the bots' measure of every
        search leaf reads them)."""
        points0, points1, low0, high0, low1, high1 = self._cells[
            core.POINTS : core.CODES + 4
        ].tolist()
        return points0, points1, low0 | high0 << LOW_BITS, low1 | high1 << LOW_BITS

    def garden(self, seat: int) -> Garden:
        """``seat``'s garden, read from the array alone (the other fields are not decoded)."""
        if "gardens" in self.__dict__:
            return self.gardens[seat]
        codes = self._cells[seat * len(SPACES) : (seat + 1) * len(SPACES)].tolist()
        return tuple(CODE_TOKENS[code] for code in codes)

    def end_reason(self) -> str | None:
        """Why the game ended, the deciding end first: "full_garden" (the player who could do
        nothing had a full garden and lost), "points" (40 points reached), "empty_bag" (the
        trampoline could not be refilled), "stuck" (nothing to do, garden not full)."""
        if self.phase != "over":
            return None
        if self.loser is not None:
            return "full_garden"
        if max(self.points) >= WINNING_POINTS:
            return "points"
        return "empty_bag" if self.end_triggered else "stuck"

    def _key(self) -> Any:
        return tuple(getattr(self, name) for name in FIELDS)

    # -- reading the position -----------------------------------------------------------------

    @property
    def me(self) -> int:
        return self.to_move

    @property
    def opponent(self) -> int:
        return 1 - self.to_move

    def token(self, seat: int, space: str) -> Token | None:
        return self.gardens[seat][INDEX[space]]

    def placed(self, seat: int, space: str) -> Token:
        """The token on ``space`` of ``seat``'s garden (where the rules know there is one)."""
        token = self.gardens[seat][INDEX[space]]
        assert token is not None, f"no token on {space}"
        return token

    @property
    def in_hand(self) -> tuple[str, int]:
        """(kind, hedge slot) of the token taken and not yet placed."""
        assert self.hand is not None, "no token in hand"
        return self.hand

    @property
    def current_tool(self) -> str:
        """The tool whose step this is (in the tool phase)."""
        assert self.tool is not None, "no tool in use"
        return self.tool

    def empty_spaces(self, seat: int, tool_spaces: bool = True) -> list[str]:
        free = self.free(seat)
        return [SPACES[i] for i in _indexes_of(free if tool_spaces else free & ~TOOL_MASK)]

    def is_full(self, seat: int) -> bool:
        return all(token is not None for token in self.gardens[seat])

    def visible_tools(self, seat: int) -> list[tuple[str, str]]:
        """(tool, space) of every tool visible in the garden: printed tool spaces left
        uncovered and tool tokens (tool side up), first space of each tool only."""
        found: dict[str, str] = {}
        for space, token in zip(SPACES, self.gardens[seat], strict=True):
            if token is None and space in TOOL_SPACES:
                found.setdefault(TOOL_SPACES[space], space)
            elif token is not None and token[0] in TOKEN_TOOLS:
                found.setdefault(token[0], space)
        return list(found.items())

    def bag_size(self) -> int:
        return sum(self.bag)

    def harvest_beds(self, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """(pattern id, spaces) of every bed of ``seat`` that can be harvested now."""
        return [(p, cells) for p, cells, _ in self._harvestable(seat)]

    def _harvestable(self, seat: int) -> tuple[tuple[str, tuple[str, ...], str], ...]:
        return by_code(HARVESTABLE, self.garden_code(seat), harvestable_beds, self.gardens[seat])

    # -- words for people ---------------------------------------------------------------------

    def clicks(self, action: str) -> list[str]:
        kind, _, argument = action.partition(":")
        me, opp = f"g{self.me}", f"g{self.opponent}"
        if kind == "take":
            return [f"hedge-{argument}"]
        if kind == "place":
            return [f"{me}-{argument}"]
        if kind == "mole":
            return [f"{opp}-{argument}"]
        if kind == "harvest":
            pattern, _, cells = argument.partition(":")
            return [f"pat-{pattern}"] + [f"{me}-{space}" for space in cells.split(",")]
        if kind == "move":
            return [f"{me}-{space}" for space in argument.split("-")]
        if kind == "send":
            source, target = argument.split("-")
            return [f"{me}-{source}", f"{opp}-{target}"]
        if kind == "flip":
            return [argument]
        if kind == "tool":
            seat = self.opponent if self.phase == "tool" else self.me  # toolbox: theirs
            space = dict(self.visible_tools(seat))[argument]
            return [f"g{seat}-{space}"]
        if kind == "swap":
            return [f"swap-{argument}"]
        if kind == "poison":
            return [f"hedge-{self.hedge.index(argument) + 1}"]
        if kind == "hose":
            return [f"hose-{argument}"]
        return ["skip"]

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        """The points the action scored (a harvest, the gnome's walk) and the new total."""
        assert isinstance(before, PotagerState)
        if seat < 0 or self.points[seat] == before.points[seat]:
            return None
        gain = self.points[seat] - before.points[seat]
        return Message("potager.log.points", {"n": gain, "total": self.points[seat]})

    def canonical(self, action: str) -> str:
        """``move:b1–c2`` or ``move: b1 → c2`` (a dash or an arrow, spaces) stand for
        ``move:b1-c2``; ``harvest:potato-1:c4, d4`` for ``harvest:potato-1:c4,d4``."""
        typed = re.sub(r"\s*(?:->|[–—→−])\s*", "-", action.strip())
        return re.sub(r"\s*([:,-])\s*", r"\1", typed)

    def label(self, action: str) -> Message:
        kind, _, argument = action.partition(":")
        if kind == "draw":
            return Message("potager.label.draw", {"kind": thing(argument)})
        if kind == "take":
            return Message("potager.label.take", {"slot": argument})
        if kind in ("place", "mole", "swap"):
            return Message(f"potager.label.{kind}", {"space": argument, "slot": argument})
        if kind == "harvest":
            pattern, _, cells = argument.partition(":")
            n = len(cells.split(","))
            vegetable = pattern_by_id()[pattern].vegetable
            return Message(
                "potager.label.harvest",
                {"pattern": pattern, "vegetable": thing(vegetable), "cells": cells, "n": n},
            )
        if kind in ("move", "send"):
            source, target = argument.split("-")
            return Message(f"potager.label.{kind}", {"source": source, "target": target})
        if kind == "flip":
            garden, space = argument.split("-")
            return Message("potager.label.flip", {"space": space, "player": int(garden[1:]) + 1})
        if kind == "tool":
            return Message("potager.label.tool", {"tool": thing(argument)})
        if kind == "poison":
            return Message("potager.label.poison", {"vegetable": thing(argument)})
        if kind == "hose":
            key = "potager.label.hose_own" if self.own_garden_only else "potager.label.hose"
            return Message(key, {"column": argument})
        return Message("potager.label.skip")

    def describe(self, seat: int, action: str) -> Message:
        if seat == CHANCE:
            return self.label(action)
        return Message("potager.log.action", {"player": seat + 1, "what": self.label(action)})

    def prompt(self, seat: int | None) -> Message:
        if self.phase == "over":
            result = self.winner_words()
            if self.loser is not None:
                return Message(
                    "potager.prompt.full_garden", {"player": self.loser + 1, "result": result}
                )
            return Message(f"potager.end.{self.end_reason()}", {"result": result})
        if self.phase == "draw":
            return Message("core.prompt.chance")
        if seat != self.to_move:
            return Message("core.prompt.waiting", {"player": self.to_move + 1})
        if self.phase == "place":
            kind, slot = self.in_hand
            key = "place" if kind in VEGETABLES else "place_tool"
            return Message(
                f"potager.prompt.{key}", {"kind": thing(kind), "column": COLUMNS[slot - 1]}
            )
        if self.phase == "tool":
            own = "_own" if self.own_garden_only and self.tool in ("can", "hose") else ""
            return Message(f"potager.prompt.tool.{self.tool}{own}")
        if self.phase in ("shovel", "gnome"):
            return Message(f"potager.prompt.{self.phase}")
        if self.end_triggered:
            return Message("potager.prompt.last_turn")
        return Message("potager.prompt.turn")

    def why_illegal(self, action: str) -> Message:
        kind, _, argument = action.partition(":")
        now = self.prompt(self.to_move)
        if action in INDEX and self.phase in ("place", "turn"):
            # a bare space, as the board shows it: say how a placement is written
            key = "bare_space" if self.phase == "place" else "bare_space_take"
            return Message(f"potager.illegal.{key}", {"space": action})
        if (
            kind == "take"
            and self.phase in ("turn", "shovel")
            or (kind == "take" and self.phase == "tool" and self.tool == "gloves")
        ):
            if argument not in {str(k) for k in range(1, HEDGE_SLOTS + 1)}:
                return Message("potager.illegal.no_slot", {"slot": argument})
            in_slot = self.hedge[int(argument) - 1]
            if in_slot is None:
                return Message("potager.illegal.slot_empty", {"slot": argument})
            if self.phase == "shovel":
                return Message("potager.illegal.shovel_pair", {"slot": argument})
            return Message("potager.illegal.no_room", {"kind": thing(in_slot)})
        if kind in ("place", "mole") and self.phase == "place":
            if argument not in INDEX:
                return Message("potager.illegal.not_space", {"space": argument})
            seat = self.me if kind == "place" else self.opponent
            if self.token(seat, argument) is not None:
                return Message("potager.illegal.occupied", {"space": argument})
            if argument in TOOL_SPACES and self.in_hand[0] not in VEGETABLES:
                return Message("potager.illegal.tool_space", {"space": argument})
            if kind == "mole":
                return Message("potager.illegal.mole_vegetable")
        if kind == "move" and self.tool == "wheelbarrow":
            return self._why_not_move(argument)
        if kind == "flip" and self.tool == "can":
            garden, _, space = argument.partition("-")
            if garden == f"g{self.opponent}" and self.own_garden_only:
                return Message("potager.illegal.own_garden_only", {"tool": thing("can")})
            if garden in ("g0", "g1") and space in INDEX:
                token = self.token(int(garden[1]), space)
                if token is None:
                    return Message("potager.illegal.no_token", {"space": space})
                return Message("potager.illegal.never_flipped", {"kind": thing(token[0])})
        if kind == "hose" and self.tool == "hose" and argument in COLUMNS:
            key = "hose_empty_own" if self.own_garden_only else "hose_empty"
            return Message(f"potager.illegal.{key}", {"column": argument})
        if kind == "harvest" and (self.phase == "turn" or self.tool == "basket"):
            return self._why_not_harvest(argument)
        if kind in ("draw",) or self.phase in ("over", "draw"):
            return Message("core.illegal.not_legal", {"action": action})
        return Message("potager.illegal.not_now", {"action": action, "now": now})

    def _why_not_move(self, argument: str) -> Message:
        source, _, target = argument.partition("-")
        for space in (source, target):
            if space not in INDEX:
                return Message("potager.illegal.not_space", {"space": space})
        if source == self.pinned:
            return Message("potager.illegal.pinned", {"space": source})
        if self.token(self.me, source) is None:
            return Message("potager.illegal.no_token", {"space": source})
        if self.token(self.me, target) is not None:
            return Message("potager.illegal.occupied", {"space": target})
        return Message("potager.illegal.tool_space", {"space": target})

    def _why_not_harvest(self, argument: str) -> Message:
        pattern_id, _, cells = argument.partition(":")
        if pattern_id not in pattern_by_id():
            return Message("potager.illegal.unknown_pattern", {"pattern": pattern_id})
        spaces = tuple(cells.split(","))
        if any(space not in INDEX for space in spaces):
            return Message("potager.illegal.not_space", {"space": cells})
        vegetable = pattern_by_id()[pattern_id].vegetable
        for space in spaces:
            token = self.token(self.me, space)
            if token is None or token[0] != vegetable:
                return Message(
                    "potager.illegal.not_vegetable", {"space": space, "vegetable": thing(vegetable)}
                )
        turned = [space for space in spaces if space in self.turned]
        if turned:
            return Message("potager.illegal.turned", {"space": turned[0]})
        ordered = tuple(sorted(set(spaces), key=INDEX.__getitem__))
        if ordered in placements(pattern_id) and ordered != spaces:
            return Message("potager.illegal.order", {"cells": ",".join(ordered)})
        return Message("potager.illegal.not_pattern", {"pattern": pattern_id, "cells": cells})

    # -- observation and text board -----------------------------------------------------------

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        def garden(g: int) -> dict[str, Any]:
            return {
                space: {"kind": token[0], "double": token[1]}
                for space, token in zip(SPACES, self.gardens[g], strict=True)
                if token is not None
            }

        return {
            "gardens": [garden(0), garden(1)],
            "tool_spaces": dict(TOOL_SPACES),
            "hedge": list(self.hedge),
            "trampoline": self.trampoline,
            "bag": {kind: n for kind, n in zip(KINDS, self.bag, strict=True) if n},
            "bag_count": self.bag_size(),
            "gnomes": list(self.points),
            "seat_colours": list(GNOME_COLOURS),
            "phase": self.phase,
            "hand": None if self.hand is None else {"kind": self.hand[0], "slot": self.hand[1]},
            "tool": self.tool,
            "end_triggered": self.end_triggered,
            "loser": self.loser,
            "turned": sorted(self.turned, key=INDEX.__getitem__),
            "patterns": {
                p.id: {"vegetable": p.vegetable, "rows": p.rows()} for p in pattern_by_id().values()
            },
        }

    def text_board(self, lang: str = "en") -> str:
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
                    cell(self.token(seat, f"{c}{row}"), f"{c}{row}")
                    if f"{c}{row}" in INDEX
                    else "   "
                    for c in COLUMNS
                )
                for row in range(1, 6)
            ]

        def header(seat: int) -> str:
            name = Message("potager.text.player", {"player": seat + 1, "n": self.points[seat]})
            return name.text(lang) + (" *" if seat == self.to_move and self.phase != "over" else "")

        columns = "   " + "".join(c.rjust(3) for c in COLUMNS)
        hedge = "".join(
            (abbreviation(k, lang) if k is not None else "--").rjust(3) for k in self.hedge
        )
        trampoline = abbreviation(self.trampoline, lang) if self.trampoline else "--"
        middle = Message(
            "potager.text.hedge",
            {"hedge": hedge, "trampoline": trampoline, "n": self.bag_size()},
        ).text(lang)
        shown = (*VEGETABLES, *dict.fromkeys(TOOL_SPACES.values()))
        if self.game.bonus_tools:
            shown += (*TOKEN_TOOLS, MOLE)
        legend = ", ".join(f"{abbreviation(k, lang)} {thing(k).text(lang)}" for k in shown)
        # row 1 of both gardens lies next to the hedge, as in the picture
        lines = [header(1), *reversed(garden_lines(1)), columns]
        lines.append("   " + hedge + " >" + trampoline.rjust(3))
        lines += ["   " + middle, columns]
        lines += [*garden_lines(0), header(0)]
        if self.hand is not None:
            lines.append(Message("potager.text.hand", {"kind": thing(self.hand[0])}).text(lang))
        marks = Message("potager.text.marks", {"p": abbreviation("potato", lang)}).text(lang)
        for text in (legend, marks):
            lines += textwrap.wrap(text, TEXT_WIDTH, subsequent_indent="  ")
        return "\n".join(lines)

    def text_topics(self, lang: str = "en") -> dict[str, str]:
        return {"patterns": patterns_text(lang)}

    def __str__(self) -> str:
        return self.text_board("en")


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


def harvest_notation(pattern_id: str, cells: tuple[str, ...]) -> str:
    return f"harvest:{pattern_id}:{','.join(cells)}"


def thing(kind: str) -> Message:
    return Message(f"potager.thing.{kind}")


def abbreviation(kind: str, lang: str = "en") -> str:
    return Message(f"potager.abbr.{kind}").text(lang)


class PotagerGame(Game[PotagerState]):
    id = "potager"
    name = "Potager"
    min_players = max_players = 2
    option_specs = (
        Option("variant", STANDARD, (STANDARD, BONUS_TOOLS), help="potager.option.variant"),
    )

    @property
    def bonus_tools(self) -> bool:
        return self.options["variant"] == BONUS_TOOLS

    def new_initial_state(self) -> PotagerState:
        return PotagerState(self)

    def score_range(self) -> tuple[float, float]:
        """The score track runs from 0 to 60."""
        return 0.0, float(TRACK_END)

    def max_game_length(self) -> int:
        """A generous bound: the six setup draws; at most 54 turns that place a token (each
        empties the bag by one draw) and 28 that harvest (at least 3 points each, and the end
        comes at 40 points), each with its draw and at most 40 decisions of tools and beds."""
        return 6 + (54 + 28) * 41

    def all_actions(self) -> list[str]:
        """Every draw, take, placement, harvest bed (each pattern on each set of spaces it can
        cover), tool action and skip, whether or not the variant ever uses it."""
        return list(action_list())

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the rules the states play, not the same games for a seed)."""
        check_policy(policy)
        if n < 0:
            raise ValueError(f"the number of playouts must be at least 0, not {n}")
        start = _start(self.bonus_tools)
        scores, winners, lengths = core.playouts(n, seed % 2**32, start, rules_table())
        return Playouts(scores.astype(float), winners, lengths)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)


__all__ = ["PotagerGame", "PotagerState"]
