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
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from ludoteca.bots import make_bot
from ludoteca.engine.parts import Hint

from .botrunner import BotRunner
from .bus import Event, LocalBus
from .db import Database, SeatInfo
from .errors import RoomError
from .leases import SoleLeases
from .messages import CreateRoom
from .presenter import Presenter, ViewKey, dumps
from .quotas import Quotas, seat_key
from .room import Account, Room, hash_token, make_game, new_token
from .table import CHAT_HISTORY, chat_text, rematch_token, rotated
from .watchers import Watcher

log = logging.getLogger("ludoteca.server")

PRESENCE_PAUSE = 2.0  # seconds between two spectator counts sent to the players of a room


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
        self.db = db
        self.bots = bots
        self.quotas = quotas
        self.bus = bus or LocalBus()
        self.leases = leases or SoleLeases(self.bus.instance)
        bots.leases = self.leases
        self.rooms: dict[str, Room] = {}
        self.presenters: dict[str, Presenter] = {}
        self.broken: set[str] = set()
        self._loading: dict[str, asyncio.Lock] = {}
        self._presence_due: set[str] = set()
        self._timers: dict[str, asyncio.TimerHandle] = {}  # rooms' clocks running out
        self._tasks: set[asyncio.Task] = set()
        self._quiet: dict[str, float] = {}  # room -> since when no socket here watches it

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        for task in self._tasks:
            task.cancel()
        self.bots.close()
        self.db.close()

    # -- other instances -------------------------------------------------------------------

    async def start(self, idle_rooms: float = 300.0) -> None:
        """Join the other instances: hear their events, adopt the rooms of gone ones, and let
        rooms nobody watches here for ``idle_rooms`` seconds go from memory."""
        await self.bus.start(self.hear, self._reconnected)
        await self.leases.start(self.adopt, self._gone)
        if self.bus.shared:
            self._spawn(self._evicting(idle_rooms))

    async def stop(self) -> None:
        """Leave cleanly: the rooms this instance drove are handed over at once."""
        held = await self.leases.stop()
        if held:
            self.bus.publish("", "release", {"rooms": held[:200]})
        await self.bus.close()

    async def hear(self, event: Event) -> None:
        """An event of another instance."""
        if event.kind == "release":
            rooms = [str(room) for room in event.data.get("rooms", [])]
            self.leases.forget(rooms)
            for room_id in rooms:
                if room_id in self.rooms:
                    self.bots.kick(self.rooms[room_id])
            return
        room = self.rooms.get(event.room)
        if room is None:
            looked_at = event.kind == "presence" and any(event.data.values())
            if (event.kind == "change" or looked_at) and self.leases.holds(event.room):
                self._spawn(self._wake(event))  # its driver let it go from memory: load it
            return  # else read afresh when it is first used here
        if event.kind == "ask":  # an instance loaded the room: who watches it here?
            if room.watchers:
                self._announce_presence(room)
        elif event.kind == "change":
            if room.watchers or self.leases.holds(room.id):
                self._spawn(room.refresh())
            else:
                room.stale = True
        elif event.kind == "presence":
            self._heard_presence(room, event)
        elif event.kind == "say":
            kind, text = str(event.data.get("kind", "")), str(event.data.get("text", ""))
            for watcher in room.watchers:
                watcher.outbox.put(kind, text)

    async def _reconnected(self) -> None:
        """Events may have been missed while the bus was down: every room is re-read."""
        for room in list(self.rooms.values()):
            room.stale = True
            if room.watchers:
                self._spawn(room.refresh())

    async def _wake(self, event: Event) -> None:
        """A room this instance drives, not in its memory, changed or is looked at elsewhere:
        loaded, its bots and clock go on."""
        try:
            room = await self.room(event.room)
        except RoomError:
            return
        if event.kind == "presence":
            self._heard_presence(room, event)

    async def adopt(self, room_id: str) -> None:
        """This instance took the lease of a room whose instance is gone (or that had no
        lease): it drives it now."""
        known = room_id in self.rooms
        try:
            room = await self.room(room_id)
            if known:  # its driver may have died between storing a move and announcing it
                await room.refresh()
        except RoomError:
            await self.leases.release(room_id)
            return
        await room.settle()
        if not room.playing:
            await self.leases.release(room_id)
        self.bots.kick(room)
        self._arm(room)

    def _gone(self, alive: set[str]) -> None:
        """Forget the watchers of instances that are gone."""
        for room in self.rooms.values():
            dead = [name for name in room.elsewhere if name not in alive]
            if dead:
                online = room.online()
                for name in dead:
                    del room.elsewhere[name]
                self._tell_presence(room, online)

    async def seat_of(self, room: Room, token: str) -> int:
        """The seat of a token; a seat changed through another instance is read afresh."""
        try:
            return room.seat_of(token)
        except RoomError:
            if not self.bus.shared:
                raise
        await room.refresh()
        return room.seat_of(token)

    async def authorize(self, room: Room, seat: int, token: str | None) -> int:
        if token is None or await self.seat_of(room, token) != seat:
            raise RoomError(403, "web.error.forbidden")
        return seat

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
        try:
            make_bot(body.table.takeover, 0)
        except (ValueError, TypeError) as error:
            raise RoomError(400, "web.error.bad_bot", {"detail": str(error)}) from None
        host = new_token()
        room_id = await self._open(
            game.id,
            dict(game.options),
            infos,
            body.table.model_dump(),
            address,
            hash_token(host),
            rated=body.rated,
        )
        return {"room": room_id, "host": host, "tokens": {str(k): v for k, v in tokens.items()}}

    async def _open(
        self,
        game: str,
        options: dict[str, Any],
        infos: list[SeatInfo],
        table: dict[str, Any],
        address: str,
        host_hash: str | None,
        seed: str | None = None,
        rated: bool = False,
    ) -> str:
        """Store a new room and load it; returns its id."""
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        if any(info.bot and info.bot.startswith("mcts") for info in infos):
            self.quotas.take_heavy_room(address, room_id)
        seed = seed or secrets.token_hex(16)
        try:
            await self.db.run(
                self.db.store.create_room,
                room_id,
                game,
                options,
                seed,
                infos,
                host_hash,
                rated,
                table,
            )
        except Exception:
            self.quotas.release_heavy_room(room_id)
            raise
        await self.room(room_id)
        return room_id

    async def room(self, room_id: str) -> Room:
        """The live room, loaded from the database on first use; 404 if there is none, 409
        if its log could not be replayed (the room is kept aside, marked broken)."""
        if room_id in self.rooms:
            room = self.rooms[room_id]
            if room_id in self._quiet:  # used: idle from now on
                self._quiet[room_id] = time.monotonic()
            if room.stale:
                await room.refresh()
            return room
        if room_id in self.broken:
            raise RoomError(409, "web.error.broken")
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                if room_id not in self.rooms:
                    room = await self._load(room_id)
                    await room.start_clock()
                    self._add(room)
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
        try:
            return Room(loaded, self.db)
        except Exception:
            log.exception("room %s: its log cannot be replayed; it is marked broken", room_id)
            self.broken.add(room_id)
            await self.db.run(self.db.store.set_status, room_id, "broken")
            raise RoomError(409, "web.error.broken") from None

    def _add(self, room: Room) -> None:
        room.changed = self.changed
        room.caught_up = self.caught_up
        self.rooms[room.id] = room
        self.presenters[room.id] = Presenter(room)
        self._quiet[room.id] = time.monotonic()
        self.bots.kick(room)
        self._arm(room)

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
            self._drop(room)
            self._spawn(self.leases.release(room.id))

    def _drop(self, room: Room) -> None:
        del self.rooms[room.id]
        self.presenters.pop(room.id, None)
        self._quiet.pop(room.id, None)
        self.bots.forget(room)
        timer = self._timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()

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
            if now - since < idle or busy or room_id in self._timers:
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

    # -- seats ---------------------------------------------------------------------------

    async def take_open_seat(
        self, room_id: str, seat: int, name: str, user: Account | None = None
    ) -> dict[str, Any]:
        room = await self.room(room_id)
        token = await room.take_open_seat(seat, name.strip(), user)
        room.presence += 1  # the seats changed (and maybe a clock started): views say so
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
        """After a stored change: everyone sees it (through every instance), chance and bots
        go on, the clock is watched."""
        self.bus.publish(room.id, "change")
        await self._after(room)

    async def caught_up(self, room: Room) -> None:
        """After a change another instance stored: this instance's watchers see it."""
        room.presence += 1  # seats may have changed, not only the position
        await self._after(room)

    async def _after(self, room: Room) -> None:
        if room.id in self._quiet:  # a change: idle from now on
            self._quiet[room.id] = time.monotonic()
        if not room.playing:
            self.quotas.release_heavy_room(room.id)
            asyncio.get_running_loop().call_soon(self.forget_if_done, room)
        self.bots.kick(room)
        self._arm(room)
        await self.publish(room)

    def broadcast(self, room: Room, kind: str, message: dict[str, Any]) -> None:
        """A room event (chat, rematch news) to everyone watching it, through every
        instance."""
        text = dumps(message)
        for watcher in room.watchers:
            watcher.outbox.put(kind, text)
        self.bus.publish(room.id, "say", {"kind": kind, "text": text})

    # -- clocks --------------------------------------------------------------------------

    def _arm(self, room: Room) -> None:
        """Wake up when the running seat's time is up (then its time-out is played)."""
        old = self._timers.pop(room.id, None)
        if old is not None:
            old.cancel()
        due = room.clock_due()
        if due is None:
            return
        if not self.leases.holds(room.id):  # one instance at a time plays the time-outs
            self._spawn(self._arm_when_held(room))
            return
        loop = asyncio.get_running_loop()
        self._timers[room.id] = loop.call_later(due + 0.01, self._flag, room)

    async def _arm_when_held(self, room: Room) -> None:
        if await self.leases.hold(room.id) and room.clock_due() is not None:
            self._arm(room)

    def _flag(self, room: Room) -> None:
        self._timers.pop(room.id, None)
        task = asyncio.get_running_loop().create_task(self._time_out(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _time_out(self, room: Room) -> None:
        try:
            if not await room.time_out():
                self._arm(room)  # not yet (the clock changed meanwhile)
        except Exception:
            log.exception("room %s: the time-out failed", room.id)

    # -- the table: resign, draws, abandon, rematch, chat --------------------------------

    async def table_move(self, room: Room, watcher: Watcher, do: str, move: int) -> int:
        seat = self._seat_holder(room, watcher)
        if do in ("rematch", "no_rematch"):
            await self.rematch(room, seat, do == "rematch", watcher.address)
            return room.version
        kind = {"draw": "offer"}.get(do, do)
        return await room.table_move(seat, kind, move)

    @staticmethod
    def _seat_holder(room: Room, watcher: Watcher) -> int:
        if watcher.seat is None:
            raise RoomError(403, "web.error.spectator")
        return watcher.seat

    async def rematch(self, room: Room, seat: int, yes: bool, address: str) -> None:
        """Ask for (or turn down) a rematch; once every person asked, it opens: the same game
        and table, every seat moved one on, and each person is told their new seat."""
        if room.status != "finished":
            raise RoomError(409, "web.error.rematch_not_over")
        if room.seats[seat].kind != "person":
            raise RoomError(409, "web.error.taken_over")
        if room.rematch_room is not None:
            self._tell_rematch(room, await self.room(room.rematch_room))
            return
        if yes:
            room.rematch_votes.add(seat)
        else:
            room.rematch_votes.clear()
        if room.rematch_votes >= room.people():
            await self._open_rematch(room, address)
        room.presence += 1
        await self.publish(room)

    async def _open_rematch(self, room: Room, address: str) -> None:
        seed = secrets.token_hex(16)
        count = len(room.seats)
        infos = []
        for seat in range(count):
            old = room.seats[rotated(count, seat)]
            token_hash = None
            if old.kind == "person" and old.token_hash:
                token_hash = hash_token(rematch_token(seed, room.id, old.seat, old.token_hash))
            kind = "open" if old.kind == "open" else old.kind
            infos.append(
                SeatInfo(seat, kind, old.bot, old.name, token_hash, kind == "person", old.user_id)
            )
        new_id = await self._open(
            room.game.id,
            dict(room.game.options),
            infos,
            room.table.model_dump(),
            address,
            None,
            seed=seed,
            rated=room.rated,
        )
        await self.db.run(self.db.store.set_rematch, room.id, new_id)
        room.rematch_room = new_id
        self._tell_rematch(room, await self.room(new_id))

    def _tell_rematch(self, room: Room, new: Room) -> None:
        """Each seat holder watching the old room learns its seat and token in the new one."""
        for watcher in room.watchers:
            found = self.rematch_seat(room, new, watcher.seat)
            if found is not None:
                watcher.outbox.put("rematch", dumps({"type": "rematch", **found}))

    @staticmethod
    def rematch_seat(room: Room, new: Room, seat: int | None) -> dict[str, Any] | None:
        """The new room, seat and token of the old ``seat``'s holder (None: not a person)."""
        if seat is None:
            return None
        old = room.seats[seat]
        if old.kind != "person" or not old.token_hash:
            return None
        count = len(room.seats)
        new_seat = next(s for s in range(count) if rotated(count, s) == seat)
        token = rematch_token(new.seed, room.id, seat, old.token_hash)
        return {"room": new.id, "seat": new_seat, "token": token, "game": room.game.id}

    async def chat(self, room: Room, watcher: Watcher, text: str) -> None:
        """A chat message of a seat holder (or of a spectator where the room lets them)."""
        seat = watcher.seat
        if seat is None and not room.table.spectators_chat:
            raise RoomError(403, "web.error.chat_spectators")
        kept = chat_text(text)
        keys = [watcher.address] + ([seat_key(room.id, seat)] if seat is not None else [])
        self.quotas.hit("chat", *keys)
        name = room.seats[seat].name if seat is not None else ""
        message = await self.db.run(self.db.store.add_chat, room.id, seat, name, kept)
        self.broadcast(room, "chat", {"type": "chat", "messages": [message]})

    async def lobby_chat(self, name: str, text: str, address: str) -> dict[str, Any]:
        kept = chat_text(text)
        self.quotas.hit("chat", address)
        return await self.db.run(self.db.store.add_chat, "", None, name.strip()[:40], kept)

    async def chat_history(self, room_id: str, after: int = 0) -> list[dict[str, Any]]:
        return await self.db.run(self.db.store.chat, room_id, after, CHAT_HISTORY)

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
            text = self._presenter(room).text(key, found)
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
        watcher.outbox.put("state", self._presenter(room).text(key, found))

    def _presenter(self, room: Room) -> Presenter:
        """The room's presenter (a room let go from memory while a request still used it
        gets one of its own)."""
        found = self.presenters.get(room.id)
        return found if found is not None and found.room is room else Presenter(room)

    def view_text(self, room: Room, seat: int | None, lang: str) -> str:
        return self._presenter(room).text(ViewKey(seat, lang, True, False))

    @staticmethod
    def _key(room: Room, watcher: Watcher) -> ViewKey:
        seat = watcher.seat
        hint = watcher.hints and seat is not None and room.state.current_player == seat
        return ViewKey(
            seat, watcher.lang, watcher.views, bool(hint) and room.playing, watcher.narrow
        )

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
        self._quiet.pop(room.id, None)
        welcome: dict[str, Any] = {
            "type": "welcome",
            "seat": watcher.seat,
            "room": room.public(),
            "now": time.time(),  # the server's clock, for the clocks shown
            "chat": await self.chat_history(room.id),
        }
        if room.rematch_room is not None:
            new = await self.room(room.rematch_room)
            welcome["rematch"] = self.rematch_seat(room, new, seat)
        watcher.outbox.put("welcome", dumps(welcome))
        self._presence_changed(room, online, besides=watcher)
        await self.send_view(room, watcher)
        self.bots.kick(room)  # a room of bots thinks again while someone watches

    def leave(self, room: Room, watcher: Watcher) -> None:
        if watcher in room.watchers:
            online = room.online()
            room.watchers.discard(watcher)
            self._presence_changed(room, online)
        if not room.watchers and self.rooms.get(room.id) is room:
            self._quiet.setdefault(room.id, time.monotonic())
        self.forget_if_done(room)

    def _presence_changed(
        self, room: Room, online_before: list[int], besides: Watcher | None = None
    ) -> None:
        if room.online() != online_before:
            self._announce_presence(room)
            self._tell_presence(room, online_before, besides)
        elif room.id not in self._presence_due:
            self._presence_due.add(room.id)
            asyncio.get_running_loop().call_later(PRESENCE_PAUSE, self._tell_players, room)

    def _tell_presence(
        self, room: Room, online_before: list[int], besides: Watcher | None = None
    ) -> None:
        """Seats came or went: everyone is told; else the players hear the spectators."""
        if room.online() == online_before:
            self._tell_players(room, announce=False)
            return
        room.presence += 1
        text = self._presenter(room).presence()
        for watcher in room.watchers:
            if watcher is not besides:
                watcher.outbox.put("presence", text)

    def _tell_players(self, room: Room, announce: bool = True) -> None:
        """The spectator count, at most once a pause, to the players only."""
        if announce:
            self._presence_due.discard(room.id)
            self._announce_presence(room)
        if room.id in self.presenters:
            text = self.presenters[room.id].presence()
            for watcher in room.watchers:
                if watcher.seat is not None:
                    watcher.outbox.put("presence", text)

    def _announce_presence(self, room: Room) -> None:
        """The other instances learn who is connected here."""
        if self.bus.shared:
            seats = sorted({w.seat for w in room.watchers if w.seat is not None})
            spectators = sum(1 for w in room.watchers if w.seat is None)
            self.bus.publish(room.id, "presence", {"seats": seats, "spectators": spectators})

    def _heard_presence(self, room: Room, event: Event) -> None:
        online = room.online()
        seats = [int(seat) for seat in event.data.get("seats", []) if isinstance(seat, int)]
        count = int(event.data.get("spectators", 0) or 0)
        if seats or count:
            room.elsewhere[event.instance] = (seats, count)
        else:
            room.elsewhere.pop(event.instance, None)
        self._tell_presence(room, online)
        self.bots.kick(room)  # a room of bots goes on while someone watches it anywhere

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
