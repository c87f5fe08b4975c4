"""Work done off the event loop: bots choosing actions and hints, compiling the games' cores
and drawing the lobby's pictures, in worker processes.

Each call gets a room's game, options and actions (plain data), so any worker can serve any
room; a worker keeps the last state it built per room and only applies the new actions.
"""

from __future__ import annotations

import ctypes
import gc
import importlib.util
import json
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import Any

from numba.core import config as numba_config

from ludoteca import load_game
from ludoteca.bots import hint, make_bot
from ludoteca.bots.analysis import Judged, analyse, judge
from ludoteca.engine import LANGUAGES, State, sample_chance
from ludoteca.engine.parts import Hint
from ludoteca.games import registry

_states: dict[str, State] = {}
_CACHE_SIZE = 256
# a game's rehearsal (``rehearse``): random games played to their end (or this many moves),
# each position's successors looked at up to the presenter's limit
REHEARSALS = 2
REHEARSAL_MOVES = 600
REHEARSAL_SUCCESSORS = 16
_rehearsed: set[str] = set()  # the games this process has rehearsed (its compiled code loaded)
_REHEARSING = threading.Lock()


def _state(room: str, game_id: str, options: dict, actions: list[str]) -> State:
    cached = _states.get(room)
    if cached is not None and cached.game.options == options and cached.game.id == game_id:
        done = cached.history()
        if done == actions[: len(done)]:
            state = cached
            for action in actions[len(done) :]:
                state = state.apply(action)
            _remember(room, state)
            return state
    state = load_game(game_id, **options).replay(actions)
    _remember(room, state)
    return state


def _remember(room: str, state: State) -> None:
    _states.pop(room, None)
    _states[room] = state
    while len(_states) > _CACHE_SIZE:
        _states.pop(next(iter(_states)))


def bot_action(
    room: str, game_id: str, options: dict, actions: list[str], spec: str, seed: int
) -> str:
    """The action the bot ``spec`` chooses in the room's position."""
    state = _state(room, game_id, options, actions)
    return make_bot(spec, seed).choose(state)


def hint_for(room: str, game_id: str, options: dict, actions: list[str], seat: int) -> Hint | None:
    """The hint for ``seat`` in the room's position (the game's or the bots' advice)."""
    state = _state(room, game_id, options, actions)
    return hint(state, seat)


class TooLong(Exception):
    """An analysis ran past its time and was stopped."""


def analysis_of(
    game_id: str,
    options: dict,
    actions: list[str],
    budget: int,
    seconds: float,
    progress_file: str,
) -> dict[str, Any]:
    """The analysis of a finished game (``Analysis.to_json``). After each judged decision
    ``progress_file`` is rewritten with ``{"done", "total"}`` (the server, another process,
    reads it when the page asks how far it is); past ``seconds`` it stops with ``TooLong``."""
    final = load_game(game_id, **options).replay(actions)
    deadline = time.monotonic() + seconds
    path = Path(progress_file)

    def progress(done: int, total: int) -> None:
        written = path.with_suffix(".part")
        written.write_text(json.dumps({"done": done, "total": total}), "utf-8")
        written.replace(path)  # the reader sees the old figures or the new, never half
        if time.monotonic() > deadline and done < total:
            raise TooLong(f"{done} of {total} decisions judged in {seconds:.0f} s")

    return analyse(final, budget=budget, progress=progress).to_json()


def judged_move(
    game_id: str, options: dict, actions: list[str], action: str, budget: int, seed: int
) -> Judged:
    """``action`` tried after ``actions`` (a puzzle's position), judged as the game's analysis
    judged the move played there."""
    state = load_game(game_id, **options).replay(actions)
    return judge(state, action, budget, seed, len(actions))


def warm() -> int:
    """Import every game in this worker, so the first bot move does not wait for it."""
    from ludoteca import list_games

    return len(list_games())


def warm_game(game_id: str) -> dict[str, str | None]:
    """Compile the game's rules in this worker (a compiled core keeps what it compiled in its
    cache on disk, where the server loads it from): its rehearsal; returns the opening picture
    (the lobby's card) in every language."""
    rehearse(game_id)
    return {lang: opening_picture(game_id, lang) for lang in LANGUAGES}


def rehearsed(game_id: str) -> None:
    """The game rehearsed in this process (once; ``rehearse``); a failure is the game's to
    report when a room uses it."""
    with _REHEARSING:
        if game_id in _rehearsed:
            return
        with suppress(Exception):
            rehearse(game_id)
        _rehearsed.add(game_id)
        if gc.get_freeze_count():  # a server that froze its start-up: what was loaded, too
            gc.freeze()


