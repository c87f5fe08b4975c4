"""Every clause of the Hares rules (docs/rules/hares.md), one test each."""

from __future__ import annotations

import pytest

from ludoteca import CHANCE, TERMINAL, IllegalAction, load_game
from ludoteca.games.hares import KNOWLEDGE
from ludoteca.games.hares.board import hunter_rays, mirror, name, square
from ludoteca.games.hares.cards import card
from ludoteca.games.hares.moves import Draw, Move

from .helpers import make, obs


def targets(state, hare: str) -> list[str]:
    return sorted(a[2:] for a in state.legal_actions() if a.startswith(hare))


def refusal(state, action: str) -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    return error.value.key


# -- moving -------------------------------------------------------------------------------------


def test_a_hare_steps_one_square_forward():
    state = make("c3", hunter="king h1")
    assert targets(state, "c3") == ["c4"]
    assert obs(state.apply("c3c4"))["hares"] == ["c4"]


def test_a_hare_may_go_two_squares_from_its_first_rank_only():
    assert targets(make("e2", hunter="king h1"), "e2") == ["e3", "e4"]
    assert targets(make("e3", hunter="king h1"), "e3") == ["e4"]
    assert refusal(make("e3", hunter="king h1"), "e3e5") == "hares.illegal.double_step"


def test_the_double_step_needs_both_squares_free_and_nothing_jumps():
    assert targets(make("e2", "e3", hunter="king h1"), "e2") == []
    assert targets(make("e2", "e4", hunter="king h1"), "e2") == ["e3"]
    assert targets(make("e2 e3", hunter="king h1"), "e2") == []
    assert refusal(make("e2 a2", "e3", hunter="king h1"), "e2e4") == "hares.illegal.double_blocked"


@pytest.mark.parametrize(
    ("hares", "carrots", "hunter"),
    [("e2 e4", "", "king h1"), ("e2", "e4", "king h1"), ("e2", "", "rook e4")],
)
def test_the_double_step_cannot_end_on_a_hare_a_carrot_or_the_hunter(hares, carrots, hunter):
    state = make(hares, carrots, hunter=hunter)
    assert targets(state, "e2") == ["e3"]
    with pytest.raises(IllegalAction, match="e4"):
        state.apply("e2e4")


def test_a_hare_never_moves_back_or_sideways():
    state = make("e4", hunter="king h1")
    for action in ("e4e3", "e4d4", "e4f3"):
        assert refusal(state, action) == "hares.illegal.backwards"


def test_a_hare_or_the_hunter_straight_ahead_blocks():
    assert targets(make("d4 d5", hunter="king h1"), "d4") == []
    assert refusal(make("d4 d5", hunter="king h1"), "d4d5") == "hares.illegal.hare_ahead"
    state = make("d4 a2", hunter="rook d5")
    assert targets(state, "d4") == []
    assert refusal(state, "d4d5") == "hares.illegal.hunter_ahead"


def test_a_carrot_straight_ahead_is_in_the_way():
    state = make("d4 a2", "d5", hunter="king h1")
    assert targets(state, "d4") == []
    assert refusal(state, "d4d5") == "hares.illegal.carrot_ahead"


def test_diagonal_moves_only_onto_a_carrot_or_the_hunter():
    state = make("d4", "e5", hunter="rook c5")
    assert targets(state, "d4") == ["c5", "d5", "e5"]
    assert refusal(make("d4", hunter="king h1"), "d4e5") == "hares.illegal.diagonal_empty"
    assert refusal(make("d4 e5", hunter="king h1"), "d4e5") == "hares.illegal.diagonal_hare"


def test_a_taken_carrot_disappears():
    after = make("d4", "e5 f6", hunter="king h1").apply("d4e5")
    assert obs(after)["hares"] == ["e5"] and obs(after)["carrots"] == ["f6"]


def test_a_neighbouring_hare_clears_a_carrot_in_the_way():
    state = make("d4 e4", "d5", hunter="king h1")
    assert targets(state, "d4") == []
    after = state.apply("e4d5")
    assert obs(after)["carrots"] == [] and obs(after)["hares"] == ["d4", "d5"]


def test_junk_and_impossible_moves_are_refused_without_change():
    state = make("e2", hunter="king h1")
    before = (obs(state), state.history())
    assert refusal(state, "e2+e4") == "hares.illegal.notation"
    assert refusal(state, "e2 to e4") == "hares.illegal.notation"
    assert refusal(state, "a2a3") == "hares.illegal.no_hare"
    assert refusal(state, "e2e6") == "hares.illegal.too_far"
    assert (obs(state), state.history()) == before


