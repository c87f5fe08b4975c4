"""The compiled core's whole turns (search rollouts, batch playouts) against the rules the
states play: the same moves, the same scores."""

import random

import pytest

from ludoteca import load_game
from ludoteca.engine import CHANCE, sample_chance
from ludoteca.engine.playouts import play_through_contract
from ludoteca.games.habitats.knowledge import KNOWLEDGE, chances


def decision_states(players: int, count: int, seed: int) -> list:
    """Decision positions along seeded random games, the last decision of a game included."""
    rng = random.Random(seed)
    game = load_game("habitats", players=players)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
                continue
            if rng.random() < 0.08 or state.turn == game.total_turns - 1:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found[:count]


def reachable_scores(state, decisions: int) -> set[tuple[float, ...]]:
    """The scores after ``decisions`` more decisions, over every choice (a draw changes no
    score: the first outcome stands for all)."""
    if decisions == 0 or state.is_terminal():
        return {tuple(state.scores())}
    if state.current_player == CHANCE:
        return reachable_scores(state.successor(state.chance_outcomes()[0][0]), decisions)
    found: set[tuple[float, ...]] = set()
    for action in state.legal_actions():
        found |= reachable_scores(state.successor(action), decisions - 1)
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_compiled_rollout_ends_where_the_rules_could_lead(players: int) -> None:
    for index, state in enumerate(decision_states(players, 8, players)):
        for cut in (0, 1, 2):
            ended, scores = state.game.core_rollout(state, cut, index)
            assert tuple(float(s) for s in scores) in reachable_scores(state, cut)
            assert not ended or state.turn == state.game.total_turns - 1


@pytest.mark.parametrize("players", [2, 5])
def test_a_compiled_rollout_from_the_last_decision_ends_the_game(players: int) -> None:
    last = [s for s in decision_states(players, 40, 7) if s.turn == s.game.total_turns - 1]
    assert last
    for index, state in enumerate(last):
        ended, scores = state.game.core_rollout(state, -1, index)
        assert ended
        assert tuple(float(s) for s in scores) in reachable_scores(state, 2)


def test_the_search_playout_scores_its_cut_position_with_the_evaluation() -> None:
    state = decision_states(3, 1, 11)[0]
    values, scores = KNOWLEDGE.playout(state, random.Random(0), 1.0, 0)  # type: ignore[misc]
    assert scores == state.scores() and values == chances(scores)
    assert KNOWLEDGE.playout(state, random.Random(0), 0.5, 4) is None  # type: ignore[misc]


@pytest.mark.parametrize("players", [2, 5])
def test_batch_playouts_play_whole_games_like_the_contract(players: int) -> None:
    game = load_game("habitats", players=players)
    compiled = game.playouts(100, seed=1)
    through_rules = play_through_contract(game, 20, seed=1)
    # every game has the same length: goals, the market fill, take + place and a refill a turn
    spaces = len(game.layout.tile_spaces)
    assert set(compiled.lengths) == {3 + spaces + 3 * game.total_turns - 1}
    assert set(compiled.lengths) == set(through_rules.lengths)
    assert (compiled.winners == (compiled.scores == compiled.scores.max(axis=1)[:, None])).all()
    # random parks score alike whichever plays them (means within a few points)
    assert abs(compiled.scores.mean() - through_rules.scores.mean()) < 4
