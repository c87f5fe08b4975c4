"""The one place a room's events go out: versioned, rendered, sent to the watchers of this
instance through their outboxes, and announced to the other instances on the bus.

Truth first, announcement second: a room returns its events once what they say is stored, and
only then are they sent and announced. After every change each distinct view is rendered once
(``presenter.Presenter``) and its text handed to all who share it; a watcher arriving or
leaving is answered alone, never by re-sending everyone's views.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from ludoteca.engine.parts import Hint

from . import opening
from .commands import (
    CaughtUp,
    Change,
    ChatHidden,
    Event,
    RematchDue,
    RematchOpened,
    RematchVoted,
    Said,
    SeatRevoked,
    SeatsOnline,
    SpectatorsCounted,
    Watched,
)
from .errors import RoomError
from .moderation import unblocked
from .presenter import Presenter, ViewKey, dumps
from .quotas import seat_key
from .room import Room
from .table import rematch_seat
from .watchers import Watcher

if TYPE_CHECKING:
    from .rooms import Hub

PRESENCE_PAUSE = 2.0  # seconds between two spectator counts sent to the players of a room


class Publisher:
    def __init__(self, hub: Hub):
        self.hub = hub
        self.presenters: dict[str, Presenter] = {}
        self._presence_due: set[str] = set()

    async def publish(self, room: Room, events: list[Event]) -> None:
        """Send and announce what ``events`` say, in order; then the views once."""
        hub = self.hub
        for event in events:
            await self._one(room, event)
        if any(event.stored_here() for event in events):
            hub.bus.publish(room.id, "change")
        if any(isinstance(event, Change | CaughtUp) for event in events):
            self._went_on(room)
        if any(
            isinstance(event, SeatsOnline | SpectatorsCounted) and event.here for event in events
        ):
            hub.watching_changed(room)
        if any(event.resend for event in events):
            await self.views(room)

    async def _one(self, room: Room, event: Event) -> None:
        if isinstance(event, Watched):
            await self._welcome(room, event)
        elif isinstance(event, SeatsOnline):
            if event.here:
                self.announce_presence(room)
            text = self.presenter(room).presence()
            for watcher in room.watchers:
                if watcher is not event.besides:
                    watcher.outbox.put("presence", text)
        elif isinstance(event, SpectatorsCounted):
            if not event.here:
                self._tell_players(room)
            elif room.id not in self._presence_due:
                self._presence_due.add(room.id)
                asyncio.get_running_loop().call_later(PRESENCE_PAUSE, self._counted, room)
        elif isinstance(event, SeatRevoked):
            for watcher in event.watchers:
                error = RoomError(403, "web.error.forbidden").to_json(watcher.lang)
                watcher.outbox.put("error", dumps(error))
                watcher.outbox.close(4403)
        elif isinstance(event, Said):
            message = {"type": "chat", "messages": [event.message]}
            self.say(room, "chat", message, event.author)
        elif isinstance(event, ChatHidden):
            self.say(room, "chat", {"type": "chat_hidden", "id": event.chat})
        elif isinstance(event, RematchVoted):
            self.relay(
                room, "rematch_votes", dumps({"type": "rematch_votes", "votes": event.votes})
            )
        elif isinstance(event, RematchDue):
            await opening.open_rematch(self.hub, room, event.address)
        elif isinstance(event, RematchOpened):
            new = await self.hub.room(event.room)
            for watcher in room.watchers:
                found = rematch_seat(room.seats, room.id, new.id, new.seed, watcher.seat)
                if found is not None:
                    found["game"] = room.game.id
                    watcher.outbox.put("rematch", dumps({"type": "rematch", **found}))

    def _went_on(self, room: Room) -> None:
        """After a change: chance and bots go on, the clock is watched, a room no longer
        played frees its quota and may leave memory."""
        hub = self.hub
        hub.touched(room)
        if not room.playing:
            hub.quotas.release_heavy_room(room.id)
            asyncio.get_running_loop().call_soon(hub.forget_if_done, room)
        hub.bots.kick(room)
        hub.timers.arm(room)
        hub.reminders.moved(room)

    def say(
        self, room: Room, kind: str, message: dict[str, Any], author: int | None = None
    ) -> None:
        """A message (chat) to everyone watching the room, through every instance, but those
        who blocked its ``author``."""
        text = dumps(message)
        self.relay(room, kind, text, author)
        self.hub.bus.publish(room.id, "say", {"kind": kind, "text": text, "author": author})

    def relay(self, room: Room, kind: str, text: str, author: int | None = None) -> None:
        """A message to everyone watching the room here (but those who blocked ``author``)."""
        for watcher in room.watchers:
            if author is None or author not in watcher.blocked:
                watcher.outbox.put(kind, text)

    # -- views ---------------------------------------------------------------------------

    async def views(self, room: Room) -> None:
        """Send the room's current view to every watcher not yet at this position: each
        distinct view is rendered once and its text handed to all who share it."""
        version, at = room.version, (room.version, room.presence)
        groups: dict[ViewKey, list[Watcher]] = defaultdict(list)
        for watcher in room.watchers:
            if watcher.sent < at:
                groups[_key(room, watcher)].append(watcher)
        for key, watchers in groups.items():
            found = await self._hint(room, key) if key.hint else None
            if room.version != version:
                return  # a newer position is being published
            text = self.presenter(room).text(key, found)
            for watcher in watchers:
                watcher.sent = at
                watcher.outbox.put("state", text)

    async def send_view(self, room: Room, watcher: Watcher) -> None:
        """This watcher alone gets the room as it is now (after hello, lang, hints)."""
        version, at = room.version, (room.version, room.presence)
        key = _key(room, watcher)
        found = await self._hint(room, key) if key.hint else None
        if room.version != version:
            return  # the views of the newer one are sent
        watcher.sent = at
        watcher.outbox.put("state", self.presenter(room).text(key, found))

    def view_text(self, room: Room, seat: int | None, lang: str) -> str:
        return self.presenter(room).text(ViewKey(seat, lang, True, False))

    def presenter(self, room: Room) -> Presenter:
        """The room's presenter (a room let go from memory while a request still used it
        gets one of its own)."""
        found = self.presenters.get(room.id)
        if found is None or found.room is not room:
            found = Presenter(room)
            if self.hub.rooms.get(room.id) is room:
                self.presenters[room.id] = found
        return found

    async def _hint(self, room: Room, key: ViewKey) -> Hint | None:
        assert key.seat is not None
        bots = self.hub.bots
        known, found = bots.known_hint(room, key.seat)
        if known:
            return found
        if not self.hub.quotas.allowed("hints", seat_key(room.id, key.seat)):
            return None
        return await bots.hint(room, key.seat)

    async def _welcome(self, room: Room, event: Watched) -> None:
        """A connection said hello (again, maybe): it alone gets the welcome and the room."""
        watcher = event.watcher
        welcome: dict[str, Any] = {
            "type": "welcome",
            "seat": watcher.seat,
            "room": room.public(),
            "now": time.time(),  # the server's clock, for the clocks shown
            "chat": await unblocked(self.hub.db, event.chat, watcher.blocked),
        }
        if room.rematch_room is not None:
            new = await self.hub.room(room.rematch_room)
            found = rematch_seat(room.seats, room.id, new.id, new.seed, watcher.seat)
            welcome["rematch"] = {**found, "game": room.game.id} if found else None
        watcher.outbox.put("welcome", dumps(welcome))
        await self.send_view(room, watcher)
        self.hub.bots.kick(room)  # a room of bots thinks again while someone watches

    # -- presence ------------------------------------------------------------------------

    def _counted(self, room: Room) -> None:
        self._presence_due.discard(room.id)
        self.announce_presence(room)
        self._tell_players(room)

    def _tell_players(self, room: Room) -> None:
        """The spectator count, to the players only."""
        text = self.presenter(room).presence()
        for watcher in room.watchers:
            if watcher.seat is not None:
                watcher.outbox.put("presence", text)

    def announce_presence(self, room: Room) -> None:
        """The other instances learn who is connected here."""
        if self.hub.bus.shared:
            seats, spectators = room.watched_here()
            self.hub.bus.publish(room.id, "presence", {"seats": seats, "spectators": spectators})

    def turn_away(self, banned: dict[str, Any], announce: bool = True) -> None:
        """Close the sockets of someone just banned (``{"user": id}`` or ``{"address": a}``),
        telling why, here and, with ``announce``, on every other instance too."""
        user, address = banned.get("user"), banned.get("address")
        key = "web.mod.banned" if user is not None else "web.mod.banned_address"
        for room in self.hub.rooms.values():
            for watcher in list(room.watchers):
                if (user is not None and watcher.user_id == user) or (
                    address is not None and watcher.address == address
                ):
                    watcher.outbox.put("error", dumps(RoomError(403, key).to_json(watcher.lang)))
                    watcher.outbox.close(4403)
        if announce:
            self.hub.bus.publish("", "banned", banned)

    def forget(self, room_id: str) -> None:
        self.presenters.pop(room_id, None)


def _key(room: Room, watcher: Watcher) -> ViewKey:
    seat = watcher.seat
    hint = watcher.hints and seat is not None and room.state.current_player == seat
    playing = bool(hint) and room.playing
    return ViewKey(seat, watcher.lang, watcher.views, playing, watcher.narrow, watcher.palette)
