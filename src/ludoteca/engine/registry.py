"""The registry: game ids mapped to their game packages, whose parts are loaded on first use."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from .core import Game
from .i18n import register_domain
from .parts import NO_KNOWLEDGE, Knowledge, Parts, View
from .traits import NO_TRAITS, Traits

PART_NAMES = ("GAME", "VIEW", "KNOWLEDGE")


class Registry:
    """Game packages by id. A game package exports its parts: ``GAME`` (its Game subclass),
    ``VIEW`` (a View, or None), ``KNOWLEDGE`` (a Knowledge, or None) and, optionally,
    ``TRAITS`` (its Traits), and keeps its catalogs in ``locale/``; loading it makes its
    messages translatable too."""

    def __init__(self) -> None:
        self._modules: dict[str, str] = {}
        self._parts: dict[str, Parts[Any]] = {}

    def add(self, game_id: str, module: str) -> None:
        """Register the game package ``module`` (a dotted name) as ``game_id``."""
        if game_id in self._modules and self._modules[game_id] != module:
            raise ValueError(f"game {game_id!r} is already registered as {self._modules[game_id]}")
        self._modules[game_id] = module

    def remove(self, game_id: str) -> None:
        """Forget ``game_id`` (a no-op when it is not registered)."""
        self._modules.pop(game_id, None)
        self._parts.pop(game_id, None)

    def ids(self) -> list[str]:
        return list(self._modules)

    def modules(self) -> dict[str, str]:
        """Every registered id with its package (to register the same games elsewhere)."""
        return dict(self._modules)

    def parts(self, game_id: str) -> Parts[Any]:
        """The rules, view and knowledge of ``game_id``; ValueError for an unknown id."""
        if not isinstance(game_id, str) or game_id not in self._modules:
            raise ValueError(f"unknown game {game_id!r}: the games are {', '.join(self._modules)}")
        if game_id not in self._parts:
            self._parts[game_id] = self._load(game_id, self._modules[game_id])
        return self._parts[game_id]

    @staticmethod
    def _load(game_id: str, name: str) -> Parts[Any]:
        module = importlib.import_module(name)
        exported = vars(module)
        missing = [part for part in PART_NAMES if part not in exported]
        if missing:
            raise ValueError(f"the game package {name} does not export {', '.join(missing)}")
        game, view, knowledge = (exported[part] for part in PART_NAMES)
        if not (isinstance(game, type) and issubclass(game, Game)):
            raise ValueError(f"{name}.GAME is not a Game subclass")
        if game.id != game_id:
            raise ValueError(f"{name}.GAME has the id {game.id!r}, not {game_id!r}")
        if knowledge is not None and not isinstance(knowledge, Knowledge):
            raise ValueError(f"{name}.KNOWLEDGE is not a Knowledge")
        traits = exported.get("TRAITS", NO_TRAITS)
        if not isinstance(traits, Traits):
            raise ValueError(f"{name}.TRAITS is not a Traits")
        register_domain(game_id, Path(str(module.__file__)).parent / "locale")
        checked_view: View[Any] | None = view
        return Parts(game, checked_view, knowledge or NO_KNOWLEDGE, traits)

    def game_class(self, game_id: str) -> type[Game[Any]]:
        return self.parts(game_id).game

    def view(self, game_id: str) -> View[Any] | None:
        return self.parts(game_id).view

    def knowledge(self, game_id: str) -> Knowledge[Any]:
        return self.parts(game_id).knowledge

    def traits(self, game_id: str) -> Traits[Any]:
        return self.parts(game_id).traits

    def load(self, game_id: str, /, **options: Any) -> Game[Any]:
        return self.game_class(game_id)(**options)

    def infos(self) -> list[dict[str, Any]]:
        return [self.game_class(game_id).info() for game_id in self._modules]
