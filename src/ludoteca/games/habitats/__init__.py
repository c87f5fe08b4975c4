"""Habitats (Cwali): tile-laying nature parks around a shared market grid, three yearly goals."""

from ludoteca.engine.parts import View

from . import view
from .game import Habitats, HabitatsState, parse_place, place_action
from .knowledge import KNOWLEDGE
from .park import Park, score_park
from .tiles import tile_set
from .traits import TRAITS

GAME = Habitats
VIEW: View[HabitatsState] = view

__all__ = [
    "GAME",
    "KNOWLEDGE",
    "TRAITS",
    "VIEW",
    "Habitats",
    "HabitatsState",
    "Park",
    "parse_place",
    "place_action",
    "score_park",
    "tile_set",
]
