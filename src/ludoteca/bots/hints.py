"""Hints for the player to move: the game's own advice, else what the MCTS bot would play.

A hint is ``{"action", "value", "reason": Message, "overlay": {...}, "source"}``. ``value`` is
the expected result of ``seat`` after the action: its win chance in a game of several seats
(ties count as shared wins), its expected normalised result in a one-seat game, where the
reason quotes the expected score instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteca.engine import Message, State, register_domain

register_domain("bots", Path(__file__).parent / "locale")

HINT_LEVEL = "medium"


def hint(state: State, seat: int, level: str = HINT_LEVEL, seed: int = 0) -> dict[str, Any] | None:
    """Advice for ``seat`` (None when it is not that seat's turn).

    The game's own hint wins when ``Game.hint`` gives one; otherwise an MCTS search of
    ``level`` (seeded, so the same position always gets the same hint)."""
    if state.current_player != seat:
        return None
    own = state.game.hint(state, seat)
    if own is not None:
        return {"source": "game", **own}
    return search_hint(state, seat, level, seed)


def search_hint(state: State, seat: int, level: str = HINT_LEVEL, seed: int = 0) -> dict[str, Any]:
    """The MCTS bot's best action for ``seat`` with its value and a reason."""
    from .mcts import MCTSBot

    legal = state.legal_actions()
    if len(legal) == 1:
        action = legal[0]
        reason = Message("bots.hint.only_move", {"action": state.label(action)})
        return {
            "source": "mcts",
            "action": action,
            "value": None,
            "reason": reason,
            "overlay": {"best": action},
        }
    bot = MCTSBot(level, seed=seed)
    analysis = bot.analyse(state)
    action = analysis["action"]
    label = state.label(action)
    value = analysis["value"]
    if analysis["exact"]:
        reason = Message("bots.hint.solved", {"action": label})
    elif state.game.num_players == 1:
        score = analysis["score"]
        reason = Message("bots.hint.expected_score", {"action": label, "score": f"{score:.1f}"})
    else:
        children = analysis["children"]
        runner_up = children[1]["value"] if len(children) > 1 else None
        percent = round(100 * value)
        if value >= 0.99:
            key = "bots.hint.winning"
        elif value <= 0.01:
            key = "bots.hint.losing"
        elif runner_up is not None and value - runner_up >= 0.1:
            key = "bots.hint.clearly_best"
        else:
            key = "bots.hint.win_chance"
        reason = Message(key, {"action": label, "percent": percent})
    overlay = {
        "best": action,
        "values": {child["action"]: child["value"] for child in analysis["children"]},
    }
    return {
        "source": "mcts",
        "action": action,
        "value": value,
        "score": analysis["score"],
        "reason": reason,
        "overlay": overlay,
    }
