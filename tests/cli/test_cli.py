"""The ``ludoteca`` command, driven as a user would: arguments, typed lines, files."""

from __future__ import annotations

import io
import json
import time

import pytest

from ludoteca import load_game
from ludoteca.cli import main
from ludoteca.cli.play import CompilingNote, compile_the_rest
from ludoteca.games import registry


@pytest.fixture
def toy():
    registry.add("pile", "tests.engine.toy")
    yield
    registry.remove("pile")


def run(capsys, monkeypatch, argv, typed=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_games_lists_ids_players_and_options(toy, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["games", "--lang", "en"])
    assert code == 0
    assert "pile" in out and "2 players" in out and "--start {1–30}  default 7" in out
    assert "1 players" not in out and "hares      Hares        1 player" in out


def test_play_refuses_a_mistyped_move_then_plays_on(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    typed = "take:9\nhelp\nmoves\n" + "1\n" * 40
    argv = ["play", "pile", "--start", "5", "--seed", "3", "--bot", "random", "--delay", "0"]
    argv += ["--save", str(path)]
    code, out, _ = run(capsys, monkeypatch, argv + ["--lang", "en"], typed)
    assert code == 0
    assert "take:9 is refused: take:9 is not one of the legal actions here" in out
    assert "Commands: moves, board, hint, undo, save [FILE], help, quit" in out
    assert "The game is over." in out and "Winner: " in out
    record = json.loads(path.read_text())
    assert record["game"] == "pile" and record["options"]["start"] == 5
    assert record["meta"]["seed"] == 3


def test_play_speaks_german(toy, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["play", "pile", "--lang", "de"], "quit\n")
    assert code == 0 and "Sie sind am Zug." in out


def test_play_rejects_unknown_game_option_and_seat(toy, capsys, monkeypatch):
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, ["play", "pile", "--colour", "red", "--lang", "en"])
    err = capsys.readouterr().err
    assert (
        stop.value.code == 2 and "ludoteca play pile: unrecognized arguments: --colour red" in err
    )
    code, _, err = run(capsys, monkeypatch, ["play", "pile", "--seat", "4", "--lang", "en"])
    assert code == 2 and "There is no seat 4: seats are 0 to 1." in err
    code, _, err = run(capsys, monkeypatch, ["play", "pile", "--bot", "oracle", "--lang", "en"])
    assert code == 2 and "unknown bot 'oracle'" in err


def test_undo_takes_back_only_own_decisions_of_this_turn(toy, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["play", "pile", "--lang", "en"], "undo\nquit\n")
    assert "Nothing to undo" in out


def test_watch_and_replay_step_through_the_saved_game(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    argv = ["play", "pile", "--watch", "--seed", "1", "--save", str(path), "--lang", "en"]
    argv += ["--delay", "0"]
    assert run(capsys, monkeypatch, argv)[0] == 0
    actions = json.loads(path.read_text())["actions"]
    code, out, _ = run(capsys, monkeypatch, ["replay", str(path), "--all", "--lang", "en"])
    assert code == 0
    assert f"— step {len(actions)} of {len(actions)} —" in out and "Final scores:" in out


def test_replay_reports_a_tampered_record_with_its_step(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "pile", "options": {}, "actions": ["take:1", "take:7"]}))
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 2 and "step 2: take:7 is not one of the legal actions here" in err
    path.write_text("{not json")
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 2 and "not JSON" in err
    path.write_text(json.dumps({"game": "pile", "options": {"self": 1}, "actions": []}))
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 2 and "unknown option 'self'" in err and "Traceback" not in err


def test_a_slow_start_is_explained_once_and_waits_aside_are_not(capsys):
    """numba compiling a game's core (the first run after an install) makes the start slow:
    one line says why, however many blocks are slow; typing or a bot thinking is no start."""
    note = CompilingNote("de", after=0.05)
    with note, note.aside():
        time.sleep(0.3)  # the person typing: not timed
    time.sleep(0.2)
    assert capsys.readouterr().out == ""
    for _ in range(2):
        with note:
            time.sleep(0.6)
    out = capsys.readouterr().out
    assert out.count("Erster Start nach der Installation") == 1, out


def test_a_compiling_start_plays_one_whole_game_to_compile_the_rest(toy):
    """After a start that compiled the core, one game by the bots (and a search) compiles
    what the next games call: it is played to its end, the start left as it was."""
    start = load_game("pile", start=6).new_initial_state()
    end = compile_the_rest(start)
    assert end.is_terminal() and len(end) > len(start)
    assert not start.is_terminal()
