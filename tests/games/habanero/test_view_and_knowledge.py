"""Habanero beyond the rules: refusals, observation, clicks, view, JSON, bots, decision aid."""

from __future__ import annotations

import dataclasses
import json
import random
import xml.etree.ElementTree as ElementTree

import pytest

from ludoteca import CHANCE, IllegalAction, load_game
from ludoteca.bots import MCTSBot
from ludoteca.bots import hint as bots_hint
from ludoteca.engine import sample_chance
from ludoteca.engine.svg import text_width
from ludoteca.games.habanero import (
    KNOWLEDGE,
    VIEW,
    aid,
    best_action,
    greedy_action,
    logic,
    random_action,
    roll_or_stop,
    view,
)
from ludoteca.games.habanero.policies import BEST, simulate

from ..fit import texts_outside
from .helpers import ALL, box, position, rolled

START = load_game("habanero").new_initial_state


def refused(state, action):
    before = (state.to_json(), str(state))
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert (state.to_json(), str(state)) == before
    return error.value


# -- refusals say what and why ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("jump", "habanero.illegal.unknown"),
        ("b2-b6", "habanero.illegal.decide_first"),
        ("pay:1", "habanero.illegal.decide_first"),
    ],
)
def test_refusals_at_the_roll_or_stop_choice(action, key):
    assert refused(START(), action).key == key


@pytest.mark.parametrize(
    ("action", "key", "words"),
    [
        ("roll", "habanero.illegal.move_first", "3 squares"),
        ("c3-c6", "habanero.illegal.no_campesino", "no campesino on c3"),
        ("a1-c3", "habanero.illegal.not_straight", "straight"),
        ("a1-a3", "habanero.illegal.wrong_distance", "2 squares, the die says 3"),
        ("drop:a1", "habanero.illegal.move_first", "first move"),
    ],
)
def test_refusals_when_a_move_is_due(action, key, words):
    error = refused(rolled(START(), 3), action)
    assert error.key == key and words in str(error)


def test_refusal_of_a_blocked_move_names_the_blocker():
    error = refused(rolled(position(ALL, ["d2", "d4"]), 3), "d2-d5")
    assert error.key == "habanero.illegal.blocked" and "d4" in str(error)


def test_refusal_of_a_move_off_the_plantation():
    state = rolled(position(box("b2", "f6"), ["b4"]), 1)
    error = refused(state, "b4-a4")
    assert error.key == "habanero.illegal.off_plantation"


def test_refusal_of_an_outside_campesino_moving_along_the_outside():
    state = rolled(position(box("b2", "f6"), ["a4"]), 2)
    assert refused(state, "a4-a6").key == "habanero.illegal.outside_along"


def test_refusal_of_an_outside_campesino_counts_plantation_squares_only():
    state = rolled(position(box("c3", "e5"), ["a4"]), 2)  # a4-e4 is 4 squares, 3 inside
    error = refused(state, "a4-e4")
    assert error.key == "habanero.illegal.wrong_distance" and error.params["steps"] == 3


def test_the_prompt_says_when_only_a_drop_is_possible():
    habaneros = set(ALL) - {"d6", "d7"}
    short = rolled(position(habaneros, ["d4"], held=1), 2).apply("d4-d6")
    assert short.prompt(0).key == "habanero.prompt.penalty_drop"
    enough = rolled(position(habaneros, ["d4"], held=2), 2).apply("d4-d6")
    assert enough.prompt(0).key == "habanero.prompt.penalty"


def test_refusals_when_a_penalty_is_due():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4"], held=0), 2).apply("d4-d6")
    assert refused(state, "roll").key == "habanero.illegal.penalty_first"
    assert refused(state, "drop:c3").key == "habanero.illegal.no_campesino"
    assert refused(state, "pay:1").key == "habanero.illegal.pay_afford"


def test_a_misspelt_pay_is_refused_as_notation_not_as_too_dear():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4"], held=5), 2).apply("d4-d6")
    assert refused(state, "pay:01").key == "habanero.illegal.unknown"


def test_chance_outcomes_are_refused_as_player_actions_and_vice_versa():
    assert refused(START(), "roll:3").key == "habanero.illegal.unknown"
    with pytest.raises(IllegalAction, match="outcomes"):
        START().apply("roll").apply("roll:7")


def test_the_game_over_refuses_everything():
    with pytest.raises(IllegalAction, match="over"):
        START().apply("stop").apply("roll")


# -- observation, clicks, labels -------------------------------------------------------------


def test_observation_has_the_contract_keys_as_plain_data():
    observation = START().observation(0)
    assert json.loads(json.dumps(observation)) == observation
    for key in ("habaneros", "campesinos", "plantation", "held"):
        assert key in observation
    assert observation["phase"] == "decide" and observation["die"] is None


