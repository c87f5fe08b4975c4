"""Potager: two vegetable gardens fed from a shared hedge; harvest beds that match patterns.

A turn is a chain of decisions by one seat: ``take:<slot>`` then ``place:<space>`` (or a
``harvest:…``); covering a tool space, placing a tool token or a gnome landing on a tool space
opens an optional tool step (its uses, or ``skip``). Every refill of the trampoline is the
chance node ``draw:<kind>`` with the bag's real odds. See docs/rules/potager.md.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State

from . import core, tensors
from .board import (
    COLUMNS,
    INDEX,
    KINDS,
    MOLE,
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
    column_of,
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
COLUMN_OF = {space: column_of(space) for space in SPACES}  # (a hedge slot's number)


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
SPACE_MASK = (1 << SPACE_BITS) - 1


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
# the phases in which no seat moves (in the others, the seat ``to_move`` does)
SEAT_OF_PHASE = {"over": TERMINAL, "draw": CHANCE}
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
TAKES = tuple(f"take:{slot}" for slot in range(1, HEDGE_SLOTS + 1))
PLACES = tuple(f"place:{space}" for space in SPACES)
MOLES = tuple(f"mole:{space}" for space in SPACES)
FLIPS = tuple(tuple(f"flip:g{seat}-{space}" for space in SPACES) for seat in (0, 1))
MOVES = tuple(tuple(f"move:{source}-{target}" for target in SPACES) for source in SPACES)
DRAWS = tuple(f"draw:{kind}" for kind in KINDS)


def harvestable_beds(garden: Garden) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """(pattern id, spaces, notation) of every bed of the garden that its tokens cover."""
    table = beds()
    masks = garden_masks(garden)[0]
    return tuple(
        (*table.rows[row], harvest_notation(*table.rows[row]))
        for row in core.harvestable(masks, table.bits, table.starts)
    )


HARVESTABLE: dict[int, tuple[tuple[str, tuple[str, ...], str], ...]] = {}


def harvest_notations(garden: Garden) -> tuple[str, ...]:
    """The notations of ``harvestable_beds`` (what a turn offers when no token is turned)."""
    return tuple(notation for _, _, notation in harvestable_beds(garden))


HARVESTS: dict[int, tuple[str, ...]] = {}


def _wheelbarrow_moves(garden: Garden, pinned: str | None) -> tuple[str, ...]:
    """The wheelbarrow's moves in the garden: any token but the pinned one to an empty space
    (a vegetable may go onto a printed tool space, a tool token or a mole may not)."""
    _, _, free = garden_masks(garden)
    moves: list[str] = []
    for i, token in enumerate(garden):
        if token is None or SPACES[i] == pinned:
            continue
        targets = free if token[0] in VEGETABLE_INDEX else free & ~TOOL_MASK
        row = MOVES[i]
        moves += [row[j] for j in range(len(SPACES)) if targets >> j & 1]
    return tuple(moves)


def _vegetable_spaces(garden: Garden) -> tuple[int, ...]:
    """The indexes of the garden's spaces holding a vegetable."""
    return tuple(
        i for i, token in enumerate(garden) if token is not None and token[0] in VEGETABLE_INDEX
    )


# what a garden allows, remembered by its code (and the wheelbarrow's pinned space)
VEGETABLE_SPACES: dict[int, tuple[int, ...]] = {}
WHEELBARROW_MOVES: dict[tuple[int, str | None], tuple[str, ...]] = {}


@lru_cache(maxsize=1 << 12)
def hedge_takes(
    hedge: tuple[str | None, ...], vegetable_room: bool, tool_room: bool
) -> tuple[str, ...]:
    """The takes of the hedge when there is room for a vegetable (the mover's garden has an
    empty space) and for a tool (either garden has an empty space off the tool spaces)."""
    room = (vegetable_room, tool_room)
    return tuple(
        TAKES[slot]
        for slot, kind in enumerate(hedge)
        if kind is not None and room[kind not in VEGETABLE_INDEX]
    )


