"""The tile set and market layouts, read from ``data/`` (our composition, replaceable).

Sides of a tile are N, E, S, W; a road mask has one bit per side. Park positions are (x, y)
with the entrance at (0, 0), x growing east and y growing north.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

LANDSCAPES = ("grassland", "forest", "dryland", "water")
SIDES = "NESW"
STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
SIDE_STEPS = tuple((1 << i, STEPS[side]) for i, side in enumerate(SIDES))
KINDS = ("animal", "insect", "flower", "watchtower", "tourist", "road", "entrance")
VIEWS = ("line", "diagonal", "adjacent", "around")

Pos = tuple[int, int]


@dataclass(frozen=True)
class TileKind:
    """One kind of park tile; ``count`` copies of it are in the stock."""

    id: str
    kind: str
    landscape: str | None
    count: int = 0
    vp: int = 0
    demand: tuple[tuple[str, int], ...] = ()
    flowers: int = 0
    view: str = ""
    animal_vp: int = 0
    flower_vp: int = 0
    tourists: str = ""
    roads: int = 0
    orientations: tuple[int, ...] = field(default=(0,), compare=False)

    @property
    def is_road(self) -> bool:
        return self.roads != 0

    @property
    def is_creature(self) -> bool:
        """Animals and the flower-loving insects: what watchtowers count as animals."""
        return self.kind in ("animal", "insect")


def mask_of(sides: str) -> int:
    """``mask_of("NE") == 3``; ValueError for letters that are no side or repeat."""
    if not sides or any(s not in SIDES for s in sides) or len(set(sides)) != len(sides):
        raise ValueError(f"{sides!r} is no set of sides N, E, S, W")
    return sum(1 << SIDES.index(s) for s in sides)


def sides_of(mask: int) -> str:
    """``sides_of(3) == "NE"``: the road sides in the order N, E, S, W."""
    return "".join(side for i, side in enumerate(SIDES) if mask >> i & 1)


def turn_clockwise(mask: int) -> int:
    return ((mask << 1) | (mask >> 3)) & 0b1111


def all_orientations(mask: int) -> tuple[int, ...]:
    """The distinct masks of a road tile turned 0, 90, 180 and 270 degrees, in N-first order."""
    found, current = set(), mask
    for _ in range(4):
        found.add(current)
        current = turn_clockwise(current)
    return tuple(sorted(found, key=lambda m: [not m >> i & 1 for i in range(4)]))


def _kind(entry: dict[str, Any]) -> TileKind:
    kind = entry["kind"]
    if kind not in KINDS:
        raise ValueError(f"tile {entry.get('id')!r}: unknown kind {kind!r}")
    land = entry.get("landscape")
    if land is not None and land not in LANDSCAPES:
        raise ValueError(f"tile {entry['id']!r}: unknown landscape {land!r}")
    roads = mask_of(entry["roads"]) if entry.get("roads") else 0
    demand = tuple(sorted(entry.get("demand", {}).items(), key=lambda i: LANDSCAPES.index(i[0])))
    if entry.get("view", "") and entry["view"] not in VIEWS:
        raise ValueError(f"tile {entry['id']!r}: unknown view {entry['view']!r}")
    return TileKind(
        id=entry["id"],
        kind=kind,
        landscape=land,
        count=entry.get("count", 0),
        vp=entry.get("vp", 0),
        demand=demand,
        flowers=entry.get("flowers", 0),
        view=entry.get("view", ""),
        animal_vp=entry.get("animal_vp", 0),
        flower_vp=entry.get("flower_vp", 0),
        tourists=entry.get("tourists", ""),
        roads=roads,
        orientations=all_orientations(roads) if roads else (0,),
    )


class TileSet:
    """Every tile kind of the stock, and the entrance tile."""

    def __init__(self, kinds: tuple[TileKind, ...], entrance: TileKind):
        self.kinds = kinds
        self.entrance = entrance
        self.indices = {kind.id: i for i, kind in enumerate(kinds)}
        self.total = sum(kind.count for kind in kinds)

    def by_id(self, tile_id: str) -> TileKind:
        if tile_id == self.entrance.id:
            return self.entrance
        return self.kinds[self.indices[tile_id]]


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


@cache
def tile_set() -> TileSet:
    data = _read("tiles.json")
    kinds = tuple(_kind(entry) for entry in data["tiles"])
    ids = [kind.id for kind in kinds]
    if len(set(ids)) != len(ids):
        raise ValueError("tiles.json: two tile kinds share an id")
    return TileSet(kinds, _kind(data["entrance"]))


@dataclass(frozen=True)
class MarketLayout:
    """The market grid for one player count: its spaces, figure starts and turns per year."""

    width: int
    height: int
    spaces: tuple[Pos, ...]
    figures: tuple[tuple[Pos, str], ...]
    turns: tuple[int, int, int]

    @property
    def tile_spaces(self) -> tuple[Pos, ...]:
        taken = {pos for pos, _ in self.figures}
        return tuple(pos for pos in self.spaces if pos not in taken)


def market_square(pos: Pos) -> str:
    """Market squares are named like chess squares: ``(1, 0)`` is ``b1``."""
    return f"{chr(ord('a') + pos[0])}{pos[1] + 1}"


def parse_market_square(name: str) -> Pos | None:
    if len(name) < 2 or not name[0].isalpha() or not name[0].islower() or not name[1:].isdigit():
        return None
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def _square(name: str) -> Pos:
    """A market square named in the data file; a name that is no square is a data error."""
    pos = parse_market_square(name)
    if pos is None:
        raise ValueError(f"markets.json: {name!r} is not a market square")
    return pos


@cache
def market_layout(players: int) -> MarketLayout:
    entry = _read("markets.json")[str(players)]
    gaps = {parse_market_square(name) for name in entry.get("gaps", [])}
    spaces = tuple(
        (col, row)
        for row in range(entry["height"] - 1, -1, -1)
        for col in range(entry["width"])
        if (col, row) not in gaps
    )
    figures = tuple((_square(name), facing) for name, facing in entry["figures"])
    if len(figures) != players or any(pos not in spaces for pos, _ in figures):
        raise ValueError(f"markets.json: the {players}-player figures do not fit the grid")
    return MarketLayout(entry["width"], entry["height"], spaces, figures, tuple(entry["turns"]))
