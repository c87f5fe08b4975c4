"""Moderation in Debian's Chromium, on a real server and its real WebSocket: an administrator
(made on the command line) mutes a player from the admin page in one browser context, with the
keyboard, and the player's next chat line is refused in another; a player is refused the admin
page. Screenshots of the admin page in four languages at two sizes, checked by axe."""

from __future__ import annotations

import httpx
import pytest

from ludoteca.cli import main

from .screens import LOCALES, close, in_every_size, new_page
from .test_accounts_browser import PASSWORD, post_in_page, sign_up
from .test_browser import ARGS, browser  # noqa: F401  (fixture)
from .test_persistence import kill, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """``ludoteca serve`` in a process of its own: (its address, its data folder)."""
    data = tmp_path_factory.mktemp("moderation")
    process, base = start_server(data, workers=0)
    yield base, data
    kill(process)


@pytest.fixture(scope="module")
def administrator(site):
    """The account Alma, made an administrator on the command line."""
    base, data = site
    with httpx.Client(base_url=base) as client:
        client.get("/api/account")  # the CSRF cookie, as a browser has it
        csrf = {"X-CSRF-Token": client.cookies["ludoteca_csrf"]}
        body = {"name": "Alma", "password": PASSWORD}
        answer = client.post("/api/account/signup", json=body, headers=csrf)
    assert answer.status_code == 200, answer.text
    assert main(["admin", "grant", "Alma", "--data", str(data), "--lang", "en"]) == 0
    return "Alma"


def log_in(page, base: str, name: str) -> None:
    page.goto(base + "/account")
    assert post_in_page(page, "/api/account/login", {"name": name, "password": PASSWORD})["name"]


def test_an_admin_mutes_a_player_whose_next_line_is_refused(site, administrator, browser):  # noqa: F811
    base, _ = site
    body = {
        "game": "pile",
        "options": {},
        "seats": [{"kind": "person", "name": "Host"}, {"kind": "bot", "bot": "random"}],
        "table": {"spectators_chat": True},
    }
    room = httpx.post(f"{base}/api/rooms", json=body).json()["room"]
    player = new_page(browser)
    sign_up(player, base, "Pablo")
    player.goto(f"{base}/admin")
    player.wait_for_selector("#lt-admin-refused")
    assert "administrators only" in player.text_content("#lt-admin-refused")
    player.goto(f"{base}/room/{room}")
    player.fill("#lt-chat-input", "hello everyone")
    player.press("#lt-chat-input", "Enter")
    player.wait_for_selector("#lt-chat-list li:has-text('hello everyone')")

    admin = new_page(browser)
    log_in(admin, base, administrator)
    admin.goto(f"{base}/admin")
    line = admin.locator("#lt-admin-chat li", has_text="hello everyone")
    mute = line.get_by_role("button", name="Mute")
    mute.focus()  # the page is used with the keyboard
    admin.keyboard.press("Enter")
    admin.wait_for_selector("#lt-admin-sanctions li:has-text('Pablo: muted')")
    assert "mute" in admin.text_content("#lt-admin-audit")

    player.fill("#lt-chat-input", "and again")
    player.press("#lt-chat-input", "Enter")
    player.wait_for_function(
        "() => document.querySelector('#lt-toast').textContent.includes('muted you')"
    )
    assert "and again" not in player.text_content("#lt-chat-list")
    close(player)
    close(admin)


def test_screenshots_of_the_admin_page_pass_axe(site, administrator, browser):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    base, _ = site
    axe, problems = Axe(), []
    for lang, locale in LOCALES:
        page = new_page(browser, locale)
        log_in(page, base, administrator)
        page.evaluate(f"localStorage.setItem('ludoteca.lang', '{lang}')")
        page.goto(base + "/admin")
        page.wait_for_selector("#lt-admin-audit")
        in_every_size(page, axe, f"admin-{lang}", problems)
        close(page)
    assert not problems, problems
