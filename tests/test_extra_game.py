"""docs/adding-a-game.md, proved: Hexlet (``tests/hexlet``), a game defined in the test suite,
becomes a game like the others with one registry call and no change to engine, bots or server.

Its browser game is in ``tests/web/test_extra_game_browser.py``."""

from __future__ import annotations

import random

import pytest

from ludoteca import list_games, load_game
from ludoteca.bots import BOTS, make_bot
from ludoteca.engine import CHANCE, conformance, sample_chance
from ludoteca.games import registry


@pytest.fixture
def hexlet():
    registry.add("hexlet", "tests.hexlet")  # the one call that adds a game
    yield "hexlet"
    registry.remove("hexlet")


@pytest.mark.parametrize("seed", range(12))
def test_hexlet_passes_the_conformance_suite(hexlet, seed):
    conformance.check_game(load_game(hexlet), seed, view=registry.view(hexlet))


def test_hexlet_is_listed_with_its_rules_pages(hexlet):
    assert "hexlet" in [info["id"] for info in list_games()]
    game = load_game(hexlet)
    assert all(
        "Hexlet" in game.rules_text(lang) or "Хекслет" in game.rules_text(lang)
        for lang in ("en", "de", "fr", "ru")
    )


@pytest.mark.parametrize(
    "spec",
    [
        f"{name}:{level}" if BOTS[name].levels else name
        for name in BOTS
        for level in (BOTS[name].levels[:1] or ("",))
    ],
)
def test_every_bot_plays_hexlet_to_the_end(hexlet, spec):
    rng = random.Random(5)
    bots = [make_bot(spec, seed=seat) for seat in (0, 1)]
    state = load_game(hexlet).new_initial_state()
    while not state.is_terminal():
        seat = state.current_player
        action = sample_chance(state, rng) if seat == CHANCE else bots[seat].choose(state)
        state = state.apply(action)
    assert len(state.winners()) == 1 and sum(state.scores()) == 1


def test_the_knowledge_takes_a_winning_cell_and_mcts_finds_it(hexlet):
    # red holds b1 and b2, blue a2 and c2: red joins row 3 with a3 or b3
    winning = load_game(hexlet).replay(["b1", "a2", "b2", "c2"])
    rollout = registry.knowledge(hexlet).rollout
    assert rollout is not None and rollout(winning, random.Random(0)) in {"a3", "b3"}
    # a search is random: the easy level finds the win in most seeded searches, not in all
    found = sum(make_bot("mcts:easy", seed=s).choose(winning) in {"a3", "b3"} for s in range(10))
    assert found >= 7


def test_the_lobby_lists_hexlet_in_every_language(hexlet, tmp_path):
    from starlette.testclient import TestClient

    from ludoteca.server import Settings, create_app

    app = create_app(Settings(data_dir=tmp_path, bot_workers=0))
    try:
        with TestClient(app) as client:
            names = {
                lang: {g["id"]: g for g in client.get(f"/api/games?lang={lang}").json()}
                for lang in ("en", "ru")
            }
            progress = client.post("/api/progress", json={"seats": []}).json()
            room = client.post(
                "/api/rooms",
                json={
                    "game": "hexlet",
                    "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                },
            )
    finally:
        app.state.hub.close()
    assert names["en"]["hexlet"]["title"] == "Hexlet"
    assert names["ru"]["hexlet"]["title"] == "Хекслет"
    assert room.status_code == 200, room.text
    # its declared progress: one item (the game as a whole), no star won yet
    assert progress["hexlet"]["stars"] == 3 and progress["hexlet"]["total"] == 0
    assert [item["key"] for item in progress["hexlet"]["items"]] == [""]


def test_hexlet_declares_its_traits(hexlet):
    traits = registry.traits(hexlet)
    assert traits.draws and traits.progress is not None and traits.analysis is None
