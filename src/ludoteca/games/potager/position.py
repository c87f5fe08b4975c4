"""A Potager position as the compiled core reads it: the array's layout in words (``encode``,
``decode``), the action ids and the rules' tables, bound once into an engine ``Core``.

Nothing here decides a rule: the core (``core.py``) does; this module only translates.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ludoteca.engine.compiled import Core

from . import core
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
    TRACK_TOOLS,
    VEGETABLES,
    WINNING_POINTS,
    beds,
    pattern_by_id,
    placements,
)
from .move import HEDGE_SLOTS, TOOLS, Move

Token = tuple[str, bool]  # (kind, double side up); tool tokens and moles are never double
Garden = tuple[Token | None, ...]

# the printed tool spaces as a bitmask over SPACES
TOOL_MASK = sum(1 << INDEX[space] for space in TOOL_SPACES)
VEGETABLE_INDEX = {vegetable: i for i, vegetable in enumerate(VEGETABLES)}
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
DRAWS = tuple(f"draw:{kind}" for kind in KINDS)
# the phases as the core numbers them (core.DRAW …), its ends too (core.FULL_GARDEN …)
PHASES = ("draw", "turn", "place", "tool", "shovel", "gnome", "over")
ENDS = ("full_garden", "points", "empty_bag", "stuck")
AFTERS = ("start", "tool", "gnome", "end")
NOTHING_TURNED: frozenset[str] = frozenset()

# A garden as one number (its code): 4 bits a space, SPACES[i] at bits 4i..4i+3: 0 empty, 1-5 a
# vegetable single side up, 6-10 double, 11-14 a tool token, 15 a mole. Equal gardens, equal
# codes: the caches of what a garden allows are keyed by it (a number hashes at once, the
# tuple of 21 tokens does not).
TOKEN_CODES: dict[Token | None, int] = {
    None: 0,
    **{(v, False): 1 + i for i, v in enumerate(VEGETABLES)},
    **{(v, True): 1 + len(VEGETABLES) + i for i, v in enumerate(VEGETABLES)},
    **{(t, False): 1 + 2 * len(VEGETABLES) + i for i, t in enumerate(TOKEN_TOOLS)},
    (MOLE, False): core.MOLE,
}
CODE_TOKENS: tuple[Token | None, ...] = tuple(sorted(TOKEN_CODES, key=TOKEN_CODES.__getitem__))  # type: ignore[arg-type]
SPACE_BITS = 4
LOW_BITS = SPACE_BITS * core.LOW_SPACES  # a garden code's first word
CACHED_GARDENS = 1 << 16  # gardens remembered per cache of what a garden allows


def garden_code(garden: Garden) -> int:
    """The garden's code (see TOKEN_CODES)."""
    return sum(TOKEN_CODES[token] << SPACE_BITS * i for i, token in enumerate(garden))


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
def indexes_of(mask: int) -> tuple[int, ...]:
    """The indexes (into SPACES) of the bits of a bitmask over SPACES, in order."""
    return tuple(i for i in range(len(SPACES)) if mask >> i & 1)


# -- the actions and the rules' tables -----------------------------------------------------------


@cache
def action_list() -> tuple[str, ...]:
    """Every draw, take, placement, harvest bed (each pattern on each set of spaces it can
    cover), tool action and skip, whether or not the variant ever uses it: the ids of the
    compiled core are indexes into it."""
    pairs = [(source, target) for source in SPACES for target in SPACES]
    moves = (
        *(Move("draw", name=kind) for kind in KINDS),
        *(Move("take", slot=slot) for slot in range(1, HEDGE_SLOTS + 1)),
        *(Move("place", spaces=(space,)) for space in SPACES),
        *(Move("mole", spaces=(space,)) for space in SPACES),
        *(
            Move("harvest", name=p, spaces=cells)
            for p in pattern_by_id()
            for cells in placements(p)
        ),
        *(Move("move", spaces=pair) for pair in pairs if pair[0] != pair[1]),
        *(Move("flip", garden=seat, spaces=(space,)) for seat in (0, 1) for space in SPACES),
        *(Move("tool", name=tool) for tool in TOOLS),
        *(Move("send", spaces=pair) for pair in pairs),
        *(Move("swap", slot=k) for k in range(1, HEDGE_SLOTS)),
        *(Move("poison", name=vegetable) for vegetable in VEGETABLES),
        *(Move("hose", name=column) for column in COLUMNS),
        Move("skip"),
    )
    return tuple(str(move) for move in moves)


