"""A player's park: placement rules (entrance column, road sides) and the final park score."""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tests.differential.oracles.habitats.tiles import (
    LANDSCAPES,
    SIDE_STEPS,
    Pos,
    TileKind,
    sides_of,
)

Placed = tuple[TileKind, int]  # the tile kind and its road mask as placed

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))


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


class Park:
    """The tiles of one park plus the empty cells where a tile may go (``open``) and the cells
    a road side faces (``blocked``, never placeable). Treat it as a value: ``place`` returns a
    new park."""

    __slots__ = (
        "tiles", "open", "blocked", "_score", "_areas", "json", "memo", "_ident", "__weakref__"
    )

    def __init__(
        self,
        tiles: dict[Pos, Placed],
        open_: frozenset[Pos],
        blocked: frozenset[Pos],
        ident: frozenset | None = None,
    ):
        self.tiles = tiles
        self.open = open_
        self.blocked = blocked
        self._score: ParkScore | None = None
        self._areas: Areas | None = None
        self.json: dict[str, Any] | None = None  # the observation's view of it, once built
        self.memo: dict[Any, Any] = {}  # other values derived from the tiles (goals, views)
        if ident is None:
            ident = frozenset((pos, id(kind), mask) for pos, (kind, mask) in tiles.items())
        self._ident = ident

    @classmethod
    def start(cls, entrance: TileKind) -> Park:
        return cls.build({(0, 0): (entrance, entrance.roads)})

    @classmethod
    def build(cls, tiles: Mapping[Pos, Placed]) -> Park:
        """A park holding ``tiles`` (tests and data; play grows parks with ``place``)."""
        placed: dict[Pos, Placed] = {}
        open_: set[Pos] = set()
        blocked: set[Pos] = set()
        for pos, (kind, mask) in tiles.items():
            placed[pos] = (kind, mask)
            _extend(placed, open_, blocked, pos, mask)
        return cls(placed, frozenset(open_), frozenset(blocked))

    def place(self, pos: Pos, kind: TileKind, mask: int = 0) -> Park:
        ident = self._ident | {(pos, id(kind), mask)}
        # Equal parks (a replay, a state read back from JSON) share one object and so its
        # scores and views; the road-blocked cells are part of the identity to be exact.
        known = _PLAYED.get((ident, self.blocked, pos, mask))
        if known is not None:
            return known
        tiles = dict(self.tiles)
        tiles[pos] = (kind, mask)
        open_, blocked = set(self.open), set(self.blocked)
        _extend(tiles, open_, blocked, pos, mask)
        park = Park(tiles, frozenset(open_), frozenset(blocked), ident)
        _PLAYED[(ident, self.blocked, pos, mask)] = park
        return park

    def fits(self, pos: Pos, mask: int) -> bool:
        """A tile with road ``mask`` may go on the open cell ``pos``."""
        x, y = pos
        return all(
            not (mask & bit and (x + dx, y + dy) in self.tiles) for bit, (dx, dy) in SIDE_STEPS
        )

    def placements(self, kind: TileKind) -> list[tuple[Pos, int]]:
        """Every legal (cell, road mask) for ``kind``, cells ordered west to east, south to north."""
        return [
            (pos, mask)
            for pos in sorted(self.open)
            for mask in kind.orientations
            if not mask or self.fits(pos, mask)
        ]

    def refusal(self, pos: Pos, mask: int) -> tuple[str, dict[str, Any]] | None:
        """Why a tile with road ``mask`` may not go on ``pos`` (message key and params), or None."""
        params: dict[str, Any] = {"x": pos[0], "y": pos[1]}
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

    def areas(self) -> Areas:
        if self._areas is None:
            self._areas = find_areas(self.tiles)
        return self._areas

    def score(self) -> ParkScore:
        if self._score is None:
            self._score = score_park(self)
        return self._score


# Parks made by ``place``, by (tiles, blocked cells before, new cell, its roads); weak values, so
# a park is forgotten with the last state that holds it.
_PLAYED: weakref.WeakValueDictionary[tuple, Park] = weakref.WeakValueDictionary()


