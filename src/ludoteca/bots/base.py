"""The bot interface, the random bot and the ``--bot`` spec parser."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from ludoteca.engine import State


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


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a spec such as ``random`` or ``mcts:hard``; ValueError for an unknown one."""
    kind, colon, level = spec.strip().partition(":")
    if kind not in BOTS:
        raise ValueError(f"unknown bot {spec!r}: the bots are {', '.join(sorted(BOTS))}")
    levels = getattr(BOTS[kind], "levels", ())
    if colon and not levels:
        raise ValueError(f"bot {kind!r} has no levels: write just {kind!r}")
    if colon and level not in levels:
        raise ValueError(
            f"unknown level {level!r} for bot {kind!r}: the levels are {', '.join(levels)}"
        )
    if level:
        return BOTS[kind](level=level, seed=seed)
    return BOTS[kind](seed=seed)


class HeuristicBot(Bot):
    """Plays the game's own quick policy (``Game.heuristic_action``), or randomly without one."""

    name = "heuristic"

    def choose(self, state: State) -> str:
        action = state.game.heuristic_action(state, self.rng)
        return action if action is not None else self.rng.choice(state.legal_actions())


BOTS["heuristic"] = HeuristicBot
