"""Hexlet (``tests/hexlet``), the game added by one registry call, played to the end in
Chromium against a bot, by clicks, as docs/adding-a-game.md promises."""

from __future__ import annotations

import random

import pytest

from ludoteca.games import registry

from .test_browser import (  # noqa: F401  (the fixtures: a live server and Chromium)
    browser,
    page,
    play_by_clicks,
    server,
    shot,
    start_from_lobby,
    wait_my_turn_or_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def hexlet():
    registry.add("hexlet", "tests.hexlet")  # the one call that adds a game
    yield "hexlet"
    registry.remove("hexlet")


def test_hexlet_shows_in_the_lobby_and_plays_to_the_end(server, page, hexlet):  # noqa: F811
    page.goto(server + "/")
    assert "Hexlet" in page.inner_text(f"#lt-game-{hexlet}")
    start_from_lobby(page, server, hexlet, {}, ["me", "bot"])
    message = wait_my_turn_or_end(page, -1)
    assert message["svg"] is not None and "cell-a1" in message["svg"]
    final = play_by_clicks(page, random.Random(3))
    page.wait_for_selector("dialog#lt-end[open]")
    shot(page, "game-hexlet-end")
    assert len(final["observation"]["winners"]) == 1
