"""Hand-built parks and states for the Habitats tests."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.habitats import Park, tile_set
from ludoteca.games.habitats.tiles import mask_of


def park(cells: dict) -> Park:
    """A park from ``{(x, y): "tile"}`` or ``{(x, y): ("road-tile", "NE")}``; the entrance is
    added at (0, 0) unless the cells name it elsewhere as "entrance"."""
    tiles = tile_set()
    placed = {}
    if "entrance" not in {v if isinstance(v, str) else v[0] for v in cells.values()}:
        placed[(0, 0)] = (tiles.entrance, tiles.entrance.roads)
    for pos, value in cells.items():
        tile, sides = (value, None) if isinstance(value, str) else value
        kind = tiles.by_id(tile)
        placed[pos] = (kind, mask_of(sides) if sides else kind.roads)
    return Park.build(placed)


def scores_by_tile(built: Park) -> dict:
    return {entry.pos: entry.vp for entry in built.score().tiles}


def playing_state(players: int = 2, goals=("area", "row", "types"), market=None):
    """A state after setup: the given goals and market tiles (by space; other spaces get the
    most plentiful tile kind left in the stock)."""
    game = load_game("habitats", players=players)
    state = game.new_initial_state()
    for goal in goals:
        state = state.apply(f"goal:{goal}")
    market = market or {}
    while state.pending:
        from ludoteca.games.habitats.tiles import market_square

        space = market_square(state.pending[0])
        plentiful = max(state.chance_outcomes(), key=lambda o: o[1])[0]
        state = state.apply(f"draw:{market[space]}" if space in market else plentiful)
    return state


# The rule text's "Park Score Example" rebuilt (positions relative to the entrance at 0,0).
EXAMPLE = {
    (-2, 2): "kudu",
    (0, 2): ("road2-grassland", "NE"),
    (-3, 2): "bushpig",
    (-1, 2): "big-forest",
    (-3, 1): "bumblebee",
    (-3, 0): "flower-forest",
    (-2, 0): "flower-grassland",
    (-3, -1): "tower-adjacent",
    (-5, -1): "many-grassland",
    (-2, 3): "tower-line",
    (-1, 3): "otter",
    (-2, 1): "hippo",
    (-4, -1): "owl",
    (-1, -1): "tower-around",
    (-1, 0): ("road1-grassland", "N"),
    (-2, -1): "meerkat",
    (-4, 1): "tower-diagonal",
    (-2, -2): ("road3-dryland", "ESW"),
}


def placing(state, built: Park, tile: str):
    """``state`` turned into the placement decision of the seat to move, holding ``tile``."""
    parks = list(state.parks)
    parks[state.current_player] = built
    return state.with_fields(parks=tuple(parks), held=tile_set().by_id(tile), phase="place")
