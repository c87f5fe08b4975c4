"""Habitats' compiled core: the rules. Placement, the park score, the yearly goals, and the
turns of a whole game on one array of named slots per position (``TURN``, ``HELD``,
``PHASE`` … below): whose turn it is, which market tile may be taken, the draws, and what
each action does (``step``).

A park is a ``GRID`` × ``GRID`` array of int16, indexed ``[x + ORIGIN, y + ORIGIN]``: -1 for an
empty cell, else ``kind * 16 + road mask`` (``kind``: the tile kind's index in the tile set,
the entrance last). A tile kind is a row of ``KINDS`` (see ``kind_table``). The states, the
bots' evaluation, the search rollouts and the batch playouts all call these functions: they
are the one implementation of the rules. Compiled with numba (``cache=True``: the machine
code is kept beside the sources after the first run).

Sides: bit 0 north (0, 1), bit 1 east (1, 0), bit 2 south (0, -1), bit 3 west (-1, 0).
"""

from __future__ import annotations

import numpy as np
from numba import njit

GRID = 49
ORIGIN = 24  # cells -24..24: the longest game fills |x| + |y| <= 21, and their neighbours
DX = np.array([0, 1, 0, -1], dtype=np.int64)
DY = np.array([1, 0, -1, 0], dtype=np.int64)
DIAG_X = np.array([1, 1, -1, -1], dtype=np.int64)
DIAG_Y = np.array([1, -1, -1, 1], dtype=np.int64)

# tile types (the column TYPE of the kind table)
ANIMAL, INSECT, FLOWER, TOWER, TOURIST, ROAD, ENTRANCE = range(7)
TYPES = ("animal", "insect", "flower", "watchtower", "tourist", "road", "entrance")
VIEW_NAMES = ("line", "diagonal", "adjacent", "around")
# the columns of the kind table
TYPE, LAND, VP, DEMAND, FLOWERS, VIEW, ANIMAL_VP, FLOWER_VP, MANY, ROADS, TURNS, ORIENT = (
    0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14,
)  # fmt: skip
COLUMNS = 18
# the columns of a scored tile (``score``): where, its points, then what they depend on
X, Y, POINTS, MET, FIRST, SECOND, MISSING = 0, 1, 2, 3, 4, 5, 6
SCORE_COLUMNS = 10
# the goals, in the order of ``goals.GOALS``
AREA, TYPES_GOAL, RECTANGLE, NEAR_ENTRANCE, AREAS, FLOWER_GOAL, NEAR_ROAD, ROW, DIAGONAL = range(9)
# the phases of a turn
TAKE, PLACE, END = 0, 1, 2
YEARS = 3
MAX_SEATS = 5
MAX_SPACES = 64  # market spaces (width × height) at most
MOST_TURNS = 4  # the orientations of a tile kind at most
LISTED = GRID * GRID * MOST_TURNS  # more than any position's legal actions or chance outcomes
# what an action does, with its arguments (a, b, c): a goal drawn (goal number), a tile drawn
# for the next space to refill (kind), a take (x, y of the space), a placement (x, y, road
# mask) and a discard
A_GOAL, A_DRAW, A_TAKE, A_PLACE, A_DISCARD = range(5)
# the seat to move besides seats, as the engine numbers them (ludoteca.engine.core)
CHANCE, TERMINAL = -1, -4


# -- a park ---------------------------------------------------------------------------------


@njit(cache=True)
def _occupied(grid: np.ndarray, x: int, y: int) -> bool:
    i, j = x + ORIGIN, y + ORIGIN
    return 0 <= i < GRID and 0 <= j < GRID and grid[i, j] >= 0


@njit(cache=True)
def _code(grid: np.ndarray, x: int, y: int) -> int:
    i, j = x + ORIGIN, y + ORIGIN
    if 0 <= i < GRID and 0 <= j < GRID:
        return int(grid[i, j])
    return -1


@njit(cache=True)
def faced(grid: np.ndarray, x: int, y: int) -> bool:
    """A road side of a neighbouring tile faces the cell (x, y): no tile may go there."""
    for side in range(4):
        code = _code(grid, x + DX[side], y + DY[side])
        if code >= 0 and code & (1 << ((side + 2) % 4)):
            return True
    return False


@njit(cache=True)
def is_open(grid: np.ndarray, x: int, y: int) -> bool:
    """An empty cell next to a tile, faced by no road, not below the entrance."""
    if _occupied(grid, x, y) or (x == 0 and y < 0):
        return False
    touching = False
    for side in range(4):
        if _occupied(grid, x + DX[side], y + DY[side]):
            touching = True
    return touching and not faced(grid, x, y)


@njit(cache=True)
def fits(grid: np.ndarray, x: int, y: int, mask: int) -> bool:
    """No road side of ``mask`` faces a tile."""
    for side in range(4):
        if mask & (1 << side) and _occupied(grid, x + DX[side], y + DY[side]):
            return False
    return True


