"""The lobby's game pictures: each game's view of an opening position, drawn once per game and
language in a bot worker (drawing may compile the game's core: never on the event loop)."""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from . import workers
from .botrunner import BotRunner

log = logging.getLogger("ludoteca.server")


class Cards:
    def __init__(self, bots: BotRunner):
        self.bots = bots
        self._drawn: dict[tuple[str, str], str | None] = {}
        self._drawing: dict[tuple[str, str], asyncio.Task[None]] = {}

    def picture(self, game_id: str, lang: str) -> tuple[bool, str | None]:
        """(ready, svg): the picture once drawn (None: the game has none); until then it is
        being drawn, and (False, None) says to ask again shortly."""
        key = (game_id, lang)
        if key in self._drawn:
            return True, self._drawn[key]
        if key not in self._drawing:
            task = asyncio.get_running_loop().create_task(self._draw(key))
            self._drawing[key] = task
        return False, None

    async def _draw(self, key: tuple[str, str]) -> None:
        try:
            drawn = await self.bots.ready(key[0])  # drawn as the core was compiled
            if key[1] in drawn:
                self._drawn[key] = drawn[key[1]]
            else:
                self._drawn[key] = await self.bots.run(partial(workers.opening_picture, *key))
        except Exception:
            log.exception("the picture of %s could not be drawn", key[0])
        finally:
            self._drawing.pop(key, None)
