"""The engine's own game-agnostic behaviour, checked on a toy game."""

import json
import random

import pytest

from ludoteca import CHANCE, TERMINAL, IllegalAction, Record, RecordError
from ludoteca.bots import RandomBot
from ludoteca.engine import Message, Seat, conformance, play, sample_chance, translate
from ludoteca.engine.i18n import message_from_json
from ludoteca.engine.parts import Overlay

from .toy import PileGame


@pytest.mark.parametrize("seed", range(20))
def test_toy_game_passes_conformance(seed):
    conformance.check_game(PileGame(start=9), seed)


def test_conformance_replays_a_game_a_bounded_number_of_times(monkeypatch):
    """The round trips replay the game up to a sample of its steps (one in each doubling
    stretch) and at the end: a long game costs a few times its length, not its square."""
    replayed: list[int] = []
    replay = PileGame.replay

    def counted(self, actions):
        replayed.append(len(actions))
        return replay(self, actions)

    monkeypatch.setattr(PileGame, "replay", counted)
    final = conformance.check_game(PileGame(start=30), seed=5)
    assert len(final) > 16
    assert sum(replayed) <= 4 * len(final)
    assert len(final) in replayed  # the end is checked


@pytest.mark.parametrize("seed", range(3))
def test_the_round_trip_steps_sample_every_doubling_stretch(seed):
    steps = conformance.round_trip_steps(seed, 1000)
    assert {0, 1} <= steps
    for low in (2, 4, 8, 16, 32, 64, 128, 256, 512):
        assert len({step for step in steps if low <= step < 2 * low}) == 1
    assert steps == conformance.round_trip_steps(seed, 1000)


def test_options_are_validated_with_the_allowed_values():
    with pytest.raises(ValueError, match="unknown option 'colour'.*refill, start"):
        PileGame(colour="red")
    with pytest.raises(
        ValueError, match="option 'start' cannot be 99: allowed are integers 1 to 30"
    ):
        PileGame(start=99)
    with pytest.raises(ValueError, match="option 'players' cannot be 3"):
        PileGame(players=3)
    assert PileGame(start="5").options == {"players": 2, "start": 5, "refill": True}


def test_apply_returns_a_new_state_and_keeps_the_old():
    state = PileGame(start=4).new_initial_state()
    after = state.apply("take:2")
    assert state.pile == 4 and len(state) == 0
    assert after.pile == 2 and after.history() == ["take:2"]
    assert after.current_player == CHANCE


def test_illegal_action_names_action_seat_and_reason_and_changes_nothing():
    state = PileGame(start=1).new_initial_state()
    with pytest.raises(IllegalAction) as caught:
        state.apply("take:2")
    assert caught.value.action == "take:2" and caught.value.seat == 0
    assert "take:2" in str(caught.value) and "seat 0" in str(caught.value)
    assert caught.value.key == "core.illegal.not_legal"
    assert state.legal_actions() == ["take:1"] and len(state) == 0


def test_chance_node_refuses_a_non_outcome():
    state = PileGame(start=4).new_initial_state().apply("take:2")
    with pytest.raises(IllegalAction, match="roll:1, roll:2, roll:3"):
        state.apply("roll:9")


def test_terminal_state_refuses_everything():
    state = PileGame(start=1, refill=False).new_initial_state().apply("take:1")
    assert state.current_player == TERMINAL and state.winners() == [0]
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("take:1")


def test_record_round_trip_and_step_numbers_of_bad_records(tmp_path):
    game = PileGame(start=6)
    final = play(game.new_initial_state(), [RandomBot(1), RandomBot(2)], random.Random(3))
    record = Record.of(final, players=["a", "b"])
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record
    assert game.replay(loaded.actions) == final
    bad = loaded.actions[:1] + ["take:9"] + loaded.actions[2:]
    with pytest.raises(RecordError, match="step 2: take:9 is not one of the legal actions"):
        game.replay(bad)
    with pytest.raises(RecordError, match="missing key 'actions'"):
        Record.from_json({"game": "pile", "options": {}})
    with pytest.raises(RecordError, match="step 1: action 3 is not a string"):
        Record.from_json({"game": "pile", "options": {}, "actions": [3]})
    with pytest.raises(RecordError, match="not JSON"):
        Record.loads("{nope")
    with pytest.raises(RecordError, match="'start' cannot be 0"):
        game.state_from_json({"game": "pile", "options": {"start": 0}, "actions": []})
    with pytest.raises(RecordError, match="of game 'chess'"):
        game.state_from_json({"game": "chess", "options": {}, "actions": []})


def test_state_json_round_trip_is_equal():
    state = PileGame(start=4).new_initial_state().apply("take:2").apply("roll:3")
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again is not state


def test_sampled_chance_matches_odds():
    state = PileGame(start=4).new_initial_state().apply("take:2")
    conformance.check_chance_frequencies(state)
    assert sample_chance(state, random.Random(0)) in {"roll:1", "roll:2", "roll:3"}


def test_observation_lists_legal_actions_only_for_the_seat_to_move():
    state = PileGame(start=3).new_initial_state()
    mine, theirs = state.observation(0), state.observation(1)
    assert [e["action"] for e in mine["legal"]] == ["take:1", "take:2"]
    assert theirs["legal"] == [] and theirs["prompt"]["key"] == "core.prompt.waiting_for"
    with pytest.raises(ValueError, match="seat 5 does not exist"):
        state.observation(5)


def test_translation_falls_back_and_fills_parameters():
    assert (
        translate("core.prompt.waiting_for", "de", {"player": Seat(1)}) == "Warten auf Spieler 2."
    )
    assert (
        translate("core.prompt.waiting_for", "xx", {"player": Seat(1)}) == "Waiting for Player 2."
    )
    assert translate("core.no.such.key", "fr") == "core.no.such.key"


def test_a_seat_in_a_message_is_written_as_its_name_where_the_room_gives_one():
    line = Message("core.log.action", {"player": Seat(1), "action": "take:2"})
    assert line.text("ru") == "Игрок 2: take:2"
    assert line.text("fr", names=("Ana", "Bo")) == "Bo : take:2"
    assert line.text("de", names=("Ana", " ")) == "Spieler 2: take:2"  # a blank name: the seat
    data = line.to_json()
    assert data["params"]["player"] == {"seat": 1} and data["text"] == "Player 2: take:2"
    assert message_from_json(data) == line
    nested = Message("core.log.then", {"line": line, "then": Message("core.action", {})})
    assert message_from_json(nested.to_json()).text("en", ("A", "B")).startswith("B: take:2")
    assert Overlay(names=("Ana", "Bo")).name(1, "en") == "Bo"
