"""The generic client in Debian's Chromium: every game played through clicks, an invitation,
a forged token, the language switch. Screenshots go to $LUDOTECA_SHOTS (default
/tmp/ludoteca-shots) so people can look at every page."""

from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import pytest

from ludoteca.engine.palette import seat_colour
from ludoteca.games import registry
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(os.environ.get("LUDOTECA_SHOTS", "/tmp/ludoteca-shots"))
TEST_GAMES = {"pile": "tests.web.pilegame", "count": "tests.web.countgame"}
REAL_GAMES = [game_id for game_id in registry.ids() if game_id not in TEST_GAMES]
# Small, quick set-ups for the full games played in the browser (options not listed: defaults).
QUICK = {
    "bohnen": {"players": 4},  # 3 beans a pit and a quarter of the moves: a short game
    "habitats": {"players": 2},
    "potager": {"players": 2},
    "hares": {"level": 1, "colour": "white"},
    "habanero": {},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real uvicorn on a free loopback port, in a thread of this process."""
    import uvicorn

    from ludoteca.server import Limits, Settings, create_app

    added = [game_id for game_id in TEST_GAMES if game_id not in registry.ids()]
    for game_id in added:
        registry.add(game_id, TEST_GAMES[game_id])
    # the tests play as fast as positions come (a Bohnen move takes microseconds), faster
    # than a person; the quotas have tests of their own (test_table.py, test_hardening.py)
    many = Limits(
        rooms="1000/minute", joins="1000/minute", hellos="1000/minute", messages="1000/second"
    )
    app = create_app(
        Settings(
            data_dir=tmp_path_factory.mktemp("data"), bot_workers=0, bot_delay=0.0, limits=many
        )
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    wait_until(lambda: runner.started, "the server in a thread to start", bound=120)
    port = runner.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    runner.should_exit = True
    thread.join(timeout=10)
    for game_id in added:
        registry.remove(game_id)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    from .conftest import launch

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


# the page drawn: its fonts loaded and two frames painted since the last change asked for
SETTLED = """() => document.fonts.ready.then(() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""


def settle(page) -> None:
    """Waits until the page has drawn what it was last asked to (not a fixed pause)."""
    page.evaluate(SETTLED)


def shot(page, name: str, full_page: bool = False) -> None:
    settle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def current(page) -> dict:
    return page.evaluate("window.ludoteca.message")


def wait_my_turn_or_end(page, after: int, timeout: float = 60_000) -> dict:
    page.wait_for_function(
        """after => {
            const m = window.ludoteca.message;
            return m && m.move > after && (m.observation.terminal || m.observation.legal.length > 0);
        }""",
        arg=after,
        timeout=timeout,
    )
    return current(page)


def click_action(page, entry: dict) -> None:
    """Click the ids of ``entry`` in the picture, as a person would, until the client sends."""
    for index, element_id in enumerate(entry["clicks"]):
        target = page.locator(f'#lt-board [id="{element_id}"]').first
        # the picture of the new position may still be coming in (the last move's animation)
        target.wait_for(state="visible")
        target.click(force=True)
        if entry.get("ends") and page.locator("#lt-confirm[open]").count():
            page.click("#lt-confirm-yes")  # an action that ends the game is confirmed first
            return
        picks = page.evaluate("window.ludoteca.page.picks.length")
        if picks == 0:
            return
        assert picks == index + 1, f"the click on {element_id!r} was not taken"
    raise AssertionError(f"clicking {entry['clicks']} did not send {entry['action']!r}")


def play_by_clicks(page, rng: random.Random, max_turns: int = 600) -> dict:
    """Play random legal actions through the picture until the game ends."""
    message = wait_my_turn_or_end(page, -1)
    for _ in range(max_turns):
        if message["observation"]["terminal"]:
            return message
        entry = rng.choice(message["observation"]["legal"])
        click_action(page, entry)
        message = wait_my_turn_or_end(page, message["move"])
    raise AssertionError("the game did not end")


def start_from_lobby(page, base: str, game_id: str, options: dict, seats: list[str]) -> None:
    page.goto(base + "/")
    page.click(f"#lt-game-{game_id}")
    for name, value in options.items():
        field = page.locator(f"#lt-opt-{name}")
        if field.count() == 0:
            continue
        if field.evaluate("el => el.tagName") == "SELECT":
            options_json = field.evaluate("el => [...el.options].map(o => o.value)")
            wanted = next(
                v for v in options_json if v in (str(value), f'"{value}"', str(value).lower())
            )
            field.select_option(wanted)
        else:
            field.fill(str(value))
            field.dispatch_event("change")
    for index, kind in enumerate(seats):
        page.select_option(f"#lt-seat-{index}-kind", kind)
        if kind == "bot":
            page.select_option(f"#lt-seat-{index}-bot", "random")
    page.click("#lt-create")
    page.wait_for_url("**/room/*")


# -- every game against bots, only by clicks ---------------------------------------------


@pytest.mark.parametrize("game_id", REAL_GAMES + ["count"])
def test_a_person_plays_a_whole_game_against_bots_by_clicks(server, page, game_id):
    from ludoteca import load_game

    options = QUICK.get(game_id, {})
    players = load_game(game_id, **options).num_players
    start_from_lobby(page, server, game_id, options, ["me"] + ["bot"] * (players - 1))
    message = wait_my_turn_or_end(page, -1)
    shot(page, f"game-{game_id}-start")
    page.locator("#lt-hints").check()
    shot(page, f"game-{game_id}-hints")
    page.locator("#lt-hints").uncheck()
    final = play_by_clicks(page, random.Random(7))
    page.wait_for_selector("dialog#lt-end[open]")
    shot(page, f"game-{game_id}-end")
    assert final["observation"]["winners"]
    assert page.locator("dialog#lt-end table.sheet tbody tr").count() == players
    page.click("dialog#lt-end a[href^='/replay/']")
    page.wait_for_selector("#lt-step")
    page.wait_for_function("() => document.querySelector('#lt-step').textContent.includes(' ')")
    page.click("#lt-first")
    page.wait_for_function("() => document.querySelector('#lt-first').disabled")
    page.click("#lt-forward")
    shot(page, f"replay-{game_id}")
    assert message["svg"] is not None


def test_clicks_narrow_the_actions_and_warm_cells_show_the_next_clicks(server, page):
    start_from_lobby(page, server, "count", {}, ["me"])
    message = wait_my_turn_or_end(page, -1)
    colour = "getComputedStyle(document.documentElement).getPropertyValue('--s0').trim()"
    assert page.evaluate(colour) == seat_colour(0)  # the palette's, not a game's own
    assert page.locator(".lt-frame-warm").count() == 3  # add, roll, stop
    page.locator('#lt-board [id="add"]').click(force=True)
    assert page.evaluate("window.ludoteca.page.picks") == ["add"]
    assert page.locator(".lt-frame-warm").count() == 2  # +1, +2
    assert page.locator(".lt-frame-picked").count() == 1
    page.keyboard.press("Escape")
    assert page.evaluate("window.ludoteca.page.picks") == []
    page.locator('#lt-board [id="add"]').click(force=True)
    page.locator('#lt-board [id="add-2"]').click(force=True)
    message = wait_my_turn_or_end(page, message["move"])
    assert message["observation"]["scores"] == [2]
    page.click("#lt-undo")
    message = wait_my_turn_or_end(page, message["move"])
    assert message["observation"]["scores"] == [0] and not message["can_undo"]
    # keyboard play: type the notation
    page.keyboard.type("add:1")
    page.keyboard.press("Enter")
    message = wait_my_turn_or_end(page, message["move"])
    assert message["observation"]["scores"] == [1]
    page.fill("#lt-move-input", "fly")
    page.press("#lt-move-input", "Enter")
    page.wait_for_selector("#lt-toast:not([hidden])")
    assert "fly" in page.inner_text("#lt-toast")


# -- two people, one invitation ----------------------------------------------------------


@pytest.mark.parametrize("game_id", ["bohnen", "pile"])
def test_two_browsers_play_through_an_invitation_link(server, browser, game_id):
    if game_id not in registry.ids():
        pytest.skip(f"{game_id} is not registered yet")
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
    try:
        host, guest = (context.new_page() for context in contexts)
        options = {"start": 12, "refill": False} if game_id == "pile" else {"players": 2}
        start_from_lobby(host, server, game_id, options, ["me", "invite"])
        link = host.locator(".invite-link").first.input_value()
        assert "#seat=1" in link and "token=" in link
        guest.goto(link)
        guest.wait_for_function(
            "() => window.ludoteca.message && window.ludoteca.message.seat === 1"
        )
        assert "token" not in guest.url  # the secret leaves the address bar
        shot(host, f"invite-{game_id}-host")
        rng = random.Random(20)  # both sides play from this seed: a whole Bohnen game of 34 moves
        pages = {0: host, 1: guest}
        for _ in range(1000):
            state = current(host)
            if state["observation"]["terminal"]:
                break
            seat = state["observation"]["current_player"]
            mover = pages[seat]
            message = wait_my_turn_or_end(mover, -1)
            if message["observation"]["terminal"]:
                break
            click_action(mover, rng.choice(message["observation"]["legal"]))
            for page in pages.values():
                page.wait_for_function("m => window.ludoteca.message.move > m", arg=message["move"])
        else:
            raise AssertionError("the game did not end")
        for page in pages.values():
            page.wait_for_selector("dialog#lt-end[open]")
        shot(guest, f"invite-{game_id}-guest-end")
        assert current(host)["observation"]["scores"] == current(guest)["observation"]["scores"]
    finally:
        for context in contexts:
            context.close()


# -- refusals and words ------------------------------------------------------------------


def test_a_forged_token_is_refused_in_the_page(server, browser):
    import httpx

    made = httpx.post(
        server + "/api/rooms",
        json={"game": "pile", "options": {}, "seats": [{"kind": "person"}, {"kind": "person"}]},
    ).json()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server}/room/{made['room']}#seat=0&token=forged-token")
        page.wait_for_selector("#lt-prompt.bad")
        assert "not valid" in page.inner_text("#lt-prompt")
        assert page.evaluate("window.ludoteca.message") is None
        assert page.locator("#lt-undo").is_disabled()
        shot(page, "forged-token")
        assert "forged-token" not in (page.evaluate("localStorage.getItem('ludoteca.seats')") or "")
        page.click("#lt-watch")
        page.wait_for_function(
            "() => window.ludoteca.message && window.ludoteca.message.seat === null"
        )
        assert page.evaluate("window.ludoteca.message.observation.legal") == []
    finally:
        context.close()
    view = httpx.get(f"{server}/api/rooms/{made['room']}/view").json()
    assert view["move"] == 0


def test_the_pages_run_under_the_csp_and_a_violation_is_caught(server, browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#lt-app")
        assert browser.taken() == []
        with page.expect_console_message(lambda message: "Refused" in message.text):
            page.evaluate(
                """() => { const script = document.createElement("script");
                script.textContent = "window.ran = true"; document.body.append(script); }"""
            )
        assert page.evaluate("window.ran") is None  # the inline script was refused
        assert any("script-src" in found for found in browser.taken())
    finally:
        context.close()


def test_the_language_follows_the_browser_and_can_be_switched(server, browser):
    context = browser.new_context(locale="de-DE")
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#lt-create")
        assert page.inner_text("#lt-create") == "Spiel starten"
        page.select_option("#lt-lang-select", "fr")
        page.wait_for_function(
            "() => document.querySelector('#lt-create').textContent === 'Lancer la partie'"
        )
        page.reload()
        page.wait_for_selector("#lt-create")
        assert page.inner_text("#lt-create") == "Lancer la partie"  # the choice is remembered
        page.select_option("#lt-lang-select", "ru")
        page.wait_for_function(
            "() => document.querySelector('#lt-create').textContent === 'Начать игру'"
        )
        shot(page, "lobby-ru")
        start_from_lobby(page, server, "pile", {}, ["me", "bot"])
        page.wait_for_function("() => window.ludoteca.message")
        assert page.inner_text("#lt-prompt") == "Ваш ход."
        page.select_option("#lt-lang-select", "en")
        page.wait_for_function(
            "() => document.querySelector('#lt-prompt').textContent === 'Your move.'"
        )
    finally:
        context.close()


def test_the_lobby_and_a_game_fit_a_phone(server, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#lt-create")
        shot(page, "phone-lobby", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the lobby is {width}px wide on a 390px phone"
        game = REAL_GAMES[0] if REAL_GAMES else "pile"
        page.click(f"#lt-game-{game}")
        page.click("#lt-create")
        page.wait_for_function("() => window.ludoteca.message")
        shot(page, f"phone-{game}", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_the_lobby_lists_rooms_and_rules_pages_render(server, page):
    page.goto(server + "/")
    page.wait_for_selector("#lt-create")
    page.wait_for_selector("#lt-finished-rooms li")
    shot(page, "lobby", full_page=True)
    for game_id in REAL_GAMES:
        page.goto(f"{server}/rules/{game_id}")
        page.wait_for_selector("#lt-rules h1, #lt-rules h2, #lt-rules p")
        assert len(page.inner_text("#lt-rules")) > 300
        shot(page, f"rules-{game_id}")


def test_a_record_file_is_uploaded_and_replayed_step_by_step(server, page, tmp_path):
    import json

    import httpx

    made = httpx.post(
        server + "/api/rooms",
        json={
            "game": "pile",
            "options": {"start": 3, "refill": False},
            "seats": [{"kind": "person"}, {"kind": "person"}],
        },
    ).json()
    for move, seat in enumerate([0, 1, 0]):
        response = httpx.post(
            f"{server}/api/rooms/{made['room']}/actions",
            json={
                "seat": seat,
                "token": made["tokens"][str(seat)],
                "action": "take:1",
                "move": move,
            },
        )
        assert response.status_code == 200, response.text
    record = httpx.get(f"{server}/api/rooms/{made['room']}/record").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.goto(server + "/")
    page.wait_for_selector("#lt-create")
    page.set_input_files("#lt-upload", str(path))
    page.wait_for_url("**/replay")
    page.wait_for_function("() => document.querySelector('#lt-step').textContent === 'step 3 of 3'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('#lt-step').textContent === 'step 2 of 3'")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#lt-step').textContent === 'step 0 of 3'")
    assert page.locator("#lt-back").is_disabled()
    page.click("#lt-forward")
    page.wait_for_function("() => document.querySelector('#lt-step').textContent === 'step 1 of 3'")
    assert "take:1" in page.inner_text("#lt-log-box")


def test_one_browser_holding_both_seats_plays_both_in_turn(server, page):
    start_from_lobby(page, server, "pile", {"start": 7, "refill": False}, ["me", "me"])
    seats_seen = set()
    message = wait_my_turn_or_end(page, -1)
    while not message["observation"]["terminal"]:
        seats_seen.add(message["seat"])
        click_action(page, message["observation"]["legal"][0])
        message = wait_my_turn_or_end(page, message["move"])
    assert seats_seen == {0, 1}


# -- the page under its own Content-Security-Policy, and replacing an invitation --------------


def test_the_page_works_under_its_content_security_policy(server, browser):
    """No bypass here: the lobby, a room and a move work with the CSP enforced, and the
    browser reports no violation (the other tests bypass the CSP only to evaluate script)."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        start_from_lobby(page, server, "pile", {"start": 6, "refill": False}, ["me", "bot"])
        page.wait_for_selector("#lt-board svg")
        page.wait_for_selector("#lt-status:has-text('connected')")
        page.locator('#lt-board [id="take:1"]').first.click(force=True)
        page.wait_for_selector("#lt-log-box li")
        assert page.evaluate("window.ludoteca.message.move") >= 1
        page.goto(server + "/rules/hares")
        page.wait_for_selector("#lt-rules h1, #lt-rules h2")
        assert not [text for text in console if "Content Security Policy" in text], console
    finally:
        context.close()


def test_the_host_replaces_an_invitation_and_the_old_link_is_refused(server, browser):
    contexts = [browser.new_context() for _ in range(2)]
    try:
        host, guest = (context.new_page() for context in contexts)
        start_from_lobby(host, server, "pile", {"start": 12, "refill": False}, ["me", "invite"])
        old = host.locator(".invite-link").first.input_value()
        host.click(".new-link")
        host.wait_for_function(
            "old => document.querySelector('.invite-link').value !== old", arg=old
        )
        new = host.locator(".invite-link").first.input_value()
        guest.goto(old)
        guest.wait_for_selector("#lt-prompt.bad")
        assert "not valid" in guest.inner_text("#lt-prompt")
        guest.goto("about:blank")
        guest.goto(new)
        guest.wait_for_function(
            "() => window.ludoteca.message && window.ludoteca.message.seat === 1"
        )
        host.wait_for_selector(".invite.claimed")  # the host sees the friend took the seat
    finally:
        for context in contexts:
            context.close()
