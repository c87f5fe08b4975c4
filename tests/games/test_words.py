"""Words of every game: the end says why it ended and who won; typed moves accept the forms
the labels and the log display (a hyphen, a dash, an arrow; Habitats' cell names)."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca import IllegalAction
from ludoteca.engine import LANGUAGES, Seat, State

from .test_views import played

GAMES = {
    "bohnen": {"players": 3},
    "habitats": {"players": 2},
    "potager": {},
    "hares": {"level": 3},
    "habanero": {},
}


def finished(game_id: str, seed: int) -> State:
    return played(game_id, GAMES[game_id], 3000, seed)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_end_says_why_and_who_won(game_id):
    for seed in range(3):
        state = finished(game_id, seed)
        assert state.is_terminal()
        reason = state.end_reason()
        assert reason, "every game names its end"
        prompt = state.prompt(None)
        assert prompt.key != "core.prompt.game_over"
        for lang in LANGUAGES:
            words = prompt.text(lang)
            assert "{" not in words and not words.startswith(f"{game_id}.")
        if state.game.num_players > 1:
            winners = state.winners()
            english = prompt.text("en")
            assert (
                any(
                    f"Player {w + 1}" in english
                    or f"Players {w + 1}" in english
                    or f"{w + 1}," in english
                    for w in winners
                )
                or "share the win" in english
            )


def test_a_tie_names_every_winner():
    state = finished("bohnen", 0)
    words = state.winner_words()
    if len(state.winners()) > 1:
        assert words.key == "core.end.tie"
    else:
        assert words.key == "core.end.winner"
        assert words.params["player"] == Seat(state.winners()[0])


MOVE = re.compile(r"([a-h][1-8])\s*([-–—→×x])\s*([a-h][1-8])")


@pytest.mark.parametrize("game_id", ["hares", "habanero"])
def test_the_moves_a_label_displays_are_accepted_with_hyphen_or_dash(game_id):
    rng = random.Random(5)
    checked = 0
    for steps in range(0, 120, 7):
        state = played(game_id, GAMES[game_id], steps, rng.randrange(100))
        if state.current_player < 0:
            continue
        for action in state.legal_actions():
            for lang in LANGUAGES:
                shown = MOVE.search(state.label(action).text(lang))
                if shown is None:
                    continue
                for dash in ("-", "–", "—", "→", shown[2]):
                    typed = f"{shown[1]}{dash}{shown[3]}"
                    assert state.apply(typed) == state.apply(state.canonical(typed))
                    checked += 1
    assert checked


def test_hares_and_habanero_accept_hyphen_dash_and_arrow():
    hares = played("hares", {"level": 1}, 1)
    action = hares.legal_actions()[0]
    a, b = action[:2], action[2:]
    for typed in (f"{a}-{b}", f"{a}–{b}", f"{a} – {b}", f"{a}→{b}", f"{a}{b}"):
        assert hares.apply(typed).history()[-1] == action
    habanero = played("habanero", {}, 9)
    while habanero.phase != "move":
        habanero = (
            habanero.apply("roll")
            if habanero.phase == "decide"
            else habanero.apply(habanero.chance_outcomes()[0][0])
            if habanero.is_chance_node()
            else habanero.apply(habanero.legal_actions()[0])
        )
    move = next(a for a in habanero.legal_actions() if "-" in a)
    origin, target = move.split("-")
    for typed in (f"{origin}-{target}", f"{origin}–{target}", f"{origin} → {target}"):
        assert habanero.apply(typed).history()[-1] == move


def test_potager_accepts_dashes_in_typed_actions():
    state = played("potager", {}, 0)
    assert state.canonical("move:b1–c2") == "move:b1-c2"
    assert state.canonical("move: b1 → c2") == "move:b1-c2"
    assert state.canonical("harvest:potato-1:c4, d4") == "harvest:potato-1:c4,d4"
    with pytest.raises(IllegalAction):
        state.apply("move:b1–z9")


def test_habitats_accepts_the_cell_names_it_displays():
    from ludoteca.games.habitats.game import parse_place
    from ludoteca.games.habitats.tiles import sides_of, spot_name

    state = played("habitats", {"players": 2}, 40)
    while state.phase != "place" or state.current_player < 0:
        state = played("habitats", {"players": 2}, len(state) + 1)
    for action in state.legal_actions():
        if not action.startswith("place:"):
            continue
        pos, mask = parse_place(action)
        name = spot_name(pos)
        label = state.label(action).text("en")
        assert name in label and "," not in label.split(" at ")[1].split(", roads")[0]
        typed = (
            [name, f"place at {name}"]
            if not mask
            else [
                f"{name} {sides_of(mask)}",
                f"{name}:{sides_of(mask)}",
                f"place at {name}, roads {sides_of(mask)}",
            ]
        )
        for form in typed:
            assert state.canonical(form) == action, form
