"""Test collection settings and fixtures shared by the whole repository."""

from __future__ import annotations

import pytest

collect_ignore = ["src/ludoteca/__main__.py"]


@pytest.fixture(scope="session", autouse=True)
def compiled_cores():
    """Every game's compiled core, compiled once (or read from numba's cache) before the
    first test of the session (of each xdist worker): numba's first compilation after an
    install takes minutes of CPU, and would else land in whichever test first calls a core,
    maybe one that waits for a server or a bot within a bound. The servers the tests start
    read the same cache."""
    from ludoteca import list_games, load_game
    from ludoteca.cli.play import compile_the_rest

    for info in list_games():
        game = load_game(info["id"])
        compile_the_rest(game.new_initial_state())
        game.playouts(2, seed=0)
