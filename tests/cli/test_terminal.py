"""Terminal play as a new user meets it: options from the specs, saved and resumed games,
paced watching, wrong input at every prompt, and one clear line instead of a traceback."""

from __future__ import annotations

import io
import json
import os

import pytest

from ludoteca import Record, load_game
from ludoteca.cli import main
from ludoteca.cli.play import bot_names
from ludoteca.engine import translate
from ludoteca.games import registry
from ludoteca.server.words import translated, with_names

HUGE = "9" * 5000


@pytest.fixture
def toy():
    registry.add("pile", "tests.engine.toy")
    yield
    registry.remove("pile")


class Terminal(io.StringIO):
    """Typed lines, as from a person at a terminal (``isatty`` is true)."""

    def isatty(self) -> bool:
        return True


def run(capsys, monkeypatch, argv, typed="", tty=False):
    monkeypatch.setattr("sys.stdin", Terminal(typed) if tty else io.StringIO(typed))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own exit (--help, or a mistake on the line)
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


def one_clear_line(err: str) -> bool:
    return "Traceback" not in err and len(err.strip().splitlines()) == 1


# -- options generated from the games' specs -------------------------------------------------


def test_play_help_lists_every_game_option_with_values_and_default(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["play", "bohnen", "--help", "--lang", "en"])
    assert code == 0
    assert "--capture-chain {preceding, following}" in out and "(default preceding)" in out
    assert "--max-laps {1–10000}" in out and "(default 100)" in out
    assert "--players {2–4}" in out
    code, out, _ = run(capsys, monkeypatch, ["play", "hares", "--help", "--lang", "de"])
    assert "--level {1–20}" in out and "Levelkarte (1–20) (Standard 1)" in out
    assert "--players" not in out  # Hares has one player count: nothing to choose


def test_arena_help_lists_the_game_options_too(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["arena", "bohnen", "--help", "--lang", "en"])
    assert code == 0 and "--capture-chain {preceding, following}" in out


def test_a_game_option_reaches_the_game(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "g.json"
    argv = ["play", "pile", "--start", "4", "--seed", "1", "--save", str(path), "--lang", "en"]
    assert run(capsys, monkeypatch, argv, "quit\n")[0] == 0
    assert Record.load(path).options["start"] == 4


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "hares", "--self", "x"], "ludoteca play hares: unrecognized arguments: --self x"),
        (["play", "bohnen", "--game-id", "x"], "unrecognized arguments: --game-id x"),
        (["play", "hares", "--level", HUGE], "argument --level: '9999"),
        (["play", "hares", "--level", "0"], "allowed are 1–20"),
        (["play", "bohnen", "--capture-chain", "up"], "allowed are preceding, following"),
        (["play", "bohnen", "--seed", HUGE], "argument --seed: invalid int value"),
        (["play", "chess"], "invalid choice: 'chess'"),
        (["play"], "Name a game"),
        (["play", "bohnen", "--bot", "oracle"], "unknown bot 'oracle'"),
        (["play", "bohnen", "--seat", "7"], "There is no seat 7: seats are 0 to 1."),
        (["replay", "x.json", "--fast"], "ludoteca replay: unrecognized arguments: --fast"),
    ],
)
def test_bad_command_lines_end_with_one_clear_line(capsys, monkeypatch, argv, said):
    code, out, err = run(capsys, monkeypatch, [*argv, "--lang", "en"])
    assert code == 2 and said in err and one_clear_line(err)
    assert "Your move" not in out


def test_save_into_a_missing_folder_is_refused_before_the_game_starts(
    capsys, monkeypatch, tmp_path
):
    missing = tmp_path / "nowhere" / "game.json"
    code, out, err = run(capsys, monkeypatch, ["play", "bohnen", "--save", str(missing)], "1\n")
    assert code == 2 and "the folder" in err and "does not exist" in err and one_clear_line(err)
    assert out == "" and not missing.parent.exists()
    code, out, err = run(capsys, monkeypatch, ["play", "bohnen", "--save", str(tmp_path)], "1\n")
    assert code == 2 and "it is a folder" in err and out == ""


# -- plurals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["Habanero     1 player", "Potager      2 players", "Bohnen       2–4 players"]),
        ("fr", ["1 joueur", "2 joueurs", "2–4 joueurs"]),
        ("de", ["1 Spieler", "2–4 Spieler"]),
        ("ru", ["1 игрок", "2 игрока", "2–4 игрока", "2–5 игроков"]),
    ],
)
def test_games_says_1_player_with_each_languages_plurals(capsys, monkeypatch, lang, lines):
    code, out, _ = run(capsys, monkeypatch, ["games", "--lang", lang])
    assert code == 0 and all(line in out for line in lines), out
    assert "1 players" not in out and "1 joueurs" not in out


