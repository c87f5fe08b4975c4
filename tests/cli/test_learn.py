"""``ludoteca learn GAME``: every game's lesson followed in the terminal, a move not asked for
refused with the step's reason, in the chosen language; at the end a game against the
easiest bot if the person wishes it."""

from __future__ import annotations

import io

import pytest

from ludoteca import load_game
from ludoteca.cli import main
from ludoteca.engine.lessons import paths, position
from ludoteca.games import registry

LESSONS = [game_id for game_id in registry.ids() if registry.traits(game_id).lesson]


@pytest.fixture
def toys():
    registry.add("hexlet", "tests.hexlet")
    registry.add("pile", "tests.engine.toy")
    yield
    registry.remove("hexlet")
    registry.remove("pile")


def run(capsys, monkeypatch, argv, typed):
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def typed_lines(game_id: str, wrong: str | None = None) -> list[str]:
    """What a learner types to follow the lesson by its first choices (Enter at each step
    that only explains), ``wrong`` tried once at the first step that asks for a move."""
    lesson = registry.traits(game_id).lesson
    chosen, lines = iter(next(paths(lesson))), []
    for step in lesson.steps:
        if not step.expect:
            lines.append("")
            continue
        if wrong is not None:
            lines.append(wrong)
            wrong = None
        lines.append(next(chosen))
    return lines


def not_asked(game_id: str) -> str:
    """A legal move the lesson's first asking step does not ask for."""
    lesson = registry.traits(game_id).lesson
    step = next(i for i, each in enumerate(lesson.steps) if each.expect)
    state = position(load_game(game_id, **lesson.options), lesson, step, [])
    return next(a for a in state.legal_actions() if a not in lesson.steps[step].expect)


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_lesson_is_followed_in_the_terminal(capsys, monkeypatch, game_id):
    lesson = registry.traits(game_id).lesson
    typed = "\n".join([*typed_lines(game_id, wrong=not_asked(game_id)), "no"]) + "\n"
    code, out, err = run(capsys, monkeypatch, ["learn", game_id, "--lang", "en"], typed)
    assert code == 0 and not err
    steps = len(lesson.steps)
    assert all(f"Step {k} of {steps}" in out for k in range(1, steps + 1))
    assert out.count("Well done.") == sum(bool(step.expect) for step in lesson.steps)
    assert "Not quite: " in out and "You have finished the lesson." in out


def test_the_lesson_speaks_the_chosen_language_and_refuses_in_the_steps_words(
    toys, capsys, monkeypatch
):
    typed = "\n".join(["", "b2", "a1", "c1", "a3", "", "no"]) + "\n"
    code, out, _ = run(capsys, monkeypatch, ["learn", "hexlet", "--lang", "de"], typed)
    assert code == 0
    assert "Schritt 3 von 5" in out and "Nehmen Sie die Mitte, b2" in out
    assert "Nicht ganz: a1 liegt in Reihe 1, berührt b2 aber nicht." in out
    assert "Sie haben die Lektion beendet." in out


def test_the_game_against_the_easiest_bot_follows_if_wished(toys, capsys, monkeypatch):
    typed = "\n".join(["", "b2", "c1", "a3", "", "yes", "quit"]) + "\n"
    code, out, _ = run(capsys, monkeypatch, ["learn", "hexlet", "--lang", "en"], typed)
    assert code == 0
    after = out.split("Play a short game of Hexlet against the easiest bot now?")[1]
    assert "Your move." in after and "1. a1" in after


def test_a_quit_leaves_the_lesson(toys, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["learn", "hexlet"], "\nquit\n")
    assert code == 0 and "Step 2 of 5" in out and "Step 3 of 5" not in out


@pytest.mark.parametrize(
    ("game_id", "said"),
    [("pile", "There is no guided game for pile yet."), ("nogame", "unknown game 'nogame'")],
)
def test_a_game_without_a_lesson_is_refused_in_one_line(toys, capsys, monkeypatch, game_id, said):
    code, out, err = run(capsys, monkeypatch, ["learn", game_id, "--lang", "en"], "")
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1
