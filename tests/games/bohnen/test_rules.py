"""One test per clause of the Bohnen rules and of their Interpretations (docs/rules/bohnen.md)."""

from __future__ import annotations

import pytest

from ludoteca import TERMINAL, IllegalAction, load_game
from ludoteca.games.bohnen import PIT_NAMES, SEARCH_BOUND, capture_possible

from .helpers import beans, position

# -- set-up --------------------------------------------------------------------------------


def test_two_players_own_a_row_each_with_four_beans_per_pit():
    state = load_game("bohnen").new_initial_state()
    observation = state.observation(0)
    assert observation["pits"] == dict.fromkeys(PIT_NAMES, 4)
    assert observation["seat_pits"] == [list("ABCDEF"), list("abcdef")]
    assert observation["captured"] == [0, 0]
    assert state.current_player == 0
    assert state.legal_actions() == list("ABCDEF")


@pytest.mark.parametrize(
    ("players", "seats"),
    [(3, ["ABCD", "EFab", "cdef"]), (4, ["ABC", "DEF", "abc", "def"])],
)
def test_three_and_four_players_share_the_pits_with_three_beans_each(players, seats):
    state = load_game("bohnen", players=players).new_initial_state()
    observation = state.observation(None)
    assert observation["pits"] == dict.fromkeys(PIT_NAMES, 3)
    assert observation["seat_pits"] == [list(s) for s in seats]
    assert observation["owners"] == {p: i for i, s in enumerate(seats) for p in s}
    assert state.current_player == 0
    assert state.legal_actions() == list(seats[0])


# -- sowing ----------------------------------------------------------------------------------


def test_a_move_takes_every_bean_of_the_pit_and_sows_one_per_pit():
    after = position({"C": 3, "d": 5}).apply("C")
    assert beans(after) == {"D": 1, "E": 1, "F": 1, "d": 5}
    assert after.current_player == 1


def test_sowing_runs_from_f_round_to_A():
    after = position({"e": 3, "C": 5}, to_move=1).apply("e")
    assert beans(after) == {"f": 1, "A": 1, "B": 1, "C": 5}


def test_every_lap_skips_the_pit_it_started_from():
    # A's 11 beans make f hold 12: the relay lap from f goes round and skips f itself,
    # its twelfth bean landing in A, which then holds 2 (own pit: the move ends).
    after = position({"A": 11, "f": 11}).apply("A")
    assert after.pits[PIT_NAMES.index("f")] == 0
    assert beans(after) == {"A": 2, **dict.fromkeys("BCDEFabcde", 2)}


def test_a_first_lap_of_twelve_skips_its_start_pit():
    state = position({"A": 12, "d": 1})
    after_pits, captured, _ = state.game.board.outcome(state.pits, 0, 0)
    assert after_pits[0] == 0  # A is never refilled by its own lap
    assert after_pits[1] == 2  # the twelfth bean goes on to B
    assert captured == ()


def test_last_bean_in_an_empty_pit_ends_the_move():
    after = position({"C": 1, "d": 5}).apply("C")
    assert beans(after) == {"D": 1, "d": 5}
    assert after.captured == (0, 0)


def test_last_bean_making_four_or_more_relays_from_that_pit():
    after = position({"A": 1, "B": 3, "d": 5}).apply("A")
    assert beans(after) == {"C": 1, "D": 1, "E": 1, "F": 1, "d": 5}


def test_a_relay_may_start_from_an_opponents_pit():
    after = position({"F": 1, "a": 3, "d": 5}).apply("F")
    assert beans(after) == {"b": 1, "c": 1, "d": 6, "e": 1}


@pytest.mark.parametrize("before", [1, 2])
def test_last_bean_making_two_or_three_in_an_own_pit_ends_the_move(before):
    after = position({"A": 1, "B": before, "d": 5}).apply("A")
    assert beans(after) == {"B": before + 1, "d": 5}
    assert after.captured == (0, 0)


