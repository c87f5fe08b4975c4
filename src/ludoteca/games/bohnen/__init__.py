"""Bohnen, a mancala for 2 to 4 players: relay sowing, captures of 2 and 3, grand slams."""

from .board import PIT_NAMES, Board
from .game import END_REASONS, BohnenGame, BohnenState, capture_gain, capture_possible
from .search import SEARCH_BOUND, CaptureSearch

GAME = BohnenGame

__all__ = [
    "END_REASONS",
    "GAME",
    "PIT_NAMES",
    "SEARCH_BOUND",
    "Board",
    "BohnenGame",
    "BohnenState",
    "CaptureSearch",
    "capture_gain",
    "capture_possible",
]
