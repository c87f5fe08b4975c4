"""engine.compiled: a state bound to a compiled core plays the same game as the plain one,
and the engine's ways to make states without ``__init__`` keep the history right."""

import random

import numpy as np
import pytest

from ludoteca import CHANCE, TERMINAL, IllegalAction
from ludoteca.engine import conformance
from ludoteca.engine.compiled import after, blank, offer

from .compiled_toy import PILE, CompiledPileGame, CompiledPileState
from .toy import PileGame, PileState


@pytest.mark.parametrize("seed", range(10))
def test_a_compiled_game_passes_conformance(seed):
    conformance.check_game(CompiledPileGame(start=9), seed)


@pytest.mark.parametrize("refill", [True, False])
def test_the_compiled_pile_plays_as_the_plain_one(refill):
    rng = random.Random(3)
    for _ in range(50):
        plain = PileGame(start=11, refill=refill).new_initial_state()
        bound = CompiledPileGame(start=11, refill=refill).new_initial_state()
        while not plain.is_terminal():
            assert bound.current_player == plain.current_player
            assert bound.legal_actions() == plain.legal_actions()
            assert bound.chance_outcomes() == plain.chance_outcomes()
            assert bound.pile == plain.pile
            options = plain.legal_actions() or [o for o, _ in plain.chance_outcomes()]
            action = rng.choice(options)
            plain, bound = plain.apply(action), bound.apply(action)
        assert bound.is_terminal()
        assert bound.scores() == plain.scores()
        assert bound.history() == plain.history() and len(bound) == len(plain)


def test_successor_adds_history_and_leaves_the_array_alone():
    start = CompiledPileGame(start=5).new_initial_state()
    before = start.array()
    one = start.successor("take:2")
    two = one.successor("take:1")
    assert np.array_equal(start.cells, before) and start.pile == 5
    assert (one.pile, two.pile) == (3, 2)
    assert two.history() == ["take:2", "take:1"] and len(two) == 2
    assert two.current_player == CHANCE  # the pile fell below 3
    assert [o for o, _ in two.chance_outcomes()] == ["roll:1", "roll:2", "roll:3"]
    assert two.successor("roll:3").current_player == 0


def test_an_illegal_action_is_refused_by_the_core_s_list():
    state = CompiledPileGame(start=1).new_initial_state()
    assert state.legal_actions() == ["take:1"]
    with pytest.raises(IllegalAction):
        state.apply("take:2")
    assert state.apply("take:1").current_player == TERMINAL
    assert state.apply("take:1").legal_actions() == []


def test_made_is_a_position_without_history():
    played = CompiledPileGame(start=6).new_initial_state().apply("take:1")
    cells = played.array()
    cells[PILE] = 1
    made = played.made(cells, 0)
    assert isinstance(made, CompiledPileState) and made.game is played.game
    assert made.pile == 1 and len(made) == 0 and made.history() == []
    assert made.legal_actions() == ["take:1"]
    assert made != played and made == played.made(cells.copy(), 0)


def test_blank_after_and_offer_make_plain_states_with_their_history():
    game = PileGame(start=4)
    start = game.new_initial_state()
    fields = {"game": game, "pile": 4, "to_move": 0, "needs_roll": False, "taken": (0, 0)}
    made = blank(PileState, dict(fields))
    assert made == start and len(made) == 0
    fields.update(pile=2, to_move=1, needs_roll=True, taken=(2, 0))
    following = after(start, "take:2", PileState, fields)
    assert following == start.apply("take:2")
    assert following.history() == ["take:2"] and len(following) == 1
    taken = blank(PileState, {**fields, "needs_roll": False})
    offer(taken, ("take:1",))  # as a core that found the legal actions with the move
    assert taken.legal_actions() == ["take:1"]
