"""The fixed pieces of Potager: garden spaces, tool spaces, tokens, the score track, patterns.

The harvest patterns are read from ``data/patterns.toml`` (our composition, see that file).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

COLUMNS = "abcde"
ROWS = 5
CORNERS = frozenset({"a1", "e1", "a5", "e5"})

# Spaces in reading order, row 1 first: b1 c1 d1 a2 … e4 b5 c5 d5 (21 spaces).
SPACES: tuple[str, ...] = tuple(
    f"{column}{row}"
    for row in range(1, ROWS + 1)
    for column in COLUMNS
    if f"{column}{row}" not in CORNERS
)
INDEX = {space: i for i, space in enumerate(SPACES)}

VEGETABLES = ("potato", "carrot", "broccoli", "tomato", "eggplant")
TOKENS_PER_VEGETABLE = 12

# Printed tool spaces (our choice of positions, docs/rules/potager.md), one of each tool per garden.
TOOL_SPACES = {"b2": "gloves", "d2": "basket", "b4": "wheelbarrow", "d4": "can"}
SPACE_TOOLS = ("gloves", "basket", "wheelbarrow", "can")

# Bonus-tools variant: 2 tokens of each, a mole on the back of each.
TOKEN_TOOLS = ("shovel", "poison", "hose", "toolbox")
TOOL_TOKENS_EACH = 2
MOLE = "mole"

KINDS = VEGETABLES + TOKEN_TOOLS  # everything that can be in the bag

TRACK_END = 60
TRACK_TOOLS = frozenset(range(5, 40, 5))  # 5, 10, …, 35
WINNING_POINTS = 40


def column_of(space: str) -> int:
    """1-based column number (a = 1), the number of the hedge slot in line with it."""
    return COLUMNS.index(space[0]) + 1


def is_space(text: str) -> bool:
    return text in INDEX


@dataclass(frozen=True)
class Pattern:
    id: str
    vegetable: str
    cells: frozenset[tuple[int, int]]  # (column, row) offsets, 0-based, normalised

    @property
    def size(self) -> int:
        return len(self.cells)

    def shapes(self) -> list[frozenset[tuple[int, int]]]:
        """Every rotation and reflection, normalised, without repeats, in a fixed order."""
        return _orientations(self.cells)

    def rows(self) -> list[str]:
        width = max(x for x, _ in self.cells) + 1
        height = max(y for _, y in self.cells) + 1
        return [
            "".join("#" if (x, y) in self.cells else "." for x in range(width))
            for y in range(height)
        ]


def _normalise(cells) -> frozenset[tuple[int, int]]:
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return frozenset((x - min_x, y - min_y) for x, y in cells)


def _orientations(cells: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    found: list[frozenset[tuple[int, int]]] = []
    current = list(cells)
    for _ in range(4):
        current = [(y, -x) for x, y in current]  # a quarter turn
        for shape in (current, [(-x, y) for x, y in current]):  # and its mirror image
            normal = _normalise(shape)
            if normal not in found:
                found.append(normal)
    return sorted(found, key=sorted)


@cache
def patterns() -> tuple[Pattern, ...]:
    """The 15 patterns of the data file, in file order."""
    text = resources.files(__package__).joinpath("data", "patterns.toml").read_text("utf-8")
    found = []
    for entry in tomllib.loads(text)["pattern"]:
        cells = {
            (x, y)
            for y, line in enumerate(entry["rows"])
            for x, mark in enumerate(line)
            if mark == "#"
        }
        found.append(Pattern(entry["id"], entry["vegetable"], _normalise(cells)))
    return tuple(found)


@cache
def pattern_by_id() -> dict[str, Pattern]:
    return {pattern.id: pattern for pattern in patterns()}


@cache
def placements(pattern_id: str) -> tuple[tuple[str, ...], ...]:
    """Every set of garden spaces (sorted in SPACES order) that the pattern covers exactly."""
    pattern = pattern_by_id()[pattern_id]
    found = []
    for shape in pattern.shapes():
        width = max(x for x, _ in shape) + 1
        height = max(y for _, y in shape) + 1
        for dx in range(len(COLUMNS) - width + 1):
            for dy in range(ROWS - height + 1):
                spaces = [f"{COLUMNS[x + dx]}{y + dy + 1}" for x, y in shape]
                if all(space in INDEX for space in spaces):
                    found.append(tuple(sorted(spaces, key=INDEX.__getitem__)))
    return tuple(sorted(set(found), key=lambda cells: [INDEX[s] for s in cells]))


@cache
def placement_masks(vegetable: str) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """(pattern id, bit mask over SPACES, spaces) of every placement of the vegetable's patterns."""
    return tuple(
        (pattern.id, sum(1 << INDEX[s] for s in cells), cells)
        for pattern in patterns()
        if pattern.vegetable == vegetable
        for cells in placements(pattern.id)
    )