def rehearse(game_id: str) -> None:
    """Play the game as a room shows it, in random games to their end: every position's
    observation for the seat to move and a spectator, its text board and picture, and each
    legal action's successor (what the presenter asks). A compiled function is loaded (or
    compiled) on its first call, which can take seconds; the server rehearses a game in a
    thread before a room of it is served, so none of that happens on the event loop (issue
    30: a core's search first asked late in a game was compiled there, a 7 s stall)."""
    game, rng = load_game(game_id), random.Random(0)
    view = registry.view(game_id)
    for _ in range(REHEARSALS):
        state = game.new_initial_state()
        for _ in range(REHEARSAL_MOVES):
            seat = state.current_player if state.current_player >= 0 else None
            for viewer in {seat, None}:
                observed = state.observation(viewer)
                for entry in (observed.get("legal") or [])[:REHEARSAL_SUCCESSORS]:
                    state.successor(entry["action"]).is_terminal()
                if view is not None:
                    view.svg(state, viewer, lang="en", overlay=None)
            state.text_board("en")
            state.end_reason()
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
        state.scores()
        state.winners()


def cold(game_id: str) -> bool:
    """The game has compiled functions (``@njit``) and numba's cache holds none of its yet (a
    fresh install): loading the game in this process would compile its core on the spot.
    Found without importing the game, from where numba keeps its cache: the ``__pycache__``
    beside the sources, or folders named after the source folder in ``NUMBA_CACHE_DIR``."""
    folder = _compiled_folder(game_id)
    if folder is None:
        return False
    cache_dir = getattr(numba_config, "CACHE_DIR", "")  # NUMBA_CACHE_DIR
    if cache_dir:
        places = list(Path(cache_dir).glob(f"{folder.name}_*"))
    else:
        places = [folder / "__pycache__"]
    return not any(any(place.glob("*.nbi")) for place in places)


@cache
def _compiled_folder(game_id: str) -> Path | None:
    """The folder of the game's sources, if they compile anything."""
    package = registry.modules().get(game_id)
    spec = importlib.util.find_spec(package) if package else None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    compiles = any("njit" in path.read_text("utf-8") for path in folder.glob("*.py"))
    return folder if compiles else None


def warm_bots(game_id: str) -> str:
    """Compile the search of the game's bots in this worker (its first move would else)."""
    state = load_game(game_id).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state = state.apply(sample_chance(state, rng))
    if not state.is_terminal():
        make_bot("mcts:easy", 0).choose(state)
    return game_id


def opening_picture(game_id: str, lang: str) -> str | None:
    """The game's view of an opening position (the lobby's card), chance's first outcomes
    drawn in order so that it is the same picture every time; None for a game without one."""
    view = registry.view(game_id)
    if view is None:
        return None
    state = load_game(game_id).new_initial_state()
    for _ in range(8):
        if not state.is_chance_node():
            break
        state = state.apply(state.chance_outcomes()[0][0])
    return view.svg(state, None, lang=lang, overlay=None)


def _start(games: dict[str, str], server: int, nice: int = 0) -> None:
    """A worker starts: Ctrl-C is the server's to handle (the pool is shut down with it), the
    worker ends with its server, and the games registered at run time are registered here too.
    ``nice``: how much lower its priority is than the server's (compiling ahead yields)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with(server)
    if nice:
        os.nice(nice)
    for game_id, module in games.items():
        if game_id not in registry.ids():
            registry.add(game_id, module)


PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when its parent ends


def _end_with(server: int) -> None:
    """End this worker once its server is gone. A server killed outright (SIGKILL, a crash)
    never shuts its pool down, and the worker would wait for work for ever: its task queue
    never reports end of file, since the worker holds that queue's writing end too. On Linux
    the kernel kills the worker with its parent (at once, however loaded the machine is); a
    thread that looks at the parent's pid is the fallback elsewhere. The pool's processes are
    started by the server's event-loop thread, which lasts as long as the server (the death
    signal follows the thread that started the process)."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):  # no prctl: the thread below does it
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != server:  # it was gone before the kernel was asked
        os._exit(0)
    threading.Thread(target=_follow, args=(server,), daemon=True).start()


def _follow(server: int) -> None:
    while os.getppid() == server:
        time.sleep(0.5)
    os._exit(0)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Processes started inside ignore Ctrl-C from their first instant (an ignored signal
    stays ignored across exec, and Python keeps it so): Ctrl-C in a terminal reaches the whole
    process group, and it is the server's to handle. Only the main thread may do this; in any
    other (tests) the processes start as they are."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_all(executor: Executor, workers: int) -> None:
    """Start every worker now (ignoring Ctrl-C) and import the games in them."""
    with sigint_ignored():
        for _ in range(max(1, workers)):
            executor.submit(warm)


def make_executor(workers: int, nice: int = 0) -> Executor:
    """A process pool of ``workers`` processes (``nice``: of a lower priority), or a thread
    pool when ``workers`` is 0 (tests)."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=2, thread_name_prefix="ludoteca-bot")
    games = registry.modules()  # so games registered at run time exist in the workers too
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start,
        initargs=(games, os.getpid(), nice),  # the server's pid: it may die before a worker starts
    )


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def hint_to_json(found: Hint | None, lang: str) -> dict[str, Any] | None:
    """What the client is told about a hint: the action, its value and the reason in words."""
    if found is None:
        return None
    return {"action": found.action, "value": found.value, "reason": found.reason.text(lang)}
