"""Every game ends: a position's third occurrence since the last capture, or 100 actions in a
row without a capture, ends the game as "no capture possible" does; the declared maximum
game length that follows from it."""

from __future__ import annotations

import random

import pytest

from ludoteca import TERMINAL, load_game
from ludoteca.bots import HeuristicBot, MCTSBot
from ludoteca.games.bohnen import capture_possible
from ludoteca.games.bohnen.game import QUIET_LIMIT, REPEAT_LIMIT

from .helpers import beans, position

# Capture-free cycles, one per game size and chain mode: (players, chain, pits, seat to move,
# the moves of one lap). Every position on the way can still lead to a capture.
CYCLES = [
    (2, "preceding", {"B": 1, "D": 1, "b": 1}, 0, "DbEcFdBeCfAa"),
    (2, "following", {"A": 1, "a": 1, "c": 1}, 0, "AcBdCeDfEaFb"),
    (3, "preceding", {"A": 1, "E": 1, "a": 1, "b": 1, "d": 1, "f": 1}, 2, "dAEfBbcCaeDF"),
    (3, "following", {"A": 1, "E": 1, "b": 1, "d": 1}, 2, "dAEeBFfCbcDa"),
    (
        4,
        "preceding",
        {"A": 1, "E": 1, "F": 1, "a": 1, "d": 1, "e": 1},
        3,
        "eAFafBEcdCFbfADceCEafBFbdCDc",
    ),
    (4, "following", {"A": 1, "C": 1, "E": 1, "b": 1, "e": 1}, 0, "CEbeAFcfBDad"),
]
SIZES = [(players, chain) for players in (2, 3, 4) for chain in ("preceding", "following")]


def _cycle_id(cycle: tuple) -> str:
    return f"{cycle[0]}p-{cycle[1]}"


def test_the_limits_are_the_rulings():
    assert (QUIET_LIMIT, REPEAT_LIMIT) == (100, 3)


@pytest.mark.parametrize("cycle", CYCLES, ids=_cycle_id)
def test_a_position_ends_the_game_on_its_third_occurrence_and_not_before(cycle):
    players, chain, pits, seat, lap = cycle
    state = position(pits, to_move=seat, players=players, capture_chain=chain)
    start = (state.pits, state.to_move)
    moves = list(lap) * 2
    for number, move in enumerate(moves, 1):
        assert state.current_player == state.to_move, f"ended before move {number}"
        state = state.apply(move)
        assert not any(state.captured)
        if number % len(lap) == 0:  # back at the start
            assert (state.pits, state.to_move) == start
            assert state.occurrences() == 1 + number // len(lap)
    # the start position came back twice: its third occurrence ends the game
    assert (state.pits, state.to_move) == start
    assert state.occurrences() == 3
    assert state.current_player == TERMINAL
    assert state.end_reason() == "no_progress"
    # the end names its one cause: the repetition, not the quiet limit as well
    assert state.prompt(None).key == "bohnen.end.no_progress.repeated"
    assert "third time" in state.prompt(None).text("en")
    assert capture_possible(state) is True  # not the "no capture possible" end
    assert state.scores() == [state.game.board.beans_of(state.pits, s) for s in range(players)]


@pytest.mark.parametrize("cycle", CYCLES, ids=_cycle_id)
def test_the_second_occurrence_does_not_end_the_game(cycle):
    players, chain, pits, seat, lap = cycle
    state = position(pits, to_move=seat, players=players, capture_chain=chain)
    for move in lap:
        state = state.apply(move)
    assert state.occurrences() == 2
    assert not state.is_terminal()
    assert state.end_reason() is None


@pytest.mark.parametrize("cycle", CYCLES, ids=_cycle_id)
def test_the_hundredth_action_without_a_capture_ends_the_game_the_ninety_ninth_does_not(cycle):
    players, chain, pits, seat, lap = cycle
    state = position(
        pits, to_move=seat, players=players, capture_chain=chain, quiet=QUIET_LIMIT - 2
    )
    state = state.apply(lap[0])
    assert state.quiet == 99
    assert state.current_player == state.to_move
    state = state.apply(lap[1])
    assert state.quiet == 100
    assert state.occurrences() == 1
    assert state.current_player == TERMINAL
    assert state.end_reason() == "no_progress"
    assert capture_possible(state) is True


# Capture-free stretches of real play: from the position, always the listed move number
# (0 the first legal move, -1 the last, in pit order), or a move drawn by random.Random(k)
# for ("random", k), never captures and repeats no position three times, so the 100th action
# is what ends the game.
STRETCHES = [
    (2, "preceding", {"C": 2, "a": 1, "f": 1}, 1, ("random", 5)),
    (2, "following", {"A": 1, "D": 1, "F": 1, "b": 1}, 0, ("random", 3)),
    (3, "preceding", {"A": 1, "E": 1, "c": 2, "d": 1}, 0, 1),
    (3, "following", {"A": 2, "D": 2, "a": 1, "d": 1}, 1, 0),
    (4, "preceding", {"A": 2, "F": 1, "c": 1, "d": 1}, 0, -1),
    (4, "following", {"D": 2, "E": 1, "b": 1, "f": 2}, 1, 1),
]


