"""The nine yearly goals: a comparable key per park (bigger is better) and the rank points."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping

from tests.differential.oracles.habitats.park import DIAGONAL, ORTHOGONAL, Park, Placed
from tests.differential.oracles.habitats.tiles import LANDSCAPES, Pos

GoalKey = tuple[int, ...]


def biggest_area(park: Park) -> GoalKey:
    """Area sizes, biggest first: a tie on the biggest looks at the second, and so on."""
    return tuple(sorted(park.areas().sizes, reverse=True))


def landscape_types(park: Park) -> GoalKey:
    """(landscape types present, full sets of them): 2 of each of 4 types is 2 sets."""
    counts = dict.fromkeys(LANDSCAPES, 0)
    for kind, _ in park.tiles.values():
        if kind.landscape is not None:
            counts[kind.landscape] += 1
    present = [n for n in counts.values() if n]
    return (len(present), min(present) if present else 0)


def rectangle(park: Park) -> GoalKey:
    """Tiles in the biggest rectangle completely filled with park tiles: the entrance is no
    park tile, so no rectangle holds it."""
    low_x, low_y, high_x, high_y = park.bounds()
    heights = dict.fromkeys(range(low_x, high_x + 1), 0)
    best = 0
    for y in range(low_y, high_y + 1):
        for x in heights:
            park_tile = (x, y) in park.tiles and park.tiles[(x, y)][0].kind != "entrance"
            heights[x] = heights[x] + 1 if park_tile else 0
        best = max(best, _largest_under(list(heights.values())))
    return (best,)


def _largest_under(heights: list[int]) -> int:
    stack: list[tuple[int, int]] = []
    best = 0
    for i, h in enumerate([*heights, 0]):
        start = i
        while stack and stack[-1][1] >= h:
            start, top = stack.pop()
            best = max(best, top * (i - start))
        stack.append((start, h))
    return best


def _distances(tiles: Mapping[Pos, Placed], sources: list[Pos]) -> int:
    """The most steps (tile to tile, orthogonally) any tile is from its nearest source."""
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        x, y = queue.popleft()
        for dx, dy in ORTHOGONAL:
            cell = (x + dx, y + dy)
            if cell in tiles and cell not in dist:
                dist[cell] = dist[(x, y)] + 1
                queue.append(cell)
    return max(dist.values()) if dist else 0


def near_entrance(park: Park) -> GoalKey:
    """Fewest steps from the entrance to the furthest tile (negated: fewer is better)."""
    return (-_distances(park.tiles, [(0, 0)]),)


def most_areas(park: Park) -> GoalKey:
    return (len(park.areas().sizes),)


def flowers(park: Park) -> GoalKey:
    """(different flowers, flowers in total)."""
    kinds = [kind.landscape for kind, _ in park.tiles.values() if kind.kind == "flower"]
    return (len(set(kinds)), len(kinds))


def near_road(park: Park) -> GoalKey:
    """Steps from the furthest tile to its nearest road tile (entrance included), negated."""
    roads = [pos for pos, (_, mask) in park.tiles.items() if mask]
    return (-_distances(park.tiles, roads),)


def _longest_run(tiles: Mapping[Pos, Placed], steps: tuple[Pos, ...]) -> int:
    best = 0
    for x, y in tiles:
        for dx, dy in steps:
            if (x - dx, y - dy) in tiles:
                continue  # not the start of a run
            length = 1
            while (x + dx * length, y + dy * length) in tiles:
                length += 1
            best = max(best, length)
    return best


def longest_row(park: Park) -> GoalKey:
    """The longest straight row or column of connected tiles."""
    return (_longest_run(park.tiles, ORTHOGONAL[:2]),)


def longest_diagonal(park: Park) -> GoalKey:
    return (_longest_run(park.tiles, DIAGONAL[:2]),)


GOALS: dict[str, Callable[[Park], GoalKey]] = {
    "area": biggest_area,
    "types": landscape_types,
    "rectangle": rectangle,
    "entrance": near_entrance,
    "areas": most_areas,
    "flowers": flowers,
    "roads": near_road,
    "row": longest_row,
    "diagonal": longest_diagonal,
}


def goal_key(goal: str, park: Park) -> GoalKey:
    """``GOALS[goal](park)``, computed once per park."""
    key = park.memo.get(goal)
    if key is None:
        key = park.memo[goal] = GOALS[goal](park)
    return key


def measure(goal: str, park: Park) -> int:
    """The goal's headline number for a park (shown to players)."""
    key = goal_key(goal, park)
    return abs(key[0]) if key else 0


def rank_points(keys: list[GoalKey], year: int) -> list[int]:
    """Year y, n players, rank r (0 = best): y·(n−1−r); tied players share the lowest tied rank."""
    n = len(keys)
    points = []
    for key in keys:
        rank = sum(1 for other in keys if other >= key) - 1
        points.append(year * (n - 1 - rank))
    return points
