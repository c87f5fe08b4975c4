"""Hares (Зайцы): a chess-teaching puzzle for one player on 20 level cards."""

from ludoteca.engine.parts import View

from . import view
from .cards import Card, card, cards
from .game import HaresGame, HaresState, levels, result, stars
from .knowledge import KNOWLEDGE, solve
from .solver import best_move
from .traits import TRAITS

GAME = HaresGame
VIEW: View[HaresState] = view

__all__ = [
    "GAME",
    "KNOWLEDGE",
    "TRAITS",
    "VIEW",
    "Card",
    "HaresGame",
    "HaresState",
    "best_move",
    "card",
    "cards",
    "levels",
    "result",
    "solve",
    "stars",
]
