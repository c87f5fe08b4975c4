"""The checks every game must pass, usable from any test suite.

``check_game(game, seed, view=view)`` plays one random game to the end and checks the whole
contract at every step (the view's picture too, when one is given); it raises AssertionError
naming the step and what broke. The round trips through JSON, which replay the game from its
start, are made at a sample of the steps and at the end, so a game is checked in time linear
in its length.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter
from typing import Any
from xml.parsers import expat

from .chance import sample_chance
from .core import CHANCE, TERMINAL, Game, State
from .errors import IllegalAction
from .i18n import LANGUAGES, has_key
from .parts import View

NOT_AN_ACTION = "\u2603 not an action"
SECRET_WORDS = ("rng", "seed", "random_state", "bag_order")


def variants(game_class: type[Game[Any]]) -> list[dict[str, Any]]:
    """Option sets worth testing: every player count, then each other option's values."""
    found: list[dict[str, Any]] = [
        {"players": n} for n in range(game_class.min_players, game_class.max_players + 1)
    ]
    for spec in game_class.option_specs:
        values = spec.choices if spec.choices is not None else (spec.minimum, spec.maximum)
        found += [{spec.name: value} for value in values if value != spec.default]
    return found


def check_game(
    game: Game[Any],
    seed: int,
    max_actions: int = 5000,
    every: int = 1,
    view: View[Any] | None = None,
) -> State:
    """Random play from a seeded RNG, checking the contract at every ``every``-th step (the
    round trip at the steps ``round_trip_steps`` picks and at the end)."""
    rng = random.Random(seed)
    state: State = game.new_initial_state()
    longest = game.max_game_length()
    trips = round_trip_steps(seed, min(longest, max_actions))
    for step in range(max_actions):
        assert step <= longest, f"{game!r} seed {seed}: longer than max_game_length() {longest}"
        if step % every == 0 or state.is_terminal():
            check_state(state, rng, view, round_trip=step in trips or state.is_terminal())
        if state.is_terminal():
            check_end(state)
            return state
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
    raise AssertionError(f"{game!r} seed {seed}: no end after {max_actions} actions")


def round_trip_steps(seed: int, longest: int) -> set[int]:
    """The steps 0 and 1, then one step of each doubling stretch of a game (2–3, 4–7, 8–15…)
    up to ``longest``, drawn from ``seed``. A round trip replays the game up to its step, so
    these cost less than twice the game's length in all, and every stretch is sampled."""
    steps, low = {0, 1}, 2
    while low <= longest:
        steps.add(random.Random(f"{seed}/{low}").randrange(low, 2 * low))
        low *= 2
    return steps


def check_state(
    state: State, rng: random.Random, view: View[Any] | None = None, round_trip: bool = True
) -> None:
    where = f"{state.game!r} after {state.history()}"
    player = state.current_player
    n = state.game.num_players
    assert player in (CHANCE, TERMINAL) or 0 <= player < n, f"{where}: bad current_player {player}"
    legal = state.legal_actions()
    assert legal == state.legal_actions(), f"{where}: legal_actions() is not deterministic"
    assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions {legal}"
    assert all(isinstance(a, str) and a for a in legal), f"{where}: actions must be text"
    if player >= 0:
        assert legal, f"{where}: a seat to move has no legal action"
        assert state.chance_outcomes() == [], f"{where}: chance outcomes at a decision node"
    else:
        assert legal == [], f"{where}: legal actions at a chance or terminal node"
    if player == CHANCE:
        check_chance(state, where)
    check_refusal(state, where)
    if round_trip:
        check_round_trip(state, where)
    for seat in [None, *range(n)]:
        check_observation(state, seat, where, view)
    scores = state.scores()
    assert len(scores) == n, f"{where}: {len(scores)} scores for {n} seats"
    if not state.is_terminal():
        assert state.winners() == [], f"{where}: winners before the end"
    assert str(state).strip(), f"{where}: empty text board"


def check_chance(state: State, where: str) -> None:
    outcomes = state.chance_outcomes()
    assert outcomes, f"{where}: a chance node without outcomes"
    names = [o for o, _ in outcomes]
    assert len(set(names)) == len(names), f"{where}: duplicate chance outcomes"
    assert all(p > 0 for _, p in outcomes), f"{where}: an outcome with probability <= 0"
    assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9), f"{where}: sum != 1"


def check_refusal(state: State, where: str) -> None:
    # not the history: reading it walks the whole game, at every step
    before = (len(state), str(state), state.legal_actions(), state.current_player)
    junk: tuple[Any, ...] = (NOT_AN_ACTION, "", 7, None)
    for bad in junk:
        try:
            state.apply(bad)
        except IllegalAction as error:
            assert str(error), f"{where}: an IllegalAction without a message"
        else:
            raise AssertionError(f"{where}: {bad!r} was accepted")
    after = (len(state), str(state), state.legal_actions(), state.current_player)
    assert before == after, f"{where}: a refused action changed the state"


def check_round_trip(state: State, where: str) -> None:
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data)
    assert again == state, f"{where}: to_json/state_from_json does not round-trip"
    assert again.current_player == state.current_player
    assert again.legal_actions() == state.legal_actions()
    assert str(again) == str(state)
    assert again.history() == state.history()


