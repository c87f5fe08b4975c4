"""Hints: the game's own advice first, else the MCTS bot's, with a translatable reason."""

from __future__ import annotations

import pytest

from ludoteca.bots import hint
from ludoteca.engine import LANGUAGES, Message
from ludoteca.engine.i18n import has_key
from ludoteca.engine.parts import Hint, Knowledge

from ..engine.toy import PileGame
from .games import HarvestGame, RaceGame, WagerGame


def test_the_games_own_hint_comes_first():
    advice = Hint(action="take:1", value=1.0, reason=Message("core.action", {"action": "x"}))
    advising = Knowledge(hint=lambda state, seat: advice)
    result = hint(PileGame(start=9).new_initial_state(), 0, knowledge=advising)
    assert result.action == "take:1" and result.source == "game"


def test_no_hint_for_a_seat_that_is_not_to_move():
    assert hint(PileGame(start=9).new_initial_state(), 1) is None


def test_search_hint_names_the_winning_move_and_its_chance():
    state = RaceGame(players=3).start_at(8, to_move=1)
    result = hint(state, 1)
    assert result.source == "mcts"
    assert result.action == "add:2"
    assert result.value == pytest.approx(1.0)
    assert result.reason.key == "bots.hint.winning"
    assert "add:2" in result.reason.text()
    assert set(result.overlay.values) == {"add:1", "add:2"}


def test_search_hint_quotes_the_win_chance_under_chance():
    result = hint(WagerGame().new_initial_state(), 0, level="hard")
    assert result.action == "bet:long"
    assert result.reason.key in ("bots.hint.clearly_best", "bots.hint.win_chance")
    assert 70 <= result.reason.params["percent"] <= 90


def test_one_seat_hint_quotes_the_expected_score():
    result = hint(HarvestGame().new_initial_state(), 0)
    assert result.action == "field:wide"
    assert result.reason.key == "bots.hint.expected_score"
    assert result.reason.params["score"] == "4.0"


def test_a_forced_move_says_so():
    state = PileGame(start=1, refill=False).new_initial_state()
    result = hint(state, 0)
    assert result.action == "take:1" and result.reason.key == "bots.hint.only_move"


def test_hints_are_repeatable():
    state = PileGame(start=14).new_initial_state()
    assert hint(state, 0) == hint(state, 0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hint_reasons_translate(lang):
    keys = [
        "bots.hint.only_move",
        "bots.hint.solved",
        "bots.hint.expected_score",
        "bots.hint.winning",
        "bots.hint.losing",
        "bots.hint.clearly_best",
        "bots.hint.win_chance",
    ]
    for key in keys:
        assert has_key(key, lang), f"{key} missing in {lang}"
    reason = hint(RaceGame(players=3).start_at(8, to_move=1), 1).reason
    assert "add:2" in reason.text(lang) and reason.key not in reason.text(lang)
