"""Manners in Debian's Chromium, two strangers in two browsers: a turn-based Potager game mails
the player whose move it is (a real SMTP server on loopback), the link opens the game; a
takeback asked for is allowed and undone once; "confirm my moves" asks first; the host sets the
bots' pace. Screenshots of each in four languages at two sizes."""

from __future__ import annotations

import re
import socket
import subprocess
import sys

import httpx
import pytest

from tests.waiting import wait_until

from .screens import LOCALES, SIZES, close, new_page
from .test_accounts_browser import sign_up
from .test_browser import ARGS, SETTLED, SHOTS, browser  # noqa: F401  (fixture)
from .test_persistence import ROOT, START_BOUND, kill, server_env
from .test_recovery import Inbox, link_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POST = """async ([path, body]) => {
  const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("ludoteca_csrf="));
  const csrf = found ? decodeURIComponent(found.slice("ludoteca_csrf=".length)) : "";
  const answer = await fetch(path, { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf } });
  return answer.json();
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def site():
    inbox = Inbox()
    inbox.controller.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "tests.web.serve_for_tests", "--port", str(port)]
    command += ["--workers", "0", "--lang", "en", "--bot-delay", "0.1"]
    # the screenshots reload pages in quick succession from one address: more hellos a
    # minute than the default quota (60) lets one address make on a fast machine
    command += ["--limit", "hellos=600/minute"]
    command += ["--smtp", f"smtp://127.0.0.1:{inbox.port}", "--public-url", base]
    import tempfile

    with tempfile.TemporaryDirectory() as data:
        process = subprocess.Popen(
            [*command, "--data", data],
            cwd=ROOT,
            env=server_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: healthy(base), "the server to answer /healthz", START_BOUND)
        yield base, inbox
        kill(process)
    inbox.controller.stop()


def post(page, path: str, body: dict) -> dict:
    return page.evaluate(POST, [path, body])


def healthy(base: str) -> bool:
    try:
        return httpx.get(base + "/healthz", timeout=10).status_code < 500
    except httpx.HTTPError:
        return False


def room_facts(base: str, room: str) -> dict:
    return httpx.get(f"{base}/api/rooms/{room}", timeout=10).json()


def mails_about(inbox: Inbox, room: str) -> list:
    return [m for m in inbox.messages if f"/room/{room}" in m.get_payload(decode=True).decode()]


def in_every_language(page, ready: str):
    """Yields each language after reloading the page in it (chosen as a player would) and
    ``ready`` is shown; the page is back in English at the wide size afterwards."""
    for lang, _ in LOCALES:
        page.evaluate(f"localStorage.setItem('ludoteca.lang', '{lang}')")
        page.reload()
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        page.wait_for_selector(ready, state="attached")
        yield lang
    page.evaluate("localStorage.setItem('ludoteca.lang', 'en')")
    page.set_viewport_size(SIZES["wide"])
    page.reload()
    page.wait_for_selector(ready, state="attached")


def shots(page, name: str, ready: str) -> None:
    """The page in every language and size: one load a language, resized for each size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in in_every_language(page, ready):
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate(SETTLED)
            page.screenshot(path=str(SHOTS / f"manners-{name}-{lang}-{size}.png"), full_page=True)


def play_first(page) -> None:
    """The page's player plays its first legal move, typed (as a keyboard player would)."""
    page.wait_for_function(
        "() => window.ludoteca.message && window.ludoteca.message.observation.legal.length > 0"
    )
    move = page.evaluate("() => window.ludoteca.message.move")
    action = page.evaluate("() => window.ludoteca.message.observation.legal[0].action")
    page.fill("#lt-move-input", action)
    page.press("#lt-move-input", "Enter")
    if page.is_checked("#lt-confirm-move"):
        page.wait_for_selector("#lt-confirm[open]")
        page.click("#lt-confirm-yes")
    page.wait_for_function(f"() => window.ludoteca.message.move > {move}")


