"""A learner's place in a lesson travels with the account (account.js ``keepLesson``,
server/learners.py): a guest's lesson becomes the account's at sign-up, and another browser
that logs in goes on at the same step."""

from __future__ import annotations

import pytest

from ludoteca.engine.lessons import paths
from ludoteca.games import registry

from ..waiting import wait_until
from .test_accounts_browser import PASSWORD, sign_up
from .test_browser import browser, server  # noqa: F401  (the fixtures)
from .test_learn_browser import LESSONS, click, wait_answer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_lesson_goes_on_where_it_stopped_on_another_browser(browser, server):  # noqa: F811
    game_id = LESSONS[0]
    lesson = registry.traits(game_id).lesson
    chosen = iter(next(paths(lesson)))
    first = browser.new_context()
    page = first.new_page()
    page.goto(f"{server}/learn/{game_id}")
    # as a guest, two steps on (a move played where a step asks for one)
    for step, each in enumerate(lesson.steps[:2]):
        shown = wait_answer(page, step)
        if each.expect:
            legal = {entry["action"]: entry for entry in shown["observation"]["legal"]}
            click(page, legal[next(chosen)])
            wait_answer(page, step, True)
        page.click("#lt-learn-next")
    wait_answer(page, 2)
    sign_up(page, server, "Lernende")  # the guest's lesson becomes the account's
    kept = "async (game) => (await (await fetch('/api/account')).json()).lessons[game]"
    wait_until(
        lambda: page.evaluate(kept, game_id),
        "the account to hold the guest's lesson at step 3",
        bound=120,
        ready=lambda entry: entry and entry["step"] == 2,
    )
    first.close()

    second = browser.new_context()  # another browser: nothing in its storage
    page = second.new_page()
    page.goto(f"{server}/account")
    page.fill("#lt-login-name", "Lernende")
    page.fill("#lt-login-password", PASSWORD)
    page.click("#lt-login-submit")
    page.wait_for_url("**/player/Lernende")
    page.goto(f"{server}/learn/{game_id}")
    wait_answer(page, 2)
    steps = len(lesson.steps)
    assert page.text_content("#lt-learn-progress") == f"Step 3 of {steps}"
    second.close()
