"""Habanero: campesinos harvest a shrinking 7×7 plantation; roll the die or stop.

Public helpers besides ``GAME``: the decision aid ``roll_or_stop`` and the bots'
policies ``greedy_action``, ``best_action`` and ``random_action``.
"""

from .aid import roll_or_stop
from .bot import best_action, greedy_action, random_action
from .game import Habanero, HabaneroState

GAME = Habanero

__all__ = [
    "GAME",
    "Habanero",
    "HabaneroState",
    "best_action",
    "greedy_action",
    "random_action",
    "roll_or_stop",
]
