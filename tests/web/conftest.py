"""Fixtures of the web tests: the test games, an app on a temporary database, clients."""

from __future__ import annotations

import pytest

from ludoteca.games import registry


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
def client(app):
    from starlette.testclient import TestClient

    with TestClient(app) as client:
        yield client
