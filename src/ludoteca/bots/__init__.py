"""Players for any registered game: ``bot.choose(state) -> action``."""

from .base import Bot, HeuristicBot, RandomBot, knowledge_of
from .hints import hint
from .make import BOTS, make_bot
from .mcts import MCTSBot

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "hint",
    "knowledge_of",
    "make_bot",
]