def test_the_outlook_counts_moves_and_harvests_per_face():
    outlook = START().observation(0)["outlook"]
    assert outlook["6"] == {"moves": 0, "harvest": 0}  # every line from a corner is blocked
    assert outlook["1"] == {"moves": 8, "harvest": 8}
    emptied = position(set(ALL) - {"d6", "f4"}, ["d4"]).observation(0)["outlook"]
    assert emptied["2"] == {"moves": 4, "harvest": 2}  # d6 and f4 are empty


def test_clicks_name_the_svg_elements():
    state = START()
    assert state.clicks("roll") == ["btn-roll"] and state.clicks("stop") == ["btn-stop"]
    moving = rolled(state, 2)
    assert moving.clicks("a1-a3") == ["sq-a1", "sq-a3"]
    habaneros = set(ALL) - {"d6"}
    penalty = rolled(position(habaneros, ["d4", "a1"], held=3), 2).apply("d4-d6")
    assert penalty.clicks("pay:1") == ["btn-pay"] and penalty.clicks("drop:a1") == ["sq-a1"]


def test_labels_and_log_lines_are_messages_in_four_languages():
    moving = rolled(START(), 2)
    label = moving.label("a1-a3")
    assert label.key == "habanero.label.move_harvest"
    assert "a1" in label.text("de") and "a3" in label.text("ru")
    assert moving.describe(CHANCE, "roll:2").text("fr") == "Le dé donne 2"
    assert START().prompt(0).text("ru").startswith("У вас 0 хабанеро")


def test_json_round_trip_of_a_played_game():
    state = START()
    for action in ("roll", "roll:2", "a1-a3", "roll", "roll:2", "a3-a1"):
        state = state.apply(action)
    assert state.phase == "penalty"
    again = load_game("habanero").state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.legal_actions() == state.legal_actions()


def test_text_board_shows_campesinos_habaneros_and_removed_lines():
    text = str(position(box("b2", "f6"), ["a4", "c3"], held=4))
    assert " 4  C o o o o o    4" in text
    assert "held 4" in text and "1 outside" in text


# -- the view ---------------------------------------------------------------------------------


def ids(picture):
    return {element.get("id") for element in ElementTree.fromstring(picture).iter()}


def test_the_view_has_every_square_and_the_buttons():
    picture = VIEW.svg(START(), 0)
    found = ids(picture)
    assert {f"sq-{s}" for s in ALL} <= found
    assert {"btn-roll", "btn-stop", "die", "held"} <= found


def test_the_view_marks_removed_lines_and_outside_campesinos():
    state = position(box("b2", "f6"), ["a4", "c3"])
    root = ElementTree.fromstring(VIEW.svg(state, 0))
    classes = {e.get("id"): e.get("class") for e in root.iter() if e.get("id")}
    assert "removed" in classes["sq-a4"] and "removed" not in classes["sq-c3"]
    outside = [e for e in root.iter() if e.get("class") == "campesino outside"]
    assert len(outside) == 1


def test_the_view_offers_pay_in_a_penalty_and_draws_hints():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4"], held=3), 2).apply("d4-d6")
    assert "btn-pay" in ids(VIEW.svg(state, 0))
    advice = KNOWLEDGE.hint(state, 0)
    picture = VIEW.svg(state, 0, lang="de", overlay=advice.overlay)
    assert "abgeben" in picture


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_the_penalty_panel_wraps_its_sentences_inside_the_picture(lang):
    habaneros = set(ALL) - {"d6", "d7"}
    state = rolled(position(habaneros, ["d4"], held=1), 2).apply("d4-d6")
    root = ElementTree.fromstring(VIEW.svg(state, 0, lang=lang))
    panel = next(e for e in root.iter() if e.get("id") == "panel")
    for element in panel.iter("{http://www.w3.org/2000/svg}text"):
        if element.get("font-size") in ("13", "14"):  # the small print under the Pay button
            words = "".join(element.itertext())
            assert float(element.get("x")) + text_width(words, 14) <= view.WIDTH - 8
    assert texts_outside(VIEW.svg(state, 0, lang=lang)) == []


