"""The decision aid: roll or stop? Expected final scores by seeded simulation of the best bot.

Stopping now keeps the habaneros held. Rolling is worth the mean final score of games that go
on from here with the bot's own play (:class:`bot.Best`), estimated from ``simulations``
games whose dice come from ``random.Random(seed)``; the standard error says how sure that is.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ludoteca.engine import Message

from . import logic
from .game import HabaneroState
from .moves import DROP, MOVE, PAY, Move
from .policies import BEST, Policy, best_action, simulate, simulate_from

SIMULATIONS = 200  # for roll_or_stop called from Python: about 0.6 s at the start of a game
HINT_SIMULATIONS = 100  # for the interactive hint: about 0.3 s at the start, less later


def roll_or_stop(
    state: HabaneroState, simulations: int = SIMULATIONS, seed: int = 0, policy: Policy = BEST
) -> dict[str, Any]:
    """Expected final score if you stop now versus if you roll and play on as ``policy``.

    Returns ``{"stop": float, "roll": float, "roll_stderr": float, "simulations": int,
    "advice": "roll" | "stop"}``; ValueError unless ``state`` awaits the roll-or-stop choice.
    """
    if state.phase != "decide":
        raise ValueError(
            f"roll_or_stop needs the roll-or-stop choice; the game is at {state.phase}"
        )
    if simulations < 2:
        raise ValueError("roll_or_stop needs at least 2 simulations for a standard error")
    rng = random.Random(seed)
    results = [
        simulate(policy, state.habaneros, state.campesinos, state.held, rng, rng.randrange(6) + 1)
        for _ in range(simulations)
    ]
    mean, stderr = _mean_stderr(results)
    return {
        "stop": float(state.held),
        "roll": mean,
        "roll_stderr": stderr,
        "simulations": simulations,
        "advice": "roll" if mean > state.held else "stop",
    }


def expected_score(
    state: HabaneroState, simulations: int = SIMULATIONS, seed: int = 0, policy: Policy = BEST
) -> tuple[float, float]:
    """Mean final score (and its standard error) of ``policy`` playing on from ``state``."""
    rng = random.Random(seed)
    results = [_play_on(policy, state, rng) for _ in range(simulations)]
    return _mean_stderr(results)


def _play_on(policy: Policy, state: HabaneroState, rng: random.Random) -> int:
    return simulate_from(policy, state.array(), rng)


def _mean_stderr(results: list[int]) -> tuple[float, float]:
    n = len(results)
    mean = sum(results) / n
    variance = sum((r - mean) ** 2 for r in results) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(variance / n)


def hint(
    state: HabaneroState, seat: int, simulations: int = HINT_SIMULATIONS, seed: int = 0
) -> dict | None:
    """The advice for the player: the best action, its expected final score, why, an overlay;
    at the roll-or-stop choice also ``stop_value``, ``roll_value`` and ``roll_stderr``."""
    if state.phase not in ("decide", "move", "penalty"):
        return None
    action = best_action(state)
    advice: dict[str, Any] = {
        "action": action,
        "stop_value": None,
        "roll_value": None,
        "roll_stderr": None,
    }
    if state.phase == "decide":
        odds = roll_or_stop(state, simulations, seed)
        stuck = sum(1 for n, _ in logic.reach(state.habaneros, state.campesinos) if n == 0)
        advice.update(
            stop_value=odds["stop"], roll_value=odds["roll"], roll_stderr=odds["roll_stderr"]
        )
        if stuck == 6:
            action = "stop"
            key = "habanero.hint.nothing_moves"
        else:
            action = odds["advice"]
            key = f"habanero.hint.{action}"
        advice["action"] = action
        advice["value"] = max(odds["roll"], odds["stop"])
        advice["reason"] = Message(
            key,
            {
                "roll": f"{odds['roll']:.2f}",
                "stderr": f"{odds['roll_stderr']:.2f}",
                "stop": f"{odds['stop']:.0f}",
                "stuck": stuck,
                "n": simulations,
            },
        )
        advice["overlay"] = {"button": f"btn-{action}", "squares": [], "arrows": []}
        return advice
    value, stderr = expected_score(state.apply(action), simulations, seed)
    advice["value"] = value
    move = Move.parse(action)
    if move.kind == MOVE:
        origin, target = move.start, move.end
        harvest = state.habaneros >> move.target & 1
        key = "habanero.hint.move_harvest" if harvest else "habanero.hint.move_empty"
        advice["reason"] = Message(
            key, {"from": origin, "to": target, "value": f"{value:.2f}", "stderr": f"{stderr:.2f}"}
        )
        advice["overlay"] = {"button": None, "squares": [target], "arrows": [[origin, target]]}
        return advice
    if move.kind == PAY:
        reason = Message("habanero.hint.pay", {"n": move.number, "value": f"{value:.2f}"})
        advice["overlay"] = {"button": "btn-pay", "squares": [], "arrows": []}
    else:
        assert move.kind == DROP, "a hint plays at the choice, a move or a penalty"
        what = move.start
        reason = Message("habanero.hint.drop", {"square": what, "value": f"{value:.2f}"})
        advice["overlay"] = {"button": None, "squares": [what], "arrows": []}
    advice["reason"] = reason
    return advice