def _extend(tiles: Mapping[Pos, Placed], open_: set, blocked: set, pos: Pos, mask: int) -> None:
    open_.discard(pos)
    x, y = pos
    for bit, (dx, dy) in SIDE_STEPS:
        cell = (x + dx, y + dy)
        if cell in tiles:
            continue
        if mask & bit:
            blocked.add(cell)
            open_.discard(cell)
        elif cell not in blocked and not below_entrance(cell):
            open_.add(cell)


@dataclass
class Areas:
    """Connected groups of same-landscape tiles (grey tiles belong to none)."""

    of: dict[Pos, int]
    sizes: list[int]
    lands: list[str]

    def around(self, pos: Pos) -> set[int]:
        """The tile's own area and every area orthogonally adjacent to it: its habitat."""
        x, y = pos
        found = {self.of[pos]} if pos in self.of else set()
        for dx, dy in ORTHOGONAL:
            area = self.of.get((x + dx, y + dy))
            if area is not None:
                found.add(area)
        return found

    def count(self, ids: Iterable[int]) -> dict[str, int]:
        counts = dict.fromkeys(LANDSCAPES, 0)
        for area in ids:
            counts[self.lands[area]] += self.sizes[area]
        return counts


def find_areas(tiles: Mapping[Pos, Placed]) -> Areas:
    of: dict[Pos, int] = {}
    sizes: list[int] = []
    lands: list[str] = []
    for start, (kind, _) in tiles.items():
        if kind.landscape is None or start in of:
            continue
        area, land = len(sizes), kind.landscape
        of[start] = area
        queue, size = deque([start]), 0
        while queue:
            x, y = queue.popleft()
            size += 1
            for dx, dy in ORTHOGONAL:
                cell = (x + dx, y + dy)
                if cell not in of and cell in tiles and tiles[cell][0].landscape == land:
                    of[cell] = area
                    queue.append(cell)
        sizes.append(size)
        lands.append(land)
    return Areas(of, sizes, lands)


def flower_chains(tiles: Mapping[Pos, Placed]) -> tuple[dict[Pos, int], list[int]]:
    """Chains of orthogonally connected flower tiles: each flower's chain id, and chain sizes."""
    chain_of: dict[Pos, int] = {}
    sizes: list[int] = []
    for start, (kind, _) in tiles.items():
        if kind.kind != "flower" or start in chain_of:
            continue
        chain = len(sizes)
        chain_of[start] = chain
        queue, size = deque([start]), 0
        while queue:
            x, y = queue.popleft()
            size += 1
            for dx, dy in ORTHOGONAL:
                cell = (x + dx, y + dy)
                if cell not in chain_of and cell in tiles and tiles[cell][0].kind == "flower":
                    chain_of[cell] = chain
                    queue.append(cell)
        sizes.append(size)
    return chain_of, sizes


def insect_flowers(pos: Pos, chains: tuple[dict[Pos, int], list[int]]) -> int:
    """Flowers adjacent to ``pos`` or chained to one that is (each chain counted once)."""
    chain_of, sizes = chains
    x, y = pos
    touching = {chain_of[cell] for dx, dy in ORTHOGONAL if (cell := (x + dx, y + dy)) in chain_of}
    return sum(sizes[chain] for chain in touching)


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
    """The final park score, tile by tile, counted from the top row down, west to east."""
    tiles = park.tiles
    areas = park.areas()
    chains = flower_chains(tiles)
    fulfilled: dict[Pos, bool] = {}
    creature_notes: dict[Pos, tuple[dict[str, int], int]] = {}
    for pos, (kind, _) in tiles.items():
        if kind.kind == "animal":
            counts = areas.count(areas.around(pos))
            missing = {
                land: need - counts[land] for land, need in kind.demand if counts[land] < need
            }
            fulfilled[pos] = not missing
            creature_notes[pos] = (missing, 0)
        elif kind.kind == "insect":
            have = insect_flowers(pos, chains)
            fulfilled[pos] = have >= kind.flowers
            creature_notes[pos] = ({}, have)
    entries = []
    for pos in sorted(tiles, key=lambda p: (-p[1], p[0])):
        kind, mask = tiles[pos]
        entries.append(_tile_score(park, pos, kind, mask, areas, fulfilled, creature_notes))
    return ParkScore(sum(entry.vp for entry in entries), entries, fulfilled)


