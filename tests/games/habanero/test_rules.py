"""Every clause of the Habanero rules (docs/rules/habanero.md), one test each."""

from __future__ import annotations

import pytest

from ludoteca import CHANCE, TERMINAL, IllegalAction, load_game
from ludoteca.games.habanero.moves import DROP, FACE, MOVE, PAY, Move

from .helpers import ALL, box, moves_from, position, rolled

CORNERS = {"a1", "g1", "a7", "g7"}
START = set(ALL) - CORNERS


# -- the start -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, ["a1"]), (2, ["a1", "g7"]), (3, ["a1", "g1", "g7"]), (4, ["a1", "a7", "g1", "g7"])],
)
def test_campesinos_start_on_the_first_n_of_a1_g7_g1_a7(n, expected):
    state = load_game("habanero", campesinos=n).new_initial_state()
    assert sorted(state.observation(0)["campesinos"]) == expected


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_corners_hold_no_habanero_whatever_n_is(n):
    observation = load_game("habanero", campesinos=n).new_initial_state().observation(0)
    assert len(observation["habaneros"]) == 45
    assert set(observation["habaneros"]) == set(ALL) - CORNERS


def test_the_start_is_the_whole_7x7_plantation_with_nothing_held():
    state = load_game("habanero").new_initial_state()
    observation = state.observation(0)
    assert observation["plantation"] == ["a1", "g7"]
    assert observation["held"] == 0 and state.scores() == [0]
    assert load_game("habanero").options["campesinos"] == 4


@pytest.mark.parametrize("bad", [0, 5, "many"])
def test_campesinos_option_outside_1_to_4_is_refused(bad):
    with pytest.raises(ValueError, match="campesinos"):
        load_game("habanero", campesinos=bad)


# -- a turn: roll or stop, then the die --------------------------------------------------


def test_a_turn_starts_with_the_choice_roll_or_stop():
    state = load_game("habanero").new_initial_state()
    assert state.current_player == 0
    assert state.legal_actions() == ["roll", "stop"]


def test_stop_ends_the_game_keeping_the_habaneros_held():
    state = position(ALL, ["d4"], held=7).apply("stop")
    assert state.is_terminal() and state.scores() == [7] and state.winners() == [0]
    assert state.observation(0)["end"] == "stop"


def test_roll_is_a_chance_node_with_a_fair_d6():
    state = load_game("habanero").new_initial_state().apply("roll")
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(f"roll:{d}", 1 / 6) for d in range(1, 7)]


def test_the_roll_is_shown_and_the_player_must_move_it():
    state = rolled(load_game("habanero").new_initial_state(), 3)
    assert state.current_player == 0 and state.observation(0)["die"] == 3
    assert "roll" not in state.legal_actions() and "stop" not in state.legal_actions()


# -- moves --------------------------------------------------------------------------------


def test_a_move_goes_exactly_the_roll_in_a_straight_orthogonal_line():
    state = rolled(position(ALL, ["d4"]), 2)
    assert state.legal_actions() == ["d4-d6", "d4-f4", "d4-d2", "d4-b4"]


def test_empty_and_habanero_squares_count_alike_as_steps():
    habaneros = set(ALL) - {"d5", "d6"}
    state = rolled(position(habaneros, ["d4"]), 3)
    assert "d4-d7" in state.legal_actions()


def test_a_campesino_cannot_move_through_another():
    state = rolled(position(ALL, ["d4", "d6"]), 3)
    assert "d7" not in moves_from(state, "d4")


def test_a_campesino_cannot_end_on_another():
    state = rolled(position(ALL, ["d4", "d6"]), 2)
    assert "d6" not in moves_from(state, "d4")
    assert "d4" not in moves_from(state, "d6")


def test_a_campesino_cannot_leave_the_plantation():
    state = rolled(position(ALL, ["b2"]), 2)
    assert moves_from(state, "b2") == {"b4", "d2"}


