"""benchmarks/analysis.py runs and prints its table (tiny sizes, no timing)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs a benchmark script: long searches

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "analysis.py"


def test_the_table_has_a_row_per_game_and_the_exact_comparisons(capsys):
    spec = importlib.util.spec_from_file_location("bench_analysis", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--positions", "1", "--factor", "2", "--games", "hares,bohnen"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["game", "positions", "budget", "exact", "agree", "loss", "cpu", "s"]
    assert out[1].startswith("hares") and out[2].startswith("bohnen")
    assert "hares vs the exact solver, 4 positions: the analysis 4/4" in out[3]
    assert out[4].startswith("bohnen end games solved exactly, 1 positions")