KIND_CODES = {
    "draw": core.A_DRAW,
    "take": core.A_TAKE,
    "place": core.A_PLACE,
    "mole": core.A_MOLE,
    "harvest": core.A_HARVEST,
    "move": core.A_MOVE,
    "flip": core.A_FLIP,
    "tool": core.A_TOOL,
    "send": core.A_SEND,
    "swap": core.A_SWAP,
    "poison": core.A_POISON,
    "hose": core.A_HOSE,
    "skip": core.A_SKIP,
}


def core_code(move: Move) -> tuple[int, int, int]:
    """(kind, a, b) of a move for the core (``core.A_*`` and its two arguments)."""
    kind = KIND_CODES[move.kind]
    if kind in (core.A_TAKE, core.A_SWAP):
        return kind, move.slot - 1, 0
    if kind in (core.A_PLACE, core.A_MOLE):
        return kind, INDEX[move.space], 0
    if kind in (core.A_MOVE, core.A_SEND):
        return kind, INDEX[move.space], INDEX[move.target]
    if kind == core.A_FLIP:
        return kind, move.garden, INDEX[move.space]
    if kind == core.A_HARVEST:
        return kind, _bed_rows()[(move.name, move.spaces)], 0
    names = {core.A_DRAW: KINDS, core.A_TOOL: TOOLS, core.A_POISON: VEGETABLES}
    if kind in names:
        return kind, names[kind].index(move.name), 0
    if kind == core.A_HOSE:
        return kind, COLUMNS.index(move.name), 0
    return kind, 0, 0


@cache
def _bed_rows() -> dict[tuple[str, tuple[str, ...]], int]:
    """Each bed's row in ``board.beds()``, by (pattern, spaces)."""
    return {row: i for i, row in enumerate(beds().rows)}


@cache
def rules_table() -> np.ndarray:
    """The tables of the compiled rules as one array (see ``core.R_*``)."""
    actions = action_list()
    codes = [core_code(Move.parse(action)) for action in actions]
    ids = np.full((13, len(SPACES), len(SPACES)), -1, np.int64)
    for i, (kind, a, b) in enumerate(codes):
        if kind != core.A_HARVEST:
            ids[kind, a, b] = i
    table = beds()
    ids_of = {action: i for i, action in enumerate(actions)}
    harvests = [str(Move("harvest", name=p, spaces=cells)) for p, cells in table.rows]
    # in the order of core.R_IDS … core.R_DRAWS
    tables: list[np.ndarray] = [
        np.asarray(part, np.int64)
        for part in (
            ids.ravel(),
            [ids_of[harvest] for harvest in harvests],
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
def bound() -> Core:
    """The compiled core bound to its tables and action ids (the same for both variants)."""
    return Core(core.step, core.legal, rules_table(), action_list(), core.LISTED)


# -- a position's fields ---------------------------------------------------------------------------

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
    "ended",
)


def encode(fields: dict[str, Any]) -> np.ndarray:
    """A position's array for the core from its fields (those of ``decode``)."""
    cells = np.full(core.SIZE, -1, np.int64)
    for seat, garden in enumerate(fields["gardens"]):
        start = core.G + seat * len(SPACES)
        cells[start : start + len(SPACES)] = [TOKEN_CODES[token] for token in garden]
        code = garden_code(garden)
        cells[core.CODES + 2 * seat] = code & ((1 << LOW_BITS) - 1)
        cells[core.CODES + 2 * seat + 1] = code >> LOW_BITS
    cells[core.HEDGE : core.HEDGE + HEDGE_SLOTS] = [_kind(kind) for kind in fields["hedge"]]
    cells[core.TRAMP] = _kind(fields["trampoline"])
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
    cells[core.AFTER] = AFTERS.index(after[0])
    if after[0] == "tool":
        cells[core.AFTER_A] = TOOLS.index(after[1])
        cells[core.AFTER_B] = -1 if after[2] is None else INDEX[after[2]]
    elif after[0] == "gnome":
        cells[core.AFTER_A], cells[core.AFTER_B] = after[1], after[2]
    cells[core.END] = bool(fields["end_triggered"])
    cells[core.LOSER] = -1 if fields["loser"] is None else fields["loser"]
    cells[core.ENDED] = -1 if fields["ended"] is None else ENDS.index(fields["ended"])
    return cells


def _kind(kind: str | None) -> int:
    return -1 if kind is None else KIND_INDEX[kind]


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
        "turned": frozenset(SPACES[i] for i in indexes_of(turned)) if turned else NOTHING_TURNED,
        "own_garden_only": bool(c[core.OWN]),
        "after": after,
        "end_triggered": bool(c[core.END]),
        "loser": None if c[core.LOSER] < 0 else c[core.LOSER],
        "ended": None if c[core.ENDED] < 0 else ENDS[c[core.ENDED]],
    }


@cache
def start(bonus_tools: bool) -> np.ndarray:
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
            "ended": None,
        }
    )