def test_a_move_is_accepted_as_it_is_displayed_and_recorded_in_the_contract_notation():
    # one notation rule across games: what the move list and the log show is accepted
    state = make("e2 d4", "e5", hunter="king h1")
    assert state.label("e2e3").text() == "e2–e3" and state.label("d4e5").text().startswith("d4×e5")
    for typed in ("e2–e3", "e2-e3", "e2 - e3", "E2E3", "e2→e3"):
        assert state.apply(typed).history() == ["e2e3"], typed
    assert state.apply("d4×e5").history() == ["d4e5"]
    assert state.apply("d4xe5").history() == ["d4e5"]
    assert "e2-e3" not in state.legal_actions()  # legal_actions() stay canonical
    assert refusal(state, "e2–e6") == "hares.illegal.too_far"  # and refusals still say why


# -- burrows ------------------------------------------------------------------------------------


def test_a_hare_reaching_a_burrow_is_saved_and_leaves_the_board():
    after = make("c7 f4", hunter="king h1").apply("c7c8")
    assert obs(after)["hares"] == ["f4"] and obs(after)["saved"] == 1
    assert after.scores() == [1]


def test_a_hare_entering_a_burrow_is_saved_before_the_hunter_checks():
    state = make("c7 a2", hunter="rook h8", burrows="c8")
    assert "c8" in state.hunter_squares()
    after = state.apply("c7c8")
    assert obs(after)["saved"] == 1 and obs(after)["caught"] == 0


def test_a_hare_on_a_far_square_without_a_burrow_is_stuck():
    state = make("c7 f4", hunter="king h1", burrows="a8 b8")
    after = state.apply("c7c8")
    assert obs(after)["hares"] == ["c8", "f4"] and obs(after)["saved"] == 0
    assert obs(after)["stuck"] == ["c8"]
    assert targets(after, "c8") == []


def test_a_stuck_hare_can_still_be_caught_and_counts_as_neither():
    state = make("c7 a2", hunter="rook h8", burrows="a8")
    after = state.apply("c7c8")  # stuck on c8, the rook's first piece along rank 8
    assert obs(after)["hares"] == ["a2"] and obs(after)["caught"] == 1
    assert obs(after)["saved"] == 0


# -- the hunter ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hunter", "expected"),
    [
        ("knight e5", "c4 c6 d3 d7 f3 f7 g4 g6"),
        ("king e5", "d4 d5 d6 e4 e6 f4 f5 f6"),
        ("knight a1", "b3 c2"),
        ("king h8", "g7 g8 h7"),
    ],
)
def test_knight_and_king_check_their_chess_squares(hunter, expected):
    state = make("a3", hunter=hunter)
    assert sorted(state.hunter_squares()) == sorted(expected.split())


@pytest.mark.parametrize(
    ("piece", "count"), [("rook", 14), ("bishop", 13), ("queen", 27), ("knight", 8), ("king", 8)]
)
def test_each_piece_checks_its_chess_moves_on_an_empty_board(piece, count):
    assert len({sq for ray in hunter_rays(piece, square("d4")) for sq in ray}) == count


@pytest.mark.parametrize(
    ("hunter", "shield", "behind"),
    [
        ("rook h5", "f5", "e5"),
        ("rook d8", "d6", "d3"),
        ("bishop a8", "c6", "e4"),
        ("queen h1", "f3", "d5"),
        ("queen a4", "b4", "g4"),
    ],
)
@pytest.mark.parametrize("shield_kind", ["carrot", "hare"])
def test_a_line_stops_at_its_first_piece(hunter, shield, behind, shield_kind):
    hares = f"{behind} {shield}" if shield_kind == "hare" else behind
    carrots = shield if shield_kind == "carrot" else ""
    state = make(f"{hares} h2", carrots, hunter=hunter)
    assert shield in state.hunter_squares() and behind not in state.hunter_squares()
    after = state.apply("h2h3")
    assert behind in obs(after)["hares"]
    if shield_kind == "hare":
        assert shield not in obs(after)["hares"]  # the shield itself is caught
    else:
        assert obs(after)["carrots"] == [shield]  # a carrot on a checked square is not harmed


