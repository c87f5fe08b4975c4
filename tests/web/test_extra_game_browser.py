"""Hexlet (``tests/hexlet``), the game added by one registry call, played to the end in
Chromium against a bot, by clicks, as docs/adding-a-game.md promises; its declared traits
shown there too: its progress (a star per game won) on the lobby card and the profile, and a
draw offered and agreed at its table."""

from __future__ import annotations

import random

import pytest

from ludoteca.games import registry

from .test_accounts_browser import sign_up
from .test_browser import (  # noqa: F401  (the fixtures: a live server and Chromium)
    browser,
    click_action,
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
    won = int(final["observation"]["winners"] == [final["seat"]])
    page.goto(server + "/")
    page.wait_for_function(
        "text => document.querySelector('#lt-hexlet-stars')?.textContent === text",
        arg=f"★ {won}/3",
    )
    # the guest signs up: its progress is on its profile, drawn by the generic part
    sign_up(page, server, "Hexa")
    stars = page.text_content('#lt-hexlet-levels li[data-level=""] .stars')
    assert stars == "★" * won + "☆" * (3 - won)


def test_a_draw_is_offered_and_agreed_at_the_hexlet_table(server, page, hexlet):  # noqa: F811
    start_from_lobby(page, server, hexlet, {}, ["me", "me"])  # one browser, both seats
    message = wait_my_turn_or_end(page, -1)
    assert message["room"]["draws"] is True
    page.click("#lt-draw")
    page.click("#lt-confirm-yes")
    page.wait_for_function("() => window.ludoteca.message.room.draw.includes(0)")
    click_action(page, message["observation"]["legal"][0])  # seat 0 moves; its offer stands
    page.wait_for_selector("#lt-agree")  # seat 1 is asked
    page.click("#lt-agree")
    page.wait_for_selector("dialog#lt-end[open]")
    result = page.evaluate("window.ludoteca.message.room.result")
    assert result["reason"] == "draw" and result["winners"] == [0, 1]
