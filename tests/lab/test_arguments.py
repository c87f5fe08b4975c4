"""The lab's arguments: wrong ones are refused in one line before any game is played, a
repeated ``--sweep`` of one option merges its values."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

from ludoteca.cli import main  # noqa: E402
from ludoteca.cli.lab import _sweep  # noqa: E402
from ludoteca.lab.study import Study, run_study  # noqa: E402


def _refused(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_out_naming_a_file_is_one_line_of_refusal(tmp_path, capsys):
    taken = tmp_path / "study"
    taken.write_text("mine")
    argv = ["lab", "habanero", "--bots", "random", "--games", "1", "--quiet"]
    err = _refused(capsys, [*argv, "--out", str(taken)])
    assert "is a file" in err and taken.read_text() == "mine"
    _refused(capsys, [*argv, "--out", str(taken / "inside")])


@pytest.mark.parametrize(
    "extra",
    [
        ["--games", "0"],
        ["--games", "100000000000"],
        ["--max-actions", "0"],
        ["--seed", "-1"],
        ["--jobs", "0"],
        ["--players", "0"],
        ["--option", "variant=standard", "--option", "variant=bonus-tools"],
        ["--sweep", "variant"],
        ["--sweep", "variant=standard,nonsense"],
        ["--option", "variant=standard", "--sweep", "variant=bonus-tools"],
    ],
)
def test_wrong_arguments_are_one_line_of_refusal(tmp_path, capsys, extra):
    argv = ["lab", "potager", "--bots", "random", "--out", str(tmp_path / "s"), "--quiet"]
    if "--games" not in extra:
        argv += ["--games", "1"]
    _refused(capsys, [*argv, *extra])
    assert not (tmp_path / "s").exists()


def test_a_repeated_sweep_of_one_option_merges_its_values():
    words = ["variant=standard", "players=2", "variant=bonus-tools,standard"]
    assert _sweep(words) == {"variant": ["standard", "bonus-tools"], "players": ["2"]}


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    games=st.one_of(st.none(), st.text(max_size=3), st.floats(), st.integers(max_value=0)),
    seed=st.one_of(st.just(0), st.text(max_size=2), st.floats(), st.integers(max_value=-1)),
)
def test_a_study_refuses_counts_and_seeds_that_are_none(tmp_path, games, seed):
    if isinstance(seed, int) and seed == 0 and isinstance(games, int) and games > 0:
        return
    with pytest.raises(ValueError, match="must be"):
        run_study(Study("habanero", ["random"], games, seed=seed), tmp_path)
    assert not (tmp_path / "games.parquet").exists()