# -- captures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("before", [1, 2])
def test_last_bean_making_two_or_three_in_an_opponents_pit_captures_it(before):
    after = position({"F": 1, "a": before, "d": 5}).apply("F")
    assert beans(after) == {"d": 5}
    assert after.captured == (before + 1, 0)
    assert after.scores() == [before + 1, 0]


def test_the_chain_takes_preceding_opponent_pits_with_two_or_three():
    after = position({"F": 2, "a": 1, "b": 2, "c": 2, "d": 5}).apply("F")
    assert after.captured == (5, 0)  # b (3) and a (2)
    assert beans(after) == {"c": 2, "d": 5}  # c follows: not taken by default


def test_option_following_chains_into_the_following_pits():
    state = position({"F": 2, "a": 1, "b": 2, "c": 2, "d": 5}, capture_chain="following")
    after = state.apply("F")
    assert after.captured == (5, 0)  # b (3) and c (2)
    assert beans(after) == {"a": 2, "d": 5}


def test_the_chain_stops_at_the_first_pit_without_two_or_three():
    after = position({"F": 3, "a": 1, "c": 2, "d": 5}).apply("F")
    assert after.captured == (3, 0)  # c only: b holds 1
    assert beans(after) == {"a": 2, "b": 1, "d": 5}


def test_the_chain_stops_at_the_movers_own_pit():
    after = position({"E": 2, "F": 1, "a": 1, "d": 5}).apply("E")
    assert after.captured == (2, 0)
    assert beans(after) == {"F": 2, "d": 5}


def test_the_chain_runs_over_the_pits_of_several_opponents():
    state = position({"A": 1, "D": 5, "F": 1, "a": 1, "b": 2, "c": 2, "d": 4}, players=3)
    after = state.apply("D")
    assert after.captured == (10, 0, 0)  # c 3, b 3, a 2, F 2; E holds 1
    assert beans(after) == {"A": 1, "E": 1, "d": 4}


def test_a_capture_ends_the_move_without_relay():
    after = position({"F": 1, "a": 2, "b": 9}).apply("F")
    assert after.current_player == 1
    assert beans(after) == {"b": 9}


# -- grand slam ---------------------------------------------------------------------------------


def test_a_grand_slam_makes_the_mover_choose_the_pit_to_leave():
    state = position({"A": 3, "F": 2, "a": 1, "b": 2})
    pending = state.apply("F")
    assert pending.current_player == 0
    assert pending.legal_actions() == ["leave:a", "leave:b"]
    assert pending.prompt(0).key == "bohnen.prompt.leave"
    assert pending.observation(0)["leave"] == {
        "player": 1,
        "choices": ["a", "b"],
        "capture": ["b", "a"],
    }
    after = pending.apply("leave:a")
    assert after.captured == (3, 0)
    assert beans(after) == {"A": 3, "a": 2}
    assert after.current_player == 1
    assert after.history() == ["F", "leave:a"]


def test_a_grand_slam_without_a_real_choice_captures_nothing():
    state = position({"A": 3, "F": 1, "a": 1})
    after = state.apply("F")
    assert after.current_player == 1  # no leave: decision
    assert beans(after) == {"A": 3, "a": 2}
    assert after.captured == (0, 0)
    assert after.observation(0)["last_move"] == {"seat": 0, "pit": "F", "captured": []}


