"""The arena: seating, Wilson intervals, seeded results and the CLI end to end."""

from __future__ import annotations

import json

import pytest

from ludoteca.cli import main
from ludoteca.games import registry
from ludoteca.lab.arena import run_arena, seatings, wilson


@pytest.fixture
def pile():
    """The toy game, registered as ``pile`` for the duration of a test."""
    registry.add("pile", "tests.engine.toy")
    yield "pile"
    registry.remove("pile")


def test_wilson_interval_matches_known_values():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == 1.0


def test_every_pairing_meets_in_both_seat_orders():
    rotation = seatings(3, 2)
    assert len(rotation) == 6
    assert {tuple(plan) for plan in rotation} == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}


def test_fewer_bots_than_seats_rotate_around_the_table():
    assert seatings(2, 3) == [[0, 1, 0], [1, 0, 1]]


def test_results_are_seeded_and_independent_of_jobs(pile):
    first = run_arena(pile, ["mcts:easy", "random"], 6, seed=3, jobs=1)
    second = run_arena(pile, ["mcts:easy", "random"], 6, seed=3, jobs=2)
    strip = [{k: v for k, v in m.items() if k != "thinking"} for m in first["matches"]]
    assert strip == [{k: v for k, v in m.items() if k != "thinking"} for m in second["matches"]]
    assert [m["bots"] for m in first["matches"]][:2] == [
        ["mcts:easy", "random"],
        ["random", "mcts:easy"],
    ]


def test_shares_and_rates_add_up(pile):
    report = run_arena(pile, ["random", "random"], 8, seed=1)
    assert report["bots"] == ["random#1", "random#2"]
    assert sum(row["wins"] for row in report["by_bot"]) == pytest.approx(8)
    assert sum(row["wins"] for row in report["by_seat"]) == pytest.approx(8)
    for row in report["by_bot"] + report["by_seat"]:
        assert row["low"] <= row["rate"] <= row["high"]


def test_arena_refuses_bad_input(pile):
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(pile, ["mcts:hard", "chessmaster"], 2)
    with pytest.raises(ValueError, match="at least 1"):
        run_arena(pile, ["random"], 0)


def test_arena_command_end_to_end(pile, tmp_path, capsys):
    out = tmp_path / "arena.json"
    code = main(
        [
            "arena",
            pile,
            "--bots",
            "mcts:easy,random",
            "--games",
            "4",
            "--jobs",
            "2",
            "--seed",
            "5",
            "--out",
            str(out),
            "--start",
            "9",
            "--lang",
            "en",
        ]
    )
    assert code == 0
    captured = capsys.readouterr()
    assert "4/4" in captured.err and "[" in captured.err
    assert "Win rate per bot" in captured.out and "mcts:easy" in captured.out
    report = json.loads(out.read_text())
    assert report["games"] == 4 and report["options"]["start"] == 9
    assert {row["bot"] for row in report["by_bot"]} == {"mcts:easy", "random"}
    assert len(report["by_seat"]) == 2 and len(report["matches"]) == 4


def test_arena_command_reports_errors(pile, capsys):
    assert main(["arena", pile, "--bots", "mcts:brutal,random", "--games", "2"]) == 2
    assert "unknown level 'brutal'" in capsys.readouterr().err


def test_arena_command_checks_the_output_folder_before_playing(pile, tmp_path, capsys):
    missing = tmp_path / "nowhere" / "arena.json"
    argv = ["arena", pile, "--bots", "random,random", "--games", "2", "--out", str(missing)]
    assert main([*argv, "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert "the folder" in captured.err and "does not exist" in captured.err
    assert "Win rate" not in captured.out and "2/2" not in captured.err
