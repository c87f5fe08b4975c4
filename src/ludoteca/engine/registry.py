"""The registry: game ids mapped to their Game classes, loaded on first use."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from .core import Game
from .i18n import register_domain


class Registry:
    """Game packages by id. A game package exports ``GAME``, its Game subclass, and keeps
    its catalogs in ``locale/``; registering it makes its messages translatable too."""

    def __init__(self) -> None:
        self._modules: dict[str, str] = {}
        self._classes: dict[str, type[Game]] = {}

    def add(self, game_id: str, module: str) -> None:
        self._modules[game_id] = module

    def ids(self) -> list[str]:
        return list(self._modules)

    def game_class(self, game_id: str) -> type[Game]:
        if game_id not in self._modules:
            raise ValueError(f"unknown game {game_id!r}: the games are {', '.join(self._modules)}")
        if game_id not in self._classes:
            module = importlib.import_module(self._modules[game_id])
            register_domain(game_id, Path(module.__file__).parent / "locale")
            self._classes[game_id] = module.GAME
        return self._classes[game_id]

    def load(self, game_id: str, /, **options: Any) -> Game:
        return self.game_class(game_id)(**options)

    def infos(self) -> list[dict[str, Any]]:
        return [self.game_class(game_id).info() for game_id in self._modules]