# -- bots -------------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", [random_action, greedy_action, best_action])
def test_every_bot_plays_legal_actions_to_the_end(policy):
    rng = random.Random(3)
    state = START()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            action = policy(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_greedy_harvests_when_it_can_and_drops_the_mover():
    state = rolled(position(set(ALL) - {"d6"}, ["d4"], held=5), 2)
    assert greedy_action(state) == "d4-f4"  # the first harvesting move, not the empty d6
    penalty = rolled(position(set(ALL) - {"d6", "d2", "b4", "f4"}, ["d4"], held=5), 2)
    move = greedy_action(penalty)
    assert greedy_action(penalty.apply(move)) == f"drop:{move.split('-')[1]}"


def test_best_drops_a_campesino_that_can_never_move_before_a_useful_one():
    # a1 stands outside the plantation b2-f6, beside none of its lines: useless but droppable
    habaneros = [s for s in box("b2", "f6") if s != "d6"]
    state = rolled(position(habaneros, ["d4", "a1"], held=0), 2).apply("d4-d6")
    assert best_action(state) == "drop:a1"


def test_best_never_stops_while_some_roll_can_move():
    assert best_action(START()) == "roll"
    assert best_action(position(box("b2", "f6"), ["a1"], held=3)) == "stop"


class Dice:
    """A die that shows a fixed sequence (``randrange(6)`` is how ``simulate`` rolls)."""

    def __init__(self, faces):
        self.faces = iter(faces)

    def randrange(self, n):
        return next(self.faces) - 1


def test_simulate_plays_the_same_game_as_the_state():
    """The fast simulation and the rules of the state agree move for move."""
    for seed in range(12):
        rng = random.Random(seed)
        faces = [rng.randint(1, 6) for _ in range(300)]
        dice = iter(faces)
        state = START()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(f"roll:{next(dice)}")
            else:
                state = state.apply(best_action(state))
        h, c = logic.start(4)
        assert simulate(BEST, h, c, 0, Dice(faces)) == state.scores()[0]


def test_reach_counts_the_same_moves_as_moves():
    rng = random.Random(5)
    for _ in range(300):
        habaneros = rng.getrandbits(49) & logic.ALL_SQUARES
        campesinos = tuple(sorted(rng.sample(range(49), rng.randint(1, 4))))
        for die, (n, h) in zip(logic.DIE, logic.reach(habaneros, campesinos), strict=True):
            legal = logic.moves(habaneros, campesinos, die)
            assert n == len(legal)
            assert h == sum(1 for _, t in legal if habaneros >> t & 1)


# -- the decision aid -------------------------------------------------------------------------


def test_roll_or_stop_compares_stopping_with_simulated_play():
    state = rolled(START(), 1).apply("a1-a2")
    odds = roll_or_stop(state, simulations=40, seed=1)
    assert odds["stop"] == 1.0 and odds["simulations"] == 40
    assert odds["roll"] > odds["stop"] and odds["roll_stderr"] > 0
    assert odds["advice"] == "roll"
    assert roll_or_stop(state, simulations=40, seed=1) == odds  # seeded: reproducible


def test_roll_or_stop_needs_the_choice():
    with pytest.raises(ValueError, match="roll-or-stop"):
        roll_or_stop(rolled(START(), 1))


def test_rolling_is_never_worse_than_stopping():
    """A campesino can always be dropped instead of paying: the score after a roll can always
    be kept, so the bot's simulated value of rolling is never below stopping."""
    state = position(set(ALL) - {"c3", "d3", "e3"}, ["d4"], held=12)
    odds = roll_or_stop(state, simulations=60, seed=2)
    assert odds["roll"] >= odds["stop"]


def test_hint_at_the_choice_gives_both_values_and_a_reason():
    advice = aid.hint(START(), 0)
    assert advice["action"] == "roll" and advice["stop_value"] == 0.0
    assert advice["roll_value"] > 5 and advice["roll_stderr"] > 0
    assert advice["value"] == advice["roll_value"]
    assert "±" in advice["reason"].text() and advice["overlay"]["button"] == "btn-roll"
    shown = bots_hint(START(), 0)
    assert (shown.action, shown.value, shown.reason) == ("roll", advice["value"], advice["reason"])
    assert shown.overlay.action == "roll"


def test_hint_when_nothing_can_move_says_rolling_and_stopping_are_the_same():
    advice = aid.hint(position(box("b2", "f6"), ["a1"], held=3), 0)
    assert advice["action"] == "stop" and advice["roll_value"] == advice["stop_value"] == 3.0
    assert advice["reason"].key == "habanero.hint.nothing_moves"


def test_hint_for_a_move_draws_an_arrow():
    advice = bots_hint(rolled(START(), 2), 0)
    origin, target = advice.action.split("-")
    assert advice.overlay.arrows == ((origin, target),)
    assert aid.hint(rolled(START(), 2), 0)["roll_value"] is None and advice.value > 0


SEARCHES = [(None, None), (False, None), (None, 0.5)]  # (heuristic, epsilon) of the bot


@pytest.mark.parametrize("campesinos", [1, 2, 4])
@pytest.mark.parametrize(("heuristic", "epsilon"), SEARCHES)
def test_searches_with_the_compiled_rollouts_play_as_rolling_out_action_by_action(
    campesinos, heuristic, epsilon
):
    """The compiled rollouts draw the search's own random numbers, in the same order: every
    statistic of the search is the same as when it steps through the contract."""
    stepping = dataclasses.replace(KNOWLEDGE, playout=None)
    rng = random.Random(campesinos)
    state = load_game("habanero", campesinos=campesinos).new_initial_state()
    searched = 0
    while not state.is_terminal() and searched < 6:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        found = [
            MCTSBot(
                iterations=120,
                seed=searched,
                heuristic=heuristic,
                epsilon=epsilon,
                knowledge=knowledge,
            ).analyse(state)
            for knowledge in (KNOWLEDGE, stepping)
        ]
        assert found[0] == found[1]
        searched += 1
        state = state.apply(best_action(state) if rng.random() < 0.8 else random_action(state, rng))
