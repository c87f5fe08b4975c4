"""The SVG view, the bots' knowledge and the observation contract."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ElementTree

from ludoteca import load_game
from ludoteca.engine.parts import Overlay
from ludoteca.games.bohnen import KNOWLEDGE, PIT_NAMES, VIEW

from .helpers import position


def ids(picture: str) -> set[str]:
    return {el.get("id") for el in ElementTree.fromstring(picture).iter() if el.get("id")}


def test_the_view_has_every_pit_and_marks_the_playable_ones():
    game = load_game("bohnen", players=3)
    state = game.new_initial_state()
    picture = VIEW.svg(state, 0)
    assert {f"pit-{name}" for name in PIT_NAMES} <= ids(picture)
    assert picture.count('class="pit playable"') == 4
    assert VIEW.svg(state, 1).count('class="pit playable"') == 0
    assert {"tray-0", "tray-1", "tray-2", "status", "legend"} <= ids(picture)


def test_the_view_offers_leave_markers_during_a_grand_slam():
    pending = position({"A": 3, "F": 2, "a": 1, "b": 2}).apply("F")
    picture = VIEW.svg(pending, 0)
    assert {"leave-a", "leave-b"} <= ids(picture)
    entries = pending.observation(0)["legal"]
    assert [e["clicks"] for e in entries] == [["leave-a"], ["leave-b"]]


def test_the_view_draws_hints_and_speaks_the_language_asked():
    state = load_game("bohnen").new_initial_state()
    picture = VIEW.svg(state, 0, lang="fr", overlay=Overlay("C", values={"D": 0.25}))
    assert "hints" in ids(picture)
    assert "0.25" in picture
    assert "Choisissez un de vos trous" in picture


def test_observation_is_plain_json_with_the_contract_keys():
    state = position({"A": 4, "B": 4, "a": 4, "b": 4}, captured=[2, 3])
    observation = state.observation(1)
    assert json.loads(json.dumps(observation)) == observation
    assert observation["pits"]["A"] == 4 and observation["pits"]["f"] == 0
    assert observation["captured"] == [2, 3]
    assert observation["owners"]["a"] == 1


def test_the_heuristic_takes_the_biggest_capture():
    state = position({"E": 2, "F": 1, "a": 2, "b": 1, "d": 7})
    # E makes a 3 (taking 3 beans); F makes a 3 too; both capture 3: either is fine
    assert KNOWLEDGE.rollout(state, random.Random(0)) in {"E", "F"}
    state = position({"D": 3, "E": 1, "F": 1, "a": 2, "b": 1, "c": 2, "d": 7})
    # D sows E F a: a holds 3 (captured), chain stops at F (own): 3 beans
    # F sows a: 3 beans; E sows F: nothing
    assert KNOWLEDGE.rollout(state, random.Random(0)) in {"D", "F"}


def test_the_heuristic_leaves_the_emptiest_pit_in_a_grand_slam():
    pending = position({"A": 3, "F": 2, "a": 1, "b": 2}).apply("F")
    assert KNOWLEDGE.rollout(pending, random.Random(0)) == "leave:a"


def test_evaluate_gives_shares_and_final_results():
    game = load_game("bohnen")
    assert KNOWLEDGE.evaluate(game.new_initial_state()) == [0.5, 0.5]
    end = position({"a": 3}, captured=[4, 2])
    assert KNOWLEDGE.evaluate(end) == [0.0, 1.0]


def test_hint_points_at_a_capture():
    state = position({"F": 1, "a": 2, "d": 5})
    advice = KNOWLEDGE.hint(state, 0)
    assert advice.action == "F" and advice.value == 3
    assert advice.overlay == Overlay("F")