def test_a_turn_based_game_mails_the_player_to_move_and_a_takeback_is_undone_once(site, browser):  # noqa: F811
    base, inbox = site
    ann, bob = new_page(browser), new_page(browser)
    sign_up(ann, base, "Ann")
    sign_up(bob, base, "Bob")
    bob.goto(base + "/account")
    bob.fill("#lt-email-email", "bob@example.org")
    bob.click("#lt-email-submit")
    bob.wait_for_selector("#lt-email-said:has-text('bob@example.org')")
    bob.goto(link_in(inbox.wait(1, "the verification")))
    bob.wait_for_selector("#lt-verified")

    # Potager with 3 days per move: Ann plays her turn, Bob (away) is mailed
    seats = [{"kind": "open"}, {"kind": "open"}]
    table = {"clock": "days", "days": 3}
    made = post(ann, "/api/rooms", {"game": "potager", "seats": seats, "table": table})
    room = made["room"]
    post(ann, f"/api/rooms/{room}/join", {"seat": 0})
    post(bob, f"/api/rooms/{room}/join", {"seat": 1})
    bob.goto(base + "/account")  # Bob is not looking at the room
    ann.goto(f"{base}/room/{room}")
    ann.wait_for_selector("#lt-clock-rule:has-text('3 days per move')")
    assert re.search(r"2 days 23 hours|3 days", ann.text_content("#lt-clocks"))
    while True:
        wait_until(lambda: room_facts(base, room)["to_move"] in (0, 1), "someone to move")
        if room_facts(base, room)["to_move"] == 1:
            break
        play_first(ann)
    # every Potager turn ends with a tile drawn for the market: nothing to take back
    assert ann.query_selector("#lt-takeback") is None
    wait_until(lambda: mails_about(inbox, room), "a mail for Bob's move")
    mail = mails_about(inbox, room)[0]
    assert mail["To"] == "bob@example.org" and "Potager" in mail["Subject"]
    link = link_in(mail)
    assert link == f"{base}/room/{room}"
    bob.goto(link)  # the link opens the game, Bob's seat (he is logged in here)
    bob.wait_for_selector("#lt-prompt.mine")
    assert len(mails_about(inbox, room)) == 1

    unsubscribe = next(
        w for w in mail.get_payload(decode=True).decode().split() if "unsubscribe" in w
    )
    stranger = new_page(browser)
    stranger.goto(unsubscribe)
    stranger.wait_for_selector("#lt-unsubscribed")
    close(stranger)
    bob.goto(base + "/account")
    bob.wait_for_selector("#lt-reminders:not([disabled])")
    assert not bob.is_checked("#lt-reminders")

    # Bohnen (no chance): Ann asks to take back her move, Bob allows it, it is undone once
    made = post(ann, "/api/rooms", {"game": "bohnen", "seats": seats})
    room = made["room"]
    post(ann, f"/api/rooms/{room}/join", {"seat": 0})
    post(bob, f"/api/rooms/{room}/join", {"seat": 1})
    ann.goto(f"{base}/room/{room}")
    bob.goto(f"{base}/room/{room}")
    play_first(ann)
    played = room_facts(base, room)["move"]
    bob.wait_for_selector("#lt-prompt.mine")
    ann.click("#lt-takeback")
    ann.wait_for_selector("#lt-takeback-waiting")
    bob.wait_for_selector("#lt-takeback-accept")
    shots(bob, "takeback", "#lt-takeback-accept")
    bob.click("#lt-takeback-accept")
    ann.wait_for_selector("#lt-prompt.mine")
    wait_until(lambda: room_facts(base, room)["to_move"] == 0, "the takeback undone")
    assert room_facts(base, room)["move"] == played + 1  # undone once: one log entry
    bob.wait_for_selector("#lt-takeback-accept", state="detached")

    # "confirm my moves": asked first; no sends nothing
    ann.check("#lt-confirm-move")
    legal = ann.evaluate("() => window.ludoteca.message.observation.legal[0].action")
    ann.fill("#lt-move-input", legal)
    ann.press("#lt-move-input", "Enter")
    ann.wait_for_selector("#lt-confirm[open]")
    ann.click("#lt-confirm-no")
    assert room_facts(base, room)["move"] == played + 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in in_every_language(ann, "#lt-prompt.mine"):  # (phones: at the top)
        for size, viewport in SIZES.items():
            ann.set_viewport_size(viewport)
            ann.fill("#lt-move-input", legal)
            ann.press("#lt-move-input", "Enter")
            ann.wait_for_selector("#lt-confirm[open]")
            ann.evaluate(SETTLED)
            ann.screenshot(path=str(SHOTS / f"manners-confirm-{lang}-{size}.png"), full_page=True)
            ann.click("#lt-confirm-no")

    # the host's choice of the bots' pace
    vs_bot = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    made = post(ann, "/api/rooms", {"game": "potager", "seats": vs_bot})
    entry = {"room": made["room"], "seat": 0, "token": made["tokens"]["0"], "game": "potager"}
    entry["host"] = made["host"]
    ann.evaluate("(e) => localStorage.setItem('ludoteca.seats', JSON.stringify([e]))", entry)
    ann.goto(f"{base}/room/{made['room']}")
    ann.wait_for_selector("#lt-pace")
    shots(ann, "pace", "#lt-pace")
    ann.select_option("#lt-pace", "slow")
    wait_until(lambda: room_facts(base, made["room"])["table"]["pace"] == "slow", "the slow pace")
    close(ann)
    close(bob)
