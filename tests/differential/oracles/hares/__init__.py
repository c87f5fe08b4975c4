"""Hares' rules before the compiled core (commit 5db6725): the differential tests' oracle.

A frozen copy of ``ludoteca.games.hares`` board.py, cards.py, game.py and tensors.py (the
level cards are read from ``ludoteca.games.hares``' data); the engine is imported from
``ludoteca.engine``. Never edited to follow the game.
"""

from .game import HaresGame

__all__ = ["HaresGame"]
