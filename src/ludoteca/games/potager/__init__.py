"""Potager: two vegetable gardens, a shared hedge, harvests by pattern (2 players)."""

from ludoteca.engine.parts import View

from . import view
from .game import PotagerGame, PotagerState
from .knowledge import KNOWLEDGE
from .traits import TRAITS

GAME = PotagerGame
VIEW: View[PotagerState] = view

__all__ = ["GAME", "KNOWLEDGE", "TRAITS", "VIEW", "PotagerGame", "PotagerState"]
