"""The end-of-game search agrees with a plain search written on the public transitions."""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.games.bohnen import (
    PIT_NAMES,
    SEARCH_BOUND,
    BohnenState,
    CaptureSearch,
    capture_possible,
)
from ludoteca.games.bohnen.board import decode, join
from ludoteca.games.bohnen.starts import ANSWERS


def reference_capture_reachable(game, pits, mover, limit: int | None = None) -> bool | None:
    """Every capture-free continuation, explored with the state's own moves (None once more
    than ``limit`` positions were met)."""
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
            after = state.successor(PIT_NAMES[pit])
            if after.pending or sum(after.captured):
                return True
            if hungry and not any(after.pits[p] for p in range(12) if owner[p] == following):
                continue
            key = (after.pits, after.to_move)
            if key not in seen:
                if limit is not None and len(seen) >= limit:
                    return None
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
                # bounded so that an unsound quick test fails here instead of hanging
                found = reference_capture_reachable(game, pits, mover, limit=20_000)
                assert found is not False, (pits, mover)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_is_exact_on_every_position_of_two_or_three_beans(players):
    # tiny positions are where a capture so often strips a seat bare (and so captures
    # nothing): the quick tests and the search must not count those as captures
    from itertools import combinations_with_replacement

    game = load_game("bohnen", players=players)
    game.search = CaptureSearch(game.board)
    for beans in (2, 3):
        for places in combinations_with_replacement(range(12), beans):
            pits = [0] * 12
            for p in places:
                pits[p] += 1
            pits = tuple(pits)
            for mover in range(players):
                if not game.board.beans_of(pits, mover):
                    continue
                expected = reference_capture_reachable(game, pits, mover)
                assert game.search.cold(pits, mover) is expected, (pits, mover)
                if game.board.direct_capture(pits, mover) or game.board.quiet_threat(pits, mover):
                    assert expected, (pits, mover)


@pytest.mark.parametrize("players", [2, 3])
def test_what_the_search_remembers_never_changes_an_answer(players):
    """A game played with a warm memory gives, at every turn, the answer of a cold search."""
    rng = random.Random(11)
    game = load_game("bohnen", players=players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.pending:
            cold = CaptureSearch(game.board).cold(state.pits, state.to_move)
            assert capture_possible(state) == cold
        state = state.apply(rng.choice(state.legal_actions()))
    fresh = load_game("bohnen", players=players).replay(state.history())
    assert fresh.end_reason() == state.end_reason() and fresh.scores() == state.scores()


def _random_position(rng: random.Random, beans: int, players: int) -> tuple[tuple[int, ...], int]:
    pits = [0] * 12
    for _ in range(beans):
        pits[rng.randrange(12)] += 1
    return tuple(pits), rng.randrange(players)


def test_the_shared_answers_are_kept_only_below_the_bound():
    from math import comb

    for players in (2, 3, 4):
        search = load_game("bohnen", players=players).search
        beans = search.exact_beans
        assert comb(beans + 11, 11) * players <= SEARCH_BOUND < comb(beans + 12, 11) * players
    assert [load_game("bohnen", players=n).search.exact_beans for n in (2, 3, 4)] == [7, 7, 6]
    assert CaptureSearch(load_game("bohnen").board, bound=0).exact_beans == -1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shared_answers_never_change_an_answer(players):
    """Warm answers (shared by the process, filled by earlier searches) equal cold searches
    on random positions on both sides of the exact limit, in a random order."""
    rng = random.Random(100 + players)
    game = load_game("bohnen", players=players)
    warm = game.search
    limit = warm.exact_beans
    positions = [_random_position(rng, rng.randint(1, limit + 3), players) for _ in range(400)]
    while len(positions) < 1000:  # and the end games of random games, where searches are long
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.pending and sum(state.pits) <= limit + 3:
                positions.append((state.pits, state.to_move))
            state = state.apply(rng.choice(state.legal_actions()))
    warm_answers = [warm.capture_possible(pits, mover) for pits, mover in positions]
    rng.shuffle(positions)
    for pits, mover in positions:
        cold = CaptureSearch(game.board).cold(pits, mover)
        assert warm.capture_possible(pits, mover) == cold, (pits, mover)
    assert True in warm_answers and False in warm_answers
    searched = [p for p in positions if sum(p[0]) <= limit and not game.board.direct_capture(*p)]
    assert len(searched) > 100


def test_every_remembered_exact_answer_is_the_cold_answer():
    """After games and searches, each exact answer kept (dead regions, and positions leading
    to a capture) is what a cold search from that position says."""
    rng = random.Random(5)
    game = load_game("bohnen", players=2)
    state = game.new_initial_state()
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    for _ in range(200):
        game.search.capture_possible(*_random_position(rng, rng.randint(2, 7), 2))
    kept = [
        (decode(join(low, high)), ANSWERS[code])
        for (low, high), code in game.search.memo().items()
        if sum(decode(join(low, high))[0]) <= game.search.exact_beans
    ]
    assert any(kept_answer for _, kept_answer in kept)
    assert not all(kept_answer for _, kept_answer in kept)
    for (pits, mover), kept_answer in rng.sample(kept, min(300, len(kept))):
        assert CaptureSearch(game.board).cold(pits, mover) is kept_answer, (pits, mover)


def test_a_search_with_a_smaller_bound_does_not_use_the_shared_answers():
    game = load_game("bohnen")
    pits = (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1)
    assert game.search.capture_possible(pits, 0) is False  # exact, now remembered
    assert CaptureSearch(game.board, bound=0).capture_possible(pits, 0) is None