def _tile_score(park, pos, kind, mask, areas, fulfilled, notes) -> TileScore:
    tile = kind.id
    if kind.kind == "animal":
        missing = notes[pos][0]
        if fulfilled[pos]:
            return TileScore(pos, tile, kind.vp, "habitats.why.animal_ok", {})
        return TileScore(
            pos, tile, 0, "habitats.why.animal_missing", {"n": sum(missing.values())}, missing
        )
    if kind.kind == "insect":
        have = notes[pos][1]
        params = {"n": have, "need": kind.flowers}
        if fulfilled[pos]:
            return TileScore(pos, tile, kind.vp, "habitats.why.insect_ok", params)
        return TileScore(pos, tile, 0, "habitats.why.insect_missing", params)
    if kind.kind == "flower":
        return TileScore(pos, tile, kind.vp, "habitats.why.flower", {})
    if kind.kind == "watchtower":
        animals, flowers = tower_sight(park.tiles, pos, kind.view, fulfilled)
        vp = animals * kind.animal_vp + flowers * kind.flower_vp
        return TileScore(pos, tile, vp, "habitats.why.tower", {"animals": animals, "n": flowers})
    if kind.kind == "tourist":
        area = areas.of[pos]
        if kind.tourists == "big":
            n = areas.sizes[area] - 1
            return TileScore(pos, tile, n, "habitats.why.big", {"n": n})
        n = sum(1 for other, land in enumerate(areas.lands) if land == kind.landscape) - 1
        return TileScore(pos, tile, n, "habitats.why.many", {"n": n})
    if kind.kind == "road":
        x, y = pos
        open_sides = sum(
            1
            for bit, (dx, dy) in SIDE_STEPS
            if not mask & bit and (x + dx, y + dy) not in park.tiles
        )
        if open_sides == 0:
            return TileScore(pos, tile, kind.vp, "habitats.why.road_ok", {})
        return TileScore(pos, tile, 0, "habitats.why.road_open", {"n": open_sides})
    return TileScore(pos, tile, 0, "habitats.why.entrance")


def tower_sight(
    tiles: Mapping[Pos, Placed], pos: Pos, view: str, fulfilled: Mapping[Pos, bool]
) -> tuple[int, int]:
    """(animals with habitat, flowers) a watchtower of ``view`` sees from ``pos``.

    Line and diagonal views run to the park's edge across gaps and stop at another watchtower;
    the adjacent and around views look at the 4 or 8 neighbouring spaces only."""
    x, y = pos
    seen: list[Pos] = []
    if view in ("line", "diagonal"):
        xs = [p[0] for p in tiles]
        ys = [p[1] for p in tiles]
        low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
        for dx, dy in ORTHOGONAL if view == "line" else DIAGONAL:
            cx, cy = x + dx, y + dy
            while low_x <= cx <= high_x and low_y <= cy <= high_y:
                placed = tiles.get((cx, cy))
                if placed is not None:
                    if placed[0].kind == "watchtower":
                        break
                    seen.append((cx, cy))
                cx, cy = cx + dx, cy + dy
    else:
        steps = ORTHOGONAL if view == "adjacent" else ORTHOGONAL + DIAGONAL
        seen = [(x + dx, y + dy) for dx, dy in steps if (x + dx, y + dy) in tiles]
    animals = flowers = 0
    for cell in seen:
        kind = tiles[cell][0]
        if kind.kind == "flower":
            flowers += 1
        elif kind.is_creature and fulfilled.get(cell):
            animals += 1
    return animals, flowers
