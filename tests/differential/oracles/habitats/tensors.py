"""Habitats as numbers for learning agents: ``shape(game)`` and ``encode(state, seat)``.

Seats are counted from the observer: relative seat ``r`` is seat ``(seat + r) % players``.
Park cells are ``Habitats.park_cells()``: the cells within ``turns per seat`` steps of the
entrance (the bound of the action space, see docs/rules/habitats.md), west to east, then south
to north; market spaces are in the layout's order (top row first, as the takes are listed);
tile kinds in the order of ``data/tiles.json``.

The layout (also in docs/rl.md), for P players, C park cells, M market spaces, K tile kinds:

- each park, the observer's first (P × C × 16): per cell its tile's landscape, one-hot
  grassland, forest, dryland, water (4); its kind, one-hot animal, insect, flower, watchtower,
  tourist, road (6); its road sides N, E, S, W (4); 1 if a tile may be placed there now; 1 if a
  road side faces it (no tile may ever go there);
- per seat, observer first: park score now / 150 and goal points / 24 (each capped at 1) (P × 2);
- the market (M × (K + P + 4)): per space the tile on it, one-hot by kind; the figure on it, as
  a relative seat; that figure's facing N, E, S, W;
- the tile in hand, one-hot by kind (K);
- the goals of years 1, 2, 3, one-hot each (3 × 9; zero while not drawn);
- the year, one-hot (3); turns played / all turns (1); the phase, take or place (2); the seat
  to move, relative (P);
- of each tile kind, the tiles left in the stock / the tiles of that kind (K).

2 players: 29,627 values (C = 903, M = 9, K = 58); 3: 40,298; 4: 48,641; 5: 54,784.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from tests.differential.oracles.habitats.goals import GOALS
from tests.differential.oracles.habitats.park import Park, reachable_cells
from tests.differential.oracles.habitats.tiles import LANDSCAPES, SIDES, Pos

if TYPE_CHECKING:
    from tests.differential.oracles.habitats.game import Habitats, HabitatsState

KINDS = ("animal", "insect", "flower", "watchtower", "tourist", "road")
CELL_FEATURES = len(LANDSCAPES) + len(KINDS) + len(SIDES) + 2
MOST_PARK_SCORE = 150
MOST_GOAL_POINTS = 24  # 1 + 2 + 3 rank points times (players - 1), 5 players
YEARS = 3
PHASES = ("take", "place")


def _sizes(game: Habitats) -> tuple[int, int, int, int]:
    return (
        game.num_players,
        len(game.park_cells()),
        len(game.layout.spaces),
        len(game.tiles.kinds),
    )


def shape(game: Habitats) -> tuple[int, ...]:
    players, cells, spaces, kinds = _sizes(game)
    return (
        players * cells * CELL_FEATURES
        + players * 2
        + spaces * (kinds + players + len(SIDES))
        + kinds
        + YEARS * len(GOALS)
        + YEARS
        + 1
        + len(PHASES)
        + players
        + kinds,
    )


@cache
def _cell_index(tiles: int) -> dict[Pos, int]:
    """Each park cell's position in ``reachable_cells(tiles)`` (= ``Habitats.park_cells()``)."""
    return {cell: i for i, cell in enumerate(reachable_cells(tiles))}


def park_planes(park: Park, tiles: int) -> np.ndarray:
    """The cells × 16 block of one park (read-only; kept in the park's memo: parks never
    change, and equal parks are one object)."""
    key = ("tensor", tiles)
    planes = park.memo.get(key)
    if planes is None:
        cell_index = _cell_index(tiles)
        planes = np.zeros((len(cell_index), CELL_FEATURES), np.float32)
        for pos, (kind, mask) in park.tiles.items():
            i = cell_index.get(pos)
            if i is None:  # the entrance
                continue
            if kind.landscape is not None:
                planes[i, LANDSCAPES.index(kind.landscape)] = 1
            planes[i, len(LANDSCAPES) + KINDS.index(kind.kind)] = 1
            for bit in range(len(SIDES)):
                planes[i, len(LANDSCAPES) + len(KINDS) + bit] = mask >> bit & 1
        planes[[cell_index[pos] for pos in park.open if pos in cell_index], -2] = 1
        planes[[cell_index[pos] for pos in park.blocked if pos in cell_index], -1] = 1
        planes.flags.writeable = False
        park.memo[key] = planes
    return planes


def encode(state: HabitatsState, seat: int) -> np.ndarray:
    """The tensor of a ``HabitatsState`` as ``seat`` sees it."""
    game = state.game
    players, cells, spaces, kinds = _sizes(game)
    tensor = np.zeros(shape(game), np.float32)
    order = [(seat + r) % players for r in range(players)]
    parks = tensor[: players * cells * CELL_FEATURES].reshape(players, cells, CELL_FEATURES)
    for side, owner in enumerate(order):
        parks[side] = park_planes(state.parks[owner], game.turns_per_seat)
    at = parks.size
    for side, owner in enumerate(order):
        tensor[at + 2 * side] = min(1.0, state.park_score(owner) / MOST_PARK_SCORE)
        tensor[at + 2 * side + 1] = min(1.0, sum(state.goal_points[owner]) / MOST_GOAL_POINTS)
    at += 2 * players
    market = tensor[at : at + spaces * (kinds + players + len(SIDES))]
    market = market.reshape(spaces, kinds + players + len(SIDES))
    space_index = {space: i for i, space in enumerate(game.layout.spaces)}
    for space, tile in state.market.items():
        if tile is not None:
            market[space_index[space], game.tiles.indices[tile]] = 1
    for side, owner in enumerate(order):
        space, facing = state.figures[owner]
        market[space_index[space], kinds + side] = 1
        market[space_index[space], kinds + players + SIDES.index(facing)] = 1
    at += market.size
    if state.held is not None and state.held.id in game.tiles.indices:
        tensor[at + game.tiles.indices[state.held.id]] = 1
    at += kinds
    goal_ids = list(GOALS)
    for year, goal in enumerate(state.goals):
        tensor[at + year * len(GOALS) + goal_ids.index(goal)] = 1
    at += YEARS * len(GOALS)
    tensor[at + state.year - 1] = 1
    at += YEARS
    tensor[at] = state.turn / game.total_turns
    at += 1
    if state.phase in PHASES:
        tensor[at + PHASES.index(state.phase)] = 1
    at += len(PHASES)
    player = state.current_player
    if player >= 0:
        tensor[at + (player - seat) % players] = 1
    at += players
    counts = np.asarray([kind.count for kind in game.tiles.kinds], np.float32)
    tensor[at : at + kinds] = np.asarray(state.stock, np.float32) / np.maximum(counts, 1)
    return tensor
