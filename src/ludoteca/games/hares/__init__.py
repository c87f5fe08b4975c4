"""Hares (Зайцы): a chess-teaching puzzle for one player on 20 level cards."""

from .cards import Card, card, cards
from .game import HaresGame, HaresState, levels, result, stars
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
    "stars",
]
