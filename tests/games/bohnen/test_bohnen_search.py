"""The end-of-game search agrees with a plain search written on the public transitions."""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.games.bohnen import PIT_NAMES, BohnenState, CaptureSearch, capture_possible


def reference_capture_reachable(game, pits, mover) -> bool:
    """Every capture-free continuation, explored with the state's own moves."""
    owners = load_game("bohnen", players=game.num_players).new_initial_state()
    owners = owners.observation(None)["owners"]
    owner = [owners[name] for name in PIT_NAMES]
    players = game.num_players
    seen = {(pits, mover)}
    stack = [(pits, mover)]
    while stack:
        pits, mover = stack.pop()
        state = BohnenState(game, pits, (0,) * players, mover)
        following = (mover + 1) % players
        hungry = not any(pits[p] for p in range(12) if owner[p] == following)
        for pit in (p for p in range(12) if owner[p] == mover and pits[p]):
            after = state._next(PIT_NAMES[pit])
            if after.pending or sum(after.captured):
                return True
            if hungry and not any(after.pits[p] for p in range(12) if owner[p] == following):
                continue
            key = (after.pits, after.to_move)
            if key not in seen:
                seen.add(key)
                stack.append(key)
    return False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_is_exact_on_small_positions(players):
    rng = random.Random(players)
    game = load_game("bohnen", players=players)
    checked = dead = 0
    while checked < 60:
        pits = [0] * 12
        for _ in range(rng.randint(2, 6)):
            pits[rng.randrange(12)] += rng.randint(1, 3)
        pits = tuple(pits)
        mover = rng.randrange(players)
        if not game.board.beans_of(pits, mover):
            continue
        game.search = CaptureSearch(game.board)
        expected = reference_capture_reachable(game, pits, mover)
        state = BohnenState.position(game, pits, to_move=mover)
        assert capture_possible(state) is expected, (pits, mover)
        checked += 1
        dead += not expected
    assert 0 < dead < checked  # both answers were met


def test_quick_tests_never_claim_a_capture_the_search_cannot_find():
    rng = random.Random(7)
    game = load_game("bohnen")
    board = game.board
    for _ in range(300):
        pits = tuple(rng.choice((0, 0, 1, 1, 2, 3, 5)) for _ in range(12))
        for mover in (0, 1):
            if board.direct_capture(pits, mover) or board.quiet_threat(pits, mover):
                assert reference_capture_reachable(game, pits, mover), (pits, mover)


@pytest.mark.parametrize("players", [2, 3])
def test_what_the_search_remembers_never_changes_an_answer(players):
    """A game played with a warm memory gives, at every turn, the answer of a cold search."""
    rng = random.Random(11)
    game = load_game("bohnen", players=players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.pending:
            cold = CaptureSearch(game.board)
            assert capture_possible(state) == cold.capture_possible(state.pits, state.to_move)
        state = state.apply(rng.choice(state.legal_actions()))
    fresh = load_game("bohnen", players=players).replay(state.history())
    assert fresh.end_reason() == state.end_reason() and fresh.scores() == state.scores()
