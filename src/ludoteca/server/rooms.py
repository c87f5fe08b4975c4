"""The live rooms of one server: the registry, loading and letting go, and the other instances.

The parts: ``db.Store`` (the database), ``room.Room`` (one room, an actor: it handles one
command at a time and returns events), ``publisher.Publisher`` (the one place events are sent
and announced), ``botrunner.BotRunner`` (chance, bots and hints off the event loop) and
``timers.Timers`` (clocks running out). Every change of a room goes through ``Hub.apply``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from .botrunner import BotRunner
from .bus import LocalBus
from .commands import Close, Command, Event, Refresh, Settle, StartClock
from .db import Database, SeatInfo
from .errors import RoomError
from .instances import Instances
from .leases import SoleLeases
from .moderation import Moderation
from .publisher import Publisher
from .quotas import Quotas
from .reminders import Reminders
from .room import Room
from .timers import Timers

log = logging.getLogger("ludoteca.server")


class Hub:
    """The rooms of this instance. With several instances on one database (``bus``,
    ``leases``), each change is announced to the others, and the others' are caught up with."""

    def __init__(
        self,
        db: Database,
        bots: BotRunner,
        quotas: Quotas,
        bus: LocalBus | None = None,
        leases: SoleLeases | None = None,
    ):
        self.db, self.bots, self.quotas = db, bots, quotas
        self.bus = bus or LocalBus()
        self.leases = leases or SoleLeases(self.bus.instance)
        bots.leases, bots.apply = self.leases, self.apply
        self.rooms: dict[str, Room] = {}
        self.broken: set[str] = set()
        self.publisher = Publisher(self)
        self.moderation = Moderation(db.store)  # sanctions checked on chat and decisions
        self.instances = Instances(self)
        self.timers = Timers(self.leases, self.apply)
        self.reminders = Reminders(db)  # mails nothing until the app gives it a mailer
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._quiet: dict[str, float] = {}  # room -> since when no socket here watches it

    def close(self) -> None:
        self.timers.close()
        self.reminders.close()
        for task in self._tasks:
            task.cancel()
        self.bots.close()
        self.db.close()

    # -- changes -------------------------------------------------------------------------

    async def apply(self, room: Room, command: Command) -> list[Event]:
        """The one way a room changes: it handles ``command``, the publisher sends what came
        of it (also what changed before a refusal)."""
        try:
            events = await room.handle(command)
        except RoomError as error:
            if error.news:
                await self.publisher.publish(room, error.news)
            raise
        await self.publisher.publish(room, events)
        return events

    async def seat_of(self, room: Room, token: str) -> int:
        """The seat of a token; a seat changed through another instance is read afresh."""
        try:
            return room.seat_of(token)
        except RoomError:
            if not self.bus.shared:
                raise
        await self.apply(room, Refresh())
        return room.seat_of(token)

    # -- other instances -------------------------------------------------------------------

    async def start(self, idle_rooms: float = 300.0) -> None:
        """Join the other instances: hear their events, adopt the rooms of gone ones, and let
        rooms nobody watches here for ``idle_rooms`` seconds go from memory."""
        await self.bus.start(self.instances.hear, self.instances.reconnected)
        await self.leases.start(self.instances.adopt, self.instances.gone)
        if self.bus.shared:
            self.spawn(self._evicting(idle_rooms))

    async def stop(self) -> None:
        """Leave cleanly: the rooms this instance drove are handed over at once."""
        held = await self.leases.stop()
        if held:
            self.bus.publish("", "release", {"rooms": held[:200]})
        await self.bus.close()

    def spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- rooms ---------------------------------------------------------------------------

    async def open(
        self,
        game: str,
        options: dict[str, Any],
        infos: list[SeatInfo],
        table: dict[str, Any],
        address: str,
        host_hash: str | None,
        rated: bool,
        seed: str | None = None,
    ) -> str:
        """Store a new room and load it; returns its id."""
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        if any(info.bot and info.bot.startswith("mcts") for info in infos):
            self.quotas.take_heavy_room(address, room_id)
        store, seed = self.db.store, seed or secrets.token_hex(16)
        try:
            await self.db.run(
                store.create_room, room_id, game, options, seed, infos, host_hash, rated, table
            )
        except Exception:
            self.quotas.release_heavy_room(room_id)
            raise
        room = await self.room(room_id)
        await self.db.run(store.set_to_move, room_id, room.to_move())  # before any entry
        return room_id

    async def room(self, room_id: str) -> Room:
        """The live room, loaded from the database on first use; 404 if there is none, 409
        if its log could not be replayed (the room is kept aside, marked broken)."""
        if room_id in self.rooms:
            room = self.rooms[room_id]
            if room_id in self._quiet:  # used: idle from now on
                self._quiet[room_id] = time.monotonic()
            if room.stale:
                await self.apply(room, Refresh())
            return room
        if room_id in self.broken:
            raise RoomError(409, "web.error.broken")
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                if room_id not in self.rooms:
                    room = await self._load(room_id)
                    await room.handle(StartClock())
                    if await room.handle(Settle()):  # ended, unsettled: settled once, here
                        self.bus.publish(room_id, "change")
                    self.rooms[room.id] = room
                    self._quiet[room.id] = time.monotonic()
                    self.bots.kick(room)
                    self.timers.arm(room)
                    # the others say who watches it there (a room of bots moves only while
                    # someone looks, here or elsewhere)
                    self.bus.publish(room_id, "ask")
        finally:
            self._loading.pop(room_id, None)
        return self.rooms[room_id]

    async def _load(self, room_id: str) -> Room:
        loaded = await self.db.run(self.db.store.load_room, room_id)
        if loaded is None:
            raise RoomError(404, "web.error.no_room", {"room": room_id})
        if loaded.status == "broken":
            self.broken.add(room_id)
            raise RoomError(409, "web.error.broken")
        await self.bots.compiled(loaded.game)
        try:  # replayed in a thread: a long log never holds the event loop
            return await asyncio.to_thread(Room, loaded, self.db)
        except Exception:
            log.exception("room %s: its log cannot be replayed; it is marked broken", room_id)
            self.broken.add(room_id)
            await self.db.run(self.db.store.set_status, room_id, "broken")
            raise RoomError(409, "web.error.broken") from None

    async def info(self, room_id: str) -> dict[str, Any]:
        """The public facts of a room (also of one that is broken)."""
        try:
            return (await self.room(room_id)).public()
        except RoomError as error:
            if error.key != "web.error.broken":
                raise
        row = await self.db.run(self.db.store.room_row, room_id)
        if row is None:
            raise RoomError(404, "web.error.no_room", {"room": room_id})
        return {**row, "seats": [], "move": None, "online": [], "spectators": 0}

    def to_move(self, room_id: str, stored: int | None) -> int | None:
        """The seat whose move it is in a room in play (None: chance or the end): the live
        room's, else what its latest entry ``stored``."""
        room = self.rooms.get(room_id)
        return room.to_move() if room is not None else stored

    def touched(self, room: Room) -> None:
        if room.id in self._quiet:  # a change: idle from now on
            self._quiet[room.id] = time.monotonic()

    def watching_changed(self, room: Room) -> None:
        """A socket here came or went: a room nobody watches is idle from now on."""
        if room.watchers:
            self._quiet.pop(room.id, None)
        elif self.rooms.get(room.id) is room:
            self._quiet.setdefault(room.id, time.monotonic())
            self.forget_if_done(room)

    def forget_if_done(self, room: Room) -> None:
        """A room no longer played that nobody watches leaves memory (not the database)."""
        idle = not room.playing and not room.watchers and not room.lock.locked()
        if idle and self.rooms.get(room.id) is room:
            self._drop(room)
            self.spawn(self.leases.release(room.id))

    def _drop(self, room: Room) -> None:
        del self.rooms[room.id]
        self.publisher.forget(room.id)
        self._quiet.pop(room.id, None)
        self.bots.forget(room)
        self.timers.disarm(room.id)

    def evict_idle(self, idle: float) -> list[str]:
        """Several instances: rooms that no socket of this instance watched for ``idle``
        seconds, whose bots are not thinking and whose clock this instance is not timing,
        leave its memory (not the database). A lease held stays held: an event of such a
        room (a move through another instance, someone looking) loads it again here."""
        now, gone = time.monotonic(), []
        for room_id, since in list(self._quiet.items()):
            room = self.rooms.get(room_id)
            if room is None:
                self._quiet.pop(room_id, None)
                continue
            busy = room.watchers or room.lock.locked() or self.bots.thinking(room)
            if now - since < idle or busy or self.timers.timing(room_id):
                continue
            self._drop(room)
            gone.append(room_id)
        return gone

    async def _evicting(self, idle: float) -> None:
        while True:
            await asyncio.sleep(max(0.5, idle / 4))
            try:
                gone = self.evict_idle(idle)
            except Exception:
                log.exception("idle rooms could not be let go")
                continue
            if gone:
                log.info("idle rooms let go from memory", extra={"rooms": len(gone)})

    # -- start-up and idle rooms ---------------------------------------------------------

    async def resume(self) -> None:
        """After a restart, let chance and bots go on in rooms left waiting for them; a room
        whose log cannot be replayed is marked broken and the others go on. (Several
        instances: the rooms of a gone instance are adopted through their leases instead.)"""
        if self.leases.shared:
            return
        for row in await self.db.run(self.db.store.rooms, "playing", 500):
            try:
                await self.room(row["id"])
            except RoomError:
                continue
            except Exception:
                log.exception("room %s could not be resumed", row["id"])

    async def close_idle(self, idle: float) -> list[str]:
        """Rooms with no move for ``idle`` seconds are closed: bots stop, the lobby drops them."""
        before = datetime.now(UTC).replace(tzinfo=None) - timedelta(seconds=idle)
        closed = await self.db.run(self.db.store.idle_rooms, before)
        for room_id in closed:
            self.quotas.release_heavy_room(room_id)
            try:  # in a game that counts, the seat that stalled loses it (Room._close)
                await self.apply(await self.room(room_id), Close())
            except RoomError:  # broken, or gone: closed without being played on
                await self.db.run(self.db.store.set_status, room_id, "abandoned")
        if closed:
            log.info("closed %d abandoned rooms", len(closed))
        return closed
