"""Players for any registered game: ``bot.choose(state) -> action``."""

from .base import Bot, HeuristicBot, RandomBot, make_bot
from .hints import hint
from .mcts import MCTSBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "hint", "make_bot", "MCTSBot"]
