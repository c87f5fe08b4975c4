"""Accounts in Debian's Chromium: sign-up and log-in, a rated Bohnen game between two accounts
in two browser contexts (both ratings move, the game is on both profiles), a Hares level
unlocked with its stars on the lobby card, a guest converted to an account keeping its games;
screenshots of the new pages in four languages at two sizes, checked by axe.

The long parts of a game are played through the API with the seat tokens the browsers hold
(the browser pages check what comes of them); screenshots go to $LUDOTECA_SHOTS."""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest

from ludoteca import load_game
from ludoteca.games.hares import solve
from tests.waiting import wait_until

# the screenshot helpers, also imported from here by the other browser tests
from .screens import (  # noqa: F401
    LOCALES,
    SIZES,
    close,
    every_language,
    every_language_and_size,
    in_every_size,
    new_page,
    shot_and_check,
)
from .test_browser import ARGS, browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "sow-beans-in-autumn"


def sign_up(page, base: str, name: str) -> None:
    page.goto(base + "/account")
    page.fill("#lt-signup-name", name)
    page.fill("#lt-signup-password", PASSWORD)
    page.click("#lt-signup-submit")
    page.wait_for_url(f"**/player/{name}")
    page.wait_for_selector("#lt-profile-name")
    assert page.text_content("#lt-nav-account") == name


def held(page) -> list[dict]:
    return page.evaluate("JSON.parse(localStorage.getItem('ludoteca.seats') || '[]')")


