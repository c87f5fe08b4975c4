"""The analysis of a finished game: exact where the game can be exact, seeded search elsewhere."""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.bots.analysis import Analysis, Judged, analyse, move_accuracy, verdict
from ludoteca.engine import Record, RecordError, State
from ludoteca.games import registry
from ludoteca.games.hares import solve


def played(game_id: str, seed: int, solver_share: float = 0.0, **options) -> State:
    """A finished game: random chance, each decision the game's own best move (its hint) with
    probability ``solver_share``, else a random one."""
    state = load_game(game_id, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif rng.random() < solver_share:
            state = state.apply(solve(state)[1])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture
def toy():
    registry.add("pile", "tests.engine.toy")
    yield
    registry.remove("pile")


@pytest.mark.parametrize("level", [2, 6, 9, 13, 17, 20])
def test_hares_verdicts_equal_the_solvers_on_every_move(level):
    for seed, colour in ((1, "white"), (2, "black"), (3, "random")):
        final = played("hares", seed, 0.6, level=level, colour=colour)
        found = analyse(final)
        states = list(final.game.replay_states(final.history()))
        decisions = [ply for ply, s in enumerate(states[:-1]) if len(s.legal_actions()) > 1]
        assert [judged.ply for judged in found.moves] == decisions
        hares = len(final.game.card.hares)
        for judged in found.moves:
            before, after = states[judged.ply], states[judged.ply + 1]
            best_total = before.saved + solve(before)[0]
            played_total = after.saved + solve(after)[0]
            chosen = before.apply(judged.best)
            assert chosen.saved + solve(chosen)[0] == best_total
            assert judged.exact and judged.method == "solver"
            assert (judged.verdict == "best") == (played_total == best_total)
            assert judged.loss * hares == pytest.approx(best_total - played_total)
            assert judged.score_before == best_total and judged.score_after == played_total
        assert found.evaluator == "solver"


def test_a_search_is_the_same_for_a_record_a_budget_and_a_seed(toy):
    final = _pile(seed=4)
    first = analyse(final, budget=80, seed=5)
    assert analyse(Record.of(final), budget=80, seed=5) == first
    assert first.evaluator == "mcts" and first.budget == 80
    assert {judged.seat for judged in first.moves} == {0, 1}
    for judged in first.moves:
        assert 0 <= judged.after <= 1 and 0 <= judged.before <= 1
        assert judged.loss == pytest.approx(max(0.0, judged.before - judged.after))


def test_progress_counts_the_judged_decisions(toy):
    seen: list[tuple[int, int]] = []
    found = analyse(
        _pile(seed=2), budget=20, progress=lambda done, total: seen.append((done, total))
    )
    total = len(found.moves)
    assert seen == [(done, total) for done in range(1, total + 1)]


def test_the_json_comes_back_as_it_was():
    found = analyse(played("hares", 5, 0.3, level=8, colour="white"))
    data = found.to_json()
    assert Analysis.from_json(data) == found
    assert data["accuracy"] == {"0": round(found.accuracy(0), 1)}
    with pytest.raises(ValueError, match="not an analysis"):
        Analysis.from_json({"moves": [{"ply": 1}]})


def test_verdicts_accuracy_and_the_worst_moves_first():
    assert verdict(0.0, True) == "best" and verdict(0.0, False) == "good"
    assert [verdict(loss, False) for loss in (0.09, 0.1, 0.2, 0.3)] == [
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01) and move_accuracy(1.0) == 0.0
    moves = tuple(
        Judged(ply, 0, "a", "b", 0.5, 0.5 - loss, loss, verdict(loss, loss == 0), True)
        for ply, loss in enumerate((0.0, 0.35, 0.12, 0.25, 0.05))
    )
    found = Analysis("pile", {}, "solver", moves)
    assert [judged.ply for judged in found.mistakes(0)] == [1, 3, 2]
    assert found.mistakes(1) == [] and found.accuracy(1) == 100.0
    expected = sum(move_accuracy(j.loss) for j in moves) / len(moves)
    assert found.accuracy(0) == pytest.approx(expected)


def test_a_record_of_no_game_is_refused():
    with pytest.raises(RecordError, match="unknown game"):
        analyse(Record("chess", {}, []))


def _pile(seed: int) -> State:
    state = load_game("pile", start=8).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        choices = [o for o, _ in state.chance_outcomes()] or state.legal_actions()
        state = state.apply(rng.choice(choices))
    return state
