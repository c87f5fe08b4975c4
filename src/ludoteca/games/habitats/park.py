"""A player's park: placement rules (entrance column, road sides) and the final park score,
counted by the compiled core (``core``); this module names what it counts."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

from .tiles import LANDSCAPES, Pos, TileKind, sides_of, spot_name, tile_set

Placed = tuple[TileKind, int]  # the tile kind and its road mask as placed


def below_entrance(pos: Pos) -> bool:
    """The entrance road runs south from (0, 0): nothing is placed in that column below it."""
    return pos[0] == 0 and pos[1] < 0


@cache
def reachable_cells(tiles: int) -> tuple[Pos, ...]:
    """Every cell a park of at most ``tiles`` placed tiles (besides the entrance) can fill.

    Each tile goes next to a tile already there, so the k-th one lies at most k steps (along
    rows and columns) from the entrance: the cells with |x| + |y| <= ``tiles``, less the
    entrance and the column below it. Every such cell can be reached (walk east or west first,
    then north or south). Ordered west to east, then south to north, like ``placements``."""
    return tuple(
        (x, y)
        for x in range(-tiles, tiles + 1)
        for y in range(abs(x) - tiles, tiles - abs(x) + 1)
        if (x, y) != (0, 0) and not below_entrance((x, y))
    )


_CORE: list[ModuleType] = []


def core() -> ModuleType:
    """The compiled core, imported with the first park (listing the games needs no numba)."""
    if not _CORE:
        from . import core as compiled

        _CORE.append(compiled)
    return _CORE[0]


@cache
def kind_table() -> np.ndarray:
    """The tile set as the core reads it: one row per kind (the entrance last), see
    ``compiled.COLUMNS``."""
    compiled = core()
    tiles = tile_set()
    table = np.zeros((len(tiles.kinds) + 1, compiled.COLUMNS), np.int64)
    for row, kind in zip(table, (*tiles.kinds, tiles.entrance), strict=True):
        row[compiled.TYPE] = compiled.TYPES.index(kind.kind)
        row[compiled.LAND] = LANDSCAPES.index(kind.landscape) if kind.landscape else -1
        row[compiled.VP] = kind.vp
        for land, need in kind.demand:
            row[compiled.DEMAND + LANDSCAPES.index(land)] = need
        row[compiled.FLOWERS] = kind.flowers
        row[compiled.VIEW] = compiled.VIEW_NAMES.index(kind.view) if kind.view else -1
        row[compiled.ANIMAL_VP] = kind.animal_vp
        row[compiled.FLOWER_VP] = kind.flower_vp
        row[compiled.MANY] = kind.tourists == "many"
        row[compiled.ROADS] = kind.roads
        row[compiled.TURNS] = len(kind.orientations)
        row[compiled.ORIENT : compiled.ORIENT + len(kind.orientations)] = kind.orientations
    table.flags.writeable = False
    return table


def kind_number(kind: TileKind) -> int:
    """The kind's row in ``kind_table`` (the entrance is the last)."""
    tiles = tile_set()
    return len(tiles.kinds) if kind.id == tiles.entrance.id else tiles.indices[kind.id]


