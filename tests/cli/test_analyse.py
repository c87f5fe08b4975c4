"""``ludoteca analyse``, run as a user would: a saved record in, judged moves and accuracy out."""

from __future__ import annotations

import json
import random

import pytest

from ludoteca import load_game
from ludoteca.bots.analysis import Analysis
from ludoteca.engine import Record
from ludoteca.games import registry

from .test_cli import run


@pytest.fixture
def toy():
    registry.add("pile", "tests.engine.toy")
    yield
    registry.remove("pile")


def saved(tmp_path, game_id: str, seed: int = 3, **options) -> str:
    """A finished game of random moves (and random chance), saved as a record."""
    state = load_game(game_id, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        choices = [o for o, _ in state.chance_outcomes()] or state.legal_actions()
        state = state.apply(rng.choice(choices))
    path = tmp_path / "game.json"
    Record.of(state).save(path)
    return str(path)


def test_prints_each_decision_then_the_accuracy_and_writes_json(capsys, monkeypatch, tmp_path):
    path = saved(tmp_path, "hares", level=12, colour="white")
    out_path = tmp_path / "analysis.json"
    argv = ["analyse", path, "--json", str(out_path), "--lang", "en"]
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0, err
    written = Analysis.from_json(json.loads(out_path.read_text()))
    lines = out.splitlines()
    assert lines[0] == f"{len(written.moves)} decisions judged by exact solver."
    judged = lines[1 : 1 + len(written.moves)]
    first = written.moves[0]
    assert judged[0].startswith(f"{first.ply + 1}. Player 1: {first.action}")
    assert all(" → " in line for line in judged)
    blunders = sum(move.verdict == "blunder" for move in written.moves)
    assert f"Player 1: accuracy {written.accuracy(0):.0f}%;" in out
    assert f"blunders: {blunders}" in out
    assert f"Analysis written to {out_path}" in out
    assert "decisions" in err  # the progress bar


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "Genauigkeit"), ("fr", "précision"), ("ru", "точность"), ("en", "accuracy")],
)
def test_speaks_each_language(capsys, monkeypatch, tmp_path, lang, words):
    path = saved(tmp_path, "hares", level=3, colour="black")
    code, out, _ = run(capsys, monkeypatch, ["analyse", path, "--lang", lang, "--quiet"])
    assert code == 0 and words in out


def test_a_searched_game_is_the_same_for_a_seed_and_budget(toy, capsys, monkeypatch, tmp_path):
    path = saved(tmp_path, "pile", start=9)
    argv = ["analyse", path, "--budget", "60", "--seed", "2", "--quiet", "--lang", "en"]
    code, first, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and "MCTS, 60 iterations a decision" in first
    assert "Player 2: accuracy" in first
    assert run(capsys, monkeypatch, argv)[1] == first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (None, "No such file or directory"),
        ("not json", "not JSON"),
        ('{"game": "chess", "options": {}, "actions": []}', "unknown game 'chess'"),
        ('{"game": "hares", "options": {"level": 99}, "actions": []}', "option 'level'"),
        ('{"game": "hares", "options": {}, "actions": ["d2d9"]}', "d2d9"),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_a_bad_file_gets_one_clear_line(capsys, monkeypatch, tmp_path, text, said):
    path = tmp_path / "bad.json"
    if text is not None:
        path.write_text(text)
    code, out, err = run(capsys, monkeypatch, ["analyse", str(path), "--lang", "en", "--quiet"])
    assert code == 2 and out == ""
    assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_bad_budget_or_output_is_refused(capsys, monkeypatch, tmp_path):
    path = saved(tmp_path, "hares", level=1, colour="white")
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, ["analyse", path, "--budget", "0", "--lang", "en"])
    assert stop.value.code == 2
    assert "is not a budget from 1 to 100,000" in capsys.readouterr().err
    nowhere = str(tmp_path / "missing" / "out.json")
    argv = ["analyse", path, "--json", nowhere, "--lang", "en", "--quiet"]
    code, _, err = run(capsys, monkeypatch, argv)
    assert code == 2 and nowhere in err and "Traceback" not in err