@pytest.mark.parametrize("stretch", STRETCHES, ids=_cycle_id)
def test_a_hundred_actions_of_play_without_a_capture_end_the_game(stretch):
    players, chain, pits, seat, pick = stretch
    state = position(pits, to_move=seat, players=players, capture_chain=chain)
    rng = random.Random(pick[1]) if isinstance(pick, tuple) else None
    for number in range(1, QUIET_LIMIT + 1):
        assert state.current_player == state.to_move, f"ended after {number - 1} actions"
        legal = state.legal_actions()
        state = state.apply(rng.choice(legal) if rng else legal[pick % len(legal)])
        assert not any(state.captured)
        assert state.quiet == number
    assert state.occurrences() < REPEAT_LIMIT
    assert state.end_reason() == "no_progress"


def test_a_capture_starts_the_count_again():
    state = position({"F": 1, "a": 2, "d": 5}, quiet=QUIET_LIMIT - 1)
    after = state.apply("F")  # captures a
    assert after.captured == (3, 0)
    assert after.quiet == 0
    assert after.occurrences() == 1
    assert not after.is_terminal()


def test_a_grand_slam_decision_is_part_of_its_capture():
    # at 99 actions without a capture, the grand-slam move and its choice still capture
    state = position({"A": 3, "F": 2, "a": 1, "b": 2}, quiet=QUIET_LIMIT - 1)
    pending = state.apply("F")  # a 2 and b 3 would strip seat 1 bare
    assert pending.current_player == 0  # the choice is asked, the game does not end
    assert pending.legal_actions() == ["leave:a", "leave:b"]
    after = pending.apply("leave:a")
    assert after.captured == (3, 0)
    assert beans(after) == {"A": 3, "a": 2}
    assert after.quiet == 0


def test_a_grand_slam_that_captures_nothing_counts_as_an_action_without_a_capture():
    state = position({"A": 3, "F": 1, "a": 1}, quiet=5).apply("F")
    assert not any(state.captured)
    assert state.quiet == 6


def test_the_end_is_told_in_four_languages_on_the_board_and_in_the_observation():
    players, chain, pits, seat, lap = CYCLES[0]
    state = position(pits, to_move=seat, quiet=QUIET_LIMIT - 1).apply(lap[0])
    assert state.end_reason() == "no_progress"
    observation = state.observation(0)
    assert observation["end_reason"] == "no_progress"
    assert observation["prompt"]["key"] == "bohnen.end.no_progress.quiet"  # the one cause
    texts = {lang: state.prompt(None).text(lang) for lang in ("en", "de", "fr", "ru")}
    assert all("100" in text for text in texts.values())
    assert texts["en"].startswith("Game over: no capture for 100 actions in a row")
    assert texts["de"].startswith("Spielende: 100 Aktionen")
    assert texts["fr"].startswith("Partie terminée : aucune prise pendant 100 actions")
    assert texts["ru"].startswith("Игра окончена: 100 действий")
    assert str(state).splitlines()[-1].strip() == texts["en"]
    assert state.text_board("de").splitlines()[-1].strip() == texts["de"]


def test_the_search_fallback_still_ends_on_the_first_repetition():
    # where the exact search passes its bound, the second occurrence already ends the game
    players, chain, pits, seat, lap = CYCLES[0]
    state = position(pits, to_move=seat, players=players, capture_chain=chain, search_bound=0)
    for move in lap:
        state = state.apply(move)
    assert state.end_reason() == "repetition"


# -- the declared maximum game length -----------------------------------------------------------


@pytest.mark.parametrize(("players", "expected"), [(2, 2524), (3, 1936), (4, 1954)])
def test_the_declared_maximum_follows_from_the_beans_and_the_limits(players, expected):
    game = load_game("bohnen", players=players)
    beans_on_board = sum(game.board.start)
    captures = beans_on_board // 2  # a capture takes at least one pit of 2 or 3 beans
    # 99 quiet actions before each capturing turn, which is a move and at most one choice per
    # opponent; 100 quiet actions after the last capture
    assert game.max_game_length() == captures * (99 + players) + 100 == expected


@pytest.mark.parametrize(("players", "chain"), SIZES)
def test_random_games_never_exceed_the_declared_maximum(players, chain):
    game = load_game("bohnen", players=players, capture_chain=chain)
    limit = game.max_game_length()
    for seed in range(15):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            assert len(state) < limit
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(state) <= limit


@pytest.mark.parametrize(("players", "chain"), SIZES)
def test_bot_games_never_exceed_the_declared_maximum(players, chain):
    game = load_game("bohnen", players=players, capture_chain=chain)
    limit = game.max_game_length()
    for seed in range(2):
        bots = [
            MCTSBot(iterations=8, seed=seed) if seat == seed % players else HeuristicBot(seat)
            for seat in range(players)
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            assert len(state) < limit
            state = state.apply(bots[state.current_player].choose(state))
        assert len(state) <= limit
        assert state.end_reason() is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_play_a_third_occurrence_always_ends_the_game(players):
    # the states count occurrences only where a filter of the history says one may repeat:
    # at every turn start of long random games, the end agrees with the exact count
    game = load_game("bohnen", players=players)
    rng = random.Random(players)
    repeated = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            if state.pending:
                continue
            starts = state.turn_starts()  # newest first: this position is the first
            occurrences = starts.count(starts[0])
            assert state.occurrences() == occurrences
            repeated += occurrences > 1
            if occurrences >= REPEAT_LIMIT:
                assert state.end_reason() == "no_progress"
            elif state.is_terminal():
                assert state.end_reason() != "no_progress" or state.quiet >= QUIET_LIMIT
    assert repeated  # the games met repetitions
