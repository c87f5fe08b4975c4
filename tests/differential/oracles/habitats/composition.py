"""The tile set in numbers, written from ``data/tiles.json`` for the rules documentation.

``docs/rules/habitats.md`` holds this text between the two markers below; a test compares it
with the data, and ``scripts/habitats_tile_counts.py`` rewrites it, so the two cannot drift.
"""

from __future__ import annotations

from collections import Counter

from tests.differential.oracles.habitats.tiles import LANDSCAPES, TileKind, TileSet

BEGIN = "<!-- tile counts: generated from data/tiles.json by scripts/habitats_tile_counts.py -->"
END = "<!-- end of the generated tile counts -->"

VIEW_NAMES = {
    "line": "straight line",
    "diagonal": "diagonal",
    "adjacent": "4 neighbours",
    "around": "8 around",
}


def _total(kinds: list[TileKind]) -> int:
    return sum(kind.count for kind in kinds)


def _copies(kinds: list[TileKind]) -> str:
    counts = sorted({kind.count for kind in kinds})
    each = f"× {counts[0]}" if len(counts) == 1 else f"{counts[0]}–{counts[-1]} copies each"
    return f"{len(kinds)} kinds {each}"


def summary(tiles: TileSet) -> str:
    """The Markdown list of what the stock holds, markers included."""
    by_kind: dict[str, list[TileKind]] = {}
    for kind in tiles.kinds:
        by_kind.setdefault(kind.kind, []).append(kind)
    animals, insects = by_kind.get("animal", []), by_kind.get("insect", [])
    flowers, towers = by_kind.get("flower", []), by_kind.get("watchtower", [])
    tourists, roads = by_kind.get("tourist", []), by_kind.get("road", [])
    views: Counter[str] = Counter()
    for tower in towers:
        views[tower.view] += tower.count
    road_counts: Counter[int] = Counter()
    for road in roads:
        road_counts[road.roads.bit_count()] += road.count
    per_landscape: Counter[str] = Counter()
    for kind in tiles.kinds:
        per_landscape[kind.landscape or "grey"] += kind.count
    lines = [
        BEGIN,
        f"- {tiles.total} park tiles of {len(tiles.kinds)} kinds.",
        f"- Animals: {_total(animals)} tiles ({_copies(animals)}).",
        "- Insects: "
        + ", ".join(f"{k.id} {k.count}" for k in insects)
        + f" ({_total(insects)} tiles).",
        f"- Flowers: {_total(flowers)} tiles, one kind per landscape ({_copies(flowers)}).",
        f"- Watchtowers (grey): {_total(towers)} tiles: "
        + ", ".join(f"{VIEW_NAMES.get(v, v)} {n}" for v, n in views.items())
        + ".",
        f"- Tourists: {_total(tourists)} tiles, BIG and MANY per landscape ({_copies(tourists)}).",
        f"- Extra access roads: {_total(roads)} tiles: "
        + ", ".join(
            f"{n} with {r} road{'s' if r > 1 else ''}" for r, n in sorted(road_counts.items())
        )
        + ".",
        "- Tiles per landscape: "
        + ", ".join(f"{land} {per_landscape[land]}" for land in LANDSCAPES)
        + f"; grey {per_landscape['grey']} (the entrance tiles are not in the stock).",
        END,
    ]
    return "\n".join(lines)


def replace_summary(text: str, tiles: TileSet) -> str:
    """``text`` with its generated block (between the markers) rewritten from ``tiles``."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + summary(tiles) + text[end:]


def written_summary(text: str) -> str:
    """The generated block as it stands in ``text``."""
    return text[text.index(BEGIN) : text.index(END) + len(END)]
