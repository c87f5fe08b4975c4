"""What the other instances sharing the database say (the bus), and the rooms this instance
takes over from gone ones (the leases). Each is turned into commands of the rooms concerned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bus import Event as BusEvent
from .commands import Elsewhere, ForgetInstances, Outdated, Refresh, Settle
from .errors import RoomError
from .room import Room

if TYPE_CHECKING:
    from .rooms import Hub


class Instances:
    def __init__(self, hub: Hub):
        self.hub = hub

    async def hear(self, event: BusEvent) -> None:
        """An event of another instance."""
        if event.kind == "release":
            rooms = [str(room) for room in event.data.get("rooms", [])]
            self.hub.leases.forget(rooms)
            for room_id in rooms:
                if room_id in self.hub.rooms:
                    self.hub.bots.kick(self.hub.rooms[room_id])
            return
        if event.kind == "banned":
            self.hub.publisher.turn_away(event.data, announce=False)
            return
        room = self.hub.rooms.get(event.room)
        if room is None:
            looked_at = event.kind == "presence" and any(event.data.values())
            if (event.kind == "change" or looked_at) and self.hub.leases.holds(event.room):
                self.hub.spawn(self._wake(event))  # its driver let it go from memory: load it
            return  # else read afresh when it is first used here
        if event.kind == "ask" and room.watchers:  # an instance loaded it: who watches here?
            self.hub.publisher.announce_presence(room)
        elif event.kind == "change":
            if room.watchers or self.hub.leases.holds(room.id):
                self.hub.spawn(self.hub.apply(room, Refresh()))
            else:
                await self.hub.apply(room, Outdated())
        elif event.kind == "presence":
            await self._heard_presence(room, event)
        elif event.kind == "say":
            kind, text = str(event.data.get("kind", "")), str(event.data.get("text", ""))
            author = event.data.get("author")
            self.hub.publisher.relay(room, kind, text, author if isinstance(author, int) else None)

    async def _heard_presence(self, room: Room, event: BusEvent) -> None:
        seats = [int(seat) for seat in event.data.get("seats", []) if isinstance(seat, int)]
        count = int(event.data.get("spectators", 0) or 0)
        await self.hub.apply(room, Elsewhere(event.instance, tuple(seats), count))
        self.hub.bots.kick(room)  # a room of bots goes on while someone watches it anywhere

    async def reconnected(self) -> None:
        """Events may have been missed while the bus was down: every room is re-read."""
        for room in list(self.hub.rooms.values()):
            self.hub.spawn(self.hub.apply(room, Refresh() if room.watchers else Outdated()))

    async def _wake(self, event: BusEvent) -> None:
        """A room this instance drives, not in its memory, changed or is looked at elsewhere:
        loaded, its bots and clock go on."""
        try:
            room = await self.hub.room(event.room)
        except RoomError:
            return
        if event.kind == "presence":
            await self._heard_presence(room, event)

    async def adopt(self, room_id: str) -> None:
        """This instance took the lease of a room whose instance is gone (or that had no
        lease): it drives it now."""
        known = room_id in self.hub.rooms
        try:
            room = await self.hub.room(room_id)
            if known:  # its driver may have died between storing a move and announcing it
                await self.hub.apply(room, Refresh())
        except RoomError:
            await self.hub.leases.release(room_id)
            return
        await self.hub.apply(room, Settle())
        if not room.playing:
            await self.hub.leases.release(room_id)
        self.hub.bots.kick(room)
        self.hub.timers.arm(room)

    def gone(self, alive: set[str]) -> None:
        """Forget the watchers of instances that are gone."""
        for room in self.hub.rooms.values():
            if any(name not in alive for name in room.elsewhere):
                self.hub.spawn(self.hub.apply(room, ForgetInstances(frozenset(alive))))