@njit(cache=True)
def cells(grid: np.ndarray, wanted: int) -> np.ndarray:
    """(x, y) rows, west to east then south to north, of the cells that are open (``wanted``
    0) or empty and faced by a road (1)."""
    found = np.empty((GRID * GRID, 2), dtype=np.int64)
    count = 0
    for i in range(GRID):
        for j in range(GRID):
            x, y = i - ORIGIN, j - ORIGIN
            if grid[i, j] >= 0:
                continue
            keep = is_open(grid, x, y) if wanted == 0 else faced(grid, x, y)
            if keep:
                found[count, 0] = x
                found[count, 1] = y
                count += 1
    return found[:count]


@njit(cache=True)
def _box(grid: np.ndarray) -> tuple[int, int, int, int, int]:
    """The grid rows and columns (low i, low j, high i, high j) holding tiles, and the number
    of tiles. The rows holding tiles are found by each row's largest code first (a loop the
    compiler runs several cells at a time), then only those rows are looked at cell by cell."""
    low_i, high_i = GRID, -1
    for i in range(GRID):
        largest = -1
        for j in range(GRID):
            largest = max(largest, grid[i, j])
        if largest >= 0:
            low_i = min(low_i, i)
            high_i = i
    low_j, high_j, count = GRID, -1, 0
    for i in range(low_i, high_i + 1):
        for j in range(GRID):
            if grid[i, j] >= 0:
                low_j, high_j = min(low_j, j), max(high_j, j)
                count += 1
    return low_i, low_j, high_i, high_j, count


@njit(cache=True)
def placements(grid: np.ndarray, kinds: np.ndarray, kind: int) -> np.ndarray:
    """Every legal (x, y, road mask) for a tile of ``kind``: cells west to east, south to
    north, masks in the kind's order (see ``place_rows``)."""
    found = np.empty((_most_places(grid), 4), dtype=np.int64)
    return found[: place_rows(grid, kinds, kind, found), 1:].copy()


@njit(cache=True)
def _most_places(grid: np.ndarray) -> int:
    """More rows than ``place_rows`` can write for ``grid``: t tiles have at most 2t + 2
    empty cells beside them, each with at most MOST_TURNS road masks."""
    return (2 * _box(grid)[4] + 2) * MOST_TURNS


@njit(cache=True)
def place_rows(grid: np.ndarray, kinds: np.ndarray, kind: int, found: np.ndarray) -> int:
    """Where a tile of ``kind`` may go: next to a tile, faced by no road, its own roads facing
    no tile, not below the entrance. Writes rows (A_PLACE, x, y, road mask) into ``found``
    (cells west to east, south to north, masks in the kind's order) and returns their count."""
    return _place_rows_in(grid, _box(grid), kinds, kind, found)


@njit(cache=True)
def _place_rows_in(
    grid: np.ndarray,
    box: tuple[int, int, int, int, int],
    kinds: np.ndarray,
    kind: int,
    found: np.ndarray,
) -> int:
    """``place_rows`` with the park's ``box`` (see ``_box``) known: a playout keeps each
    park's box as tiles are placed rather than scan the whole grid for it at every turn."""
    low_i, low_j, high_i, high_j, _ = box
    low_i, low_j = max(low_i - 1, 1), max(low_j - 1, 1)
    high_i, high_j = min(high_i + 1, GRID - 2), min(high_j + 1, GRID - 2)
    turns = kinds[kind, TURNS]
    count = 0
    for i in range(low_i, high_i + 1):
        for j in range(low_j, high_j + 1):
            if grid[i, j] >= 0 or (i == ORIGIN and j < ORIGIN):
                continue
            north, east, south, west = (
                grid[i, j + 1],
                grid[i + 1, j],
                grid[i, j - 1],
                grid[i - 1, j],
            )
            if north < 0 and east < 0 and south < 0 and west < 0:
                continue  # touches no tile
            if (
                (north >= 0 and north & 4)
                or (east >= 0 and east & 8)
                or (south >= 0 and south & 1)
                or (west >= 0 and west & 2)
            ):
                continue  # a road faces it
            for t in range(turns):
                mask = kinds[kind, ORIENT + t]
                if (
                    (mask & 1 and north >= 0)
                    or (mask & 2 and east >= 0)
                    or (mask & 4 and south >= 0)
                    or (mask & 8 and west >= 0)
                ):
                    continue  # its own road would face a tile
                found[count, 0] = A_PLACE
                found[count, 1] = i - ORIGIN
                found[count, 2] = j - ORIGIN
                found[count, 3] = mask
                count += 1
    return count


@njit(cache=True)
def tiles_of(grid: np.ndarray) -> np.ndarray:
    """(x, y, kind, mask) of every tile, from the top row down, west to east."""
    low_i, low_j, high_i, high_j, total = _box(grid)
    found = np.empty((total, 4), dtype=np.int64)
    count = 0
    for j in range(high_j, low_j - 1, -1):
        for i in range(low_i, high_i + 1):
            code = grid[i, j]
            if code >= 0:
                found[count, 0] = i - ORIGIN
                found[count, 1] = j - ORIGIN
                found[count, 2] = code >> 4
                found[count, 3] = code & 15
                count += 1
    return found


