"""Test collection settings and fixtures shared by the whole repository."""

from __future__ import annotations

import pytest
from tests.cores import compile_every_game, compile_game

collect_ignore = ["src/ludoteca/__main__.py"]


def pytest_configure(config: pytest.Config) -> None:
    """With xdist, the controller fills numba's on-disk cache before any worker starts, one
    game per process on every core: after a fresh install each worker would else compile
    every core itself (minutes of CPU each, twice over on two workers). The workers'
    ``compiled_cores`` then only read the cache."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    compile_every_game()


@pytest.fixture(scope="session", autouse=True)
def compiled_cores():
    """Every game's compiled core, compiled once (or read from numba's cache) before the
    first test of the session (of each xdist worker): numba's first compilation after an
    install takes minutes of CPU, and would else land in whichever test first calls a core,
    maybe one that waits for a server or a bot within a bound. The servers the tests start
    read the same cache."""
    from ludoteca import list_games

    for info in list_games():
        compile_game(info["id"])
