"""The lab's measures beside the balance: every declared end counted (also at 0), a component's
strength that can differ between components, Ludii's decision metrics under two policies and
the skill trace."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyarrow")

from ludoteca import load_game  # noqa: E402
from ludoteca.games import registry  # noqa: E402
from ludoteca.lab import decisions  # noqa: E402
from ludoteca.lab.metrics import point_metrics, study_summary  # noqa: E402
from ludoteca.lab.study import SKILL, Study, run_study  # noqa: E402


def test_every_declared_end_is_counted_also_when_it_never_happened(tmp_path):
    study = Study("bohnen", ["heuristic"], 3, skill_games=1)
    summary = study_summary(study.info(), run_study(study, tmp_path))
    point = summary["points"][0]
    declared = registry.traits("bohnen").ends
    assert tuple(point["ends"]) == declared
    assert tuple(point["random_play"]["recorded"]["ends"]) == declared
    assert sum(entry["count"] for entry in point["ends"].values()) == 3
    never = [entry for entry in point["ends"].values() if entry["count"] == 0]
    assert never and all(e["rate"] == 0 and e["low"] == 0 and 0 < e["high"] < 1 for e in never)


@pytest.mark.parametrize("game_id", ["habanero", "potager", "bohnen", "habitats", "hares"])
def test_every_game_declares_its_ends_and_move_kinds(game_id):
    traits = registry.traits(game_id)
    assert traits.ends and len(set(traits.ends)) == len(traits.ends)
    state = load_game(game_id).new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    assert all(traits.move_kind(action) for action in state.legal_actions())


def _row(winners, components, seats=("a", "b")):
    return {
        "point": "all",
        "options": "{}",
        "seats": list(seats),
        "scores": [1.0, 0.0],
        "winners": winners,
        "actions": 10,
        "turns": 5,
        "lead_changes": 0,
        "end": "x",
        "components": json.dumps(components),
        "record": [],
    }


def test_a_goal_scored_by_every_seat_has_the_strength_of_the_seat_best_on_it():
    rows = [
        _row(
            [0],
            [["goal", "A", 0, 3], ["goal", "A", 1, 1], ["goal", "B", 0, 0], ["goal", "B", 1, 2]],
        ),
        _row(
            [1],
            [["goal", "A", 0, 2], ["goal", "A", 1, 5], ["goal", "B", 0, 1], ["goal", "B", 1, 1]],
        ),
    ]
    goals = {e["name"]: e for e in point_metrics(rows, ["a", "b"])["components"]["goal"]}
    # every seat scores every goal: its users always win half of the time
    assert goals["A"]["win"]["rate"] == goals["B"]["win"]["rate"] == 0.5
    # the seat best on A won both games; on B the best seat lost the first, tied the second
    assert goals["A"]["best"]["rate"] == 1.0
    assert goals["B"]["best"]["rate"] == 0.25


def test_decisions_count_the_legal_actions_and_kinds_of_every_seats_decision(tmp_path):
    study = Study("potager", ["random"], 2)
    rows = run_study(study, tmp_path)
    game = load_game("potager", **json.loads(rows[0]["options"]))
    seen = [
        len(state.legal_actions())
        for row in rows
        for state in game.replay_states(row["record"])
        if state.current_player >= 0
    ]
    measured = decisions.measure(game, rows)
    assert measured["decisions"] == len(seen)
    assert measured["branching"]["mean"] == pytest.approx(sum(seen) / len(seen))
    assert measured["choice"]["count"] == sum(count > 1 for count in seen)
    assert sum(b["count"] for b in measured["distribution"]) == len(seen)
    assert sum(k["count"] for k in measured["kinds"]) == len(seen)
    kind = registry.traits("potager").move_kind
    played = [kind(a) for row in rows for a in row["record"] if not a.startswith("draw:")]
    assert {k["kind"]: k["count"] for k in measured["kinds"]} == {
        name: played.count(name) for name in set(played)
    }


def test_the_skill_trace_plays_each_budget_against_the_fixed_one(tmp_path):
    study = Study("bohnen", ["random"], 1, skill_games=2)
    rows = run_study(study, tmp_path)
    skill = [row for row in rows if row["point"].startswith(SKILL)]
    assert len(skill) == 3 * 2
    trace = study_summary(study.info(), rows)["points"][0]["skill_trace"]
    assert [line["bot"] for line in trace] == ["mcts:4", "mcts:16", "mcts:64"]
    assert all(line["against"] == "mcts:16" and line["win"]["of"] == 2 for line in trace)
    # the seats alternate: each budget's bot sat first once and second once
    for budget in ("mcts:4", "mcts:64"):
        firsts = [row["seats"][0] == budget for row in skill if budget in row["seats"]]
        assert sorted(firsts) == [False, True]


@pytest.mark.parametrize("count", [1, 7, 60, 200, 400, 1000])
def test_an_interval_holds_its_rate_also_at_0_and_1(count):
    from ludoteca.lab.intervals import proportion

    for successes in (0, count):
        entry = proportion(successes, count)
        assert entry["low"] <= entry["rate"] <= entry["high"]
