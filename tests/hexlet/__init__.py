"""Hexlet, Hex on a 3×3 board: the extra game that proves docs/adding-a-game.md.

It lives in the test suite on purpose: one ``registry.add("hexlet", "tests.hexlet")`` makes it
a game like the five others (lobby, rooms, bots, conformance, draws agreed at the table, progress
on the profile), with no change elsewhere.
"""

from ludoteca.engine.parts import View

from . import view
from .game import HexletGame, HexletState
from .knowledge import KNOWLEDGE
from .traits import TRAITS

GAME = HexletGame
VIEW: View[HexletState] = view

__all__ = ["GAME", "KNOWLEDGE", "TRAITS", "VIEW", "HexletGame", "HexletState"]
