"""The text board, the SVG picture with its click ids and hint overlays, and the messages."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from ludoteca import load_game
from ludoteca.engine import Message
from ludoteca.engine.parts import Overlay
from ludoteca.games.hares import KNOWLEDGE, VIEW

from .helpers import make

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str):
    return ElementTree.fromstring(picture)


def ids(picture: str) -> set[str]:
    return {el.get("id") for el in parse(picture).iter() if el.get("id")}


def classes(picture: str) -> list[str]:
    return [el.get("class") for el in parse(picture).iter() if el.get("class")]


def test_every_square_is_clickable_and_every_legal_click_exists():
    game = load_game("hares", level=11, colour="white")
    state = game.new_initial_state()
    found = ids(VIEW.svg(state, 0))
    assert {f"sq-{f}{r}" for f in "abcdefgh" for r in range(1, 9)} <= found
    for entry in state.observation(0)["legal"]:
        assert set(entry["clicks"]) <= found


def test_pieces_are_drawn():
    game = load_game("hares", level=4, colour="white")
    kinds = classes(VIEW.svg(game.new_initial_state(), 0))
    assert kinds.count("hare") == 2 and kinds.count("carrot") == 4
    assert kinds.count("hunter") == 1 and kinds.count("burrow") == 8


def test_no_overlays_without_hints():
    game = load_game("hares", level=9, colour="white")
    kinds = classes(VIEW.svg(game.new_initial_state(), 0))
    assert "hunter-square" not in kinds and "warm" not in kinds and "arrow" not in kinds


def test_hints_draw_hunter_squares_warm_cells_arrow_and_a_legend():
    game = load_game("hares", level=9, colour="white")
    state = game.new_initial_state()
    hint = KNOWLEDGE.hint(state, 0)
    picture = VIEW.svg(state, 0, overlay=hint.overlay)
    kinds = classes(picture)
    assert kinds.count("hunter-square") == len(state.hunter_squares())
    assert kinds.count("warm") + kinds.count("warm-take") == sum(map(len, state.warm().values()))
    assert kinds.count("arrow") == 1
    for key in ("selected", "warm", "carrot", "hunter", "arrow"):
        assert Message(f"hares.legend.{key}").text() in picture


def test_a_selected_hare_shows_only_its_own_warm_cells():
    state = make("d4 a2", "e5", hunter="king h1")
    picture = VIEW.svg(state, 0, overlay=Overlay(marks=("d4",)))
    kinds = classes(picture)
    assert kinds.count("selected") == 1
    assert kinds.count("warm") == 1 and kinds.count("warm-take") == 1  # d5, and the carrot e5


def test_the_legend_speaks_the_asked_language():
    state = make("d4 a2", hunter="king h1")
    overlay = KNOWLEDGE.hint(state, 0).overlay
    picture = VIEW.svg(state, 0, lang="ru", overlay=overlay)
    assert "сюда можно пойти" in picture and "морковка: берём по диагонали" in picture
    assert "выбранная фигура" in picture
    assert classes(picture).count("arrow") == 1


def test_a_language_alone_draws_no_hints():
    game = load_game("hares", level=9, colour="white")
    picture = VIEW.svg(game.new_initial_state(), 0, lang="de")
    kinds = classes(picture)
    assert "hunter-square" not in kinds and "warm" not in kinds and "arrow" not in kinds
    assert "Läufer" in picture and "schräg nehmen" not in picture  # German panel, no legend
    assert "hunter-square" in classes(VIEW.svg(game.new_initial_state(), 0, overlay=Overlay()))


def _row_of(picture: str, square: str) -> float:
    for el in parse(picture).iter():
        if el.get("id") == f"sq-{square}":
            return float(el.get("y"))
    raise AssertionError(square)


def test_the_hares_always_run_up_the_picture():
    white = load_game("hares", colour="white")
    black = load_game("hares", colour="black")
    w = VIEW.svg(white.new_initial_state(), 0)
    b = VIEW.svg(black.new_initial_state(), 0)
    assert _row_of(w, "a8") < _row_of(w, "a1")
    assert _row_of(b, "a1") < _row_of(b, "a8")


def test_the_end_shows_the_result_and_stars():
    game = load_game("hares", level=1, colour="white")
    state = game.new_initial_state()
    while not state.is_terminal():
        state = state.apply(KNOWLEDGE.hint(state, 0).action)
    picture = VIEW.svg(state, 0)
    assert "Saved 2 of 2: 3 stars" in picture and "★★★" in picture
    assert state.prompt(0).text("ru") == "Спасено 2 из 2: 3 звезды. Все зайцы добрались до норок."


def test_the_text_board():
    state = make("e2", "d3", hunter="rook h5")
    board = str(state)
    lines = board.splitlines()
    assert lines[1].split() == list("abcdefgh")
    assert " 2  . . . . H . . *  2" in lines
    assert " 3  . . . c . . . *  3" in lines
    assert " 5  * * * * * * * R  5" in lines
    assert "caught 0" in board


def test_the_text_board_names_caught_hares():
    after = make("c4 a2", hunter="rook h5").apply("c4c5")
    assert "The hunter caught: c5" in str(after)


def test_hint_reasons_and_log_lines():
    game = load_game("hares", level=7, colour="white")
    state = game.new_initial_state()
    hint = KNOWLEDGE.hint(state, 0)
    assert hint.action == "d2e3" and hint.value == 3
    assert hint.reason.text("ru").startswith("Сходите d2e3")
    assert hint.overlay.arrows == (("d2", "e3"),)
    after = state.apply("d2e3")
    line = after.observation(0)["log"][-1]["text"]
    assert line["key"] == "hares.log.carrot"
    assert state.label("d2e3").text("de") == "d2×e3 (Karotte)"
    chance = load_game("hares", level=7).new_initial_state().apply("colour:black")
    assert chance.observation(0)["log"][0]["text"]["text"] == "The hares are black."


def test_the_hint_is_none_when_it_is_not_the_players_move():
    game = load_game("hares", level=7)
    assert KNOWLEDGE.hint(game.new_initial_state(), 0) is None