@lru_cache(maxsize=1 << 12)
def _closed(
    hedge: tuple[str | None, ...], trampoline: str | None
) -> tuple[tuple[str | None, ...], str | None]:
    """The hedge with its gaps closed (tokens slide towards slot 1) and the trampoline's token
    in its first free slot, if any; and what is left on the trampoline."""
    tokens = [kind for kind in hedge if kind is not None]
    if len(tokens) < HEDGE_SLOTS and trampoline is not None:
        tokens.append(trampoline)
        trampoline = None
    return tuple(tokens + [None] * (HEDGE_SLOTS - len(tokens))), trampoline


def _with(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    """``pair`` (one thing per seat) with ``seat``'s replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


@lru_cache(maxsize=1 << 12)
def _drawn(bag: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """The bag once ``kind`` is drawn from it."""
    left = list(bag)
    left[KIND_INDEX[kind]] -= 1
    return tuple(left)


@lru_cache(maxsize=1 << 10)
def _odds(bag: tuple[int, ...]) -> tuple[tuple[str, float], ...]:
    total = sum(bag)
    return tuple((DRAWS[k], n / total) for k, n in enumerate(bag) if n)


class PotagerState(State):
    game: PotagerGame

    def __init__(self, game: PotagerGame):
        super().__init__(game)
        bag = [TOKENS_PER_VEGETABLE] * len(VEGETABLES)
        bag += [TOOL_TOKENS_EACH if game.bonus_tools else 0] * len(TOKEN_TOOLS)
        self.bag: tuple[int, ...] = tuple(bag)
        self.hedge: tuple[str | None, ...] = (None,) * HEDGE_SLOTS
        self.trampoline: str | None = None
        self.gardens: tuple[Garden, Garden] = ((None,) * len(SPACES), (None,) * len(SPACES))
        self.points: tuple[int, int] = (0, 0)
        self.to_move = 0
        # "draw" (chance), "turn", "place", "tool", "shovel", "gnome" or "over"
        self.phase = "draw"
        self.hand: tuple[str, int] | None = None  # (kind, hedge slot it came from)
        self.tool: str | None = None  # the tool whose step this is
        self.pinned: str | None = None  # the space the wheelbarrow may not move from
        self.shovel_slot: int | None = None  # after a swap: slots k and k+1 may be taken
        # spaces of the mover's tokens turned over by a harvest this turn: they wait for a
        # later turn (the rule text: "lors d'un prochain tour")
        self.turned: frozenset[str] = NOTHING_TURNED
        self.own_garden_only = False  # the tool came through the toolbox: "sur votre jardin"
        self.after: tuple = ("start",)  # what follows once the draws are done
        self.end_triggered = False
        self.loser: int | None = None
        # the choices worked out while the step that led here was played (not part of the
        # position: a copy forgets them)
        self._choices: list[str] | None = None
        # each garden's empty spaces as a bitmask, kept up to date by _set (None: not yet read)
        self._free: tuple[int, int] | None = None
        # and each garden's code, kept up to date by _set (None: not yet read)
        self._codes: tuple[int, int] | None = None
        self.current_player = self._seat_to_move()

    # -- the contract -------------------------------------------------------------------------

    # The seat to move, CHANCE or TERMINAL: a plain attribute, not a property, because
    # searches read it at every step; set whenever a state is made (``__init__``,
    # ``copy_with``, ``successor``) from the phase, which never changes afterwards.
    current_player: int = CHANCE  # type: ignore[assignment]

    def _seat_to_move(self) -> int:
        return SEAT_OF_PHASE.get(self.phase, self.to_move)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.phase != "draw":
            return []
        return list(_odds(self.bag))

    def copy_with(self, **changes: Any) -> PotagerState:
        if "gardens" in changes:
            changes["_free"] = changes["_codes"] = None
        new = super().copy_with(_choices=None, **changes)
        new.current_player = new._seat_to_move()
        return new

    def free(self, seat: int) -> int:
        """The empty spaces of ``seat``'s garden as a bitmask over SPACES."""
        return self.frees()[seat]

    def frees(self) -> tuple[int, int]:
        """The empty spaces of both gardens as bitmasks over SPACES."""
        if self._free is None:
            self._free = (garden_masks(self.gardens[0])[2], garden_masks(self.gardens[1])[2])
        return self._free

    def garden_code(self, seat: int) -> int:
        """``seat``'s garden as one number (equal gardens, equal numbers; see TOKEN_CODES)."""
        return self.garden_codes()[seat]

    def garden_codes(self) -> tuple[int, int]:
        """Both gardens' codes (see ``garden_code``)."""
        if self._codes is None:
            self._codes = (garden_code(self.gardens[0]), garden_code(self.gardens[1]))
        return self._codes

    def _legal_actions(self) -> list[str]:
        if self._choices is not None:
            return self._choices
        if self.phase == "turn":
            return [*self._hedge_takes(), *self._harvest_notations()]
        if self.phase == "place":
            return self._places()
        if self.phase == "shovel":
            return self._shovel_takes()
        if self.phase == "tool":
            return self._tool_uses(self.current_tool) + ["skip"]
        if self.phase == "gnome":
            return self._gnome_options() + ["skip"]
        return []

    def scores(self) -> list[float]:
        return list(self.points)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        if self.loser is not None:
            return [1 - self.loser]
        return super().winners()

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
        return (
            self.bag,
            self.hedge,
            self.trampoline,
            self.gardens,
            self.points,
            self.to_move,
            self.phase,
            self.hand,
            self.tool,
            self.pinned,
            self.shovel_slot,
            self.turned,
            self.own_garden_only,
            self.after,
            self.end_triggered,
            self.loser,
        )

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

    def _takes(self) -> list[str]:
        return list(self._hedge_takes())

    def _hedge_takes(self) -> tuple[str, ...]:
        free = self._free if self._free is not None else self.frees()
        mine = free[self.to_move]
        return hedge_takes(self.hedge, mine != 0, (mine | free[1 - self.to_move]) & ~TOOL_MASK != 0)

    def _shovel_takes(self) -> list[str]:
        k = self.shovel_slot
        assert k is not None, "a shovel swap sets the slot"
        return [a for a in self._takes() if a in (f"take:{k}", f"take:{k + 1}")]

    def _places(self) -> list[str]:
        kind, _ = self.in_hand
        mine = self.free(self.me)
        if kind in VEGETABLE_INDEX:
            return [PLACES[i] for i in _indexes_of(mine)]
        theirs = self.free(self.opponent) & ~TOOL_MASK
        return [PLACES[i] for i in _indexes_of(mine & ~TOOL_MASK)] + [
            MOLES[i] for i in _indexes_of(theirs)
        ]

    def harvest_beds(self, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """(pattern id, spaces) of every bed of ``seat`` that can be harvested now."""
        return [(p, cells) for p, cells, _ in self._harvestable(seat)]

    def _harvestable(self, seat: int) -> tuple[tuple[str, tuple[str, ...], str], ...]:
        return by_code(HARVESTABLE, self.garden_code(seat), harvestable_beds, self.gardens[seat])

    def _harvests(self) -> list[str]:
        return list(self._harvest_notations())

    def _harvest_notations(self) -> tuple[str, ...] | list[str]:
        if self.turned:
            beds = self._harvestable(self.me)
            return [notation for _, cells, notation in beds if self.turned.isdisjoint(cells)]
        codes = self._codes if self._codes is not None else self.garden_codes()
        me = self.to_move
        found = HARVESTS.get(codes[me])
        if found is None:
            found = by_code(HARVESTS, codes[me], harvest_notations, self.gardens[me])
        return found

    def _tool_uses(self, tool: str, own_garden_only: bool | None = None) -> list[str]:
        """The uses of ``tool`` now; through the toolbox the can and the hose reach only the
        mover's own garden."""
        me, opp = self.me, self.opponent
        if own_garden_only is None:
            own_garden_only = self.own_garden_only
        gardens = (me,) if own_garden_only else (me, opp)
        if tool == "gloves":
            return self._takes()
        if tool == "basket":
            return self._harvests()
        if tool == "wheelbarrow":
            key = (self.garden_codes()[me], self.pinned)
            moves = WHEELBARROW_MOVES.get(key)
            if moves is None:
                if len(WHEELBARROW_MOVES) >= CACHED_GARDENS:
                    WHEELBARROW_MOVES.clear()
                moves = WHEELBARROW_MOVES[key] = _wheelbarrow_moves(self.gardens[me], self.pinned)
            return list(moves)
        if tool == "can":
            return [FLIPS[seat][i] for seat in gardens for i in self._vegetable_spaces(seat)]
        if tool == "shovel":
            return [
                f"swap:{k}"
                for k in range(1, HEDGE_SLOTS)
                if self.hedge[k - 1] is not None and self.hedge[k] is not None
            ]
        if tool == "poison":
            return [f"poison:{v}" for v in VEGETABLES if v in self.hedge]
        if tool == "hose":
            found = {SPACES[i][0] for seat in gardens for i in self._vegetable_spaces(seat)}
            return [f"hose:{column}" for column in COLUMNS if column in found]
        if tool == "toolbox":
            return [
                f"tool:{name}"
                for name, _ in self.visible_tools(opp)
                if name != "toolbox" and self._tool_uses(name, own_garden_only=True)
            ]
        raise ValueError(f"unknown tool {tool!r}")

    def _vegetable_spaces(self, seat: int) -> tuple[int, ...]:
        return by_code(
            VEGETABLE_SPACES, self.garden_codes()[seat], _vegetable_spaces, self.gardens[seat]
        )

    def _gnome_options(self) -> list[str]:
        me, opp = self.me, self.opponent
        options = [f"tool:{name}" for name, _ in self.visible_tools(me) if self._tool_uses(name)]
        moles = [s for s, t in zip(SPACES, self.gardens[me], strict=True) if t == (MOLE, False)]
        targets = self.empty_spaces(opp, False)
        return options + [f"send:{source}-{target}" for source in moles for target in targets]

    # -- changing it (only on a fresh copy, see _next) ----------------------------------------

    def successor(self, action: str) -> PotagerState:
        """The state after ``action``, unchecked (``State.successor`` written out here, with
        the seat to move: the hot path of every search)."""
        new = self._next(action)
        new._trail = (self._trail, self.current_player, action)
        new._length = self._length + 1
        return new

    def _next(self, action: str) -> PotagerState:
        # a shallow copy (``copy_with`` without its keywords, whose handling costs as much as
        # the copy); the gardens stay, so their caches hold
        new = _new_state(PotagerState)
        fields = self.__dict__.copy()
        fields["_choices"] = fields["_legal"] = None
        new.__dict__ = fields
        step, argument = _STEP_OF.get(action) or _step_of(action)
        step(new, argument)
        new.current_player = SEAT_OF_PHASE.get(new.phase, new.to_move)
        return new

    def _set(self, seat: int, space: str, token: Token | None) -> None:
        i = INDEX[space]
        garden = self.gardens[seat]
        self.gardens = _with(self.gardens, seat, garden[:i] + (token,) + garden[i + 1 :])
        if self._free is not None:
            free = self._free[seat]
            free = free | 1 << i if token is None else free & ~(1 << i)
            self._free = _with(self._free, seat, free)
        if self._codes is not None:
            shift = SPACE_BITS * i
            code = self._codes[seat] & ~(SPACE_MASK << shift) | TOKEN_CODES[token] << shift
            self._codes = _with(self._codes, seat, code)

    def _score(self, points: int) -> None:
        scores = list(self.points)
        old = scores[self.me]
        scores[self.me] += points
        self.points = (scores[0], scores[1])
        if scores[self.me] >= WINNING_POINTS:
            self.end_triggered = True
        self.after = ("gnome", old, scores[self.me])

    def _do_draw(self, kind: str) -> None:
        self.bag = _drawn(self.bag, kind)
        self.trampoline = kind
        self._settle()

    def _settle(self) -> None:
        """Close the hedge's gaps (tokens slide towards slot 1, the trampoline token enters
        the first free slot), ask chance to refill the trampoline, then go on."""
        if self.trampoline is not None and None not in self.hedge:
            self._proceed()  # nothing to close, nothing to draw
            return
        self.hedge, self.trampoline = _closed(self.hedge, self.trampoline)
        if self.trampoline is None:
            if self.bag_size():
                self.phase = "draw"
                return
            self.end_triggered = True  # the trampoline cannot be refilled
        self._proceed()

    def _proceed(self) -> None:
        after, self.after = self.after, ("end",)
        if after[0] == "start":
            self._start_turn()
        elif after[0] == "tool":
            self._enter_tool(after[1], after[2])
        elif after[0] == "gnome":
            self._gnome(after[1], after[2])
        else:
            self._end_turn()

    def _enter_tool(
        self, tool: str, pinned: str | None = None, own_garden_only: bool = False
    ) -> None:
        self.phase, self.tool, self.pinned, self.hand = "tool", tool, pinned, None
        self.own_garden_only = own_garden_only
        uses = self._tool_uses(tool)
        if not uses:
            self._end_turn()
            return
        self._choices = uses + ["skip"]

    def _gnome(self, old: int, new: int) -> None:
        self.phase, self.tool, self.pinned = "gnome", None, None
        options = self._gnome_options() if new != old and new in TRACK_TOOLS else []
        if not options:
            self._end_turn()
            return
        self._choices = options + ["skip"]

    def _end_turn(self) -> None:
        self.tool = self.pinned = self.shovel_slot = self.hand = None
        self.turned, self.own_garden_only = NOTHING_TURNED, False
        if self.end_triggered and self.to_move == 1:
            self.phase = "over"  # both players have had as many turns
            return
        self.to_move = 1 - self.to_move
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = "turn"
        choices = [*self._hedge_takes(), *self._harvest_notations()]
        if choices:
            self._choices = choices
            return
        # No passing: a player who can do nothing ends the game; with a full garden, loses.
        self.phase = "over"
        if self.is_full(self.me):
            self.loser = self.me

    def _do_take(self, argument: str) -> None:
        slot = int(argument)
        hedge = self.hedge
        taken = hedge[slot - 1]
        assert taken is not None, "only a filled slot can be taken"
        self.hand = (taken, slot)
        self.hedge = hedge[: slot - 1] + (None,) + hedge[slot:]
        self.phase, self.tool, self.shovel_slot = "place", None, None

    def _do_place(self, space: str) -> None:
        kind, slot = self.in_hand
        self.hand = None
        if kind in VEGETABLE_INDEX:
            self._set(self.me, space, (kind, COLUMN_OF[space] == slot))
            if space in TOOL_SPACES:
                tool = TOOL_SPACES[space]
                self.after = ("tool", tool, space if tool == "wheelbarrow" else None)
            else:
                self.after = ("end",)
        else:
            self._set(self.me, space, (kind, False))
            self.after = ("tool", kind, None)
        self._settle()

    def _do_mole(self, space: str) -> None:
        self.hand = None
        self._set(self.opponent, space, (MOLE, False))
        self.after = ("end",)
        self._settle()

    def _do_harvest(self, argument: str) -> None:
        _, _, cells = argument.partition(":")
        spaces = cells.split(",")
        for space in spaces:
            vegetable, double = self.placed(self.me, space)
            self._set(self.me, space, (vegetable, False) if double else None)
        self.turned |= {space for space in spaces if self.token(self.me, space) is not None}
        self._score(len(spaces))
        self._proceed()

    def _do_skip(self, _: str) -> None:
        self._end_turn()

    def _do_tool(self, tool: str) -> None:
        # in a tool step, ``tool:`` is the toolbox choosing one of the opponent's tools
        self._enter_tool(tool, own_garden_only=self.phase == "tool")

    def _do_move(self, argument: str) -> None:
        source, target = argument.split("-")
        token = self.token(self.me, source)
        self._set(self.me, source, None)
        self._set(self.me, target, token)
        if source in self.turned:  # the turned token keeps waiting where it goes
            self.turned = self.turned - {source} | {target}
        if target in TOOL_SPACES:
            tool = TOOL_SPACES[target]
            self._enter_tool(tool, target if tool == "wheelbarrow" else None)
        else:
            self._end_turn()

    def _do_flip(self, argument: str) -> None:
        garden, space = argument.split("-")
        seat = int(garden[1:])
        vegetable, double = self.placed(seat, space)
        self._set(seat, space, (vegetable, not double))
        self._end_turn()

    def _do_swap(self, argument: str) -> None:
        k = int(argument)
        hedge = list(self.hedge)
        hedge[k - 1], hedge[k] = hedge[k], hedge[k - 1]
        self.hedge = tuple(hedge)
        self.phase, self.tool, self.shovel_slot = "shovel", None, k
        takes = self._shovel_takes()
        if not takes:
            self._end_turn()
            return
        self._choices = takes

    def _do_poison(self, vegetable: str) -> None:
        count = self.hedge.count(vegetable)
        self.hedge = tuple(None if kind == vegetable else kind for kind in self.hedge)
        self._score(count)
        self._settle()

    def _do_hose(self, column: str) -> None:
        for seat in (self.me,) if self.own_garden_only else (0, 1):
            for space, token in zip(SPACES, self.gardens[seat], strict=True):
                if space[0] == column and token is not None and token[0] in VEGETABLES:
                    self._set(seat, space, (token[0], not token[1]))
        self._end_turn()

    def _do_send(self, argument: str) -> None:
        source, target = argument.split("-")
        self._set(self.me, source, None)
        self._set(self.opponent, target, (MOLE, False))
        self._end_turn()

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


# each action's kind (the text before its colon) and the step that plays it
STEPS: dict[str, Callable[[PotagerState, str], None]] = {
    name.removeprefix("_do_"): step
    for name, step in vars(PotagerState).items()
    if name.startswith("_do_")
}
# each action met so far read as (its step, its argument): a finite set of strings
_STEP_OF: dict[str, tuple[Callable[[PotagerState, str], None], str]] = {}


def _step_of(action: str) -> tuple[Callable[[PotagerState, str], None], str]:
    found = _STEP_OF.get(action)
    if found is None:
        kind, _, argument = action.partition(":")
        found = _STEP_OF[action] = (STEPS[kind], argument)
    return found


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
        pairs = [(source, target) for source in SPACES for target in SPACES]
        return (
            [f"draw:{kind}" for kind in KINDS]
            + [f"take:{slot}" for slot in range(1, HEDGE_SLOTS + 1)]
            + [f"place:{space}" for space in SPACES]
            + [f"mole:{space}" for space in SPACES]
            + [
                harvest_notation(pattern_id, cells)
                for pattern_id in pattern_by_id()
                for cells in placements(pattern_id)
            ]
            + [f"move:{source}-{target}" for source, target in pairs if source != target]
            + [f"flip:g{seat}-{space}" for seat in (0, 1) for space in SPACES]
            + [f"tool:{tool}" for tool in (*TOOL_SPACES.values(), *TOKEN_TOOLS)]
            + [f"send:{source}-{target}" for source, target in pairs]
            + [f"swap:{k}" for k in range(1, HEDGE_SLOTS)]
            + [f"poison:{vegetable}" for vegetable in VEGETABLES]
            + [f"hose:{column}" for column in COLUMNS]
            + ["skip"]
        )

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)


__all__ = ["PotagerGame", "PotagerState"]