def test_a_knight_cannot_be_shielded():
    state = make("d3 a2", "d4 e4 e3 d5", hunter="knight e5")
    assert obs(state.apply("a2a3"))["hares"] == ["a3"]


def test_the_hunter_checks_after_every_hare_move_and_catches_what_stands_there():
    state = make("c4 a2", hunter="rook h5")
    after = state.apply("c4c5")
    assert obs(after)["hares"] == ["a2"] and obs(after)["caught"] == 1
    assert obs(after)["caught_now"] == ["c5"]


def test_the_hunter_does_not_check_before_the_first_move():
    state = make("c5 a2", hunter="rook h5")
    assert obs(state)["hares"] == ["a2", "c5"]
    assert obs(state.apply("c5c6"))["hares"] == ["a2", "c6"]  # it left in time


def test_a_hare_that_is_not_moved_is_caught_too_when_its_square_is_checked():
    state = make("c5 f3 a2", hunter="rook h5")
    after = state.apply("a2a3")
    assert "c5" not in obs(after)["hares"]


def test_the_hunter_catches_every_unprotected_hare_at_once():
    state = make("c5 e5 h3 a4", hunter="queen e3")
    # the queen checks c5 (diagonal) and e5 (file) and h3 (rank): all three go together
    after = state.apply("a4a5")
    assert obs(after)["hares"] == ["a5"] and obs(after)["caught"] == 3
    assert obs(after)["caught_now"] == ["c5", "e5", "h3"]


def test_the_hunter_never_moves():
    state = make("a2 b2", hunter="rook h5")
    after = state.apply("a2a4").apply("b2b4")
    assert obs(after)["hunter"] == {"piece": "rook", "square": "h5"}


# -- protection ---------------------------------------------------------------------------------


def test_a_hare_with_another_hare_diagonally_behind_is_protected():
    state = make("d4 c3 a2", hunter="rook h4")
    assert "d4" in obs(state)["protected"]
    after = state.apply("a2a3")
    assert obs(after)["hares"] == ["a3", "c3", "d4"]


def test_a_hare_beside_or_in_front_does_not_protect():
    for helper in ("c4", "e4", "c5", "d3"):
        after = make(f"d4 {helper} a2", hunter="rook h4" if helper != "e4" else "rook a4").apply(
            "a2a3"
        )
        assert "d4" not in obs(after)["hares"], helper


def test_protection_counts_before_anyone_is_caught():
    # e4 protects d5; the queen checks both (d5 on its diagonal, e4 down its file): e4 is
    # caught, d5 stays, although its protector leaves in the same check
    state = make("d5 e4 a2", hunter="queen e6")
    assert {"d5", "e4"} <= set(state.hunter_squares())
    after = state.apply("a2a3")
    assert obs(after)["hares"] == ["a3", "d5"] and obs(after)["caught_now"] == ["e4"]


def test_black_hares_protect_from_above():
    state = make("d5 c6 h2", hunter="rook h5", colour="black")
    assert obs(state.apply("h2h1"))["hares"] == ["c6", "d5"]


# -- taking the hunter --------------------------------------------------------------------------


def test_a_hare_takes_the_hunter_diagonally_and_it_checks_nothing_any_more():
    state = make("g4 c5", hunter="rook h5")
    after = state.apply("g4h5")
    assert obs(after)["hunter"] is None and after.hunter_squares() == []
    assert obs(after)["hares"] == ["c5", "h5"]
    assert obs(after.apply("c5c6"))["caught"] == 0


# -- colours ------------------------------------------------------------------------------------


def test_black_mirrors_the_card():
    white = load_game("hares", level=7, colour="white").new_initial_state()
    black = load_game("hares", level=7, colour="black").new_initial_state()
    flip = lambda names: sorted(name(mirror(square(s))) for s in names)  # noqa: E731
    for key in ("hares", "carrots", "burrows"):
        assert obs(black)[key] == flip(obs(white)[key])
    assert obs(black)["hunter"]["square"] == flip([obs(white)["hunter"]["square"]])[0]
    assert all(s.endswith("1") for s in obs(black)["burrows"])
    # card 7 (rook d8, hares b2 d2 f2, carrot e3) seen from the black side: ranks only turn
    assert obs(black)["hunter"] == {"piece": "rook", "square": "d1"}
    assert obs(black)["hares"] == ["b7", "d7", "f7"] and obs(black)["carrots"] == ["e6"]
    assert obs(black)["colour"] == "black"


