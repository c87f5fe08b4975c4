"""The lobby's words for every game, and the seat colours the page takes from the games."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import has_key
from ludoteca.engine.palette import PALETTES
from ludoteca.games import registry
from ludoteca.server import words

GAMES = {info["id"]: info for info in ludoteca.list_games()}


def _choice_keys(info):
    for option in info["options"]:
        for value in option.get("choices", ()):
            if isinstance(value, bool):
                yield "web.option.yes" if value else "web.option.no"
            else:
                yield f"{info['id']}.option.{option['name']}.{value}"


def test_the_five_games_are_all_listed():
    assert {"habanero", "potager", "bohnen", "habitats", "hares"} <= set(GAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_lobby_name_summary_help_and_choice_labels(game_id, lang):
    info = GAMES[game_id]
    keys = [f"{game_id}.name", f"{game_id}.summary", *_choice_keys(info)]
    keys += [option["help"] for option in info["options"]]
    missing = [key for key in keys if not has_key(key, lang)]
    assert not missing, f"{game_id}/{lang} lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_shows_titles_summaries_and_labels_not_raw_values(lang):
    for entry in words.games(lang):
        if entry["id"] not in GAMES:
            continue
        assert entry["title"].strip(), entry["id"]
        summary = entry["summary"]
        assert summary and "\n" not in summary and summary.endswith("."), (entry["id"], summary)
        for option in entry["options"]:
            assert option["label"] and not option["label"].startswith(entry["id"] + ".")
            for value, label in zip(
                option.get("choices", ()), option.get("choice_labels", ()), strict=True
            ):
                assert label != str(value), (entry["id"], option["name"], value)


def test_names_in_their_languages():
    titles = {lang: {g["id"]: g["title"] for g in words.games(lang)} for lang in LANGUAGES}
    assert titles["ru"]["hares"] == "Зайцы"
    assert titles["de"]["hares"] == "Hasen"
    assert {titles[lang]["bohnen"] for lang in LANGUAGES} == {"Bohnen"}
    assert titles["ru"]["potager"] == "Огород"


def test_the_api_serves_the_lobby_words_in_the_asked_language(client):
    games = {g["id"]: g for g in client.get("/api/games?lang=fr").json()}
    colour = next(o for o in games["hares"]["options"] if o["name"] == "colour")
    assert colour["choice_labels"] == ["Au hasard", "Blanc", "Noir"]
    assert games["bohnen"]["summary"].startswith("Un mancala")


MULTI_PLAYER = [
    (game_id, players)
    for game_id, info in sorted(GAMES.items())
    if info["max_players"] > 1
    for players in range(info["min_players"], info["max_players"] + 1)
]


@pytest.mark.parametrize(("game_id", "players"), MULTI_PLAYER)
def test_no_game_keeps_seat_colours_of_its_own_the_picture_draws_the_palettes(game_id, players):
    """The seats' colours are the engine's palette (test_palette.py), not the game's."""
    game = ludoteca.load_game(game_id, players=players)
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    assert "seat_colours" not in state.observation(0)
    picture = registry.view(game_id).svg(state, 0).lower()
    for colour in PALETTES["default"][:players]:
        assert colour in picture, f"{game_id}: {colour} is not in the picture"
