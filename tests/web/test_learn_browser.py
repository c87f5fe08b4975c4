"""The guided first games in Chromium (pages/learn.js): each game's lesson followed to its end
by clicks on the picture, a refused move explained on the way, progress remembered over a
reload, and the short game against the easiest bot started from its end; the page in the
four languages on a desktop and a phone (screenshots), axe finding nothing serious."""

from __future__ import annotations

import pytest

from ludoteca.engine.lessons import paths
from ludoteca.games import registry

from .test_browser import browser, page, server, shot  # noqa: F401  (the fixtures)
from .test_client_browser import serious

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = [game_id for game_id in registry.ids() if registry.traits(game_id).lesson]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def answer(tab) -> dict:
    return tab.evaluate("window.ludoteca.page.answer")


def wait_answer(tab, step: int, accepted=None) -> dict:
    tab.wait_for_function(
        "([step, accepted]) => { const p = window.ludoteca && window.ludoteca.page;"
        " const a = p && p.answer;"
        " return a && a.step === step && a.accepted === accepted; }",
        arg=[step, accepted],
    )
    return answer(tab)


def click(tab, entry: dict) -> None:
    """Click ``entry``'s ids in the picture until the page sends it (as soon as it is the only
    move the clicks so far lead to)."""
    for element_id in entry["clicks"]:
        tab.locator(f'#lt-board [id="{element_id}"]').first.click(force=True)
        if tab.evaluate("window.ludoteca.page.picks.length") == 0:
            return


@pytest.mark.parametrize("game_id", LESSONS)
def test_each_lesson_is_followed_to_its_end_and_the_bot_game_starts(server, page, game_id):  # noqa: F811
    lesson = registry.traits(game_id).lesson
    chosen = iter(next(paths(lesson)))
    page.goto(f"{server}/learn/{game_id}")
    refused = False
    for step, each in enumerate(lesson.steps):
        shown = wait_answer(page, step)
        assert page.text_content("#lt-learn-progress") == f"Step {step + 1} of {len(lesson.steps)}"
        assert page.text_content("#lt-learn-say") == shown["say"]
        if each.expect:
            assert page.is_disabled("#lt-learn-next")
            legal = {entry["action"]: entry for entry in shown["observation"]["legal"]}
            other = next((a for a in legal if a not in each.expect), None)
            if other is not None and not refused:  # a move not asked for: refused, politely
                click(page, legal[other])
                page.wait_for_selector("#lt-learn-feedback.bad")
                assert page.text_content("#lt-learn-feedback").startswith("Not quite:")
                refused = True
                if step == 1:  # progress is remembered: the same step after a reload
                    page.reload()
                    wait_answer(page, step)
            click(page, legal[next(chosen)])
            wait_answer(page, step, True)
            assert page.text_content("#lt-learn-feedback") == "Well done."
        page.click("#lt-learn-next")
    page.wait_for_selector("#lt-learn-end:not([hidden])")
    assert page.evaluate(f"JSON.parse(localStorage['ludoteca.lessons'])['{game_id}'].done")
    page.click("#lt-learn-play")
    page.wait_for_url(f"{server}/room/*")
    page.wait_for_function("() => window.ludoteca.message && window.ludoteca.message.room")
    room = page.evaluate("window.ludoteca.message.room")
    assert room["game"] == game_id and room["seats"][lesson.learner]["kind"] == "person"
    assert all(seat["kind"] == "bot" for i, seat in enumerate(room["seats"]) if i != lesson.learner)
    page.goto(f"{server}/")  # the lobby's card leads to it, marked as done
    page.click(f"#lt-game-{game_id}")
    assert page.text_content(".learn-link").endswith("✓")
    page.goto(f"{server}/rules/{game_id}")  # and so does its rules page
    page.click(".rules-learn .learn-link")
    wait_answer(page, len(lesson.steps) - 1)  # where the learner left it


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_page_in_four_languages_on_a_desktop_and_a_phone(server, browser, game_id):  # noqa: F811
    lesson = registry.traits(game_id).lesson
    step = next(i for i, each in enumerate(lesson.steps) if each.expect)
    found = {}
    for lang in ("en", "de", "fr", "ru"):
        # one page a language, resized for each size (half the page loads of a page a size)
        context = browser.new_context(
            viewport=dict(zip(("width", "height"), SIZES["desktop"], strict=True))
        )
        tab = context.new_page()
        tab.goto(f"{server}/")
        tab.evaluate(
            "([lang, game, step]) => { localStorage['ludoteca.lang'] = lang;"
            " localStorage['ludoteca.lessons'] = JSON.stringify("
            "{[game]: {step, actions: [], done: false}}); }",
            [lang, game_id, step],
        )
        tab.goto(f"{server}/learn/{game_id}")
        shown = wait_answer(tab, step)
        assert shown["say"] == lesson.steps[step].say.text(lang)
        for size, (width, height) in SIZES.items():
            if size != "desktop":  # the page asks for the step again, laid out for a phone
                tab.evaluate("() => { window.ludotecaSeen = window.ludoteca.page.answer; }")
                tab.set_viewport_size({"width": width, "height": height})
                tab.wait_for_function(
                    "() => window.ludoteca.page.answer !== window.ludotecaSeen"
                    " && window.ludoteca.page.answer.accepted === null"
                )
            tab.fill("#lt-move-input", "nonsense")
            tab.press("#lt-move-input", "Enter")
            tab.wait_for_selector("#lt-learn-feedback.bad")
            shot(tab, f"learn-{game_id}-{size}-{lang}", full_page=True)
            found[f"{size} {lang}"] = serious(tab)
            overflow = tab.evaluate(
                "document.documentElement.scrollWidth > document.documentElement.clientWidth"
            )
            assert not overflow, f"{size} {lang}: the page is wider than the screen"
            if tab.locator("#lt-contrast").count():
                tab.click("#lt-contrast")
                found[f"{size} {lang} contrast"] = serious(tab)
                tab.click("#lt-contrast")  # back to normal contrast for the next size
        context.close()
    assert all(not v for v in found.values()), found