def test_the_move_notation_is_from_dash_to_and_the_displayed_forms_are_accepted():
    state = rolled(load_game("habanero").new_initial_state(), 1)
    assert set(state.legal_actions()) == {
        "a1-a2",
        "a1-b1",
        "a7-b7",
        "a7-a6",
        "g1-g2",
        "g1-f1",
        "g7-g6",
        "g7-f7",
    }
    assert state.label("a1-a2").text().startswith("a1 → a2")  # what the move list shows
    # one notation rule across games: the displayed form and its plain spellings are accepted
    for spelling in ("a1 → a2", "a1→a2", "a1–a2", "a1a2", "A1-A2", "a1 - a2"):
        assert state.apply(spelling).history()[-1] == "a1-a2", spelling
    for spelling in ("a1-a3", "a1+a2", "a1 a2 a3", "a1"):
        with pytest.raises(IllegalAction):
            state.apply(spelling)


def test_no_campesino_able_to_move_the_roll_ends_the_game():
    # at the start every line from a corner ends on another campesino: a 6 cannot be moved
    state = rolled(load_game("habanero").new_initial_state(), 6)
    assert state.current_player == TERMINAL
    assert state.scores() == [0] and state.observation(0)["end"] == "stuck"


def test_the_game_goes_on_when_some_campesino_can_move_the_roll():
    state = rolled(position(ALL, ["a1", "b2"]), 6)
    assert state.legal_actions() == ["a1-a7", "a1-g1"]


# -- harvest -----------------------------------------------------------------------------


def test_ending_on_a_habanero_harvests_it():
    state = rolled(position(ALL, ["d4"], held=2), 2).apply("d4-d6")
    observation = state.observation(0)
    assert "d6" not in observation["habaneros"] and observation["held"] == 3
    assert state.scores() == [3] and observation["campesinos"] == ["d6"]
    assert state.legal_actions() == ["roll", "stop"]


def test_passing_over_habaneros_does_not_harvest_them():
    state = rolled(position(ALL, ["d4"]), 3).apply("d4-d7")
    assert {"d5", "d6"} <= set(state.observation(0)["habaneros"])


# -- the penalty -----------------------------------------------------------------------------


def test_ending_on_an_empty_square_costs_a_penalty_before_the_next_roll():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4", "a1"], held=5), 2).apply("d4-d6")
    assert state.observation(0)["penalty"] == {"square": "d6", "pay": 1}
    assert state.legal_actions() == ["pay:1", "drop:a1", "drop:d6"]
    assert state.scores() == [5]


def test_drop_removes_any_campesino_in_play_from_the_game():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4", "a1"], held=5), 2).apply("d4-d6")
    after = state.apply("drop:a1")
    assert after.observation(0)["campesinos"] == ["d6"] and after.scores() == [5]
    after = state.apply("drop:d6")
    assert after.observation(0)["campesinos"] == ["a1"]
    assert after.legal_actions() == ["roll", "stop"]


def test_an_outside_campesino_may_be_dropped_too():
    habaneros = [s for s in box("b2", "f6") if s != "d6"]
    state = rolled(position(habaneros, ["d4", "a1"], held=5), 2).apply("d4-d6")
    assert "drop:a1" in state.legal_actions()


def test_pay_costs_the_target_plus_its_orthogonally_adjacent_empty_squares():
    habaneros = set(ALL) - {"d6", "d7", "c6", "e5"}  # d7, c6 empty beside d6; e5 is diagonal
    state = rolled(position(habaneros, ["d4"], held=9), 2).apply("d4-d6")
    assert state.legal_actions()[0] == "pay:3"
    paid = state.apply("pay:3")
    assert paid.scores() == [6] and paid.observation(0)["campesinos"] == ["d6"]
    assert paid.observation(0)["habaneros"] == state.observation(0)["habaneros"]


def test_diagonal_and_farther_empty_squares_do_not_count_for_the_penalty():
    # every diagonal neighbour of d4 and every square two steps away is empty, d5 is the only
    # empty orthogonal neighbour: k is 2, not the whole connected empty area
    empty = {"d4", "c5", "e5", "c3", "e3", "d6", "b4", "f4", "d2", "d5"}
    habaneros = set(ALL) - empty
    state = rolled(position(habaneros, ["d1"], held=9), 3).apply("d1-d4")
    assert state.observation(0)["penalty"] == {"square": "d4", "pay": 2}  # d4 and d5