class Park:
    """The tiles of one park, held for the compiled core as a grid (see ``core``): the empty
    cells where a tile may go (``open``) and those a road side faces (``blocked``, never
    placeable) follow from it. Treat it as a value: ``place`` returns a new park."""

    __slots__ = ("grid", "tiles", "_score", "json", "memo", "_ident", "__weakref__")

    def __init__(self, grid: np.ndarray, tiles: dict[Pos, Placed], ident: frozenset):
        grid.flags.writeable = False
        self.grid = grid
        self.tiles = tiles
        self._score: ParkScore | None = None
        self.json: dict[str, Any] | None = None  # the observation's view of it, once built
        self.memo: dict[Any, Any] = {}  # other values derived from the tiles (goals, views)
        self._ident = ident

    @classmethod
    def start(cls, entrance: TileKind) -> Park:
        return cls.build({(0, 0): (entrance, entrance.roads)})

    @classmethod
    def build(cls, tiles: Mapping[Pos, Placed]) -> Park:
        """A park holding ``tiles`` (tests and data; play grows parks with ``place``)."""
        compiled = core()
        grid = np.full((compiled.GRID, compiled.GRID), -1, np.int16)
        reach = compiled.ORIGIN - 2  # room for the open cells around the outermost tiles
        for (x, y), (kind, mask) in tiles.items():
            if abs(x) > reach or abs(y) > reach:
                raise ValueError(f"a park reaches {reach} cells from its entrance, not {x},{y}")
            compiled.put(grid, x, y, kind_number(kind), mask)
        ident = frozenset((pos, id(kind), mask) for pos, (kind, mask) in tiles.items())
        return cls(grid, dict(tiles), ident)

    def place(
        self, pos: Pos, kind: TileKind, mask: int = 0, grid: np.ndarray | None = None
    ) -> Park:
        """The park with ``kind`` placed on ``pos``. ``grid``: its grid where it is made
        already (the core's ``step`` put the tile into a state's stacked grids), kept."""
        ident = self._ident | {(pos, id(kind), mask)}
        # Equal parks (a replay, a state read back from JSON) share one object and so its
        # scores and views.
        known = _PLAYED.get(ident)
        if known is not None:
            return known
        if grid is None:
            grid = self.grid.copy()
            core().put(grid, pos[0], pos[1], kind_number(kind), mask)
        tiles = dict(self.tiles)
        tiles[pos] = (kind, mask)
        park = Park(grid, tiles, ident)
        _PLAYED[ident] = park
        return park

    @property
    def open(self) -> frozenset[Pos]:
        """The empty cells next to a tile, faced by no road, not below the entrance."""
        return self._cells("open", 0)

    @property
    def blocked(self) -> frozenset[Pos]:
        """The empty cells a road side faces."""
        return self._cells("blocked", 1)

    def _cells(self, name: str, wanted: int) -> frozenset[Pos]:
        found = self.memo.get(name)
        if found is None:
            rows = core().cells(self.grid, wanted).tolist()
            found = self.memo[name] = frozenset((x, y) for x, y in rows)
        return found  # type: ignore[no-any-return]

    def fits(self, pos: Pos, mask: int) -> bool:
        """A tile with road ``mask`` may go on the open cell ``pos``."""
        return bool(core().fits(self.grid, pos[0], pos[1], mask))

    def placements(self, kind: TileKind) -> list[tuple[Pos, int]]:
        """Every legal (cell, road mask) for ``kind``, cells ordered west to east, south to north."""
        key = ("placements", kind.id)
        found = self.memo.get(key)
        if found is None:
            rows = core().placements(self.grid, kind_table(), kind_number(kind)).tolist()
            found = self.memo[key] = [((x, y), mask) for x, y, mask in rows]
        return list(found)

    def refusal(self, pos: Pos, mask: int) -> tuple[str, dict[str, Any]] | None:
        """Why a tile with road ``mask`` may not go on ``pos`` (message key and params), or None."""
        params: dict[str, Any] = {"x": pos[0], "y": pos[1], "spot": spot_name(pos)}
        if pos in self.tiles:
            return "habitats.illegal.occupied", params
        if below_entrance(pos):
            return "habitats.illegal.entrance_column", params
        if pos in self.blocked:
            return "habitats.illegal.road_touch", params
        if pos not in self.open:
            return "habitats.illegal.not_adjacent", params
        if not self.fits(pos, mask):
            return "habitats.illegal.own_road", {**params, "roads": sides_of(mask)}
        return None

    def key(self) -> tuple:
        return tuple(sorted((pos, kind.id, mask) for pos, (kind, mask) in self.tiles.items()))

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)

    def total(self) -> int:
        """The park score (``score().total``, without the reasons)."""
        if self._score is not None:
            return self._score.total
        total = self.memo.get("total")
        if total is None:
            total = self.memo["total"] = int(core().park_score(self.grid, kind_table()))
        return total  # type: ignore[no-any-return]

    def score(self) -> ParkScore:
        if self._score is None:
            self._score = score_park(self)
        return self._score


# Parks made by ``place``, by their tiles; weak values, so a park is forgotten with the last
# state that holds it.
_PLAYED: weakref.WeakValueDictionary[frozenset, Park] = weakref.WeakValueDictionary()


@dataclass
class TileScore:
    """What one tile scores and why (a message key with its parameters)."""

    pos: Pos
    tile: str
    vp: int
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)


@dataclass
class ParkScore:
    total: int
    tiles: list[TileScore]
    fulfilled: dict[Pos, bool]


def score_park(park: Park) -> ParkScore:
    """The final park score, tile by tile, counted from the top row down, west to east (the
    compiled core counts; this names the reasons)."""
    rows = core().score(park.grid, kind_table()).tolist()
    entries = []
    fulfilled: dict[Pos, bool] = {}
    for x, y, vp, met, first, second, *missing in rows:
        kind, _ = park.tiles[(x, y)]
        if met >= 0:
            fulfilled[(x, y)] = bool(met)
        entries.append(_tile_score((x, y), kind, vp, met, first, second, missing))
    return ParkScore(sum(entry.vp for entry in entries), entries, fulfilled)


def _tile_score(
    pos: Pos, kind: TileKind, vp: int, met: int, first: int, second: int, missing: list[int]
) -> TileScore:
    """The tile's points with the reason and its parameters, as the views explain them."""
    tile = kind.id
    if kind.kind == "animal":
        if met:
            return TileScore(pos, tile, vp, "habitats.why.animal_ok", {})
        lacking = {land: n for land, n in zip(LANDSCAPES, missing, strict=True) if n > 0}
        return TileScore(pos, tile, vp, "habitats.why.animal_missing", {"n": sum(missing)}, lacking)
    if kind.kind == "insect":
        reason = "habitats.why.insect_ok" if met else "habitats.why.insect_missing"
        return TileScore(pos, tile, vp, reason, {"n": first, "need": second})
    if kind.kind == "flower":
        return TileScore(pos, tile, vp, "habitats.why.flower", {})
    if kind.kind == "watchtower":
        return TileScore(pos, tile, vp, "habitats.why.tower", {"animals": first, "n": second})
    if kind.kind == "tourist":
        reason = "habitats.why.big" if kind.tourists == "big" else "habitats.why.many"
        return TileScore(pos, tile, vp, reason, {"n": first})
    if kind.kind == "road":
        if first == 0:
            return TileScore(pos, tile, vp, "habitats.why.road_ok", {})
        return TileScore(pos, tile, vp, "habitats.why.road_open", {"n": first})
    return TileScore(pos, tile, vp, "habitats.why.entrance")