def test_one_leave_choice_per_stripped_opponent_in_seat_order():
    pits = {"A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1, "a": 3, "d": 1, "f": 6}
    state = position(pits, to_move=3, players=4)
    first = state.apply("f")
    assert first.legal_actions() == ["leave:A", "leave:B", "leave:C"]
    second = first.apply("leave:B")
    assert second.current_player == 3
    assert second.legal_actions() == ["leave:D", "leave:E", "leave:F"]
    after = second.apply("leave:F")
    assert after.captured == (0, 0, 0, 8)
    assert beans(after) == {"B": 2, "F": 2, "a": 3, "d": 1}
    assert after.current_player == 0


# -- must feed ---------------------------------------------------------------------------------


def test_when_the_next_seat_has_no_beans_the_mover_must_feed_it():
    state = position({"A": 2, "B": 4, "F": 1})
    assert state.current_player == 0
    assert state.legal_actions() == ["F"]
    assert state.prompt(0).key == "bohnen.prompt.feed"
    with pytest.raises(IllegalAction) as refused:
        state.apply("A")
    assert refused.value.key == "bohnen.illegal.must_feed"


def test_the_game_ends_when_no_move_can_feed_the_next_seat():
    state = position({"A": 1}, captured=[5, 7])
    assert state.current_player == TERMINAL
    assert state.end_reason() == "cannot_feed"
    assert state.scores() == [6, 7]
    assert state.winners() == [1]


# -- the ends and the counting -------------------------------------------------------------------


def test_the_game_ends_when_the_seat_to_move_has_no_beans():
    state = position({"a": 3}, captured=[4, 2])
    assert state.current_player == TERMINAL
    assert state.end_reason() == "no_beans"
    assert state.scores() == [4, 5]
    assert state.winners() == [1]
    assert state.legal_actions() == []


def test_the_game_ends_when_nobody_can_capture_any_more():
    # one bean each: any capture would strip the opponent bare, which captures nothing
    state = position({"A": 1, "a": 1})
    assert capture_possible(state) is False
    assert state.current_player == TERMINAL
    assert state.end_reason() == "no_capture"
    assert state.prompt(0).key == "bohnen.end.no_capture"


def test_the_game_goes_on_while_a_capture_is_reachable_only_several_moves_ahead():
    pits = {"B": 2, "a": 3, "b": 1}
    state = position(pits)
    board = state.game.board
    assert not board.direct_capture(state.pits, 0)
    assert not board.quiet_threat(state.pits, 0)
    assert capture_possible(state) is True
    assert state.current_player == 0


def test_at_the_end_each_seat_adds_the_beans_in_its_own_pits():
    state = position({"a": 2, "c": 1}, captured=[11, 8])
    assert state.is_terminal()
    assert state.scores() == [11, 11]
    assert state.winners() == [0, 1]  # a tie is shared


def test_scores_before_the_end_are_the_captures_only():
    state = position({"A": 4, "B": 4, "a": 4, "b": 4}, captured=[3, 1])
    assert not state.is_terminal()
    assert state.scores() == [3, 1]
    assert state.winners() == []


def test_the_search_bound_is_at_least_a_hundred_thousand_positions():
    assert SEARCH_BOUND >= 10**5
    assert load_game("bohnen").search.bound == SEARCH_BOUND


def test_beyond_the_search_bound_a_repeated_position_ends_the_game():
    state = position({"A": 1, "a": 1}, search_bound=0)  # always "unknown"
    moves = 0
    while not state.is_terminal() and moves < 50:  # without the fallback: fail, not hang
        (action,) = state.legal_actions()
        state = state.apply(action)
        moves += 1
    assert state.end_reason() == "repetition"
    assert moves == 12
    assert beans(state) == {"A": 1, "a": 1} and state.to_move == 0


def test_a_capture_clears_the_repetition_memory():
    state = position({"A": 4, "B": 4, "a": 4, "b": 4})
    after = position({"F": 1, "a": 2, "d": 5}).apply("F")
    assert len(after.turn_starts()) == 1
    assert len(state.turn_starts()) == 1  # a fresh position: nothing before it


# -- max_laps ------------------------------------------------------------------------------------


def test_a_move_needing_more_than_max_laps_laps_stops_where_its_last_lap_ended():
    state = position({"A": 1, "B": 3, "d": 5}, max_laps=1)
    after = state.apply("A")
    assert beans(after) == {"B": 4, "d": 5}
    assert after.captured == (0, 0)
    assert after.current_player == 1


def test_max_laps_counts_the_first_sowing_as_lap_one():
    state = position({"A": 1, "B": 3, "F": 3, "d": 5}, max_laps=2)
    after = state.apply("A")  # lap 1: A into B (4); lap 2: B into C D E F; F holds 4: stop
    assert beans(after) == {"C": 1, "D": 1, "E": 1, "F": 4, "d": 5}


# -- notation and refusals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pits", "action", "key"),
    [
        ({"A": 4, "a": 4, "b": 1}, "B", "bohnen.illegal.empty_pit"),
        ({"A": 4, "a": 4, "b": 1}, "a", "bohnen.illegal.not_your_pit"),
        ({"A": 4, "a": 4, "b": 1}, "Q", "bohnen.illegal.no_such_pit"),
        ({"A": 4, "a": 4, "b": 1}, "leave:a", "bohnen.illegal.no_grand_slam"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason_and_nothing_changes(pits, action, key):
    state = position(pits)
    before = (state.pits, state.captured, state.to_move, str(state))
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.key == key
    assert action in str(refused.value)
    assert (state.pits, state.captured, state.to_move, str(state)) == before


def test_during_a_grand_slam_only_leave_choices_are_accepted():
    pending = position({"A": 3, "F": 2, "a": 1, "b": 2}).apply("F")
    with pytest.raises(IllegalAction) as refused:
        pending.apply("A")
    assert refused.value.key == "bohnen.illegal.leave_first"
    with pytest.raises(IllegalAction) as refused:
        pending.apply("leave:c")
    assert refused.value.key == "bohnen.illegal.not_a_choice"
    assert "leave:a, leave:b" in str(refused.value)


def test_not_your_pit_names_the_owner_and_your_pits():
    state = load_game("bohnen", players=3).new_initial_state()
    with pytest.raises(IllegalAction) as refused:
        state.apply("E")
    assert "Player 2" in str(refused.value) and "A, B, C, D" in str(refused.value)


def test_labels_logs_and_clicks():
    state = load_game("bohnen").new_initial_state()
    assert state.label("C").text() == "Sow C (4 beans)"
    assert state.label("C").text("ru") == "Посеять из C (4 боба)"
    assert state.describe(1, "d").text("de") == "Spieler 2 verteilt aus d"
    assert state.clicks("C") == ["pit-C"]
    assert state.clicks("leave:b") == ["leave-b"]


def test_text_board_shows_both_rows_captures_and_whose_turn():
    state = position({"A": 1, "F": 6, "a": 2, "f": 9}, captured=[3, 5])
    lines = str(state).splitlines()
    top = next(line for line in lines if "[ 9]" in line)
    bottom = next(line for line in lines if "[ 6]" in line)
    assert top.split() == ["[", "9]", "[", "0]", "[", "0]", "[", "0]", "[", "0]", "[", "2]"]
    assert bottom.split()[-1] == "6]"
    names = [line.split() for line in lines]
    assert list("fedcba") in names and list("ABCDEF") in names
    assert "z*  5" in str(state) and "Z*  3" in str(state)
    assert lines[-1].strip() == "Player 1 to move."
    assert "Spieler 1 ist am Zug." in state.text_board("de")
    assert str(state) == state.text_board() == state.text_board("en")  # the engine's hook


def test_must_feed_concerns_only_the_next_seat():
    # three players: seat 2 (c–f) is empty, but seat 1 moves next, so seat 0 moves freely
    state = position({"A": 1, "C": 2, "E": 3, "b": 2}, players=3)
    assert state.legal_actions() == ["A", "C"]
    assert state.prompt(0).key == "bohnen.prompt.move"


def test_a_grand_slam_that_captures_nothing_does_not_clear_the_repetition_memory():
    after = position({"A": 3, "F": 1, "a": 1}).apply("F")
    assert len(after.turn_starts()) > 1


def test_options_are_checked():
    with pytest.raises(ValueError, match="capture_chain"):
        load_game("bohnen", capture_chain="sideways")
    with pytest.raises(ValueError, match="max_laps"):
        load_game("bohnen", max_laps=0)
    with pytest.raises(ValueError, match="players"):
        load_game("bohnen", players=5)
    assert load_game("bohnen").options == {
        "players": 2,
        "capture_chain": "preceding",
        "max_laps": 100,
    }


# -- audit: sharper tests for clauses a mutation slipped past --------------------------------------


def test_seat_zero_moves_first_in_every_game_size():
    for players in (2, 3, 4):
        state = load_game("bohnen", players=players).new_initial_state()
        assert state.current_player == 0


@pytest.mark.parametrize("before", [0, 3, 4])
def test_the_chain_stops_at_a_preceding_pit_holding_one_four_or_more(before):
    # F sows a, b, c; c (3) is captured; b then holds before + 1, which is not 2 or 3
    after = position({"F": 3, "a": 1, "b": before, "c": 2, "d": 5}).apply("F")
    assert after.captured == (3, 0)
    assert beans(after) == {"a": 2, "b": before + 1, "d": 5}


@pytest.mark.parametrize("held", [0, 1, 4])
def test_following_chain_stops_at_the_first_pit_without_two_or_three(held):
    # F sows a, b, c; c (2) is captured; d (not sown) holds no 2 or 3, so e (2) stays
    state = position({"F": 3, "c": 1, "d": held, "e": 2}, capture_chain="following")
    after = state.apply("F")
    assert after.captured == (2, 0)
    assert beans(after) == {"a": 1, "b": 1, **({"d": held} if held else {}), "e": 2}


def test_the_chain_stops_at_an_own_pit_even_with_opponents_beyond_it():
    # four players, seat 0 owns A B C: C's last bean makes D 2 (captured); the chain then
    # meets C (own) and stops, so f (2, seat 3) beyond the own pits A B C stays
    state = position({"C": 1, "D": 1, "E": 5, "e": 5, "f": 2}, players=4)
    after = state.apply("C")
    assert after.captured == (2, 0, 0, 0)
    assert beans(after) == {"E": 5, "e": 5, "f": 2}


def test_following_chain_stops_at_an_own_pit_even_with_opponents_beyond_it():
    # four players, following: C's nine beans end in f (2, captured); the chain then meets
    # A (own, though it holds 2) and stops, so D (2, seat 1) beyond A B C stays
    pits = {"A": 2, "B": 3, "C": 9, "D": 1, "f": 1}
    state = position(pits, players=4, capture_chain="following")
    after = state.apply("C")
    assert after.captured == (2, 0, 0, 0)
    assert beans(after) == {
        "A": 2,
        "B": 3,
        "D": 2,
        "E": 1,
        "F": 1,
        "a": 1,
        "b": 1,
        "c": 1,
        "d": 1,
        "e": 1,
    }


def test_leave_choices_follow_seat_order_not_the_order_after_the_mover():
    # three players, following chain, seat 1 (E F a b) moves: b's bean makes c 2 and the
    # chain takes c d e f (all of seat 2) and A B (all of seat 0): seat 0 chooses first
    pits = {"b": 1, "c": 1, "d": 2, "e": 2, "f": 2, "A": 2, "B": 2, "E": 5}
    state = position(pits, to_move=1, players=3, capture_chain="following")
    first = state.apply("b")
    assert first.legal_actions() == ["leave:A", "leave:B"]
    second = first.apply("leave:B")
    assert second.legal_actions() == ["leave:c", "leave:d", "leave:e", "leave:f"]
    after = second.apply("leave:e")
    assert beans(after) == {"B": 2, "E": 5, "e": 2}
    assert after.captured == (0, 8, 0)  # c d f A, two each


def test_a_repeated_position_does_not_end_the_game_while_a_capture_is_reachable():
    from ludoteca.games.bohnen import BohnenState

    game = load_game("bohnen")
    start = game.board.start
    seen_twice = ((start, 0), ((start, 0), None))
    state = BohnenState(game, start, (0, 0), 0, since_capture=seen_twice)
    assert state.occurrences() == 2
    assert state.current_player == 0
    assert state.end_reason() is None


def test_the_last_allowed_lap_still_captures():
    # max_laps 2: lap 1 A into B (6), lap 2 B into C D E F a b; b then holds 2: captured
    state = position({"A": 1, "B": 5, "b": 1, "d": 5}, max_laps=2)
    after = state.apply("A")
    assert after.captured == (2, 0)
    assert beans(after) == {"C": 1, "D": 1, "E": 1, "F": 1, "a": 1, "d": 5}