def act(base: str, room: str, seat: int, token: str, action: str, move: int) -> int:
    """Plays ``action`` through the API as a client does: an answer of 429 (too many requests
    from this address; nothing was changed) is waited out and the same action sent again."""
    body = {"seat": seat, "token": token, "action": action, "move": move}
    answer = httpx.post(f"{base}/api/rooms/{room}/actions", json=body)
    while answer.status_code == 429:
        time.sleep(float(answer.json()["retry_after"]))
        answer = httpx.post(f"{base}/api/rooms/{room}/actions", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["move"]


def test_sign_up_log_out_and_log_in(server, browser):  # noqa: F811
    page = new_page(browser)
    sign_up(page, server, "Ana")
    page.goto(server + "/account")
    page.click("#lt-logout")
    page.wait_for_url(server + "/")
    page.wait_for_function(
        "() => document.querySelector('#lt-nav-account').textContent === 'Log in'"
    )
    page.goto(server + "/account")
    page.fill("#lt-login-name", "ana")
    page.fill("#lt-login-password", "not-the-password")
    page.click("#lt-login-submit")
    page.wait_for_function("() => document.querySelector('#lt-login-error').textContent.length > 0")
    assert "Wrong user name or password" in page.text_content("#lt-login-error")
    page.fill("#lt-login-password", PASSWORD)
    page.click("#lt-login-submit")
    page.wait_for_url("**/player/Ana")
    # a weak password is refused with a clear message
    other = new_page(browser, "de-DE")
    other.goto(server + "/account")
    other.fill("#lt-signup-name", "Bertha")
    other.fill("#lt-signup-password", "password1234")
    other.click("#lt-signup-submit")
    other.wait_for_function(
        "() => document.querySelector('#lt-signup-error').textContent.length > 0"
    )
    assert "zu leicht zu erraten" in other.text_content("#lt-signup-error")
    close(page)
    close(other)


def test_a_rated_bohnen_game_between_two_accounts_moves_both_ratings(server, browser):  # noqa: F811
    ana, bob = new_page(browser), new_page(browser)
    sign_up(ana, server, "Anita")
    sign_up(bob, server, "Bobby")
    ana.goto(server + "/")
    ana.click("#lt-game-bohnen")
    ana.select_option("#lt-seat-1-kind", "invite")
    assert ana.is_checked("#lt-rated")
    ana.click("#lt-create")
    ana.wait_for_url("**/room/*")
    ana.wait_for_selector(".invite-link")
    link = ana.input_value(".invite-link")
    bob.goto(link)
    bob.wait_for_function("() => window.ludoteca.message && window.ludoteca.message.seat === 1")
    room = ana.url.rsplit("/", 1)[1]
    tokens = {e["seat"]: e["token"] for e in held(ana) + held(bob) if not e.get("invite")}
    assert set(tokens) == {0, 1}
    # the game through the API, random legal moves, the pages away (each page would draw
    # every move: other tests follow games move by move); back for the last move, which
    # both see end the game
    rng = random.Random(13)
    game = load_game("bohnen")
    state, move = game.new_initial_state(), 0
    for page in (ana, bob):
        page.goto(server + "/static/favicon.svg")
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if state.apply(action).is_terminal():
            for page in (ana, bob):
                page.goto(f"{server}/room/{room}")
                page.wait_for_function(
                    "move => window.ludoteca.message && window.ludoteca.message.move === move",
                    arg=move,
                )
        move = act(server, room, state.current_player, tokens[state.current_player], action, move)
        state = state.apply(action)
    for page in (ana, bob):
        page.wait_for_selector("dialog#lt-end[open]")
    ratings = {}
    for page, name in ((ana, "Anita"), (bob, "Bobby")):
        page.goto(f"{server}/player/{name}")
        page.wait_for_selector('#lt-profile-games tr[data-game="bohnen"]')
        ratings[name] = page.text_content('#lt-profile-games tr[data-game="bohnen"] td.rating')
        assert page.locator(f'#lt-profile-recent a[href="/replay/{room}"]').count() == 1
        assert page.locator('figure.chart[data-game="bohnen"] svg polyline').count() == 1
    values = {name: int(text.rstrip("?")) for name, text in ratings.items()}
    assert all(text.endswith("?") for text in ratings.values())  # provisional after one game
    assert values["Anita"] != 1500 and values["Bobby"] != 1500
    winners = state.winners()
    if len(winners) == 1:
        better = "Anita" if winners == [0] else "Bobby"
        assert values[better] == max(values.values())
    ana.click("#lt-nav-board")  # the menu names no game: the first game of several players
    ana.wait_for_url("**/leaderboard")
    ana.wait_for_selector("#lt-board-game")
    first = ana.evaluate("window.ludoteca.page.game")
    assert first and ana.input_value("#lt-board-game") == first
    ana.goto(f"{server}/leaderboard/bohnen")
    ana.wait_for_selector("#lt-board")
    assert {"Anita", "Bobby"} <= set(ana.locator("#lt-board tbody a").all_text_contents())
    close(ana)
    close(bob)


def test_a_guest_wins_hares_stars_and_keeps_them_all_when_it_signs_up(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server + "/")
    page.click("#lt-game-hares")
    assert page.is_enabled('#lt-opt-level option[value="20"]')  # every level open, to skip ahead
    assert page.text_content("#lt-hares-stars") == "★ 0/60"
    page.select_option("#lt-opt-colour", '"white"')
    page.click("#lt-create")
    page.wait_for_url("**/room/*")
    room = page.url.rsplit("/", 1)[1]
    page.wait_for_function("() => window.ludoteca.message && window.ludoteca.message.seat === 0")
    token = held(page)[0]["token"]
    state, move = load_game("hares", level=1, colour="white").new_initial_state(), 0
    while not state.is_terminal():
        _, action = solve(state)
        move = act(server, room, 0, token, action, move)
        state = state.apply(action)
    page.wait_for_selector("dialog#lt-end[open]")
    page.goto(server + "/")
    page.click("#lt-game-hares")
    page.wait_for_function(
        "() => document.querySelector('#lt-hares-stars').textContent === '★ 3/60'"
    )
    assert page.is_enabled('#lt-opt-level option[value="3"]')
    assert page.evaluate("JSON.parse(localStorage.getItem('ludoteca.progress')).hares.total") == 3
    # the guest signs up in the same browser: its game and stars are the account's
    sign_up(page, server, "Hanna")
    assert page.locator(f'#lt-profile-recent a[href="/replay/{room}"]').count() == 1
    assert page.text_content('#lt-hares-levels li[data-level="1"] .stars') == "★★★"
    assert page.text_content('#lt-hares-levels li[data-level="3"] .stars') == "☆☆☆"
    close(page)


def test_screenshots_of_the_new_pages_pass_axe(server, browser):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    setup = new_page(browser)
    sign_up(setup, server, "Shota")
    play_a_rated_pile_game_against_a_bot(setup, server)
    cookies = setup.context.cookies()
    close(setup)
    problems: list = []
    for lang, page in every_language(browser, server):
        for name, path in (("lobby", "/"), ("account", "/account")):
            page.goto(server + path)
            page.wait_for_selector("#lt-app > *")
            in_every_size(page, axe, f"accounts-{name}-{lang}", problems)
        page.context.add_cookies(cookies)
        for name, path in (
            ("own-profile", "/player/Shota"),
            ("leaderboard", "/leaderboard/pile"),
            ("account-in", "/account"),
        ):
            page.goto(server + path)
            page.wait_for_selector("#lt-app > section")
            in_every_size(page, axe, f"accounts-{name}-{lang}", problems)
    assert not problems, problems


def post_in_page(page, path: str, body: dict) -> dict:
    """A POST from the page, with its session and its CSRF token, as the client sends it."""
    return page.evaluate(
        """async ([path, body]) => {
            const cookie = document.cookie.split(";").map((c) => c.trim())
                .find((c) => c.startsWith("ludoteca_csrf="));
            const answer = await fetch(path, {
                method: "POST",
                headers: {"Content-Type": "application/json",
                          "X-CSRF-Token": decodeURIComponent(cookie.split("=")[1])},
                body: JSON.stringify(body),
            });
            return answer.json();
        }""",
        [path, body],
    )


def play_a_rated_pile_game_against_a_bot(page, base: str) -> None:
    """A short rated game against the random bot, begun in the page (its session) and played
    through the API with the seat token the page holds."""
    made = post_in_page(
        page,
        "/api/rooms",
        {
            "game": "pile",
            "options": {"start": 12, "refill": False},  # 3 decisions each, to be rated
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
        },
    )
    room = made["room"]
    claimed = post_in_page(
        page, f"/api/rooms/{room}/claim", {"seat": 0, "token": made["tokens"]["0"]}
    )

    def our_turn_or_the_end() -> dict | None:
        view = httpx.get(f"{base}/api/rooms/{room}/view", timeout=30).json()
        observation = view["observation"]
        return view if observation["terminal"] or observation["current_player"] == 0 else None

    while not (view := wait_until(our_turn_or_the_end, "our turn or the end"))["observation"][
        "terminal"
    ]:
        act(base, room, 0, claimed["token"], "take:1", view["move"])
    assert httpx.get(f"{base}/api/players/Shota").json()["ratings"]["pile"]["games"] == 1


def test_a_player_downloads_their_data_and_deletes_the_account(server, browser):  # noqa: F811
    page = new_page(browser)
    sign_up(page, server, "Leaving")
    page.goto(server + "/account")
    with page.expect_download() as download:
        page.click("#lt-export")
    data = json.loads(download.value.path().read_text("utf-8"))
    assert data["account"]["name"] == "Leaving" and data["games"] == []
    page.fill("#lt-delete-password", "not-the-password")
    page.click("#lt-delete-submit")
    page.wait_for_function(
        "() => document.querySelector('#lt-delete-error').textContent.length > 0"
    )
    page.fill("#lt-delete-password", PASSWORD)
    page.click("#lt-delete-submit")
    page.wait_for_url(server + "/")
    page.wait_for_function(
        "() => document.querySelector('#lt-nav-account').textContent === 'Log in'"
    )
    assert httpx.get(f"{server}/api/players/Leaving", timeout=30).status_code == 404
    close(page)


def test_a_guest_who_named_itself_is_offered_that_name_on_sign_up(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server + "/")
    page.click("#lt-game-pile")
    page.fill("#lt-seat-0-name", "Quill")
    page.dispatch_event("#lt-seat-0-name", "change")
    page.goto(server + "/account")
    assert page.input_value("#lt-signup-name") == "Quill"
    assert page.input_value("#lt-login-name") == ""
    close(page)
