"""Every game's compiled core, compiled into numba's on-disk cache (or read from it).

``python3 -m tests.cores`` fills the cache on every core; scripts/test.sh runs it beside the
type check, which uses one core, so that a fresh clone's first compilation (minutes of CPU)
is mostly done before the tests start."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context


def compile_game(game_id: str) -> str:
    """Plays one game of ``game_id`` through, so that numba compiles (or reads from its
    cache) every part of its core."""
    from ludoteca import load_game
    from ludoteca.cli.play import compile_the_rest

    game = load_game(game_id)
    compile_the_rest(game.new_initial_state())
    game.playouts(2, seed=0)
    return game_id


def compile_every_game() -> None:
    """Every game's core, one game a process on every core (the cache is then read by any
    process, the tests' servers too)."""
    from ludoteca import list_games

    ids = [info["id"] for info in list_games()]
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        list(pool.map(compile_game, ids))


if __name__ == "__main__":
    compile_every_game()
