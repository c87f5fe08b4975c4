"""The live rooms of one server: loading and creating them, and telling their watchers.

The parts: ``db.Store`` (the database), ``room.Room`` (one room's state and changes, one at a
time), ``presenter.Presenter`` (each distinct view rendered once per change) and
``botrunner.BotRunner`` (chance, bots and hints off the event loop). The hub ties them:
after every change it renders each distinct view once and hands the text to the watchers
sharing it; a watcher arriving or leaving is answered alone, never by re-sending everyone's
views.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from ludoteca.bots import make_bot
from ludoteca.engine.parts import Hint

from .botrunner import BotRunner
from .db import Database, SeatInfo
from .errors import RoomError
from .messages import CreateRoom
from .presenter import Presenter, ViewKey, dumps
from .quotas import Quotas, seat_key
from .room import Account, Room, hash_token, make_game, new_token
from .watchers import Watcher

log = logging.getLogger("ludoteca.server")

PRESENCE_PAUSE = 2.0  # seconds between two spectator counts sent to the players of a room


class Hub:
    def __init__(self, db: Database, bots: BotRunner, quotas: Quotas):
        self.db = db
        self.bots = bots
        self.quotas = quotas
        self.rooms: dict[str, Room] = {}
        self.presenters: dict[str, Presenter] = {}
        self.broken: set[str] = set()
        self._loading: dict[str, asyncio.Lock] = {}
        self._presence_due: set[str] = set()

    def close(self) -> None:
        self.bots.close()
        self.db.close()

    # -- rooms ---------------------------------------------------------------------------

    async def create(self, body: CreateRoom, address: str) -> dict[str, Any]:
        """A new room; returns its id, the host's token and every person's invitation."""
        try:
            game = make_game(body.game, dict(body.options))
        except ValueError as error:
            raise RoomError(400, "web.error.bad_game", {"detail": str(error)}) from None
        if len(body.seats) != game.num_players:
            raise RoomError(400, "web.error.bad_seats", {"n": game.num_players})
        infos, tokens = [], {}
        for number, seat in enumerate(body.seats):
            name = seat.name.strip()
            if seat.kind == "bot":
                spec = seat.bot or "random"
                try:
                    make_bot(spec, 0)
                except (ValueError, TypeError) as error:
                    raise RoomError(400, "web.error.bad_bot", {"detail": str(error)}) from None
                infos.append(SeatInfo(number, "bot", spec, name, None))
            elif seat.kind == "person":
                tokens[number] = new_token()
                infos.append(SeatInfo(number, "person", None, name, hash_token(tokens[number])))
            else:
                infos.append(SeatInfo(number, "open", None, name, None))
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        if any(info.bot and info.bot.startswith("mcts") for info in infos):
            self.quotas.take_heavy_room(address, room_id)
        host = new_token()
        seed = secrets.token_hex(16)
        options = dict(game.options)
        try:
            await self.db.run(
                self.db.store.create_room,
                room_id,
                game.id,
                options,
                seed,
                infos,
                hash_token(host),
                body.rated,
            )
        except Exception:
            self.quotas.release_heavy_room(room_id)
            raise
        await self.room(room_id)
        return {"room": room_id, "host": host, "tokens": {str(k): v for k, v in tokens.items()}}

    async def room(self, room_id: str) -> Room:
        """The live room, loaded from the database on first use; 404 if there is none, 409
        if its log could not be replayed (the room is kept aside, marked broken)."""
        if room_id in self.rooms:
            return self.rooms[room_id]
        if room_id in self.broken:
            raise RoomError(409, "web.error.broken")
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                if room_id not in self.rooms:
                    self._add(await self._load(room_id))
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
        try:
            return Room(loaded, self.db)
        except Exception:
            log.exception("room %s: its log cannot be replayed; it is marked broken", room_id)
            self.broken.add(room_id)
            await self.db.run(self.db.store.set_status, room_id, "broken")
            raise RoomError(409, "web.error.broken") from None

    def _add(self, room: Room) -> None:
        room.changed = self.changed
        self.rooms[room.id] = room
        self.presenters[room.id] = Presenter(room)
        self.bots.kick(room)

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

    def forget_if_done(self, room: Room) -> None:
        """A room no longer played that nobody watches leaves memory (not the database)."""
        idle = not room.playing and not room.watchers and not room.lock.locked()
        if idle and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self.presenters.pop(room.id, None)
            self.bots.forget(room)

    # -- seats ---------------------------------------------------------------------------

    async def take_open_seat(
        self, room_id: str, seat: int, name: str, user: Account | None = None
    ) -> dict[str, Any]:
        room = await self.room(room_id)
        token = await room.take_open_seat(seat, name.strip(), user)
        room.presence += 1  # the seats changed: everyone's view says so
        await self.changed(room)
        return {"room": room.id, "seat": seat, "token": token}

    async def claim(
        self, room_id: str, seat: int, token: str, name: str | None, user: Account | None = None
    ) -> dict:
        room = await self.room(room_id)
        fresh = await room.exchange(seat, token, name.strip() if name else None, user)
        self._drop_watchers_of(room, seat)
        room.presence += 1
        await self.changed(room)
        return {"room": room.id, "seat": seat, "token": fresh}

    async def seat_adopted(self, room_id: str, seat: int, user_id: int, name: str) -> None:
        """A guest's seat became an account's (stored already): a live room shows the name."""
        room = self.rooms.get(room_id)
        if room is None or not 0 <= seat < len(room.seats):
            return
        room.seats[seat].user_id, room.seats[seat].name = user_id, name
        room.presence += 1
        await self.publish(room)

    def to_move(self, room_id: str) -> int | None:
        """The seat whose move it is in a live room in play (None: chance, the end, or a
        room not in memory)."""
        room = self.rooms.get(room_id)
        if room is None or not room.playing or room.state.is_terminal():
            return None
        player = room.state.current_player
        return player if player >= 0 else None

    async def replace_invitation(self, room_id: str, seat: int, host: str) -> dict:
        room = await self.room(room_id)
        token = await room.replace_invitation(seat, host)
        self._drop_watchers_of(room, seat)
        return {"room": room.id, "seat": seat, "token": token}

    def _drop_watchers_of(self, room: Room, seat: int) -> None:
        """Sockets that said hello with a seat's old token lose it (they may watch anew)."""
        for watcher in list(room.watchers):
            if watcher.seat == seat:
                watcher.outbox.put(
                    "error", dumps(RoomError(403, "web.error.forbidden").to_json(watcher.lang))
                )
                watcher.outbox.close(4403)
                room.watchers.discard(watcher)

    # -- telling the watchers ------------------------------------------------------------

    async def changed(self, room: Room) -> None:
        """After a stored change: everyone sees it, chance and bots go on."""
        if not room.playing:
            self.quotas.release_heavy_room(room.id)
            asyncio.get_running_loop().call_soon(self.forget_if_done, room)
        self.bots.kick(room)
        await self.publish(room)

    async def publish(self, room: Room) -> None:
        """Send the room's current view to every watcher not yet at this position: each
        distinct view is rendered once and its text handed to all who share it."""
        version, at = room.version, (room.version, room.presence)
        groups: dict[ViewKey, list[Watcher]] = defaultdict(list)
        for watcher in room.watchers:
            if watcher.sent < at:
                groups[self._key(room, watcher)].append(watcher)
        for key, watchers in groups.items():
            found = await self._hint(room, key) if key.hint else None
            if room.version != version:
                return  # a newer position is being published
            text = self.presenters[room.id].text(key, found)
            for watcher in watchers:
                watcher.sent = at
                watcher.outbox.put("state", text)

    async def send_view(self, room: Room, watcher: Watcher) -> None:
        """This watcher alone gets the room as it is now (after hello, lang, hints)."""
        version, at = room.version, (room.version, room.presence)
        key = self._key(room, watcher)
        found = await self._hint(room, key) if key.hint else None
        if room.version != version:
            return  # publish sends the newer one
        watcher.sent = at
        watcher.outbox.put("state", self.presenters[room.id].text(key, found))

    def view_text(self, room: Room, seat: int | None, lang: str) -> str:
        return self.presenters[room.id].text(ViewKey(seat, lang, True, False))

    @staticmethod
    def _key(room: Room, watcher: Watcher) -> ViewKey:
        seat = watcher.seat
        hint = watcher.hints and seat is not None and room.state.current_player == seat
        return ViewKey(seat, watcher.lang, watcher.views, bool(hint) and room.playing)

    async def _hint(self, room: Room, key: ViewKey) -> Hint | None:
        assert key.seat is not None
        known, found = self.bots.known_hint(room, key.seat)
        if known:
            return found
        if not self.quotas.allowed("hints", seat_key(room.id, key.seat)):
            return None
        return await self.bots.hint(room, key.seat)

    async def welcome(self, room: Room, watcher: Watcher, seat: int | None) -> None:
        """A connection said hello (again, maybe): it alone gets the welcome and the room;
        the others learn of a player who came or went (a spectator is counted for the players
        shortly), and of nothing when a hello changed nothing."""
        online = room.online()
        watcher.seat = seat
        room.watchers.add(watcher)
        welcome = {"type": "welcome", "seat": watcher.seat, "room": room.public()}
        watcher.outbox.put("welcome", dumps(welcome))
        self._presence_changed(room, online, besides=watcher)
        await self.send_view(room, watcher)
        self.bots.kick(room)  # a room of bots thinks again while someone watches

    def leave(self, room: Room, watcher: Watcher) -> None:
        if watcher in room.watchers:
            online = room.online()
            room.watchers.discard(watcher)
            self._presence_changed(room, online)
        self.forget_if_done(room)

    def _presence_changed(
        self, room: Room, online_before: list[int], besides: Watcher | None = None
    ) -> None:
        if room.online() != online_before:
            room.presence += 1
            text = self.presenters[room.id].presence()
            for watcher in room.watchers:
                if watcher is not besides:
                    watcher.outbox.put("presence", text)
        elif room.id not in self._presence_due:
            self._presence_due.add(room.id)
            asyncio.get_running_loop().call_later(PRESENCE_PAUSE, self._tell_players, room)

    def _tell_players(self, room: Room) -> None:
        """The spectator count, at most once a pause, to the players only."""
        self._presence_due.discard(room.id)
        if room.id in self.presenters:
            text = self.presenters[room.id].presence()
            for watcher in room.watchers:
                if watcher.seat is not None:
                    watcher.outbox.put("presence", text)

    # -- start-up and idle rooms ---------------------------------------------------------

    async def resume(self) -> None:
        """After a restart, let chance and bots go on in rooms left waiting for them; a room
        whose log cannot be replayed is marked broken and the others go on."""
        for row in await self.db.run(self.db.store.rooms, "playing", 500):
            try:
                await self.room(row["id"])
            except RoomError:
                continue
            except Exception:
                log.exception("room %s could not be resumed", row["id"])

    async def close_idle(self, idle: float) -> list[str]:
        """Rooms with no move for ``idle`` seconds are closed as abandoned: their bots stop
        and the lobby no longer lists them among the games in play."""
        before = datetime.now(UTC).replace(tzinfo=None) - timedelta(seconds=idle)
        closed = await self.db.run(self.db.store.idle_rooms, before)
        for room_id in closed:
            await self.db.run(self.db.store.set_status, room_id, "abandoned")
            self.quotas.release_heavy_room(room_id)
            room = self.rooms.get(room_id)
            if room is not None:
                async with room.lock:
                    room.status = "abandoned"
                room.presence += 1  # the views say so
                await self.changed(room)
        if closed:
            log.info("closed %d abandoned rooms", len(closed))
        return closed
