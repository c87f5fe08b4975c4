"""Bohnen, a mancala for 2 to 4 players: relay sowing, captures of 2 and 3, grand slams."""

from ludoteca.engine.parts import View
from ludoteca.engine.traits import Traits

from . import view
from .board import PIT_NAMES, Board
from .game import END_REASONS, LEAVE, BohnenGame, BohnenState
from .knowledge import KNOWLEDGE, capture_gain
from .lessons import LESSON
from .search import SEARCH_BOUND, CaptureSearch, capture_possible

GAME = BohnenGame
VIEW: View[BohnenState] = view
TRAITS = Traits[BohnenState](
    draws=True,  # a draw may be agreed
    ends=END_REASONS,
    move_kind=lambda action: "leave" if action.startswith(LEAVE) else "sow",
    lesson=LESSON,
)

__all__ = [
    "END_REASONS",
    "GAME",
    "KNOWLEDGE",
    "TRAITS",
    "PIT_NAMES",
    "SEARCH_BOUND",
    "VIEW",
    "Board",
    "BohnenGame",
    "BohnenState",
    "CaptureSearch",
    "capture_gain",
    "capture_possible",
]
