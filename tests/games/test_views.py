"""Every game's picture, in every language: words inside the picture, the seats' names drawn,
the last move of the other seats marked, every clickable part present."""

from __future__ import annotations

import random
from xml.etree import ElementTree

import pytest

from ludoteca import load_game
from ludoteca.engine import CHANCE, LANGUAGES, State
from ludoteca.engine.parts import Overlay
from ludoteca.engine.svg import shorten, text_width, wrap
from ludoteca.games import registry

from .fit import last_marks, text_boxes, texts_outside

# (game, options, actions played at random before the picture); several per game so that
# openings, middles and ends are all drawn
POSITIONS = [
    ("bohnen", {"players": 2}, 12),
    ("bohnen", {"players": 4}, 400),
    ("habitats", {"players": 2}, 24),
    ("habitats", {"players": 4}, 1000),
    ("habitats", {"players": 5}, 40),
    ("potager", {}, 14),
    ("potager", {}, 1000),
    ("hares", {"level": 5}, 2),
    ("hares", {"level": 12}, 1000),
    ("habanero", {}, 9),
    ("habanero", {}, 1000),
]
NAMES = ("Zoë", "Ильич", "Ana-Lucía", "Bartholomew", "Å")


def played(game_id: str, options: dict, steps: int, seed: int = 7) -> State:
    state = load_game(game_id, **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            # Habanero: keep rolling for a while, so that campesinos move before the stop
            action = "roll" if "roll" in legal and len(state) < steps else rng.choice(legal)
        state = state.apply(action)
    return state


def picture(state: State, seat: int | None, lang: str, overlay: Overlay | None = None) -> str:
    view = registry.view(state.game.id)
    assert view is not None
    return view.svg(state, seat, lang=lang, overlay=overlay)


def viewer(state: State) -> int:
    return state.current_player if state.current_player >= 0 else 0


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "phone"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game_id", "options", "steps"), POSITIONS)
def test_every_word_stays_inside_the_picture(game_id, options, steps, lang, narrow):
    state = played(game_id, options, steps)
    names = Overlay(names=NAMES[: state.game.num_players], narrow=narrow)
    drawn = picture(state, viewer(state), lang, names)
    assert texts_outside(drawn) == []


@pytest.mark.parametrize(("game_id", "options", "steps"), POSITIONS)
def test_the_seats_names_are_drawn(game_id, options, steps):
    state = played(game_id, options, steps)
    players = state.game.num_players
    if game_id in ("hares", "habanero"):  # one player: the picture names no seat
        return
    drawn = picture(state, viewer(state), "en", Overlay(names=NAMES[:players]))
    words = " ".join(words for words, *_ in text_boxes(drawn))
    for name in NAMES[:players]:
        assert name in words or shorten(name, 12, 40)[:-1] in words
    # without names: the localized "Player N"
    plain = " ".join(words for words, *_ in text_boxes(picture(state, viewer(state), "de")))
    assert "Spieler 1" in plain


@pytest.mark.parametrize(("game_id", "options", "steps"), POSITIONS[:-1])
def test_the_last_move_of_the_other_seats_is_marked(game_id, options, steps):
    state = played(game_id, options, steps)
    seat = viewer(state)
    marks = last_marks(picture(state, seat, "en"))
    assert marks, "no last-move mark"
    for mark in marks:
        assert "last" in (mark.get("class") or "").split()
        if state.game.num_players > 1:
            assert mark.get("data-seat") != str(seat)  # only the others' moves


def test_the_start_has_no_last_move_marks():
    for game_id in ("bohnen", "potager", "habitats"):
        state = load_game(game_id).new_initial_state()
        while state.is_chance_node():
            state = state.apply(state.chance_outcomes()[0][0])
        assert last_marks(picture(state, viewer(state), "en")) == []


def test_bohnen_marks_the_pit_sown_and_the_pits_captured_with_their_beans():
    rng = random.Random(3)
    state = before = load_game("bohnen", players=2).new_initial_state()
    while not (state.last and state.last[2] and not state.pending):
        before, state = state, state.apply(rng.choice(state.legal_actions()))
    mover = state.last[0]
    marks = last_marks(picture(state, 1 - mover, "en"))
    kinds = [mark.get("data-what") for mark in marks]
    assert kinds.count("sown") == 1 and kinds.count("captured") == len(state.last[2])
    taken = [int(w[1:]) for mark in marks for w in mark.itertext() if w.startswith("−")]
    assert sum(taken) == state.captured[mover] - before.captured[mover]
    assert last_marks(picture(state, mover, "en")) == [] or all(
        mark.get("data-seat") != str(mover) for mark in last_marks(picture(state, mover, "en"))
    )


def test_a_hand_built_position_has_no_last_moves():
    from ludoteca.games.bohnen import BohnenState

    start = BohnenState.position(load_game("bohnen"), {"a": 2, "A": 1, "C": 4}, to_move=0)
    assert last_marks(picture(start.apply(start.legal_actions()[0]), 1, "en")) == []


def test_habanero_marks_the_campesino_move_and_the_roll():
    state = played("habanero", {}, 9)
    assert any("-" in action for action in state.history())
    whats = {mark.get("data-what") for mark in last_marks(picture(state, 0, "en"))}
    assert any(w and "-" in w for w in whats)
    rolled = state
    while not rolled.is_chance_node():
        rolled = rolled.apply("roll") if "roll" in rolled.legal_actions() else None
        if rolled is None:
            return
    rolled = rolled.apply(rolled.chance_outcomes()[0][0])
    whats = {mark.get("data-what") for mark in last_marks(picture(rolled, 0, "en"))}
    assert "die" in whats


def test_potager_marks_the_slot_taken_and_the_space_filled():
    state = played("potager", {}, 14)
    other = 1 - viewer(state)
    marked = {mark.get("data-what") for mark in last_marks(picture(state, 1 - other, "en"))}
    assert any(m.startswith("hedge-") for m in marked) or any(
        m.startswith(f"g{other}-") for m in marked
    )


def test_habitats_marks_the_market_space_and_the_park_cell():
    state = played("habitats", {"players": 3}, 30)
    seat = viewer(state)
    marked = {mark.get("data-what") for mark in last_marks(picture(state, seat, "en"))}
    assert any(m.startswith("mk-") for m in marked)
    assert any(m.startswith("park") and not m.startswith(f"park{seat}_") for m in marked)


def test_every_clickable_part_is_in_the_picture():
    for game_id, options, steps in POSITIONS:
        state = played(game_id, options, steps)
        if state.current_player < 0:
            continue
        ids = {
            node.get("id")
            for node in ElementTree.fromstring(picture(state, state.current_player, "fr")).iter()
        }
        for action in state.legal_actions():
            assert set(state.clicks(action)) <= ids, (game_id, action)


def test_habitats_has_a_legend_and_an_icon_per_species():
    from ludoteca.games.habitats.icons import DRAWINGS
    from ludoteca.games.habitats.view import LEGEND, legend_svg

    state = played("habitats", {"players": 2}, 9)
    for lang in LANGUAGES:
        drawn = picture(state, viewer(state), lang)
        assert 'id="legend"' in drawn
        alone = legend_svg(lang)
        assert texts_outside(alone) == []
        assert len([w for w, *_ in text_boxes(alone)]) >= len(LEGEND)
    creatures = [k.id for k in state.game.tiles.kinds if k.kind in ("animal", "insect")]
    assert sorted(DRAWINGS) == sorted(creatures)
    assert len({DRAWINGS[c]() for c in creatures}) == len(creatures)  # no two alike


def test_habitats_tourists_speak_the_readers_language_and_no_text_is_turned():
    state = played("habitats", {"players": 4}, 1000)
    for lang, big in (("de", "GROSS"), ("fr", "GRAND"), ("ru", "БОЛЬШОЙ")):
        drawn = picture(state, 0, lang)
        assert "rotate(180" not in drawn
        if "big-" in "".join(str(k.id) for p in state.parks for k, _ in p.tiles.values()):
            assert big in drawn and "BIG" not in drawn


def test_habitats_tile_names_are_never_cut_nor_abbreviated():
    from ludoteca.engine import Message
    from ludoteca.games.habitats.view import TILE, tile_name_lines

    for lang in LANGUAGES:
        for species in ("wildebeest", "frog", "bat", "bumblebee", "hippo", "butterfly"):
            name = Message(f"habitats.tile.{species}").text(lang)
            lines, size = tile_name_lines(name, TILE)
            assert all(text_width(line, size) <= TILE - 6 for line in lines)
            whole = "".join(lines) if len(lines) == 1 else lines[0] + " " + lines[1]
            assert whole.replace("- ", "-").replace("-", "") in (
                name.replace("-", ""),
                name.replace("-", " "),
            ) or whole.replace(" ", "") == name.replace(" ", ""), (name, lines)
            assert size >= TILE / 6.2 * 0.9, (name, size)  # the tile's type size, near enough


def test_the_width_model_wraps_and_shortens_inside_the_width():
    words = "Доведи обоих зайцев до норок на дальней линии, не попавшись охотнику"
    for line in wrap(words, 13, 200):
        assert text_width(line, 13) <= 200
    assert " ".join(wrap(words, 13, 200)) == words
    assert shorten("Alexandra Konstantinopolska", 15, 100).endswith("…")
    assert text_width(shorten("Alexandra Konstantinopolska", 15, 100), 15) <= 100


def test_a_spectator_sees_every_seats_last_move():
    state = played("bohnen", {"players": 3}, 30)
    seats = {mark.get("data-seat") for mark in last_marks(picture(state, None, "en"))}
    assert len(seats) == 3


def test_chance_is_not_a_seat_in_the_marks():
    state = played("habitats", {"players": 2}, 9)
    seats = {mark.get("data-seat") for mark in last_marks(picture(state, None, "en"))}
    assert str(CHANCE) not in seats