def test_a_square_with_a_campesino_is_not_empty_for_the_penalty():
    habaneros = set(ALL) - {"d6", "d7", "c6"}
    state = rolled(position(habaneros, ["d4", "c6"], held=9), 2).apply("d4-d6")
    assert state.legal_actions()[0] == "pay:2"  # d6 and d7; c6 holds a campesino


def test_the_moving_campesinos_old_square_counts_as_empty_once_left():
    habaneros = set(ALL) - {"d5", "d4"}
    state = rolled(position(habaneros, ["d4"], held=9), 1).apply("d4-d5")
    assert state.legal_actions()[0] == "pay:2"  # d5 and the square d4 it just left


def test_a_removed_line_is_no_square_for_the_penalty():
    # the plantation is b2-f6: a4 beside the target b4 is no longer a square
    habaneros = [s for s in box("b2", "f6") if s not in ("b4", "b6")]
    state = rolled(position(habaneros, ["b6"], held=9), 2).apply("b6-b4")
    assert state.legal_actions()[0] == "pay:1"


def test_pay_is_offered_only_when_affordable():
    habaneros = set(ALL) - {"d6", "d7"}
    exact = rolled(position(habaneros, ["d4"], held=2), 2).apply("d4-d6")
    assert exact.legal_actions() == ["pay:2", "drop:d6"]
    short = rolled(position(habaneros, ["d4"], held=1), 2).apply("d4-d6")
    assert short.legal_actions() == ["drop:d6"]
    with pytest.raises(IllegalAction, match="only 1"):
        short.apply("pay:2")


def test_pay_must_name_the_exact_penalty():
    habaneros = set(ALL) - {"d6", "d7"}
    state = rolled(position(habaneros, ["d4"], held=5), 2).apply("d4-d6")
    with pytest.raises(IllegalAction, match="penalty is 2"):
        state.apply("pay:1")


# -- the plantation shrinks ------------------------------------------------------------------


def test_an_outer_row_without_habanero_is_removed_at_once():
    habaneros = START - {"b1", "c1", "d1", "e1"}  # f1 is the last habanero of rank 1
    state = rolled(position(habaneros, ["g1"]), 1).apply("g1-f1")
    observation = state.observation(0)
    assert observation["plantation"] == ["a2", "g7"]
    assert observation["outside"] == ["f1"] and observation["campesinos"] == ["f1"]


def test_an_outer_column_without_habanero_is_removed_at_once():
    habaneros = START - {"g2", "g3", "g4", "g5"}  # g6 is the last habanero of file g
    state = rolled(position(habaneros, ["g7"]), 1).apply("g7-g6")
    assert state.observation(0)["plantation"] == ["a1", "f7"]


def test_shrinking_repeats_while_an_outer_line_is_empty():
    # rank 2 is already empty inside; harvesting f1 removes rank 1, then rank 2 too
    habaneros = START - {"b1", "c1", "d1", "e1"} - set(box("a2", "g2"))
    state = rolled(position(habaneros, ["g1"]), 1).apply("g1-f1")
    assert state.observation(0)["plantation"] == ["a3", "g7"]


def test_every_outer_row_and_column_goes_at_once():
    # the plantation is b1-g7; b1 is the last habanero of rank 1 and of file b
    habaneros = set(box("b1", "g7")) - {
        "c1",
        "d1",
        "e1",
        "f1",
        "g1",
        "b2",
        "b3",
        "b4",
        "b5",
        "b6",
        "b7",
        "g7",
    }
    state = rolled(position(habaneros, ["b3"]), 2).apply("b3-b1")
    observation = state.observation(0)
    assert observation["plantation"] == ["c2", "g7"]
    assert observation["outside"] == ["b1"]


def test_the_plantation_is_not_reduced_while_its_outer_lines_hold_habaneros():
    habaneros = set(ALL) - set(box("b2", "f6"))  # a hollow ring: every outer line still full
    state = position(habaneros, ["a1"])
    assert state.observation(0)["plantation"] == ["a1", "g7"]


