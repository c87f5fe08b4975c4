"""Quotas per client address and per seat, counted in moving windows (the ``limits`` library).

A request over a quota is refused with 429 and the seconds to wait (``Retry-After``); nothing
it asked for is done. Counts live in memory: a restart starts them afresh."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .config import Limits
from .errors import RoomError

RATES = ("rooms", "joins", "hellos", "messages", "hints", "chat", "logins", "seeks")


class Quotas:
    def __init__(self, limits: Limits):
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rates: dict[str, list[RateLimitItem]] = {
            name: parse_many(getattr(limits, name)) for name in RATES
        }
        self.mcts_rooms = limits.mcts_rooms
        self.open_seeks = limits.open_seeks
        self.heavy: dict[str, set[str]] = {}  # client address -> its rooms with an MCTS bot

    def hit(self, name: str, *keys: str) -> None:
        """Count one ``name`` for every key ("addr:…", "seat:…"), or refuse with 429 and count
        nothing when any of them is over its quota."""
        checks = [(rate, key) for key in keys for rate in self.rates[name]]
        refused = [(rate, key) for rate, key in checks if not self.limiter.test(rate, name, key)]
        if refused:
            wait = max(self._wait(rate, key, name) for rate, key in refused)
            raise RoomError(429, "web.error.too_many", {"seconds": wait}, retry_after=wait)
        for rate, key in checks:
            self.limiter.hit(rate, name, key)

    def allowed(self, name: str, *keys: str) -> bool:
        """Like ``hit`` but answers False instead of refusing (for work done unasked: hints)."""
        try:
            self.hit(name, *keys)
        except RoomError:
            return False
        return True

    def _wait(self, rate: RateLimitItem, key: str, name: str) -> int:
        reset = self.limiter.get_window_stats(rate, name, key).reset_time
        return max(1, math.ceil(reset - time.time()))

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


def address_key(host: str | None) -> str:
    return f"addr:{host or 'unknown'}"


def seat_key(room_id: str, seat: int) -> str:
    return f"seat:{room_id}:{seat}"
