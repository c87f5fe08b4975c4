"""The bots by name, and the ``--bot`` spec parser."""

from __future__ import annotations

from .base import Bot, HeuristicBot, RandomBot
from .mcts import MCTSBot

MAX_ITERATIONS = 1_000_000
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "mcts": MCTSBot}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a spec such as ``random``, ``mcts:hard`` or ``mcts:64`` (an MCTS bot of 64
    iterations a move, as the lab's skill trace plays them); ValueError for an unknown one."""
    kind, colon, level = spec.strip().partition(":") if isinstance(spec, str) else ("", "", "")
    if kind not in BOTS:
        raise ValueError(f"unknown bot {spec!r}: the bots are {', '.join(sorted(BOTS))}")
    if kind == "mcts" and level.isascii() and level.isdigit():
        if not 1 <= int(level) <= MAX_ITERATIONS:
            raise ValueError(f"MCTS iterations must be from 1 to {MAX_ITERATIONS}, not {level}")
        return MCTSBot(iterations=int(level), seed=seed)
    levels = BOTS[kind].levels
    if colon and not levels:
        raise ValueError(f"bot {kind!r} has no levels: write just {kind!r}")
    if colon and level not in levels:
        raise ValueError(
            f"unknown level {level!r} for bot {kind!r}: the levels are {', '.join(levels)}"
        )
    if level:
        return MCTSBot(level=level, seed=seed) if kind == "mcts" else BOTS[kind](seed=seed)
    return BOTS[kind](seed=seed)