def check_observation(
    state: State, seat: int | None, where: str, view: View[Any] | None = None
) -> None:
    observation = state.observation(seat)
    # the JSON text part by part: most parts are the same for every seat and step after step,
    # and each distinct part is read back and walked once
    assert all(isinstance(key, str) for key in observation), f"{where}: a key is not text"
    parts = [(key, json.dumps(value)) for key, value in observation.items()]
    keys = {key.lower() for key in observation}
    messages: set[str] = set()
    for (_, text), value in zip(parts, observation.values(), strict=True):
        found_keys, found_messages, loaded = _walked(text)
        assert loaded == value, f"{where}: observation is not plain JSON"
        keys |= found_keys
        messages |= found_messages
    secret = keys & set(SECRET_WORDS)
    assert not secret, f"{where}: observation key {sorted(secret)}"
    for message in messages - _known_messages:
        for lang in LANGUAGES:
            assert has_key(message, lang), f"{where}: message {message!r} missing in {lang}"
        _known_messages.add(message)
    legal = observation["legal"]
    if seat is not None and seat == state.current_player:
        assert [e["action"] for e in legal] == state.legal_actions(), f"{where}: legal differs"
        check_clicks(state, seat, legal, where, view)
    else:
        assert legal == [], f"{where}: seat {seat} is shown actions out of turn"


_known_messages: set[str] = set()


def check_clicks(
    state: State, seat: int, legal: list[dict[str, Any]], where: str, view: View[Any] | None
) -> None:
    paths = [tuple(entry["clicks"]) for entry in legal]
    assert all(paths) and all(isinstance(c, str) for p in paths for c in p), f"{where}: clicks"
    assert len(set(paths)) == len(paths), f"{where}: two actions share their clicks"
    prefixes = {path[:k] for path in paths for k in range(1, len(path))}
    clash = prefixes & set(paths)
    assert not clash, (
        f"{where}: clicks {sorted(clash)[0]} are a prefix of another action's: "
        "the client cannot tell them apart"
    )
    if view is None:
        return
    ids = _element_ids(view.svg(state, seat))
    missing = {c for p in paths for c in p} - ids
    assert not missing, f"{where}: the view has no element with id {sorted(missing)[:5]}"


# a JSON string followed by a colon (the loop unrolled: Python's re is slow on an alternation
# taken once per character)
def _element_ids(picture: str) -> set[str | None]:
    """The ids of the picture's elements (None for an element without one); the picture must
    be well-formed XML with its namespaces bound. Expat is the parser ElementTree uses, here
    without building the tree."""
    ids: set[str | None] = set()
    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartElementHandler = lambda _name, attributes: ids.add(attributes.get("id"))
    parser.Parse(picture, True)
    return ids


_KEY = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)":')
_MESSAGE = re.compile(r'\{"key": "([^"]+)", "params": ')


def _walk(text: str) -> tuple[set[str], set[str]]:
    """Every object key (lower-cased) and every message key in an observation's JSON text."""
    return {k.lower() for k in _KEY.findall(text)}, set(_MESSAGE.findall(text))


_WALKED: dict[str, tuple[set[str], set[str], Any]] = {}
WALKS_KEPT = 1024


def _walked(text: str) -> tuple[set[str], set[str], Any]:
    """``_walk`` of a JSON text and the text read back, kept for the texts met again (the
    parts of an observation that every seat sees, a log that the next step shows again)."""
    found = _WALKED.get(text)
    if found is None:
        if len(_WALKED) >= WALKS_KEPT:
            _WALKED.clear()
        found = _WALKED[text] = (*_walk(text), json.loads(text))
    return found


def check_end(state: State) -> None:
    where = f"{state.game!r} at the end after {len(state)} actions"
    assert state.legal_actions() == [] and state.chance_outcomes() == [], where
    winners = state.winners()
    n = state.game.num_players
    assert winners and all(0 <= w < n for w in winners), f"{where}: winners {winners}"
    assert sorted(set(winners)) == winners, f"{where}: winners must be sorted and unique"
    low, high = state.game.score_range()
    scores = state.scores()
    assert all(low <= s <= high for s in scores), f"{where}: scores {scores} beyond {low}-{high}"
    assert len(state) <= state.game.max_game_length(), f"{where}: longer than max_game_length()"
    replayed = state.game.replay(state.history())
    assert replayed == state and replayed.scores() == state.scores(), f"{where}: replay differs"


def check_chance_frequencies(state: State, samples: int = 4000, seed: int = 0) -> None:
    """The driver's draws at ``state`` match the stated odds (within 5 standard errors)."""
    rng = random.Random(seed)
    counts = Counter(sample_chance(state, rng) for _ in range(samples))
    for outcome, probability in state.chance_outcomes():
        error = math.sqrt(probability * (1 - probability) / samples)
        observed = counts[outcome] / samples
        assert abs(observed - probability) <= 5 * error + 1e-9, (
            f"{outcome}: drawn {observed:.4f}, stated {probability:.4f}"
        )
