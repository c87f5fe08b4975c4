"""Quotas per client address and per seat, counted in moving windows (rates in the notation
of the ``limits`` library: "20/second;600/minute").

A request over a quota is refused with 429 and the seconds to wait (``Retry-After``); nothing
it asked for is done. Counts live in memory: a restart starts them afresh.

The windows are counted here, on the event loop, rather than in ``limits``' memory storage:
that storage runs a timer thread every 10 ms that walks every key under its locks, and under
load the loop waited for it (the GIL) while it did (issue 30)."""

from __future__ import annotations

import math
import time
from collections import deque

from limits import RateLimitItem, parse_many

from .config import RATES, Limits
from .errors import RoomError

SWEEP = 10_000  # hits between two sweeps of the windows nobody used lately


class Quotas:
    def __init__(self, limits: Limits):
        self.windows = MovingWindows()
        self.rates: dict[str, list[RateLimitItem]] = {
            name: parse_many(getattr(limits, name)) for name in RATES
        }
        self.mcts_rooms = limits.mcts_rooms
        self.open_seeks = limits.open_seeks
        self.heavy: dict[str, set[str]] = {}  # client address -> its rooms with an MCTS bot

    def hit(self, name: str, *keys: str) -> None:
        """Count one ``name`` for every key ("addr:…", "seat:…"), or refuse with 429 and count
        nothing when any of them is over its quota."""
        now = time.monotonic()
        windows = self.windows
        checks = [(rate, (name, key, str(rate))) for key in keys for rate in self.rates[name]]
        waits = [windows.wait(rate, window, now) for rate, window in checks]
        if any(waits):
            wait = max(1, math.ceil(max(waits)))
            raise RoomError(429, "web.error.too_many", {"seconds": wait}, retry_after=wait)
        for _, window in checks:
            windows.hit(window, now)

    def allowed(self, name: str, *keys: str) -> bool:
        """Like ``hit`` but answers False instead of refusing (for work done unasked: hints)."""
        try:
            self.hit(name, *keys)
        except RoomError:
            return False
        return True

    # -- rooms with heavy bots -----------------------------------------------------------

    def take_heavy_room(self, address: str, room_id: str) -> None:
        """Count a new room with an MCTS bot for ``address``; 429 past the cap."""
        rooms = self.heavy.setdefault(address, set())
        if len(rooms) >= self.mcts_rooms:
            raise RoomError(429, "web.error.too_many_bots", {"n": self.mcts_rooms}, retry_after=60)
        rooms.add(room_id)

    def release_heavy_room(self, room_id: str) -> None:
        """The room finished or was closed: it no longer counts against its creator."""
        for address, rooms in list(self.heavy.items()):
            rooms.discard(room_id)
            if not rooms:
                del self.heavy[address]


class MovingWindows:
    """The times of the hits of each window (quota, key and rate), the oldest first."""

    def __init__(self) -> None:
        self._hits: dict[tuple[str, str, str], deque[float]] = {}
        self._longest = 0.0  # seconds, the longest rate's window seen
        self._count = 0

    def wait(self, rate: RateLimitItem, window: tuple[str, str, str], now: float) -> float:
        """Seconds until the window has room for one more hit (0: it has room now)."""
        hits = self._hits.get(window)
        if hits is None:
            return 0.0
        expiry = rate.get_expiry()
        self._longest = max(self._longest, expiry)
        while hits and hits[0] <= now - expiry:
            hits.popleft()
        if len(hits) < rate.amount:
            return 0.0
        return hits[-rate.amount] + expiry - now

    def hit(self, window: tuple[str, str, str], now: float) -> None:
        self._hits.setdefault(window, deque()).append(now)
        self._count += 1
        if self._count % SWEEP == 0:
            self._sweep(now)

    def _sweep(self, now: float) -> None:
        """Windows whose last hit is older than any rate's window are dropped (memory)."""
        for window, hits in list(self._hits.items()):
            if not hits or hits[-1] <= now - self._longest:
                del self._hits[window]


def address_key(host: str | None) -> str:
    return f"addr:{host or 'unknown'}"


def seat_key(room_id: str, seat: int) -> str:
    return f"seat:{room_id}:{seat}"
