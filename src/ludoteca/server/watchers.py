"""One connection watching a room, and the queue of what is to be sent to it."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger("ludoteca.server")


class Outbox:
    """What is still to be sent on one socket, in order, sent by one writer task.

    A newer ``state`` replaces one not yet sent (a slow reader gets the latest position, not
    every position in between); a reader that lets ``limit`` messages pile up is closed."""

    def __init__(self, send: Callable[[str], Awaitable[None]], limit: int = 256):
        self._send = send
        self._items: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self._limit = limit
        self.closed = False
        self.close_code: int | None = None
        self.sent = 0

    def put(self, kind: str, text: str) -> None:
        if self.closed or self.close_code is not None:
            return
        if kind == "state":
            kept = [item for item in self._items if item[0] != "state"]
            if len(kept) != len(self._items):
                self._items = deque(kept)
        if len(self._items) >= self._limit:
            # a reader that does not read what it asks for: the socket is closed (4429)
            self._items.clear()
            self.close(4429)
            return
        self._items.append((kind, text))
        self._ready.set()

    def close(self, code: int) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if self.close_code is None:
            self.close_code = code
            self._ready.set()

    async def run(self, close: Callable[[int], Awaitable[None]]) -> None:
        """The writer: sends until the socket fails or is closed (never raises)."""
        try:
            while not self.closed:
                await self._ready.wait()
                self._ready.clear()
                while self._items and not self.closed:
                    _, text = self._items.popleft()
                    await self._send(text)
                    self.sent += 1
                if self.close_code is not None:
                    self.closed = True
                    await close(self.close_code)
        except asyncio.CancelledError:
            self.closed = True
        except Exception as error:  # the reader went away while we were sending
            self.closed = True
            log.debug("a socket closed while sending: %r", error)


@dataclass(eq=False)
class Watcher:
    """One connection looking at a room: a seat's holder or a spectator (seat None)."""

    outbox: Outbox
    address: str = ""
    seat: int | None = None
    lang: str = "en"
    views: bool = True
    narrow: bool = False  # shown on a phone's screen (see Overlay.narrow)
    palette: str = "default"  # the viewer's seat colours (Overlay.palette)
    hints: bool = False
    sent: tuple[int, int] = (-1, -1)  # the (position, presence) of the last view sent
    strikes: int = 0  # refusals for going over a quota, in a row
    user_id: int | None = None  # the account of the connection's session cookie, if any
    blocked: frozenset[int] = frozenset()  # the accounts it blocked: their chat is not sent
