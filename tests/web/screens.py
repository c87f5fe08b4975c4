"""Screenshots and axe in four languages at two sizes, in few page loads: one browser context
per language (its locale, the language chosen in the client as a player would), both sizes
taken from one loaded page by resizing it, and axe-core put into a document once however
many times it is checked. Screenshots go to $LUDOTECA_SHOTS."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .test_browser import SETTLED, SHOTS

LOCALES = (("en", "en-GB"), ("de", "de-DE"), ("fr", "fr-FR"), ("ru", "ru-RU"))
SIZES = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BAD = ("serious", "critical")


def new_page(browser, locale: str = "en-GB", size: str = "wide"):
    context = browser.new_context(viewport=SIZES[size], locale=locale)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def close(page) -> None:
    errors = page.errors
    page.context.close()
    assert not errors, errors


def every_language(browser, base: str) -> Iterator[tuple[str, object]]:
    """(lang, page) for each language: a page of its own at that language's locale, the
    language chosen in the client; closed when the caller moves on."""
    for lang, locale in LOCALES:
        page = new_page(browser, locale)
        page.goto(base + "/")
        page.evaluate(f"localStorage.setItem('ludoteca.lang', '{lang}')")
        yield lang, page
        close(page)


def every_language_and_size(browser, base: str) -> Iterator[tuple[str, str, object]]:
    """(lang, size, page) for each language and screen size: one page a language, resized
    for each size (the caller loads what it shows after each)."""
    for lang, page in every_language(browser, base):
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            yield lang, size, page


@cache
def axe_script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


def axe_violations(page, context=None) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now; axe is put into
    the document only if it is not there yet (a page checked again after a change in place)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    found = page.evaluate(
        "(context) => axe.run(context || document, {resultTypes: ['violations']})", context
    )["violations"]
    return [v for v in found if v.get("impact") in BAD]


def shot_and_check(page, axe, name: str, problems: list) -> None:
    """A full-page screenshot ``name`` and axe's serious findings added to ``problems``
    (``axe``, an ``Axe`` of axe-playwright-python, is the callers' and not needed: the
    script is put into the page once by ``axe_violations``)."""
    page.evaluate(SETTLED)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    bad = [(v["id"], [node["target"] for node in v["nodes"]][:3]) for v in axe_violations(page)]
    if bad:
        problems.append((name, bad))


def in_every_size(page, axe, name: str, problems: list) -> None:
    """``shot_and_check`` of the page as loaded at each size, named ``{name}-{size}``; the
    page is left at the wide size."""
    for size, viewport in reversed(SIZES.items()):
        page.set_viewport_size(viewport)
        shot_and_check(page, axe, f"{name}-{size}", problems)
