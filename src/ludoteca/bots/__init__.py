"""Players for any registered game: ``bot.choose(state) -> action``."""

from .base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
