"""A finished game's analysis on the replay page and its puzzles, in Debian's Chromium: the
analysis asked for from the page shows its marks, chart and accuracy, and a puzzle made of
the game's blunder is solved. Screenshots of both in four languages at two sizes, checked by
axe with and without high contrast (a Potager game against the random bot)."""

from __future__ import annotations

import random

import httpx
import pytest

from ..waiting import wait_until
from .test_accounts_browser import act as act_until_stored
from .test_accounts_browser import close, every_language_and_size, new_page, shot_and_check
from .test_browser import browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def blundered_pile_game(base: str) -> str:
    """A finished pile of 4: Ann takes 2 (take 1 would have won), Bob takes the rest."""
    made = httpx.post(
        f"{base}/api/rooms",
        json={"game": "pile", "options": {"start": 4, "refill": False}, "seats": PEOPLE},
    ).json()
    room = made["room"]
    for move, seat in enumerate((0, 1)):
        act_until_stored(base, room, seat, made["tokens"][str(seat)], "take:2", move)
    return room


def test_the_analysis_shows_on_the_replay_and_its_blunder_is_a_puzzle(server, browser):  # noqa: F811
    room = blundered_pile_game(server)
    page = new_page(browser)
    page.goto(f"{server}/replay/{room}")
    page.click("#lt-analyse")
    page.wait_for_selector("#lt-accuracy", timeout=120_000)
    first = page.locator('#lt-moves li[data-verdict="blunder"]')
    assert first.locator(".mark").inner_text() == "??"
    assert first.locator(".sr").text_content() == "Blunder"
    assert page.locator("#lt-chart .point").count() == 2
    page.locator("#lt-chart .point.blunder").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#lt-moves .step-link.current[data-step="1"]')
    page.click("#lt-first")
    page.wait_for_selector("#lt-best strong:has-text('take:1')")
    page.reload()  # kept: shown at once, without the button
    page.wait_for_selector("#lt-accuracy")
    assert page.locator("#lt-analyse").count() == 0
    page.click("#lt-puzzles")
    page.wait_for_selector("#lt-puzzle-moves .choice")
    page.click('#lt-puzzle-moves .choice[data-action="take:2"]')
    page.wait_for_selector('#lt-puzzle-verdict[data-right="false"]')
    page.click('#lt-puzzle-moves .choice[data-action="take:1"]')
    page.wait_for_selector('#lt-puzzle-verdict[data-right="true"]')
    page.click("#lt-to-replay")
    page.wait_for_selector("#lt-accuracy")
    close(page)


def potager_game(base: str) -> str:
    """A finished Potager game of a person (random legal moves) against the random bot."""
    made = httpx.post(
        f"{base}/api/rooms",
        json={
            "game": "potager",
            "options": {"players": 2},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        },
    ).json()
    room, token, rng = made["room"], made["tokens"]["0"], random.Random(3)
    claimed = httpx.post(f"{base}/api/rooms/{room}/claim", json={"seat": 0, "token": token})
    token = claimed.json()["token"]

    def next_view():
        found = httpx.get(f"{base}/api/rooms/{room}/view", headers={"X-Seat-Token": token})
        return found.json()

    def ready(view):
        return view["observation"]["terminal"] or view["observation"]["legal"]

    while True:
        view = wait_until(next_view, "Ann's move or the end", ready=ready)
        if view["observation"]["terminal"]:
            return room
        action = rng.choice(view["observation"]["legal"])["action"]
        act_until_stored(base, room, 0, token, action, view["move"])


def analysed_with_a_puzzle(base: str, games: int = 4) -> str:
    """An analysed Potager game with a mistake (a random game may have none: another one)."""
    for _ in range(games):
        room = potager_game(base)
        httpx.post(f"{base}/api/rooms/{room}/analysis")
        status = wait_until(
            lambda room=room: httpx.get(f"{base}/api/rooms/{room}/analysis").json(),
            "the Potager game's analysis",
            bound=600,
            ready=lambda found: found["state"] in ("done", "failed"),
        )
        assert status["state"] == "done", status
        if status["puzzles"]:
            return room
    raise AssertionError(f"no mistake in {games} random Potager games")


def in_both_contrasts(page, axe, name: str, problems: list) -> None:
    """``shot_and_check`` of the page as it is, then with high contrast switched on in place
    (and off again)."""
    shot_and_check(page, axe, name, problems)
    page.evaluate("document.documentElement.classList.add('contrast')")
    shot_and_check(page, axe, f"{name}-contrast", problems)
    page.evaluate("document.documentElement.classList.remove('contrast')")


def test_screenshots_of_the_analysed_replay_and_a_puzzle_pass_axe(server, browser):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    room = analysed_with_a_puzzle(server)
    axe, problems = Axe(), []
    for lang, size, page in every_language_and_size(browser, server):
        page.goto(f"{server}/replay/{room}")
        page.wait_for_selector("#lt-accuracy")
        page.click("#lt-first")
        page.click("#lt-forward")
        page.wait_for_selector('#lt-moves .step-link.current[data-step="1"]')
        in_both_contrasts(page, axe, f"analysis-replay-{lang}-{size}", problems)
        page.goto(f"{server}/puzzles/{room}/1")
        page.wait_for_selector("#lt-puzzle-moves")
        first = page.locator("#lt-puzzle-moves .choice, #lt-puzzle-try").first
        first.click()
        page.wait_for_selector("#lt-puzzle-verdict")
        in_both_contrasts(page, axe, f"analysis-puzzle-{lang}-{size}", problems)
    assert not problems, problems
