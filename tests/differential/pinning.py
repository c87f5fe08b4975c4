"""Pinning a game's rules over many seeded random games, cheaply enough for 10,000 of them.

Comparing everything at every step, including the full ``observation(seat)`` dict with its
translated log, would cost up to seconds a game. Here the rules' facts are compared at EVERY step of every game (seat to move,
legal actions, chance odds, every seat's observation tensor, scores, the end) and the full
observation dicts only on a sample: every step of the first ``observed`` games and every
terminal position. The wording in an observation (the prompt, the log's texts, the legal
actions' labels and clicks, the translated text of any message) belongs to the views and
their catalogs, not to the rules, and is left out, so that a change of wording does not read
as a change of rules.

``rules_digest`` hashes those facts of one implementation, so that the pre-change rules' can be
stored once (tests/data/differential/) and the new rules checked against them in CI;
``first_difference`` walks the facts of the pre-change rules (a pinned tree, see before.py)
beside the new rules' and names the first step where they differ.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ludoteca.engine.core import Game, State

# The observation's keys that are wording (views and catalogs), not rules.
WORDING = ("prompt",)

# Data we composed for the comparison, labelled as such: the pre-change observations also
# carried their seats' colours (per game, as (the key they followed, the colours)), which the
# views now take from the viewer's palette instead (issue 35). The stored digests were made
# with them, so they are put back here as those rules gave them: the digests then compare the
# rules alone, unchanged. Remaking the digests without presentation keys would retire this.
PRE_CHANGE_SEAT_COLOURS: dict[str, tuple[str, tuple[str, ...], bool]] = {
    # game: (the key the colours followed, the colours, one per seat (else all of them))
    "bohnen": ("end_reason", ("#d1495b", "#2e86ab", "#3bb273", "#f0a202"), True),
    "habitats": ("parks", ("#d0342c", "#2a62c9", "#e8b90f", "#8a3fb5", "#f07c1d"), True),
    "potager": ("gnomes", ("#e0609a", "#3f7fd0"), False),
}

# Options added since the digests were made, with the value that plays as the rules did before
# (per game): an observation lists the game's options, so one at that value is left out here.
ADDED_OPTIONS: dict[str, dict[str, Any]] = {"hares": {"cards": "printed"}}  # issue 36


def _rule_facts(state: State, *, observe: bool) -> Iterator[tuple[str, Any]]:
    game = state.game
    yield "player", state.current_player
    yield "legal", list(state.legal_actions_view())
    yield "chance", state.chance_outcomes()
    if game.observation_tensor_shape() is not None:
        for seat in range(game.num_players):
            yield f"tensor[{seat}]", state.observation_tensor(seat)
    yield "scores", state.scores()
    if state.is_terminal():
        yield "end", state.end_reason()
        yield "winners", state.winners()
    if observe or state.is_terminal():
        for seat in (*range(game.num_players), None):
            yield f"observation[{seat}]", shown(state.observation(seat))


def shown(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without its wording (see the module's doc); a message anywhere in it
    keeps its key and parameters, not its translated text."""
    kept = _with_pre_change_colours(
        {key: value for key, value in observation.items() if key not in WORDING}
    )
    added = ADDED_OPTIONS.get(observation.get("game", ""), {})
    if "options" in kept and added:
        options = kept["options"]
        kept["options"] = {k: v for k, v in options.items() if k not in added or added[k] != v}
    kept["log"] = [(entry["seat"], entry["action"]) for entry in observation["log"]]
    kept["legal"] = [entry["action"] for entry in observation["legal"]]
    return {key: _untranslated(value) for key, value in kept.items()}


def _with_pre_change_colours(observation: dict[str, Any]) -> dict[str, Any]:
    known = PRE_CHANGE_SEAT_COLOURS.get(observation.get("game", ""))
    if known is None or "seat_colours" in observation:
        return observation
    after, colours, per_seat = known
    shown: dict[str, Any] = {}
    for key, value in observation.items():
        shown[key] = value
        if key == after:
            shown["seat_colours"] = list(colours[: observation["players"]] if per_seat else colours)
    return shown


def _untranslated(value: Any) -> Any:
    if isinstance(value, dict):
        if value.keys() == {"key", "params", "text"}:
            return {"key": value["key"], "params": _untranslated(value["params"])}
        return {key: _untranslated(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_untranslated(item) for item in value]
    return value


def random_action(state: State, rng: random.Random) -> str:
    """Chance by its odds, a seat uniformly among its legal actions (sorted, so that the
    choice does not depend on their order)."""
    if state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(outcomes, odds)[0]
    return rng.choice(sorted(state.legal_actions_view()))


Extra = Callable[[State, random.Random], Any]


def _games(
    game: Game[Any], games: int, seed: int, observed: int, extra: Extra | None
) -> Iterator[tuple[int, int, str, Any]]:
    """(game, step, name, value) of every fact of ``games`` seeded random games."""
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        state = game.new_initial_state()
        for step in range(game.max_game_length() + 1):
            for name, value in _rule_facts(state, observe=index < observed):
                yield index, step, name, value
            if extra is not None and state.current_player >= 0:
                # a knowledge function (a rollout policy, an evaluation) on its own rng
                yield index, step, "extra", extra(state, random.Random(f"{seed}:{index}:{step}"))
            if state.is_terminal():
                break
            state = state.successor(random_action(state, rng))


def rules_digest(
    game: Game[Any], *, games: int, seed: int, observed: int = 0, extra: Extra | None = None
) -> str:
    """A hash of the facts of ``games`` seeded random games of ``game``."""
    digest = hashlib.sha256()
    for _, _, name, value in _games(game, games, seed, observed, extra):
        if isinstance(value, np.ndarray):
            digest.update(f"{name}={_dtype_name(value.dtype)}{value.shape}".encode())
            digest.update(value.tobytes())
        else:
            digest.update(f"{name}={plain(value)!r};".encode())
    return digest.hexdigest()


def first_difference(
    old: Iterator[tuple[int, int, str, Any]], new: Iterator[tuple[int, int, str, Any]]
) -> str | None:
    """None if the two walks of ``_games`` give the same facts; else where they first differ."""
    for (index, step, name, expected), (_, _, _, got) in zip(old, new, strict=True):
        if not _same(expected, got):
            return f"game {index}, step {step}: {name} {got!r} != before {expected!r}"
    return None


def _same(expected: Any, got: Any) -> bool:
    if isinstance(expected, np.ndarray) or isinstance(got, np.ndarray):
        return (
            isinstance(expected, np.ndarray)
            and isinstance(got, np.ndarray)
            and expected.dtype == got.dtype
            and np.array_equal(expected, got)
        )
    return bool(plain(expected) == plain(got))


_DTYPE_NAMES: dict[Any, str] = {}


def _dtype_name(dtype: Any) -> str:
    """``str(dtype)``, remembered (numpy makes it slowly, and the digests ask it every step)."""
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = str(dtype)
    return name


_SCALARS = frozenset({int, float, str, bool, type(None)})


def plain(value: Any) -> Any:
    """Values with a stable repr (numpy scalars and arrays as Python numbers and lists)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if (kind is list or kind is tuple) and all(type(item) in _SCALARS for item in value):
        return value  # already plain (the common case, kept fast)
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, list | tuple):
        return type(value)(plain(item) for item in value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value
