"""The rooms' clocks running out: a timer per room whose seat's time runs, which plays the
time-out when it is up. With several instances, only the holder of a room's lease times it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .commands import Command, Event, TimeOut
from .leases import SoleLeases
from .room import Room

log = logging.getLogger("ludoteca.server")

Apply = Callable[[Room, Command], Awaitable[list[Event]]]


class Timers:
    def __init__(self, leases: SoleLeases, apply: Apply):
        self.leases = leases
        self.apply = apply
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def timing(self, room_id: str) -> bool:
        return room_id in self._timers

    def arm(self, room: Room) -> None:
        """Wake up when the running seat's time is up (then its time-out is played)."""
        self.disarm(room.id)
        due = room.clock_due()
        if due is None:
            return
        if not self.leases.holds(room.id):  # one instance at a time plays the time-outs
            self._spawn(self._arm_when_held(room))
            return
        loop = asyncio.get_running_loop()
        self._timers[room.id] = loop.call_later(due + 0.01, self._flag, room)

    def disarm(self, room_id: str) -> None:
        timer = self._timers.pop(room_id, None)
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        for task in self._tasks:
            task.cancel()

    async def _arm_when_held(self, room: Room) -> None:
        if await self.leases.hold(room.id) and room.clock_due() is not None:
            self.arm(room)

    def _flag(self, room: Room) -> None:
        self._timers.pop(room.id, None)
        self._spawn(self._time_out(room))

    async def _time_out(self, room: Room) -> None:
        try:
            if not await self.apply(room, TimeOut()):
                self.arm(room)  # not yet (the clock changed meanwhile)
        except Exception:
            log.exception("room %s: the time-out failed", room.id)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
