"""Bohnen's rules before the compiled core (commit 5db6725): the differential tests' oracle.

A frozen copy of ``ludoteca.games.bohnen`` board.py, game.py, search.py and tensors.py; the
engine is imported from ``ludoteca.engine``. Never edited to follow the game's rules; only a
presentation change landed on main meanwhile (the end prompt names the result) is followed.
"""

from .game import BohnenGame

__all__ = ["BohnenGame"]
