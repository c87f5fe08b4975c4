"""Potager: two vegetable gardens, a shared hedge, harvests by pattern (2 players)."""

from .game import PotagerGame, PotagerState

GAME = PotagerGame

__all__ = ["GAME", "PotagerGame", "PotagerState"]
