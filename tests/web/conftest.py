"""Fixtures of the web tests: the test games, an app on a temporary database, clients."""

from __future__ import annotations

import threading
import weakref
from collections import deque

import pytest

from ludoteca.games import registry

# the longest a socket's next message may take (a machine under load; a bot thinking)
RECEIVE_BOUND = 60.0


def pytest_configure(config):
    # starlette's TestClient asks for httpx2, which is not needed for these tests
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")


TEST_GAMES = {"pile": "tests.web.pilegame", "count": "tests.web.countgame"}


@pytest.fixture
def test_games():
    """Register the test games for one test (never at import: other suites list the games)."""
    added = [game_id for game_id in TEST_GAMES if game_id not in registry.ids()]
    for game_id in added:
        registry.add(game_id, TEST_GAMES[game_id])
    yield
    for game_id in added:
        registry.remove(game_id)


@pytest.fixture
def app(request, tmp_path, test_games):
    """An app on a temporary database; a test may change its settings through indirect
    parametrization (``@pytest.mark.parametrize("app", [{"limits": ...}], indirect=True)``)."""
    from ludoteca.server import Settings, create_app

    changes = getattr(request, "param", {})
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, **changes))
    yield app
    app.state.hub.close()


@pytest.fixture
def client(app, monkeypatch):
    from starlette.testclient import TestClient, WebSocketTestSession

    monkeypatch.setattr(WebSocketTestSession, "receive", bounded(WebSocketTestSession.receive))
    with TestClient(app) as client:
        yield client


# every wait of a page (a selector, a function, a navigation) within this many milliseconds
# unless it says otherwise: Playwright's own 30 s ran out on a crowded machine (issue 33)
PAGE_BOUND = 120_000


# -- the browser tests run under the server's Content-Security-Policy ---------------------------
# Every context enforces the CSP (never ``bypass_csp``); a page reports each violation as a
# console error, and a test during which one was reported fails.
CSP_WATCH = """document.addEventListener("securitypolicyviolation", (event) =>
  console.error(`Refused by the CSP: ${event.violatedDirective} ${event.blockedURI}`));"""


class CspGuard:
    """A Playwright browser whose contexts enforce the CSP and note its violations."""

    def __init__(self, browser):
        self.browser = browser
        self.violations: list[str] = []

    def new_context(self, **options):
        assert not options.get("bypass_csp"), "the browser tests run with the CSP enforced"
        context = self.browser.new_context(**options)
        context.set_default_timeout(PAGE_BOUND)
        context.add_init_script(CSP_WATCH)
        context.on("page", self._watch)
        return context

    def new_page(self, **options):
        return self.new_context(**options).new_page()

    def close(self) -> None:
        self.browser.close()

    def _watch(self, page) -> None:
        page.on("console", lambda message: self._note(message.text))

    def _note(self, text: str) -> None:
        if text.startswith(("Refused to", "Refused by the CSP")):
            self.violations.append(text)

    def taken(self) -> list[str]:
        """The violations noted since the last call."""
        found, self.violations = self.violations, []
        return found


def launch(playwright) -> CspGuard:
    """Debian's Chromium, headless, its contexts under the CSP."""
    from .test_browser import ARGS

    return CspGuard(
        playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
    )


@pytest.fixture(autouse=True)
def no_csp_violations(request):
    """Fails a browser test during which a page broke the CSP."""
    guard = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if isinstance(guard, CspGuard):
        assert guard.taken() == [], "Content-Security-Policy violations"


def bounded(receive):
    """``WebSocketTestSession.receive`` within ``RECEIVE_BOUND`` seconds: TestClient's own
    waits for ever, also when the server ended the socket without closing it. A message that
    does not come fails the test, saying what the socket heard last."""
    heard: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def bounded_receive(session) -> dict:
        last = heard.setdefault(session, deque(maxlen=3))
        box: dict = {}

        def wait() -> None:
            try:
                box["message"] = receive(session)
            except BaseException as error:  # handed to the test's thread
                box["error"] = error

        thread = threading.Thread(target=wait, name="bounded-receive", daemon=True)
        thread.start()
        thread.join(RECEIVE_BOUND)
        if thread.is_alive():
            seen = [str(message.get("text", message))[:300] for message in last]
            raise AssertionError(
                f"no message on {session.scope.get('path')} within {RECEIVE_BOUND:.0f} s;"
                f" the last ones: {seen}"
            )
        if "error" in box:
            raise box["error"]
        last.append(box["message"])
        return box["message"]

    return bounded_receive
