"""Hares (Зайцы): a chess-teaching puzzle for one player on 20 level cards."""

from .cards import Card, card, cards
from .game import HaresGame, HaresState, levels, result, solve, stars
from .solver import best_move

GAME = HaresGame

__all__ = [
    "GAME",
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
