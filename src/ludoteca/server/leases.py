"""Who drives a room: one instance at a time moves a room's chance and bots (and runs its
timers), the one holding the room's lease.

A lease is a row of ``room_leases`` (room, holder). It is valid while its holder is alive:
every instance writes its heartbeat into ``instances`` every ``beat`` seconds, and an
instance whose heartbeat is older than ``ttl`` seconds is taken for gone. Every beat, each
instance adopts the rooms whose holder is gone (one wins each room: the lease is taken by a
conditional ``INSERT … ON CONFLICT DO UPDATE … WHERE``), so a room whose instance died goes on
within ``ttl + beat`` seconds; so are rooms with bots or a clock that have no lease at all (their
instance died before it took one; looked for every ``UNLEASED_EVERY`` beats). An instance that stops cleanly deletes its heartbeat at once,
so its rooms are adopted at the others' next beat (the bus tells them at once, too).

Even two instances driving one room at once would do no harm, only waste work: a move is
accepted only by a uniquely numbered row of the log, and chance and bots draw from the room's
seed and log position, so both would propose the same move and exactly one would be stored.

``SoleLeases`` is one process's: it holds every room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import text

log = logging.getLogger("ludoteca.server.leases")

T = TypeVar("T")

# Rooms in play that need a driver (a bot seat, or a clock that runs out) but have no lease at
# all: their instance died before it ever took one (or before anyone opened them). Rooms of
# people only, without a clock, need no driver. The room's creator had ``ttl`` seconds to
# take the lease itself (times are stored as naive UTC).
UNLEASED_EVERY = 8  # beats
UNLEASED = text(
    "SELECT r.id, NULL FROM rooms r "
    "WHERE r.status = 'playing' "
    "AND r.updated_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => :ttl) "
    "AND NOT EXISTS (SELECT 1 FROM room_leases l WHERE l.room_id = r.id) "
    "AND (COALESCE(r.clock::text, 'null') <> 'null' "
    "OR EXISTS (SELECT 1 FROM seats s WHERE s.room_id = r.id AND s.kind = 'bot')) "
    "ORDER BY r.updated_at LIMIT 100"
)


class SoleLeases:
    """One process drives every room."""

    shared = False

    def __init__(self, instance: str = "", ttl: float = 5.0):
        self.instance = instance
        self.ttl = ttl
        self.alive: set[str] = {instance}

    async def start(
        self, adopt: Callable[[str], Awaitable[None]], gone: Callable[[set[str]], None]
    ) -> None:
        return None

    def holds(self, room: str) -> bool:
        return True

    async def hold(self, room: str) -> bool:
        return True

    async def release(self, room: str) -> None:
        return None

    def forget(self, rooms: list[str]) -> None:
        return None

    async def stop(self) -> list[str]:
        return []


class Leases(SoleLeases):
    """Leases in the shared PostgreSQL database (tables ``instances`` and ``room_leases``)."""

    shared = True

    def __init__(self, engine: Any, instance: str, ttl: float = 5.0, address: str = ""):
        super().__init__(instance, ttl)
        self.engine = engine
        self.address = address
        self.beat = max(0.2, ttl / 4)
        self.held: set[str] = set()
        self.others: dict[str, str] = {}  # room -> the live instance holding it
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-lease")
        self._task: asyncio.Task[None] | None = None
        self._beats = 0

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        # a thread of its own: the heartbeat never waits behind the rooms' writes
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, partial(function, *args))

    # -- the heartbeat -----------------------------------------------------------------------

    async def start(
        self, adopt: Callable[[str], Awaitable[None]], gone: Callable[[set[str]], None]
    ) -> None:
        await self._run(self._register)
        self._task = asyncio.create_task(self._beat(adopt, gone))
        log.info("instance started", extra={"instance": self.instance, "lease_ttl": self.ttl})

    async def _beat(
        self, adopt: Callable[[str], Awaitable[None]], gone: Callable[[set[str]], None]
    ) -> None:
        while True:
            try:
                alive, mine, orphans = await self._run(self._heartbeat)
                lost = self.held - mine
                if lost:
                    log.warning("leases lost to other instances", extra={"rooms": sorted(lost)})
                self.held &= mine
                self.alive = alive
                self.others = {r: h for r, h in self.others.items() if h in alive}
                gone(alive)
                for room, holder in orphans:
                    if await self._run(self._take, room):
                        log.info("room adopted", extra={"room": room, "from": holder})
                        await adopt(room)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("leases: heartbeat failed: %s", error)
            await asyncio.sleep(self.beat)

    def _register(self) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO instances (id, address, started_at, seen_at) "
                    "VALUES (:me, :address, now(), now()) "
                    "ON CONFLICT (id) DO UPDATE SET seen_at = now()"
                ),
                {"me": self.instance, "address": self.address[:200]},
            )

    def _heartbeat(self) -> tuple[set[str], set[str], list[tuple[str, str]]]:
        """Beat; returns the live instances, the rooms this one holds and up to 100 rooms
        whose holder is gone."""
        ttl = {"ttl": self.ttl}
        with self.engine.begin() as connection:
            beat = connection.execute(
                text("UPDATE instances SET seen_at = now() WHERE id = :me"), {"me": self.instance}
            )
            if beat.rowcount == 0:  # taken for gone and cleared away: here again
                self._register()
            alive = set(
                connection.execute(
                    text(
                        "SELECT id FROM instances "
                        "WHERE seen_at > now() - make_interval(secs => :ttl)"
                    ),
                    ttl,
                ).scalars()
            )
            mine = set(
                connection.execute(
                    text("SELECT room_id FROM room_leases WHERE holder = :me"),
                    {"me": self.instance},
                ).scalars()
            )
            orphans = [
                *connection.execute(
                    text(
                        "SELECT l.room_id, l.holder FROM room_leases l LEFT JOIN instances i "
                        "ON i.id = l.holder AND i.seen_at > now() - make_interval(secs => :ttl) "
                        "WHERE i.id IS NULL ORDER BY l.taken_at LIMIT 100"
                    ),
                    ttl,
                ).all(),
            ]
            self._beats += 1
            if self._beats % UNLEASED_EVERY == 1:  # a scan of the rooms in play: less often
                orphans += connection.execute(UNLEASED, ttl).all()
            connection.execute(
                text("DELETE FROM instances WHERE seen_at < now() - interval '1 day'")
            )
        return alive, mine, [(row[0], row[1] or "") for row in orphans]

    # -- one room's lease --------------------------------------------------------------------

    def holds(self, room: str) -> bool:
        return room in self.held

    async def hold(self, room: str) -> bool:
        """True if this instance holds (or now took) the room's lease; False while a live
        instance holds it."""
        if room in self.held:
            return True
        if room in self.others:
            return False
        if await self._run(self._take, room):
            return True
        holder = await self._run(self._holder, room)
        if holder is not None and holder != self.instance:
            self.others[room] = holder
        return False

    def _take(self, room: str) -> bool:
        with self.engine.begin() as connection:
            taken = connection.execute(
                text(
                    "INSERT INTO room_leases (room_id, holder, taken_at) "
                    "VALUES (:room, :me, now()) "
                    "ON CONFLICT (room_id) DO UPDATE SET holder = :me, taken_at = now() "
                    "WHERE room_leases.holder = :me OR NOT EXISTS ("
                    "SELECT 1 FROM instances i WHERE i.id = room_leases.holder "
                    "AND i.seen_at > now() - make_interval(secs => :ttl)) "
                    "RETURNING holder"
                ),
                {"room": room, "me": self.instance, "ttl": self.ttl},
            ).first()
        if taken is not None:
            self.held.add(room)
            self.others.pop(room, None)
        return taken is not None

    def _holder(self, room: str) -> str | None:
        with self.engine.begin() as connection:
            return connection.execute(
                text("SELECT holder FROM room_leases WHERE room_id = :room"), {"room": room}
            ).scalar()

    async def release(self, room: str) -> None:
        """The room needs no driver any more (finished, abandoned)."""
        if room in self.held:
            self.held.discard(room)
            await self._run(self._delete, room)

    def _delete(self, room: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                text("DELETE FROM room_leases WHERE room_id = :room AND holder = :me"),
                {"room": room, "me": self.instance},
            )

    def forget(self, rooms: list[str]) -> None:
        """Their holder let them go: ask again next time."""
        for room in rooms:
            self.others.pop(room, None)

    async def stop(self) -> list[str]:
        """This instance stops: its heartbeat goes at once, so the others adopt its rooms at
        their next beat. Returns the rooms it held (to be announced)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        held, self.held = sorted(self.held), set()
        try:
            await self._run(self._unregister)
        except Exception as error:
            log.warning("leases: could not sign off: %s", error)
        self._thread.shutdown(wait=False)
        log.info("instance stopped", extra={"instance": self.instance, "rooms": held})
        return held

    def _unregister(self) -> None:
        with self.engine.begin() as connection:
            connection.execute(text("DELETE FROM instances WHERE id = :me"), {"me": self.instance})