def test_black_hares_run_down_with_the_double_step_from_rank_7():
    state = make("e7 c5", hunter="king h8", colour="black")
    assert targets(state, "e7") == ["e5", "e6"] and targets(state, "c5") == ["c4"]
    after = make("c2", hunter="king h8", colour="black").apply("c2c1")
    assert obs(after)["saved"] == 1


def test_before_the_colour_is_drawn_the_card_shows_as_printed():
    data = obs(load_game("hares", level=7).new_initial_state())
    assert data["colour"] is None and data["hunter"] == {"piece": "rook", "square": "d8"}
    assert data["hares"] == ["b2", "d2", "f2"] and data["carrots"] == ["e3"]
    assert all(s.endswith("8") for s in data["burrows"])


def test_the_random_colour_is_a_chance_node():
    state = load_game("hares", level=3).new_initial_state()
    assert state.current_player == CHANCE and obs(state)["colour"] is None
    assert state.chance_outcomes() == [("colour:white", 0.5), ("colour:black", 0.5)]
    assert obs(state.apply("colour:black"))["colour"] == "black"
    assert obs(state.apply("colour:white"))["colour"] == "white"
    assert load_game("hares", colour="white").new_initial_state().current_player == 0


def test_options_are_checked():
    with pytest.raises(ValueError):
        load_game("hares", level=21)
    with pytest.raises(ValueError):
        load_game("hares", colour="green")


# -- the end ------------------------------------------------------------------------------------


def test_the_game_ends_when_no_hare_is_left():
    after = make("c7", hunter="king h1").apply("c7c8")
    assert after.current_player == TERMINAL and after.scores() == [1]
    assert after.winners() == [0]


def test_the_game_ends_when_no_hare_can_move():
    state = make("c4 f7", "c5", hunter="king h1", burrows="a8")
    after = state.apply("f7f8")  # stuck on f8; c4 is blocked by its carrot
    assert after.current_player == TERMINAL and after.legal_actions() == []


def test_the_game_ends_when_every_hare_is_caught():
    after = make("c4", hunter="rook h5").apply("c4c5")
    assert after.is_terminal() and obs(after)["caught"] == 1 and after.scores() == [0]


def test_result_and_stars_at_the_end():
    game = load_game("hares", level=5, colour="white")
    state = game.new_initial_state()
    assert obs(state)["result"] is None
    while not state.is_terminal():
        state = state.apply(KNOWLEDGE.hint(state, 0).action)
    best = card(5).best
    assert obs(state)["result"] == {"saved": best, "of": len(card(5).hares), "stars": 3}
    assert obs(state)["result_text"]["key"] == "hares.result"


def test_the_result_counts_every_hare_of_the_card_caught_or_not():
    game = load_game("hares", level=13, colour="white")  # best 3 of 4: one hare is lost
    state = game.new_initial_state()
    while not state.is_terminal():
        state = state.apply(KNOWLEDGE.hint(state, 0).action)
    assert obs(state)["result"] == {"saved": 3, "of": 4, "stars": 3}
    assert state.prompt(0).text("en").startswith("Saved 3 of 4")


def test_contract_observation_keys():
    data = obs(load_game("hares", level=8, colour="white").new_initial_state())
    for key in (
        "hares",
        "carrots",
        "burrows",
        "hunter",
        "saved",
        "caught",
        "colour",
        "level",
        "best",
    ):
        assert key in data
    assert data["level"] == 8 and data["best"] == card(8).best
    assert set(data["hunter"]) == {"piece", "square"}
    assert isinstance(data["saved"], int) and isinstance(data["caught"], int)


def test_contract_notation():
    state = make("e2 d4", "e5", hunter="king h1")
    assert {"e2e3", "e2e4", "d4e5"} <= set(state.legal_actions())
    assert state.clicks("d4e5") == ["sq-d4", "sq-e5"]


def test_every_listed_action_reads_back_as_itself():
    for action in load_game("hares").all_actions():
        read = Draw.parse(action) if action.startswith("colour:") else Move.parse(action)
        assert str(read) == action
    move = Move.parse("e2e4")
    assert (move.start, move.end, Move.from_code(move.code)) == ("e2", "e4", move)
    assert Move.read("e2–e4") == Move.read("E2-E4") == move and Move.read("e2+e4") is None
    for junk in ("e2e9", "e2", "colour:white", 7):
        with pytest.raises(ValueError):
            Move.parse(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Draw.parse("colour:red")
