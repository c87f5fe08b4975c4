"""Habitats (Cwali): tile-laying nature parks around a shared market grid, three yearly goals."""

from .game import Habitats, HabitatsState, parse_place, place_action
from .park import Park, score_park
from .tiles import tile_set

GAME = Habitats

__all__ = [
    "GAME",
    "Habitats",
    "HabitatsState",
    "Park",
    "parse_place",
    "place_action",
    "score_park",
    "tile_set",
]
