"""Test collection settings and fixtures shared by the whole repository."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

collect_ignore = ["src/ludoteca/__main__.py"]


def _compile(game_id: str) -> str:
    """Plays one game of ``game_id`` through, so that numba compiles (or reads from its
    cache) every part of its core."""
    from ludoteca import load_game
    from ludoteca.cli.play import compile_the_rest

    game = load_game(game_id)
    compile_the_rest(game.new_initial_state())
    game.playouts(2, seed=0)
    return game_id


def pytest_configure(config: pytest.Config) -> None:
    """With xdist, the controller fills numba's on-disk cache before any worker starts, one
    game per process on every core: after a fresh install each worker would else compile
    every core itself (minutes of CPU each, twice over on two workers). The workers'
    ``compiled_cores`` then only read the cache."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    from ludoteca import list_games

    ids = [info["id"] for info in list_games()]
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        list(pool.map(_compile, ids))


@pytest.fixture(scope="session", autouse=True)
def compiled_cores():
    """Every game's compiled core, compiled once (or read from numba's cache) before the
    first test of the session (of each xdist worker): numba's first compilation after an
    install takes minutes of CPU, and would else land in whichever test first calls a core,
    maybe one that waits for a server or a bot within a bound. The servers the tests start
    read the same cache."""
    from ludoteca import list_games

    for info in list_games():
        _compile(info["id"])
