"""Chance and bots moving in rooms, and hints, all thought out off the event loop.

Bots and hints run in worker processes (threads in tests), so a slow bot in one room never
stalls another room. A room's bots stop when the room stops being played, and a room of bots
only stops thinking while nobody watches it (it goes on when someone looks again)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, Future
from functools import partial
from typing import TypeVar

from ludoteca import CHANCE
from ludoteca.bots import BOTS
from ludoteca.engine import State, sample_chance
from ludoteca.engine.parts import Hint
from ludoteca.games import registry

from . import pace, workers
from .commands import Command, Event, PlayFor
from .leases import SoleLeases
from .room import Room

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")
WARMING_NICE = 10  # the process compiling ahead yields to the server and the bots
STUDY_NICE = 5  # the process analysing finished games yields to the server and the bots


def bot_specs() -> list[str]:
    """Every bot a seat can hold: ``random``, ``mcts:easy`` …"""
    specs = []
    for name, maker in BOTS.items():
        levels = maker.levels
        specs += [f"{name}:{level}" for level in levels] if levels else [name]
    return specs


class BotRunner:
    def __init__(self, worker_count: int, delay: float = 0.0):
        self.worker_count = worker_count
        self.delay = delay
        self.executor: Executor = workers.make_executor(worker_count)
        self._running: set[str] = set()  # rooms whose loop is on
        self._tasks: set[asyncio.Task] = set()
        self._hints: dict[str, tuple[int, dict[int, Hint | None]]] = {}
        # games whose core is being compiled: their opening pictures (by language) once it is
        self._ready: dict[str, asyncio.Future[dict[str, str | None]]] = {}
        self._warming: Executor | None = None  # the process compiling the games' cores
        self._compilers: set[multiprocessing.process.BaseProcess] = set()
        self._studies: Executor | None = None  # the worker analysing finished games
        # several instances: only the holder of a room's lease moves its chance and bots
        self.leases = SoleLeases()
        # how a move is played (the hub's: the room handles it, the publisher sends it)
        self.apply: Callable[[Room, Command], Awaitable[list[Event]]] = _handle

    def warm(self) -> None:
        """Start the workers now. With worker processes, one more process compiles every
        game's core, one game after the other (then its bots' search), while the site already
        answers: what it compiled is kept in the cores' cache on disk, where this process and
        the workers load it from (``ready``)."""
        workers.start_all(self.executor, self.worker_count)
        if self.worker_count > 0 and self._warming is None:
            before = set(multiprocessing.active_children())
            self._warming = workers.make_executor(1, nice=WARMING_NICE)
            workers.start_all(self._warming, 1)
            self._compilers = set(multiprocessing.active_children()) - before
            task = asyncio.get_running_loop().create_task(self._warm_all())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _warm_all(self) -> None:
        games = registry.ids()
        for game_id in games:
            await self.ready(game_id)
        for game_id in games:
            with contextlib.suppress(Exception):
                await asyncio.wrap_future(self._warm(workers.warm_bots, game_id))

    def _warm(self, work: Callable[[str], T], game_id: str) -> Future[T]:
        assert self._warming is not None
        return self._warming.submit(work, game_id)

    async def compiled(self, game_id: str) -> None:
        """Before this process uses a game: after a fresh install its core is compiled by the
        warm-up, not here (this waits, the event loop goes on); then the game is rehearsed in
        a thread, once, loading its compiled code from the cache (a function's first call does,
        which takes a while), so that no room's move does so on the event loop."""
        if self._warming is not None and workers.cold(game_id):
            await self.ready(game_id)
        await asyncio.to_thread(workers.rehearsed, game_id)

    async def ready(self, game_id: str) -> dict[str, str | None]:
        """Wait until the game's core is compiled (a game asked for goes next; the event
        loop goes on meanwhile; a failed compilation is the game's to report when it is
        used); the opening pictures drawn meanwhile, by language ({}: none drawn ahead)."""
        if self._warming is None:
            return {}
        if game_id not in self._ready:
            future = asyncio.wrap_future(self._warm(workers.warm_game, game_id))
            future.add_done_callback(_seen)  # a failure is the game's to report when used
            self._ready[game_id] = future
        with contextlib.suppress(Exception):
            return await asyncio.shield(self._ready[game_id])
        return {}

    async def run(self, call: Callable[[], T]) -> T:
        """``call`` in a worker."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, call)

    async def study(self, call: Callable[[], T]) -> T:
        """``call`` (a finished game's analysis: a minute or more of search) in a worker of
        its own, started on first use, one analysis after the other: the rooms' bots never
        wait behind one, and the site's own processes go first (a lower priority)."""
        if self._studies is None:
            self._studies = workers.make_executor(min(1, self.worker_count), nice=STUDY_NICE)
        return await asyncio.get_running_loop().run_in_executor(self._studies, call)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._studies is not None:
            self._studies.shutdown(wait=False, cancel_futures=True)
        if self._warming is not None:
            self._warming.shutdown(wait=False, cancel_futures=True)
        for process in self._compilers:  # a compilation may take minutes: the server stops now
            process.terminate()

    @property
    def busy(self) -> int:
        """Rooms whose chance or bots are to move (their loops are on)."""
        return len(self._running)

    def thinking(self, room: Room) -> bool:
        return room.id in self._running

    def kick(self, room: Room) -> None:
        """Let chance and the bots move in ``room`` until a person is to act."""
        if room.id not in self._running and self._may_move(room):
            self._running.add(room.id)
            task = asyncio.get_running_loop().create_task(self._advance(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    @staticmethod
    def _may_move(room: Room) -> bool:
        return room.playing and not (room.bots_only() and not room.watched())

    async def _advance(self, room: Room) -> None:
        try:
            if not await self.leases.hold(room.id):
                return  # another instance drives this room
            while self._may_move(room) and self.leases.holds(room.id):
                state, version = room.state, room.version
                player = state.current_player
                if player == CHANCE:
                    action = sample_chance(state, room.rng("chance"))
                elif player >= 0 and room.seats[player].kind == "bot":
                    wait = pace.wait(room.table.pace, self.delay)
                    if wait:
                        await asyncio.sleep(wait)
                    action = await self._choose(room, state, player)
                else:
                    return
                await self.apply(room, PlayFor(player, action, version))
        except Exception:
            log.exception("room %s: chance or a bot failed", room.id)
        finally:
            self._running.discard(room.id)

    async def _choose(self, room: Room, state: State, seat: int) -> str:
        spec = room.seats[seat].bot or "random"
        seed = room.rng("bot").getrandbits(63)
        options = dict(room.game.options)
        call = partial(
            workers.bot_action, room.id, room.game.id, options, state.history(), spec, seed
        )
        try:
            action = await asyncio.get_running_loop().run_in_executor(self.executor, call)
            if action in state.legal_actions():
                return action
            log.error("room %s: bot %s chose the illegal %r", room.id, spec, action)
        except BrokenExecutor:
            log.error("room %s: the bots' worker died; starting new workers", room.id)
            self._renew()
        except Exception:
            log.exception("room %s: bot %s failed; playing a random action", room.id, spec)
        return random.Random(seed).choice(state.legal_actions())

    def _renew(self) -> None:
        old, self.executor = self.executor, workers.make_executor(self.worker_count)
        old.shutdown(wait=False, cancel_futures=True)
        workers.start_all(self.executor, self.worker_count)

    # -- hints ---------------------------------------------------------------------------

    def known_hint(self, room: Room, seat: int) -> tuple[bool, Hint | None]:
        """(known, hint) for ``seat`` at the room's current position."""
        version, found = self._hints.get(room.id, (-1, {}))
        if version == room.version and seat in found:
            return True, found[seat]
        return False, None

    async def hint(self, room: Room, seat: int) -> Hint | None:
        """The hint for ``seat`` at the room's current position (computed once)."""
        known, found = self.known_hint(room, seat)
        if known:
            return found
        version, history = room.version, room.state.history()
        options = dict(room.game.options)
        call = partial(workers.hint_for, room.id, room.game.id, options, history, seat)
        try:
            found = await asyncio.get_running_loop().run_in_executor(self.executor, call)
        except Exception:
            log.exception("room %s: the hint failed", room.id)
            found = None
        cached_version, by_seat = self._hints.get(room.id, (-1, {}))
        if cached_version != version:
            by_seat = {}
        by_seat[seat] = found
        self._hints[room.id] = (version, by_seat)
        return found

    def forget(self, room: Room) -> None:
        self._hints.pop(room.id, None)


def _seen(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()


async def _handle(room: Room, command: Command) -> list[Event]:
    return await room.handle(command)
