"""benchmarks/mcts.py runs with every combination of its options (tiny sizes, no timing)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytestmark = pytest.mark.slow  # runs a benchmark script (in worker processes)

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "mcts.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_mcts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # the worker processes find strength_game by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_strength_alone_calibrates_openspiels_simulations(bench, capsys):
    tiny = ["--games", "2", "--seconds", "0.01", "--positions", "1", "--iterations", "4"]
    assert bench.main(["--skip-rates", *tiny]) == 0
    out = capsys.readouterr().out
    simulations = int(re.search(r"MCTSBot: (\d+) simulations a move, calibrated", out)[1])
    assert simulations >= bench.MIN_SIMULATIONS
    assert "ours wins" in out and "95% interval" in out
    assert "(declared maximum 2524)" in out


def test_given_simulations_and_two_jobs(bench, capsys):
    args = ["--skip-rates", "--games", "2", "--jobs", "2", "--seconds", "0.01"]
    assert bench.main([*args, "--their-simulations", "2"]) == 0
    assert "2 simulations a move, given" in capsys.readouterr().out


def test_one_seat_games_skip_the_strength_part(bench, capsys):
    assert bench.main(["--skip-rates", "--game", "hares", "--games", "1"]) == 0
    assert "has one seat" in capsys.readouterr().out


@pytest.mark.parametrize(
    "bad",
    [
        ["--their-simulations", "1"],
        ["--jobs", "0"],
        ["--seconds", "0"],
        ["--games", "-1"],
        ["--positions", "0"],
        ["--iterations", "1"],
        ["--game", "chess"],
        ["--seed", "x"],
    ],
)
def test_bad_options_are_refused_with_a_message(bench, bad, capsys):
    with pytest.raises(SystemExit) as stopped:
        bench.main(bad)
    assert stopped.value.code == 2
    assert "error: argument" in capsys.readouterr().err
