"""Quick pairing in Chromium, as two strangers would: both ask for rated two-player Bohnen with
a 3-minute clock and land in one room; a third browser sees both online and watches; the
lobby of a second browser of a logged-in player shows that player's game. Screenshots of the
lobby in every language and size, checked by axe."""

from __future__ import annotations

import time

import httpx
import pytest

from .screens import close, every_language, in_every_size, new_page, shot_and_check
from .test_accounts_browser import PASSWORD, sign_up
from .test_browser import ARGS, browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def ask_for_bohnen(page, base: str) -> None:
    """The lobby's form set to rated two-player Bohnen with a 3-minute clock."""
    page.goto(base + "/")
    page.wait_for_selector("#lt-game-bohnen")
    page.click("#lt-game-bohnen")
    page.select_option("#lt-opt-players", "2")
    page.select_option("#lt-clock", "fischer:180:2")
    assert page.is_checked("#lt-rated")


def in_room(page) -> None:
    page.wait_for_function(
        "() => location.pathname.startsWith('/room/') && window.ludoteca.message !== null"
        " && window.ludoteca.message.seat !== null"
    )


def test_two_strangers_are_paired_a_third_watches_a_second_browser_follows(
    server,  # noqa: F811
    browser,  # noqa: F811
):
    # Bohnen's core compiled before anyone waits for it (a fresh install compiles it once)
    warm = httpx.post(
        server + "/api/rooms",
        json={"game": "bohnen", "seats": [{"kind": "bot", "bot": "random"}] * 2},
        timeout=300,
    )
    assert warm.status_code == 200, warm.text
    ann, bob = new_page(browser), new_page(browser)
    sign_up(ann, server, "Annika")
    sign_up(bob, server, "Boris")
    ask_for_bohnen(ann, server)
    ask_for_bohnen(bob, server)
    ann.click("#lt-seek")
    ann.wait_for_function("() => document.querySelector('#lt-seek-status').textContent !== ''")
    assert ann.is_visible("#lt-seek-withdraw")
    bob.wait_for_selector("#lt-seeks li[data-seek]")  # Annika's, listed
    started = time.perf_counter()
    bob.click("#lt-seek")
    in_room(ann)
    in_room(bob)
    took = time.perf_counter() - started
    print(f"\npaired: from the second request to both pages in the room {took:.2f} s")
    room = ann.evaluate("window.ludoteca.message.room.id")
    assert bob.evaluate("window.ludoteca.message.room.id") == room
    seats = {
        ann.evaluate("window.ludoteca.message.seat"),
        bob.evaluate("window.ludoteca.message.seat"),
    }
    assert seats == {0, 1}
    info = httpx.get(f"{server}/api/rooms/{room}").json()
    assert sorted(s["name"] for s in info["seats"]) == ["Annika", "Boris"]
    assert info["rated"] is True and info["game"] == "bohnen"

    # a third browser, a guest: both are online, and it watches their game
    third = new_page(browser)
    third.goto(server + "/")
    for name in ("Annika", "Boris"):
        third.wait_for_selector(f'#lt-online li[data-player="{name}"] a[href="/room/{room}"]')
    assert "2" in third.text_content("#lt-online-title")
    third.click(f'#lt-online li[data-player="Annika"] a[href="/room/{room}"]')
    third.wait_for_function("() => window.ludoteca.message !== null")
    assert third.evaluate("window.ludoteca.message.seat") is None  # a spectator

    # Annika on a second browser: her lobby lists the game (nothing in that browser's memory)
    again = new_page(browser)
    again.goto(server + "/account")
    again.fill("#lt-login-name", "Annika")
    again.fill("#lt-login-password", PASSWORD)
    again.click("#lt-login-submit")
    again.wait_for_url("**/player/Annika")
    again.goto(server + "/")
    again.wait_for_selector(f'#lt-my-games a[href="/room/{room}"]')
    assert again.evaluate("localStorage.getItem('ludoteca.seats')") in (None, "[]")
    assert "Bohnen" in again.text_content(f'#lt-my-games a[href="/room/{room}"]')
    for page in (ann, bob, third, again):
        close(page)


def test_screenshots_of_the_lobby_with_requests_and_players_online_pass_axe(
    server,  # noqa: F811
    browser,  # noqa: F811
):
    from axe_playwright_python.sync_playwright import Axe

    seeker = new_page(browser)
    sign_up(seeker, server, "Waiting")
    ask_for_bohnen(seeker, server)
    seeker.click("#lt-seek")
    seeker.wait_for_function("() => document.querySelector('#lt-seek-status').textContent !== ''")
    axe, problems = Axe(), []
    for lang, page in every_language(browser, server):
        page.goto(server + "/")
        page.wait_for_selector("#lt-seeks li[data-seek]")
        page.wait_for_selector('#lt-online li[data-player="Waiting"]')
        page.click("#lt-game-bohnen")  # a game for two or more: its "Play now" shows
        page.wait_for_selector("#lt-quick:not([hidden])")
        in_every_size(page, axe, f"pairing-lobby-{lang}", problems)
    seeker.wait_for_function("() => document.querySelector('#lt-seek-status').textContent !== ''")
    shot_and_check(seeker, axe, "pairing-lobby-seeking", problems)
    close(seeker)
    assert not problems, problems
