"""Room events between the server instances sharing one PostgreSQL database.

The database stays the truth: a change is stored (committed) first, then announced here with
PostgreSQL's ``NOTIFY``. Every instance ``LISTEN``s; one that holds the room re-reads what
changed from the database (``Room.refresh``), tells its own watchers and lets its bots go
on. An announcement only says *which* room changed and *what kind* of event it was, so a lost
announcement costs a delay, never a wrong state: the room is re-read at its next use.

Kinds: ``change`` (anything stored: actions, undos, seats, status; re-read from the database),
``presence`` (the seats and spectators connected to the sending instance), ``say`` (a message
for every watcher, carried whole: ``{kind, text}``), ``release`` (an instance stopping hands
its rooms over: ``{rooms}``), ``banned`` (an account or address was banned: every instance closes
its sockets, ``{user}`` or ``{address}``).

``LocalBus`` is the bus of one process (SQLite): it carries nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("ludoteca.server.bus")

CHANNEL = "ludoteca_rooms"
MAX_PAYLOAD = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
RETRY = (0.2, 0.5, 1.0, 2.0, 5.0)  # seconds between attempts to reconnect


def new_instance_id() -> str:
    """A name for this process among the instances: host, pid and a random tail."""
    import os

    return f"{socket.gethostname()[:20]}-{os.getpid()}-{secrets.token_hex(3)}"


@dataclass(frozen=True)
class Event:
    instance: str  # the sender
    room: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> str:
        return json.dumps(
            {"i": self.instance, "r": self.room, "k": self.kind, "d": self.data},
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def parse(cls, payload: str) -> Event | None:
        try:
            raw = json.loads(payload)
            return cls(str(raw["i"]), str(raw["r"]), str(raw["k"]), dict(raw.get("d") or {}))
        except (ValueError, KeyError, TypeError):
            return None


Deliver = Callable[[Event], Awaitable[None]]


class LocalBus:
    """One process: nobody else to tell."""

    shared = False

    def __init__(self, instance: str | None = None):
        self.instance = instance or new_instance_id()
        self.ready = True

    async def start(self, deliver: Deliver, reconnected: Callable[[], Awaitable[None]]) -> None:
        return None

    def publish(self, room: str, kind: str, data: dict[str, Any] | None = None) -> None:
        return None

    async def close(self) -> None:
        return None


class PostgresBus(LocalBus):
    """``LISTEN``/``NOTIFY`` on one channel, over two connections of its own: one listens,
    one sends. Sending is queued and flushed in batches (one round trip for every event
    waiting), in the order published."""

    shared = True

    def __init__(self, url: str, instance: str | None = None, channel: str = CHANNEL):
        super().__init__(instance)
        self.conninfo = libpq_url(url)
        self.channel = channel
        self.ready = False
        self._queue: asyncio.Queue[Event] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.received = 0  # events of other instances delivered (for the tests and logs)

    async def start(self, deliver: Deliver, reconnected: Callable[[], Awaitable[None]]) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(deliver, reconnected)),
            asyncio.create_task(self._send()),
        ]

    def publish(self, room: str, kind: str, data: dict[str, Any] | None = None) -> None:
        event = Event(self.instance, room, kind, data or {})
        if len(event.payload().encode("utf-8")) > MAX_PAYLOAD:
            # too big to carry: the others re-read the room instead
            event = Event(self.instance, room, "change")
        self._queue.put_nowait(event)

    async def close(self) -> None:
        """Send what is queued (briefly), then stop."""
        for _ in range(50):
            if self._queue.empty():
                break
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.ready = False

    async def _listen(self, deliver: Deliver, reconnected: Callable[[], Awaitable[None]]) -> None:
        import psycopg

        attempt, first = 0, True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {self.channel}")
                    self.ready, attempt = True, 0
                    log.info("bus listening", extra={"channel": self.channel})
                    if not first:
                        await reconnected()  # events may have been missed meanwhile
                    first = False
                    async for notice in connection.notifies():
                        event = Event.parse(notice.payload)
                        if event is None or event.instance == self.instance:
                            continue
                        self.received += 1
                        try:
                            await deliver(event)
                        except Exception:
                            log.exception("bus: event %s of room %s failed", event.kind, event.room)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.ready = False
                pause = RETRY[min(attempt, len(RETRY) - 1)]
                attempt += 1
                log.warning("bus: listening failed, again in %.1f s: %s", pause, error)
                await asyncio.sleep(pause)

    async def _send(self) -> None:
        import psycopg

        attempt, batch = 0, list[Event]()
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as connection:
                    attempt = 0
                    while True:
                        if not batch:  # a batch that failed is sent again first
                            batch = [await self._queue.get()]
                        while not self._queue.empty() and len(batch) < 200:
                            batch.append(self._queue.get_nowait())
                        calls = ", ".join(["pg_notify(%s, %s)"] * len(batch))
                        params: list[str] = []
                        for event in batch:
                            params += [self.channel, event.payload()]
                        await connection.execute(f"SELECT {calls}", params)  # type: ignore[arg-type]
                        batch = []
            except asyncio.CancelledError:
                raise
            except Exception as error:
                pause = RETRY[min(attempt, len(RETRY) - 1)]
                attempt += 1
                log.warning("bus: sending failed, again in %.1f s: %s", pause, error)
                await asyncio.sleep(pause)


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://…``) as libpq takes it (``postgresql://…``)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def make_bus(url: str, instance: str | None = None) -> LocalBus:
    """The bus for a database: PostgreSQL's for a PostgreSQL URL, else none."""
    if url.startswith("postgresql"):
        return PostgresBus(url, instance)
    return LocalBus(instance)