# -- campesinos outside ---------------------------------------------------------------------

INNER = box("b2", "f6")  # the plantation b2-f6: files a, g and ranks 1, 7 removed


def test_an_outside_campesino_enters_straight_its_first_step_being_the_edge_square():
    assert moves_from(rolled(position(INNER, ["a4"]), 1), "a4") == {"b4"}
    assert moves_from(rolled(position(INNER, ["a4"]), 5), "a4") == {"f4"}
    assert moves_from(rolled(position(INNER, ["d7"]), 2), "d7") == {"d5"}


def test_steps_of_an_outside_campesino_count_plantation_squares_only():
    plantation = box("c3", "e5")  # files a, b, f, g and ranks 1, 2, 6, 7 removed
    assert moves_from(rolled(position(plantation, ["a4"]), 1), "a4") == {"c4"}
    assert moves_from(rolled(position(plantation, ["a4"]), 3), "a4") == {"e4"}
    assert rolled(position(plantation, ["a4"]), 4).is_terminal()


def test_an_outside_campesino_cannot_move_along_the_outside():
    state = rolled(position(INNER, ["a4"]), 2)
    assert moves_from(state, "a4") == {"c4"}  # not a2 or a6 along file a


def test_an_outside_campesino_beside_no_line_of_the_plantation_cannot_move():
    for die in range(1, 7):
        assert rolled(position(INNER, ["a1"]), die).is_terminal()


def test_a_campesino_in_the_way_blocks_an_outside_campesino():
    state = rolled(position(INNER, ["a4", "c4"]), 2)
    assert moves_from(state, "a4") == set()
    assert moves_from(rolled(position(INNER, ["a4", "c4"]), 1), "a4") == {"b4"}


def test_an_outside_campesino_is_blocked_by_another_outside_in_front_of_it():
    plantation = box("c2", "f6")
    state = rolled(position(plantation, ["a4", "b4"]), 1)
    assert moves_from(state, "a4") == set() and moves_from(state, "b4") == {"c4"}


def test_once_inside_a_campesino_may_not_leave_again():
    state = rolled(position(INNER, ["a4"]), 1).apply("a4-b4")
    state = rolled(state, 1)
    assert moves_from(state, "b4") == {"b5", "c4", "b3"}


# -- the end -----------------------------------------------------------------------------------


def test_dropping_the_last_campesino_ends_the_game():
    habaneros = set(ALL) - {"d6"}
    state = rolled(position(habaneros, ["d4"], held=3), 2).apply("d4-d6").apply("drop:d6")
    assert state.is_terminal() and state.scores() == [3]
    assert state.observation(0)["end"] == "campesinos" and state.observation(0)["campesinos"] == []


def test_harvesting_the_last_habanero_ends_the_game():
    # the plantation is d6 alone; the campesino on d4 stands outside and steps onto it
    state = rolled(position(["d6"], ["d4"], held=30), 1).apply("d4-d6")
    assert state.is_terminal() and state.scores() == [31]
    observation = state.observation(0)
    assert observation["end"] == "habaneros" and observation["habaneros"] == []
    assert observation["plantation"] is None


def test_the_score_is_the_habaneros_held_at_any_time():
    state = load_game("habanero").new_initial_state()
    state = rolled(state, 1).apply("a1-a2")
    assert state.scores() == [1] and not state.winners()


def test_every_listed_action_reads_back_as_itself():
    for action in load_game("habanero").all_actions():
        assert str(Move.parse(action)) == action
    assert Move.parse("roll:3") == Move(FACE, number=3)
    assert Move.parse("b2-b6") == Move(MOVE, 8, 36) and Move.parse("drop:b2") == Move(DROP, 8)
    assert Move.parse("pay:12") == Move(PAY, number=12)  # a refusal says it is the wrong amount
    assert Move.read("b2 → b6") == Move.read("B2–B6") == Move(MOVE, 8, 36)
    for junk in ("jump", "pay:01", "drop:h9", "b2-", "roll:7"):
        with pytest.raises(ValueError):
            Move.parse(junk)