# -- saving after every action, resuming ------------------------------------------------------


def test_the_record_is_saved_after_every_action_and_resumed(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    argv = ["play", "pile", "--seed", "5", "--bot", "random", "--delay", "0", "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, [*argv, "--save", str(path)], "1\nquit\n")
    assert code == 0
    first = Record.load(path)
    assert first.actions[0] == "take:1" and len(first.actions) >= 2  # the bot's answer is in
    assert first.meta == {"seed": 5, "seat": 0, "bot": "random"}
    assert f"ludoteca play --resume {path}" in out
    assert [name for name in os.listdir(tmp_path)] == ["game.json"]  # no temporary file left
    code, out, _ = run(
        capsys, monkeypatch, ["play", "--resume", str(path), "--delay", "0"], "1\n" * 400
    )
    assert code == 0 and f"Continuing {path} after {len(first.actions)} actions." in out
    assert "The game is over." in out
    final = Record.load(path)
    assert final.actions[: len(first.actions)] == first.actions
    assert len(final.actions) > len(first.actions) and final.meta == first.meta
    code, out, _ = run(capsys, monkeypatch, ["play", "--resume", str(path), "--lang", "en"])
    assert code == 0 and "This game is already over." in out


def test_ctrl_c_keeps_the_saved_game_and_says_so_in_one_line(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    answers = iter(["1"])

    def typed(prompt=""):
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", typed)
    argv = ["play", "pile", "--seed", "2", "--delay", "0", "--save", str(path), "--lang", "en"]
    code = main(argv)
    out = capsys.readouterr().out
    assert code == 130 and "Interrupted." in out and "Traceback" not in out
    assert f"continue it with 'ludoteca play --resume {path}'" in out
    assert Record.load(path).actions[0] == "take:1"


def test_resume_refuses_what_is_no_record_in_one_line(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "pile", "options": {}, "actions": [], "meta": {"seat": 5}}')
    code, _, err = run(capsys, monkeypatch, ["play", "--resume", str(path), "--lang", "en"])
    assert (
        code == 2 and "the record's seat 5 is no seat of this game" in err and one_clear_line(err)
    )
    code, _, err = run(capsys, monkeypatch, ["play", "--resume", str(tmp_path / "x.json")])
    assert code == 2 and "No such file" in err and one_clear_line(err)
    code, _, err = run(capsys, monkeypatch, ["play", "--resume", str(path), "pile", "--lang", "en"])
    assert code == 2 and "write just 'ludoteca play --resume FILE'" in err
    code, _, err = run(capsys, monkeypatch, ["play", "--resume", str(path), "--seat", "1"])
    assert code == 2 and "--resume continues a saved game" in err


def test_save_command_mid_game_starts_saving_there(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "later.json"
    argv = ["play", "pile", "--seed", "4", "--delay", "0", "--lang", "en"]
    typed = f"save {tmp_path / 'no' / 'x.json'}\nsave\n1\nsave {path}\nquit\n"
    code, out, _ = run(capsys, monkeypatch, argv, typed)
    assert code == 0 and "does not exist" in out and "Name the file to save to" in out
    assert f"Saved to {path}; every action from now on is saved there too." in out
    assert Record.load(path).actions[0] == "take:1"


def test_an_interrupted_write_leaves_the_old_record_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    Record("pile", {}, ["take:1"]).save(path)
    before = path.read_text()

    def broken(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(Record, "dumps", broken)
    with pytest.raises(KeyboardInterrupt):
        Record("pile", {}, ["take:1", "take:2"]).save(path)
    assert path.read_text() == before and os.listdir(tmp_path) == ["game.json"]


# -- watching ------------------------------------------------------------------------------------


def test_watch_is_paced_by_the_delay(toy, capsys, monkeypatch):
    pauses = []
    monkeypatch.setattr("ludoteca.cli.play.time.sleep", pauses.append)
    code, out, _ = run(capsys, monkeypatch, ["play", "pile", "--watch", "--seed", "3"])
    moves = out.count("Bot")  # each move's line names its bot ("Bot: random (2)")
    assert code == 0 and pauses and set(pauses) == {0.5}
    pauses.clear()
    run(capsys, monkeypatch, ["play", "pile", "--watch", "--seed", "3", "--delay", "0.1"])
    assert set(pauses) == {0.1} and moves > 0


def test_a_bot_on_a_solitaire_says_why_it_has_nothing_to_do(capsys, monkeypatch):
    argv = ["play", "hares", "--bot", "mcts:hard", "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, argv, "quit\n")
    assert code == 0
    assert "Hares is played alone" in out and "ludoteca play hares --watch --bot mcts:hard" in out


def test_a_bot_plays_a_solitaire_in_watch_mode(capsys, monkeypatch):
    argv = ["play", "hares", "--watch", "--bot", "mcts:easy", "--seed", "1", "--delay", "0"]
    code, out, _ = run(capsys, monkeypatch, [*argv, "--lang", "en"])
    assert code == 0 and "Bot: easy:" in out  # named, not "Player 1"


# -- typing at the prompt -------------------------------------------------------------------------


def test_wrong_lines_at_the_move_prompt_are_answered_and_play_goes_on(toy, capsys, monkeypatch):
    typed = "\n".join([HUGE, "0", "99", "9" * 50, "take:7", "frobnicate", "hint", "1", "quit"])
    argv = ["play", "pile", "--seed", "1", "--delay", "0", "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, argv, typed + "\n")
    assert code == 0 and "Traceback" not in out
    assert f"There is no move {'9' * 39}…: the moves are numbered 1 to 2." in out
    assert "There is no move 0:" in out and "There is no move 99:" in out
    assert "That line is too long to be a move (over 200 characters)." in out
    assert "take:7 is refused" in out and "frobnicate is refused" in out
    assert "Player 1: take:1" in out or "take:1" in out


def test_hares_accepts_the_move_as_the_log_shows_it(capsys, monkeypatch, tmp_path):
    path = tmp_path / "hares.json"
    argv = ["play", "hares", "--level", "1", "--colour", "white", "--save", str(path)]
    code, out, _ = run(capsys, monkeypatch, [*argv, "--lang", "en"], "c3–c4\nquit\n")
    assert code == 0 and "Hare c3–c4." in out
    assert Record.load(path).actions == ["c3c4"]  # the record keeps the contract notation


def test_potager_answers_a_bare_space_and_shows_the_patterns(capsys, monkeypatch):
    argv = ["play", "potager", "--seed", "1", "--delay", "0", "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, argv, "b3\npatterns\ntake:1\nb3\nquit\n")
    assert code == 0
    assert "Also to read here, by typing its name: patterns." in out
    assert "first take a token from the hedge (take:1 to take:5)" in out
    assert "Harvest patterns (# is a token of the vegetable" in out and "carrot-3" in out
    assert "to put your token on b3, type place:b3" in out


def test_habitats_takes_a_market_square_and_a_cell_as_the_board_shows_them(capsys, monkeypatch):
    argv = ["play", "habitats", "--seed", "2", "--delay", "0", "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, argv, "b2\n-1,0\nquit\n")
    assert code == 0 and "Player 1 takes the tile on b2" in out
    assert "Player 1 places the tile at ←1" in out  # a cell is named by arrows from the entrance


# -- replay ---------------------------------------------------------------------------------------


@pytest.fixture
def saved(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    argv = ["play", "pile", "--watch", "--seed", "1", "--delay", "0", "--save", str(path)]
    assert run(capsys, monkeypatch, argv)[0] == 0
    return path


def test_replay_answers_every_wrong_key_and_goes_on(saved, capsys, monkeypatch):
    last = len(Record.load(saved).actions)
    typed = ["b", "x", "-1", str(last + 1), HUGE, "zz" * 100, "2", "", "n", str(last), "", "q"]
    argv = ["replay", str(saved), "--lang", "en"]
    code, out, _ = run(capsys, monkeypatch, argv, "\n".join(typed) + "\n", tty=True)
    assert code == 0 and "Traceback" not in out
    assert "This is the first step." in out
    assert "Unknown key x." in out and "Unknown key -1." in out
    assert f"There is no step {last + 1}: the steps are 0 to {last}." in out
    assert f"There is no step {'9' * 39}…: the steps are 0 to {last}." in out
    assert f"Unknown key {'zz' * 19}z…." in out
    assert "— step 3 of" in out and f"— step {last} of {last} —" in out
    assert "This is the last step" in out


def test_replay_names_the_seats_as_the_records_room_did(saved, capsys, monkeypatch):
    record = Record.load(saved)
    Record(record.game, record.options, record.actions, {"players": ["Ana", "Rot"]}).save(saved)
    code, out, _ = run(capsys, monkeypatch, ["replay", str(saved), "--all", "--lang", "de"])
    assert code == 0 and "Ana: " in out and "Rot: " in out and "Spieler 1" not in out


def test_replay_in_german_and_quits_on_end_of_input(saved, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["replay", str(saved), "--lang", "de"], "x\n", tty=True)
    assert code == 0 and "Unbekannte Taste x." in out


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[" * 10000 + "]" * 10000, "nested too deeply"),
        ('{"game": "pile", "options": {}, "actions": [' + HUGE + "]}", "not JSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        ('{"game": "pile", "options": {"self": 1}, "actions": []}', "unknown option 'self'"),
        ('{"game": "pile", "options": {"game_id": 1}, "actions": []}', "unknown option 'game_id'"),
        ('{"game": "chess", "options": {}, "actions": []}', "unknown game 'chess'"),
        ('{"game": "pile", "options": {}, "actions": [7]}', "action 7 is not a string"),
        ('{"game": 1, "options": {}, "actions": []}', "'game' must be a string"),
        ("[]", "expected a JSON object"),
    ],
)
def test_replay_of_what_is_no_record_ends_with_one_line(
    toy, capsys, monkeypatch, tmp_path, content, said
):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 2 and said in err and one_clear_line(err), err


def test_replay_of_a_folder_a_missing_file_or_a_huge_file(capsys, monkeypatch, tmp_path):
    code, _, err = run(capsys, monkeypatch, ["replay", str(tmp_path), "--lang", "en"])
    assert code == 2 and "is not a regular file" in err and one_clear_line(err)
    code, _, err = run(capsys, monkeypatch, ["replay", str(tmp_path / "none.json")])
    assert code == 2 and "No such file" in err and one_clear_line(err)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(17 * 1024 * 1024)  # sparse: nothing is written, nothing read
    code, _, err = run(capsys, monkeypatch, ["replay", str(huge), "--lang", "en"])
    assert code == 2 and "too big for a game record" in err and one_clear_line(err)
    code, _, err = run(capsys, monkeypatch, ["replay", "/dev/null", "--lang", "en"])
    assert code == 2 and "is not a regular file" in err


def test_a_record_written_by_play_replays_to_the_same_end(saved, capsys, monkeypatch):
    data = json.loads(saved.read_text())
    code, out, _ = run(capsys, monkeypatch, ["replay", str(saved), "--all", "--lang", "en"])
    assert code == 0 and f"— step {len(data['actions'])} of {len(data['actions'])} —" in out


def test_a_saved_record_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "game.json"
    Record("pile", {}, []).save(path)
    assert path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o600)
    Record("pile", {}, ["take:1"]).save(path)
    assert path.stat().st_mode & 0o777 == 0o600 and Record.load(path).actions == ["take:1"]


def test_play_options_may_come_before_or_after_the_game(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "g.json"
    argv = ["play", "--seed", "9", "--lang", "de", "pile", "--save", str(path), "--delay", "0"]
    code, out, _ = run(capsys, monkeypatch, argv, "quit\n")
    assert code == 0 and "Sie sind am Zug." in out
    assert Record.load(path).meta == {"seed": 9, "seat": 0, "bot": "heuristic"}


# -- why the game ended --------------------------------------------------------------------------

END_GAMES = [
    ("bohnen", "en"),
    ("bohnen", "ru"),
    ("habanero", "en"),
    ("habanero", "de"),
    ("habitats", "en"),
    ("habitats", "fr"),
    ("hares", "en"),
    ("hares", "de"),
    ("potager", "en"),
    ("potager", "fr"),
]


@pytest.mark.parametrize(("game", "lang"), END_GAMES)
def test_the_end_says_why_in_the_web_end_dialogs_words(game, lang, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    argv = ["play", game, "--watch", "--bot", "random", "--seed", "4", "--delay", "0"]
    code, out, _ = run(capsys, monkeypatch, [*argv, "--save", str(path), "--lang", lang])
    record = Record.load(path)
    end = load_game(record.game, **record.options).replay(record.actions)
    # what the web's end dialog says (dialogs.js, why()): the end prompt of the observation
    # the server sends, in the page's language and with the seats' names
    names = list(bot_names(end.game.num_players, None, "random", lang))
    web = with_names(translated(end.observation(None), lang), names, lang)["prompt"]
    assert code == 0 and web["key"] != "core.prompt.game_over"
    assert end.end_reason() in registry.traits(game).ends and end.end_reason() in web["key"]
    assert web["text"] in out.splitlines()
    # the replay of the saved game ends with the same words, the seats by number
    code, out, _ = run(capsys, monkeypatch, ["replay", str(path), "--all", "--lang", lang])
    assert code == 0 and translated(end.observation(None), lang)["prompt"]["text"] in out


def test_a_game_without_end_words_ends_with_the_sites_word_for_its_reason(toy, capsys, monkeypatch):
    argv = ["play", "pile", "--watch", "--seed", "1", "--delay", "0", "--lang", "de"]
    over, why = translate("core.prompt.game_over", "de"), translate("web.end.why.last_turn", "de")
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and over in out.splitlines()  # the pile names no end reason
    monkeypatch.setattr("tests.engine.toy.PileState.end_reason", lambda state: "last_turn")
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and why in out.splitlines() and over not in out
