"""Hints for the player to move: the game's own advice, else what the MCTS bot would play.

A hint is a :class:`ludoteca.engine.parts.Hint`. Its ``value`` is the expected result of
``seat`` after the action: its win chance in a game of several seats (ties count as shared
wins), its expected normalised result in a one-seat game, where the reason quotes the expected
score instead.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import Message, State
from ludoteca.engine.parts import Hint, Knowledge, Overlay

from .base import knowledge_of
from .mcts import MCTSBot

HINT_LEVEL = "medium"


def hint(
    state: State,
    seat: int,
    level: str = HINT_LEVEL,
    seed: int = 0,
    knowledge: Knowledge[Any] | None = None,
) -> Hint | None:
    """Advice for ``seat`` (None when it is not that seat's turn).

    The game's own hint wins when its knowledge gives one; otherwise an MCTS search of
    ``level`` (seeded, so the same position always gets the same hint). ``knowledge``
    replaces the registered game's (for a game outside the registry)."""
    if state.current_player != seat:
        return None
    known = knowledge if knowledge is not None else knowledge_of(state.game)
    advice = known.hint(state, seat) if known.hint is not None else None
    if advice is not None:
        return advice
    return search_hint(state, seat, level, seed, known)


def search_hint(
    state: State,
    seat: int,
    level: str = HINT_LEVEL,
    seed: int = 0,
    knowledge: Knowledge[Any] | None = None,
) -> Hint:
    """The MCTS bot's best action for ``seat`` with its value and a reason."""
    legal = state.legal_actions()
    if len(legal) == 1:
        action = legal[0]
        reason = Message("bots.hint.only_move", {"action": state.label(action)})
        return Hint(action=action, reason=reason, overlay=Overlay(action), source="mcts")
    bot = MCTSBot(level, seed=seed, knowledge=knowledge)
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
    values = {child["action"]: child["value"] for child in analysis["children"]}
    return Hint(
        action=action,
        value=value,
        score=analysis["score"],
        reason=reason,
        overlay=Overlay(action, values=values),
        source="mcts",
    )
