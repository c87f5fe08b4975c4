"""Habanero: campesinos harvest a shrinking 7×7 plantation; roll the die or stop.

Public helpers besides ``GAME``: the decision aid ``roll_or_stop`` and the bots'
policies ``greedy_action``, ``best_action`` and ``random_action``.
"""

from ludoteca.engine.parts import View

from . import view
from .aid import roll_or_stop
from .game import Habanero, HabaneroState
from .knowledge import KNOWLEDGE
from .policies import best_action, greedy_action, random_action
from .traits import TRAITS

GAME = Habanero
VIEW: View[HabaneroState] = view

__all__ = [
    "GAME",
    "KNOWLEDGE",
    "TRAITS",
    "VIEW",
    "Habanero",
    "HabaneroState",
    "best_action",
    "greedy_action",
    "random_action",
    "roll_or_stop",
]
