"""The bot interface, the random bot and the heuristic bot (the game's own policy)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from ludoteca.engine import Game, State
from ludoteca.engine.parts import NO_KNOWLEDGE, Knowledge
from ludoteca.games import registry


def knowledge_of(game: Game[Any]) -> Knowledge[Any]:
    """The knowledge the registry holds for ``game`` (none for a game it does not know)."""
    if game.id in registry.ids() and registry.game_class(game.id) is type(game):
        return registry.knowledge(game.id)
    return NO_KNOWLEDGE


class Bot(ABC):
    """A player for any game. Deterministic for a given seed."""

    name = "bot"
    levels: tuple[str, ...] = ()  # the strengths ``make_bot("<name>:<level>")`` accepts

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> str:
        """A legal action for the seat to move in ``state``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State) -> str:
        return self.rng.choice(state.legal_actions())


class HeuristicBot(Bot):
    """Plays the game's own quick policy (its knowledge's ``rollout``), or randomly without one.

    ``knowledge`` replaces the registered game's (for a game outside the registry)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, knowledge: Knowledge[Any] | None = None):
        super().__init__(seed)
        self.knowledge = knowledge

    def choose(self, state: State) -> str:
        knowledge = self.knowledge if self.knowledge is not None else knowledge_of(state.game)
        action = None if knowledge.rollout is None else knowledge.rollout(state, self.rng)
        return action if action is not None else self.rng.choice(state.legal_actions())