@njit(cache=True)
def _index(tiles: np.ndarray) -> tuple[np.ndarray, int, int]:
    """A box around the tiles with a free margin: each cell's tile number or -1, and the
    box's south-west corner."""
    x0, y0 = tiles[:, 0].min() - 1, tiles[:, 1].min() - 1
    width, height = tiles[:, 0].max() - x0 + 2, tiles[:, 1].max() - y0 + 2
    at = np.full((width, height), -1, dtype=np.int64)
    for t in range(tiles.shape[0]):
        at[tiles[t, 0] - x0, tiles[t, 1] - y0] = t
    return at, x0, y0


@njit(cache=True)
def _groups(
    tiles: np.ndarray, kinds: np.ndarray, at: np.ndarray, x0: int, y0: int, flowers: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Orthogonally connected groups: of same-landscape tiles (areas; grey tiles are in none)
    or of flower tiles (chains). Each tile's group (-1: none), the sizes and landscapes."""
    m = tiles.shape[0]
    group = np.full(m, -1, dtype=np.int64)
    sizes = np.zeros(m, dtype=np.int64)
    lands = np.zeros(m, dtype=np.int64)
    stack = np.empty(m, dtype=np.int64)
    count = 0
    for start in range(m):
        kind = tiles[start, 2]
        land = kinds[kind, LAND]
        member = kinds[kind, TYPE] == FLOWER if flowers else land >= 0
        if not member or group[start] >= 0:
            continue
        group[start] = count
        stack[0] = start
        top = 1
        size = 0
        while top:
            top -= 1
            t = stack[top]
            size += 1
            for side in range(4):
                other = at[tiles[t, 0] + DX[side] - x0, tiles[t, 1] + DY[side] - y0]
                if other < 0 or group[other] >= 0:
                    continue
                other_kind = tiles[other, 2]
                if flowers:
                    same = kinds[other_kind, TYPE] == FLOWER
                else:
                    same = kinds[other_kind, LAND] == land
                if same:
                    group[other] = count
                    stack[top] = other
                    top += 1
        sizes[count] = size
        lands[count] = land
        count += 1
    return group, sizes, lands, count


@njit(cache=True)
def _around(tiles: np.ndarray, at: np.ndarray, x0: int, y0: int, t: int, group: np.ndarray):
    """The distinct groups of the tile ``t`` and of its four neighbours (-1 padded)."""
    found = np.full(5, -1, dtype=np.int64)
    count = 0
    for k in range(5):
        other = t if k == 4 else at[tiles[t, 0] + DX[k] - x0, tiles[t, 1] + DY[k] - y0]
        if other < 0 or group[other] < 0:
            continue
        g = group[other]
        new = True
        for e in range(count):
            if found[e] == g:
                new = False
        if new:
            found[count] = g
            count += 1
    return found


@njit(cache=True)
def score(grid: np.ndarray, kinds: np.ndarray) -> np.ndarray:
    """The park score tile by tile, from the top row down, west to east: rows of
    ``SCORE_COLUMNS`` (x, y, points, met (-1: no condition), two numbers the points depend on,
    and an animal's missing tiles per landscape)."""
    tiles = tiles_of(grid)
    m = tiles.shape[0]
    rows = np.zeros((m, SCORE_COLUMNS), dtype=np.int64)
    if m == 0:
        return rows
    at, x0, y0 = _index(tiles)
    area, area_sizes, area_lands, areas = _groups(tiles, kinds, at, x0, y0, False)
    chain, chain_sizes, _, _ = _groups(tiles, kinds, at, x0, y0, True)
    met = np.full(m, -1, dtype=np.int64)
    for t in range(m):
        kind = tiles[t, 2]
        rows[t, X] = tiles[t, 0]
        rows[t, Y] = tiles[t, 1]
        if kinds[kind, TYPE] == ANIMAL:
            counts = np.zeros(4, dtype=np.int64)
            groups = _around(tiles, at, x0, y0, t, area)
            for g in groups:
                if g >= 0:
                    counts[area_lands[g]] += area_sizes[g]
            met[t] = 1
            for land in range(4):
                need = kinds[kind, DEMAND + land]
                if counts[land] < need:
                    rows[t, MISSING + land] = need - counts[land]
                    met[t] = 0
        elif kinds[kind, TYPE] == INSECT:
            groups = _around(tiles, at, x0, y0, t, chain)
            have = 0
            for g in groups:
                if g >= 0:
                    have += chain_sizes[g]
            rows[t, FIRST] = have
            rows[t, SECOND] = kinds[kind, FLOWERS]
            met[t] = 1 if have >= kinds[kind, FLOWERS] else 0
    low_x, low_y = x0 + 1, y0 + 1
    high_x, high_y = x0 + at.shape[0] - 2, y0 + at.shape[1] - 2
    for t in range(m):
        kind = tiles[t, 2]
        kind_type = kinds[kind, TYPE]
        x, y = tiles[t, 0], tiles[t, 1]
        rows[t, MET] = met[t]
        points = 0
        if kind_type in (ANIMAL, INSECT):
            points = kinds[kind, VP] if met[t] == 1 else 0
        elif kind_type == FLOWER:
            points = kinds[kind, VP]
        elif kind_type == TOWER:
            animals, flowers = _sight(
                tiles, kinds, at, x0, y0, t, met, low_x, low_y, high_x, high_y
            )
            rows[t, FIRST] = animals
            rows[t, SECOND] = flowers
            points = animals * kinds[kind, ANIMAL_VP] + flowers * kinds[kind, FLOWER_VP]
        elif kind_type == TOURIST:
            if kinds[kind, MANY]:
                n = -1
                for g in range(areas):
                    if area_lands[g] == kinds[kind, LAND]:
                        n += 1
            else:
                n = area_sizes[area[t]] - 1
            rows[t, FIRST] = n
            points = n
        elif kind_type == ROAD:
            open_sides = 0
            for side in range(4):
                facing = at[x + DX[side] - x0, y + DY[side] - y0]
                if not tiles[t, 3] & (1 << side) and facing < 0:
                    open_sides += 1
            rows[t, FIRST] = open_sides
            points = kinds[kind, VP] if open_sides == 0 else 0
        rows[t, POINTS] = points
    return rows


@njit(cache=True)
def _sight(tiles, kinds, at, x0, y0, t, met, low_x, low_y, high_x, high_y) -> tuple[int, int]:
    """(animals with habitat, flowers) the watchtower ``t`` sees. Line and diagonal views run
    to the park's edge across gaps and stop at another watchtower; the adjacent and around
    views look at the 4 or 8 neighbouring cells only."""
    view = kinds[tiles[t, 2], VIEW]
    x, y = tiles[t, 0], tiles[t, 1]
    animals = flowers = 0
    for k in range(8):
        if view == 0 or view == 2:  # line, adjacent
            if k >= 4:
                break
            dx, dy = DX[k], DY[k]
        elif view == 1:  # diagonal
            if k >= 4:
                break
            dx, dy = DIAG_X[k], DIAG_Y[k]
        else:  # around: the four sides, then the four corners
            dx, dy = (DX[k], DY[k]) if k < 4 else (DIAG_X[k - 4], DIAG_Y[k - 4])
        cx, cy = x + dx, y + dy
        far = view <= 1
        while low_x <= cx <= high_x and low_y <= cy <= high_y:
            other = at[cx - x0, cy - y0]
            if other >= 0:
                other_type = kinds[tiles[other, 2], TYPE]
                if far and other_type == TOWER:
                    break
                if other_type == FLOWER:
                    flowers += 1
                elif (other_type in (ANIMAL, INSECT)) and met[other] == 1:
                    animals += 1
            if not far:
                break
            cx, cy = cx + dx, cy + dy
    return animals, flowers


@njit(cache=True)
def park_score(grid: np.ndarray, kinds: np.ndarray) -> int:
    return int(score(grid, kinds)[:, POINTS].sum())


# -- the goals ------------------------------------------------------------------------------


@njit(cache=True)
def _distances(tiles: np.ndarray, at: np.ndarray, x0: int, y0: int, sources: np.ndarray) -> int:
    """The most steps (tile to tile, orthogonally) any tile is from its nearest source (rows
    x, y; a source need not be a tile)."""
    m = tiles.shape[0]
    dist = np.full(m, -1, dtype=np.int64)
    queue = np.empty((m + sources.shape[0], 3), dtype=np.int64)
    head = tail = 0
    best = 0
    for s in range(sources.shape[0]):
        x, y = sources[s, 0], sources[s, 1]
        t = _at(at, x0, y0, x, y)
        if t >= 0:
            if dist[t] >= 0:
                continue
            dist[t] = 0
        queue[tail, 0], queue[tail, 1], queue[tail, 2] = x, y, 0
        tail += 1
    while head < tail:
        x, y, d = queue[head, 0], queue[head, 1], queue[head, 2]
        head += 1
        best = max(best, d)
        for side in range(4):
            t = _at(at, x0, y0, x + DX[side], y + DY[side])
            if t >= 0 and dist[t] < 0:
                dist[t] = d + 1
                queue[tail, 0], queue[tail, 1], queue[tail, 2] = tiles[t, 0], tiles[t, 1], d + 1
                tail += 1
    return best


@njit(cache=True)
def _at(at: np.ndarray, x0: int, y0: int, x: int, y: int) -> int:
    i, j = x - x0, y - y0
    if 0 <= i < at.shape[0] and 0 <= j < at.shape[1]:
        return int(at[i, j])
    return -1


@njit(cache=True)
def _longest_run(tiles: np.ndarray, at: np.ndarray, x0: int, y0: int, diagonal: bool) -> int:
    best = 0
    for t in range(tiles.shape[0]):
        x, y = tiles[t, 0], tiles[t, 1]
        for k in range(2):
            dx, dy = (DIAG_X[k], DIAG_Y[k]) if diagonal else (DX[k], DY[k])
            if _at(at, x0, y0, x - dx, y - dy) >= 0:
                continue  # not the start of a run
            length = 1
            while _at(at, x0, y0, x + dx * length, y + dy * length) >= 0:
                length += 1
            best = max(best, length)
    return best


@njit(cache=True)
def _rectangle(tiles: np.ndarray, kinds: np.ndarray, at: np.ndarray, x0: int, y0: int) -> int:
    """Tiles in the biggest rectangle filled with park tiles (the entrance is none)."""
    width, height = at.shape[0] - 2, at.shape[1] - 2
    heights = np.zeros(width, dtype=np.int64)
    best = 0
    for j in range(height):
        for i in range(width):
            t = at[i + 1, j + 1]
            park_tile = t >= 0 and kinds[tiles[t, 2], TYPE] != ENTRANCE
            heights[i] = heights[i] + 1 if park_tile else 0
        for left in range(width):
            low = heights[left]
            for right in range(left, width):
                low = min(low, heights[right])
                if low == 0:
                    break
                best = max(best, low * (right - left + 1))
    return best


@njit(cache=True)
def goal_key(grid: np.ndarray, kinds: np.ndarray, goal: int) -> np.ndarray:
    """The goal's comparable key for the park (bigger is better; compared like tuples)."""
    tiles = tiles_of(grid)
    m = tiles.shape[0]
    at, x0, y0 = _index(tiles)
    if goal in (AREA, AREAS):
        _, sizes, _, count = _groups(tiles, kinds, at, x0, y0, False)
        if goal == AREAS:
            return np.array([count], dtype=np.int64)
        return -np.sort(-sizes[:count])
    if goal in (TYPES_GOAL, FLOWER_GOAL):
        counts = np.zeros(4, dtype=np.int64)
        total = 0
        for t in range(m):
            land = kinds[tiles[t, 2], LAND]
            if land >= 0 and (goal == TYPES_GOAL or kinds[tiles[t, 2], TYPE] == FLOWER):
                counts[land] += 1
                total += 1
        present, least = 0, 0
        for land in range(4):
            if counts[land]:
                least = counts[land] if present == 0 else min(least, counts[land])
                present += 1
        if goal == FLOWER_GOAL:
            return np.array([present, total], dtype=np.int64)
        return np.array([present, least], dtype=np.int64)
    if goal == RECTANGLE:
        return np.array([_rectangle(tiles, kinds, at, x0, y0)], dtype=np.int64)
    if goal in (NEAR_ENTRANCE, NEAR_ROAD):
        sources = np.zeros((m + 1, 2), dtype=np.int64)
        count = 1  # the entrance cell (0, 0)
        if goal == NEAR_ROAD:
            count = 0
            for t in range(m):
                if tiles[t, 3]:
                    sources[count, 0], sources[count, 1] = tiles[t, 0], tiles[t, 1]
                    count += 1
        return np.array([-_distances(tiles, at, x0, y0, sources[:count])], dtype=np.int64)
    return np.array([_longest_run(tiles, at, x0, y0, goal == DIAGONAL)], dtype=np.int64)


@njit(cache=True)
def rank_points(keys: np.ndarray, lengths: np.ndarray, year: int) -> np.ndarray:
    """Year y, n players, rank r (0 = best): y·(n−1−r); tied players share the lowest tied
    rank. ``keys``: one goal key a row, compared like tuples of their ``lengths``."""
    n = keys.shape[0]
    points = np.zeros(n, dtype=np.int64)
    for s in range(n):
        rank = -1
        for o in range(n):
            if _compare(keys, lengths, o, s) >= 0:
                rank += 1
        points[s] = year * (n - 1 - rank)
    return points


@njit(cache=True)
def _compare(keys: np.ndarray, lengths: np.ndarray, a: int, b: int) -> int:
    for i in range(min(lengths[a], lengths[b])):
        if keys[a, i] != keys[b, i]:
            return 1 if keys[a, i] > keys[b, i] else -1
    if lengths[a] == lengths[b]:
        return 0
    return 1 if lengths[a] > lengths[b] else -1


@njit(cache=True)
def year_points(grids: np.ndarray, kinds: np.ndarray, goal: int, year: int) -> np.ndarray:
    """Each park's rank points for ``goal`` in ``year``."""
    n = grids.shape[0]
    keys = np.zeros((n, 64), dtype=np.int64)
    lengths = np.zeros(n, dtype=np.int64)
    for s in range(n):
        key = goal_key(grids[s], kinds, goal)
        lengths[s] = key.shape[0]
        keys[s, : key.shape[0]] = key
    return rank_points(keys, lengths, year)


# -- the position and its turns: the rules of a whole game ---------------------------------
#
# A position is one int64 array ("cells") of named slots, the parks apart (one grid each,
# stacked as ``grids``, see above). The market space (x, y) is ``MARKET + x * height + y``
# (``height``: ``rules[R_HEIGHT]``); a space holds a kind number or -1 (empty, or a gap).

TURN = 0  # turns played
HELD = 1  # the kind taken and not yet placed, -1 for none
PHASE = 2  # TAKE, PLACE or END
REFILLS = 3  # market spaces still to refill: the first REFILLS entries of QUEUE
GOAL = 4  # three slots: the goal number of each year, -1 until drawn
FIGURE = 7  # (x, y, facing) of each seat's figure
RANKS = FIGURE + 3 * MAX_SEATS  # each seat's rank points of each year (YEARS a seat)
MARKET = RANKS + YEARS * MAX_SEATS
QUEUE = MARKET + MAX_SPACES  # (x, y) of each space to refill, the next first
STOCK = QUEUE + 2 * MAX_SPACES  # the tiles left of each kind: the rest of the array

# the rules of one player count (``rules``, an int64 array): seats, market size, the turn
# that ends each year (the last one ends the game), and how many goals there are
R_SEATS, R_WIDTH, R_HEIGHT, R_YEAR_END, R_GOALS = 0, 1, 2, 3, 6
RULES = 7


@njit(cache=True)
def seat_to_move(cells: np.ndarray, rules: np.ndarray) -> int:
    """The seat to move; CHANCE while goals are drawn or market spaces refilled (before the
    seat that took places its tile); TERMINAL once every turn is played."""
    if cells[GOAL + YEARS - 1] < 0 or cells[REFILLS] > 0:
        return CHANCE
    if cells[PHASE] == END:
        return TERMINAL
    return int(cells[TURN] % rules[R_SEATS])


@njit(cache=True)
def _space(rules: np.ndarray, x: int, y: int) -> int:
    return MARKET + x * rules[R_HEIGHT] + y


@njit(cache=True)
def first_tile(cells: np.ndarray, rules: np.ndarray, x: int, y: int, side: int) -> tuple[int, int]:
    """The first market space holding a tile from (x, y) towards ``side`` (figures do not
    block); (-1, -1) if none."""
    x, y = x + DX[side], y + DY[side]
    while 0 <= x < rules[R_WIDTH] and 0 <= y < rules[R_HEIGHT]:
        if cells[_space(rules, x, y)] >= 0:
            return x, y
        x, y = x + DX[side], y + DY[side]
    return -1, -1


@njit(cache=True)
def direction(x: int, y: int, tx: int, ty: int) -> int:
    """The side towards which (tx, ty) lies in a straight line from (x, y); -1 if none."""
    dx, dy = tx - x, ty - y
    if (dx != 0 and dy != 0) or (dx == 0 and dy == 0):
        return -1
    if dx:
        return 1 if dx > 0 else 3
    return 0 if dy > 0 else 2


@njit(cache=True)
def takeable(cells: np.ndarray, rules: np.ndarray, seat: int, found: np.ndarray) -> int:
    """The tiles ``seat``'s figure may take: the first tile ahead, left and right; the one
    behind only if those three have none. Writes rows (A_TAKE, x, y, 0) into ``found`` and
    returns their count."""
    figure = FIGURE + 3 * seat
    x, y, facing = cells[figure], cells[figure + 1], cells[figure + 2]
    count = 0
    for turn in (0, 3, 1, 2):
        if turn == 2 and count:
            break
        tx, ty = first_tile(cells, rules, x, y, (facing + turn) % 4)
        if tx >= 0:
            found[count, 0], found[count, 1], found[count, 2], found[count, 3] = A_TAKE, tx, ty, 0
            count += 1
    return count


@njit(cache=True)
def legal(
    cells: np.ndarray, grid: np.ndarray, kinds: np.ndarray, rules: np.ndarray, found: np.ndarray
) -> int:
    """The legal actions of the seat to move, its park ``grid``: its takes, or the placements
    of its tile (a discard only when it fits nowhere). Writes rows (action, a, b, c) into
    ``found`` and returns their count."""
    return _legal_in(cells, grid, _box(grid), kinds, rules, found)


@njit(cache=True)
def _legal_in(
    cells: np.ndarray,
    grid: np.ndarray,
    box: tuple[int, int, int, int, int],
    kinds: np.ndarray,
    rules: np.ndarray,
    found: np.ndarray,
) -> int:
    """``legal`` with the park's ``box`` (see ``_box``) known."""
    if cells[PHASE] == TAKE:
        return takeable(cells, rules, seat_to_move(cells, rules), found)
    count = _place_rows_in(grid, box, kinds, cells[HELD], found)
    if count == 0:
        found[0, 0], found[0, 1], found[0, 2], found[0, 3] = A_DISCARD, 0, 0, 0
        count = 1
    return count


@njit(cache=True)
def options(
    cells: np.ndarray, grid: np.ndarray, kinds: np.ndarray, rules: np.ndarray
) -> np.ndarray:
    """The rows of ``legal`` as an array of their own."""
    found = np.empty((4 if cells[PHASE] == TAKE else _most_places(grid), 4), dtype=np.int64)
    return found[: legal(cells, grid, kinds, rules, found)].copy()


@njit(cache=True)
def chance_rows(cells: np.ndarray, rules: np.ndarray, found: np.ndarray) -> int:
    """At a chance node, the outcomes: the goals not drawn yet, alike, while the years' goals
    are drawn; then the tile kinds of the stock by their counts. Writes rows (action, a,
    weight) into ``found`` and returns their count (0 where no chance moves)."""
    count = 0
    if cells[GOAL + YEARS - 1] < 0:
        for goal in range(rules[R_GOALS]):
            drawn = False
            for year in range(YEARS):
                drawn = drawn or cells[GOAL + year] == goal
            if not drawn:
                found[count, 0], found[count, 1], found[count, 2] = A_GOAL, goal, 1
                count += 1
    elif cells[REFILLS] > 0:
        for kind in range(cells.shape[0] - STOCK):
            if cells[STOCK + kind]:
                found[count, 0], found[count, 1], found[count, 2] = (
                    A_DRAW,
                    kind,
                    cells[STOCK + kind],
                )
                count += 1
    return count


@njit(cache=True)
def odds(cells: np.ndarray, rules: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """``chance_rows`` for Python: (their action, -1 where no chance moves; the outcomes'
    numbers; each one's probability, its weight over the sum of the weights)."""
    found = np.empty((max(rules[R_GOALS], cells.shape[0] - STOCK), 3), dtype=np.int64)
    count = chance_rows(cells, rules, found)
    total = found[:count, 2].sum()
    chances = np.empty(count, dtype=np.float64)
    for row in range(count):
        chances[row] = found[row, 2] / total
    return (found[0, 0] if count else -1), found[:count, 1].copy(), chances


@njit(cache=True)
def step(
    cells: np.ndarray,
    grids: np.ndarray,
    action: int,
    a: int,
    b: int,
    c: int,
    kinds: np.ndarray,
    rules: np.ndarray,
) -> int:
    """Play the legal ``action`` (with its arguments, see ``A_GOAL``…) on ``cells`` and the
    parks ``grids`` (changed in place; only a placement writes a grid, and the end of a year
    reads them all). Returns the seat to move next."""
    if action == A_GOAL:
        year = 0
        while cells[GOAL + year] >= 0:
            year += 1
        cells[GOAL + year] = a
    elif action == A_DRAW:
        _refill(cells, rules, a)
    elif action == A_TAKE:
        _take(cells, rules, a, b)
    else:
        if action == A_PLACE:
            put(grids[cells[TURN] % rules[R_SEATS]], a, b, cells[HELD], c)
        _end_turn(cells, grids, kinds, rules)
    return seat_to_move(cells, rules)


@njit(cache=True)
def put(grid: np.ndarray, x: int, y: int, kind: int, mask: int) -> None:
    """A tile of ``kind`` goes on the park cell (x, y), its road sides ``mask`` (a state's
    placement puts it into the mover's new park, ``Park.place``, as well as into the stacked
    grids that ``step`` is given)."""
    grid[x + ORIGIN, y + ORIGIN] = kind * 16 + mask


@njit(cache=True)
def _refill(cells: np.ndarray, rules: np.ndarray, kind: int) -> None:
    """The drawn ``kind`` fills the next space to refill."""
    cells[_space(rules, cells[QUEUE], cells[QUEUE + 1])] = kind
    cells[STOCK + kind] -= 1
    cells[REFILLS] -= 1
    for i in range(2 * cells[REFILLS]):
        cells[QUEUE + i] = cells[QUEUE + 2 + i]


@njit(cache=True)
def _take(cells: np.ndarray, rules: np.ndarray, x: int, y: int) -> None:
    """The figure moves onto the space (x, y), facing the way it went, and takes its tile; the
    space it left is refilled, except after the game's last take."""
    figure = FIGURE + 3 * (cells[TURN] % rules[R_SEATS])
    old_x, old_y = cells[figure], cells[figure + 1]
    cells[HELD] = cells[_space(rules, x, y)]
    cells[_space(rules, x, y)] = -1
    cells[figure], cells[figure + 1] = x, y
    cells[figure + 2] = direction(old_x, old_y, x, y)
    cells[PHASE] = PLACE
    if cells[TURN] != rules[R_YEAR_END + YEARS - 1] - 1:
        cells[QUEUE], cells[QUEUE + 1] = old_x, old_y
        cells[REFILLS] = 1


@njit(cache=True)
def _end_turn(cells: np.ndarray, grids: np.ndarray, kinds: np.ndarray, rules: np.ndarray) -> None:
    """The next turn; at the end of a year every park is ranked on the year's goal; after the
    last turn the game is over."""
    cells[TURN] += 1
    cells[HELD] = -1
    cells[PHASE] = TAKE
    for year in range(YEARS):
        if cells[TURN] == rules[R_YEAR_END + year]:
            points = year_points(grids, kinds, cells[GOAL + year], year + 1)
            for seat in range(rules[R_SEATS]):
                cells[RANKS + YEARS * seat + year] = points[seat]
    if cells[TURN] == rules[R_YEAR_END + YEARS - 1]:
        cells[PHASE] = END


@njit(cache=True)
def _draw(rows: np.ndarray, count: int) -> int:
    """One of the first ``count`` rows of ``chance_rows``, drawn by its weight."""
    total = 0
    for row in range(count):
        total += rows[row, 2]
    pick = np.random.randint(total)
    for row in range(count):
        pick -= rows[row, 2]
        if pick < 0:
            return row
    return count - 1


@njit(cache=True)
def _play(
    cells: np.ndarray,
    grids: np.ndarray,
    kinds: np.ndarray,
    rules: np.ndarray,
    cut: int,
    rows: np.ndarray,
) -> tuple[int, int]:
    """Play uniformly random decisions (chance by its odds) from the position, changing it,
    until the end or ``cut`` decisions (-1: no cut): (1 at the end, 0 at the cut; the
    actions played). ``rows``: room for the legal actions (``LISTED`` rows)."""
    # each park's box (see ``_box``), kept as tiles are placed: the one thing a turn would
    # otherwise scan the whole grid for
    boxes = np.empty((grids.shape[0], 5), dtype=np.int64)
    for s in range(grids.shape[0]):
        boxes[s] = _box(grids[s])
    decisions = actions = 0
    seat = seat_to_move(cells, rules)
    while True:
        if seat == CHANCE:
            row = _draw(rows, chance_rows(cells, rules, rows))
            seat = step(cells, grids, rows[row, 0], rows[row, 1], 0, 0, kinds, rules)
            actions += 1
            continue
        if seat == TERMINAL:
            return 1, actions
        if 0 <= cut <= decisions:
            return 0, actions
        decisions += 1
        actions += 1
        box = boxes[seat]
        row = np.random.randint(
            _legal_in(
                cells, grids[seat], (box[0], box[1], box[2], box[3], box[4]), kinds, rules, rows
            )
        )
        action, a, b, c = rows[row, 0], rows[row, 1], rows[row, 2], rows[row, 3]
        if action == A_PLACE:
            i, j = a + ORIGIN, b + ORIGIN
            box[0], box[1] = min(box[0], i), min(box[1], j)
            box[2], box[3] = max(box[2], i), max(box[3], j)
            box[4] += 1
        seat = step(cells, grids, action, a, b, c, kinds, rules)


@njit(cache=True)
def scores(cells: np.ndarray, grids: np.ndarray, kinds: np.ndarray) -> np.ndarray:
    """Each seat's score now (``totals``, final at the end) with its park counted now."""
    parks = np.empty(grids.shape[0], dtype=np.int64)
    for seat in range(grids.shape[0]):
        parks[seat] = park_score(grids[seat], kinds)
    return totals(cells, parks)


@njit(cache=True)
def totals(cells: np.ndarray, parks: np.ndarray) -> np.ndarray:
    """Each seat's score: its rank points of the years scored so far plus its park's score
    (``parks``, a seat's each)."""
    found = parks.copy()
    for seat in range(parks.shape[0]):
        found[seat] += cells[RANKS + YEARS * seat : RANKS + YEARS * (seat + 1)].sum()
    return found


@njit(cache=True)
def rollout(
    cells: np.ndarray,
    grids: np.ndarray,
    kinds: np.ndarray,
    rules: np.ndarray,
    cut: int,
    seed: int,
) -> tuple[int, np.ndarray]:
    """A search rollout (see ``_play``) from a position (neither array is changed): (1 if the
    game ended, else 0; every seat's score then)."""
    np.random.seed(seed)
    position, parks = cells.copy(), grids.copy()
    ended, _ = _play(position, parks, kinds, rules, cut, np.empty((LISTED, 4), dtype=np.int64))
    return ended, scores(position, parks, kinds)


@njit(cache=True)
def playouts(
    count: int,
    seed: int,
    cells: np.ndarray,
    grids: np.ndarray,
    kinds: np.ndarray,
    rules: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` uniformly random whole games from the start ``cells`` and ``grids``: final
    scores and lengths."""
    np.random.seed(seed)
    found = np.zeros((count, grids.shape[0]), dtype=np.int64)
    lengths = np.zeros(count, dtype=np.int64)
    rows = np.empty((LISTED, 4), dtype=np.int64)
    for game in range(count):
        position, parks = cells.copy(), grids.copy()
        _, lengths[game] = _play(position, parks, kinds, rules, -1, rows)
        found[game] = scores(position, parks, kinds)
    return found, lengths
