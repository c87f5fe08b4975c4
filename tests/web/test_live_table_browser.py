"""The live table in Chromium, two browsers at one table: a clock running out, the rematch
with the seats rotated, chat both ways (never read as markup), resign; and a clocked game
whose server is killed in the middle ends with the right result once it is back."""

from __future__ import annotations

import time

import httpx
import pytest

from .test_browser import ARGS, browser, click_action, server, shot  # noqa: F401  (fixtures)
from .test_persistence import kill, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def invited(base: str, game: str, options: dict, table: dict) -> tuple[str, dict[str, str]]:
    made = httpx.post(
        base + "/api/rooms",
        json={"game": game, "options": options, "seats": TWO, "table": table},
    ).json()
    return made["room"], made["tokens"]


def seat_page(browser, base: str, room: str, seat: int, token: str, game: str):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/room/{room}#seat={seat}&game={game}&token={token}")
    page.wait_for_function("() => window.ludoteca.message !== null")
    return context, page, errors


def test_a_clock_runs_out_and_a_rematch_rotates_the_seats(server, browser):  # noqa: F811
    room, tokens = invited(server, "pile", {"start": 9}, {"clock": "fischer", "base": 2})
    ann_context, ann, ann_errors = seat_page(browser, server, room, 0, tokens["0"], "pile")
    bob_context, bob, bob_errors = seat_page(browser, server, room, 1, tokens["1"], "pile")
    try:
        ann.wait_for_selector("#lt-clocks .clock.running")
        shot(ann, "live-clock-running")
        # Ann is to move and does not: her 2 seconds run out on the server
        ann.wait_for_selector("dialog#lt-end[open]")
        bob.wait_for_selector("dialog#lt-end[open]")
        assert "ran out of time" in ann.text_content("dialog#lt-end")
        assert ann.text_content("#lt-end-title") == "The game is over — not a win this time."
        assert bob.text_content("#lt-end-title") == "You won!"
        assert ann.locator("#lt-clocks .clock.low").count() >= 1
        shot(ann, "live-time-out")
        # the rematch: both ask, both land in the new room with the seats moved one on
        ann.click("#lt-end-rematch")
        bob.wait_for_function("() => window.ludoteca.message.room.rematch.votes.length === 1")
        bob.click("#lt-end-rematch")
        for page in (ann, bob):
            page.wait_for_function(
                "old => location.pathname.startsWith('/room/') && !location.pathname.endsWith(old)"
                " && window.ludoteca.message && window.ludoteca.message.room.id !== old",
                arg=room,
            )
        new = ann.evaluate("window.ludoteca.message.room.id")
        assert bob.evaluate("window.ludoteca.message.room.id") == new
        ann.wait_for_function("() => window.ludoteca.message.seat === 1")
        bob.wait_for_function("() => window.ludoteca.message.seat === 0")
        assert [s["name"] for s in ann.evaluate("window.ludoteca.message.room.seats")] == [
            "Bob",
            "Ann",
        ]
    finally:
        ann_context.close()
        bob_context.close()
    assert not ann_errors and not bob_errors, ann_errors + bob_errors


def test_chat_both_ways_never_as_markup_and_resign(server, browser):  # noqa: F811
    room, tokens = invited(server, "bohnen", {}, {"clock": "fischer", "base": 300, "increment": 2})
    ann_context, ann, ann_errors = seat_page(browser, server, room, 0, tokens["0"], "bohnen")
    bob_context, bob, bob_errors = seat_page(browser, server, room, 1, tokens["1"], "bohnen")
    try:
        ann.wait_for_selector("#lt-clocks .clock.running")
        first = ann.text_content("#lt-clocks .clock.running .time")
        ann.wait_for_function(
            "t => document.querySelector('#lt-clocks .clock.running .time').textContent !== t",
            arg=first,
        )  # the clock ticks
        # Ann sows: Bob's page shows the change animated (the last move's pits)
        entry = ann.evaluate("window.ludoteca.message.observation.legal[0]")
        click_action(ann, entry)
        bob.wait_for_function(
            "() => window.ludoteca.animated >= 1 && window.ludoteca.message.move > 0"
        )
        shot(bob, "live-sown")
        ann.fill("#lt-chat-input", '<img src=x onerror="window.pwned=1"> hello Bob')
        ann.press("#lt-chat-input", "Enter")
        bob.wait_for_selector("#lt-chat-list li .text")
        assert bob.text_content("#lt-chat-list li .text") == (
            '<img src=x onerror="window.pwned=1"> hello Bob'
        )
        assert bob.locator("#lt-chat-list img").count() == 0
        assert bob.evaluate("window.pwned === undefined")
        bob.fill("#lt-chat-input", "hi Ann")
        bob.press("#lt-chat-input", "Enter")
        ann.wait_for_function(
            "() => [...document.querySelectorAll('#lt-chat-list .text')]"
            ".some(e => e.textContent === 'hi Ann')"
        )
        shot(bob, "live-chat")
        # Bob resigns (asked first): Ann wins
        bob.click("#lt-resign")
        bob.click("#lt-confirm-yes")
        ann.wait_for_selector("dialog#lt-end[open]")
        assert "Bob resigned" in ann.text_content("dialog#lt-end")
        assert ann.text_content("#lt-end-title") == "You won!"
        shot(ann, "live-resigned")
    finally:
        ann_context.close()
        bob_context.close()
    assert not ann_errors and not bob_errors, ann_errors + bob_errors


def test_a_clock_running_out_while_the_server_is_down_ends_the_game_after_restart(tmp_path):
    process, base = start_server(tmp_path / "data")
    try:
        room, invitations = invited(base, "pile", {"start": 9}, {"clock": "fischer", "base": 4})
        tokens = {}
        for seat, token in invitations.items():
            claimed = httpx.post(
                f"{base}/api/rooms/{room}/claim", json={"seat": int(seat), "token": token}
            )
            tokens[int(seat)] = claimed.json()["token"]
        moved = httpx.post(
            f"{base}/api/rooms/{room}/actions",
            json={"seat": 0, "token": tokens[0], "action": "take:1", "move": 0},
        )
        assert moved.status_code == 200, moved.text
        info = httpx.get(f"{base}/api/rooms/{room}").json()
        assert info["clock"]["running"] == 1 and info["status"] == "playing"
    finally:
        kill(process)
    time.sleep(4.5)  # Bob's 4 seconds run out while the server is down
    process, base = start_server(tmp_path / "data")
    try:
        deadline = time.monotonic() + 20
        info = httpx.get(f"{base}/api/rooms/{room}").json()
        while info["status"] == "playing" and time.monotonic() < deadline:
            time.sleep(0.2)
            info = httpx.get(f"{base}/api/rooms/{room}").json()
        assert info["result"] == {"reason": "timeout", "seat": 1, "winners": [0]}
        record = httpx.get(f"{base}/api/rooms/{room}/record").json()
        assert record["meta"]["winners"] == [0]
    finally:
        kill(process)
