"""One room in play: its game, its log position, its seats and who watches it.

A room's log (actions and undos) is the truth; it is written to the database before anything
is acknowledged, and a room is rebuilt from it after a restart. Changes go through the room's
lock one at a time, so of two actions racing for one position exactly one is played. Chance is
drawn from the room's secret seed and the log position, so a restart draws exactly what it
would have drawn.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game, IllegalAction, Message, State

from .db import Conflict, Database, LoadedRoom, SeatInfo
from .errors import RoomError
from .watchers import Watcher


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def make_game(game_id: str, options: dict[str, Any]) -> Game:
    """The game with these options; ValueError names what is wrong (unknown game or option,
    bad value), also for option names that clash with Python's own (``self``, ``game_id``)."""
    try:
        return load_game(game_id, **options)
    except TypeError:
        raise ValueError(f"unknown option among {', '.join(sorted(options))[:80]}") from None


class Room:
    """One room: state, log position, seats and watchers. ``changed`` is awaited after every
    stored change (the hub tells the watchers and lets chance and bots go on)."""

    def __init__(self, loaded: LoadedRoom, db: Database):
        self.id = loaded.id
        self.db = db
        self.game = make_game(loaded.game, loaded.options)
        self.seed = loaded.seed
        self.seats = loaded.seats
        self.status = loaded.status
        self.host_hash = loaded.host_hash
        self.moves: list[tuple[int, str]] = []  # the effective (seat, action) history
        self.state: State = self.game.new_initial_state()
        self.version = 0
        self._replay(loaded.log)
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        # the seats and spectators connected to other instances: {instance: (seats, count)}
        self.elsewhere: dict[str, tuple[list[int], int]] = {}
        self.presence = 0  # grows whenever the set of connected seats changes
        self.changed: Callable[[Room], Awaitable[None]] = _nothing
        # awaited after the room caught up with changes stored by another instance
        self.caught_up: Callable[[Room], Awaitable[None]] = _nothing
        self.stale = False  # another instance changed it: re-read before it is used
        self._news = False

    def _replay(self, log: list[tuple[int, str, str | None]]) -> None:
        """Apply log entries (actions and undos) after the current position."""
        state = self.state
        for seat, kind, action in log:
            if kind == "act" and action is not None:
                state = state.apply(action)
                self.moves.append((seat, action))
            else:
                self.moves.pop()
                state = self.game.replay([a for _, a in self.moves])
            self.version += 1
        self.state = state

    # -- facts ---------------------------------------------------------------------------

    def rng(self, purpose: str) -> random.Random:
        """A generator fixed by the secret seed and the log position (restart-proof)."""
        return random.Random(f"{self.seed}/{purpose}/{self.version}")

    @property
    def playing(self) -> bool:
        return self.status == "playing"

    def bots_only(self) -> bool:
        return all(seat.kind == "bot" for seat in self.seats)

    def online(self) -> list[int]:
        """The seats connected, to this instance or another."""
        here = {w.seat for w in self.watchers if w.seat is not None}
        for seats, _ in self.elsewhere.values():
            here.update(seats)
        return sorted(here)

    def spectators(self) -> int:
        here = sum(1 for w in self.watchers if w.seat is None)
        return here + sum(count for _, count in self.elsewhere.values())

    def watched(self) -> bool:
        """Someone looks at the room, here or through another instance."""
        return bool(self.watchers) or any(
            seats or count for seats, count in self.elsewhere.values()
        )

    def can_undo(self, seat: int | None) -> bool:
        """Undo takes back your own last decision while it is still your turn, until chance
        or another seat has acted."""
        if seat is None or not self.moves or self.state.is_terminal() or not self.playing:
            return False
        last_seat, _ = self.moves[-1]
        return last_seat == seat and self.state.current_player == seat

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.id,
            "options": dict(self.game.options),
            "status": self.status,
            "seats": [seat.public() for seat in self.seats],
            "move": self.version,
            "online": self.online(),
            "spectators": self.spectators(),
        }

    def record(self) -> dict[str, Any]:
        return self._record_of(self.state)

    def _record_of(self, state: State) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "actions": state.history(),
            "names": [seat.name or seat.bot or "" for seat in self.seats],
            "scores": list(state.scores()),
            "winners": list(state.winners()),
        }

    # -- tokens --------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat whose token this is; 403 for any other token."""
        if token:
            digest = hash_token(token)
            for seat in self.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise RoomError(403, "web.error.forbidden")

    def authorize(self, seat: int, token: str | None) -> int:
        if self.seat_of(token) != seat:
            raise RoomError(403, "web.error.forbidden")
        return seat

    def is_host(self, token: str) -> bool:
        return bool(self.host_hash) and hmac.compare_digest(self.host_hash or "", hash_token(token))

    async def take_open_seat(self, seat: int, name: str) -> str:
        """Take an open seat; returns its new token."""
        info = self._seat(seat)
        token = new_token()
        async with self.lock:
            if info.kind != "open":
                raise RoomError(409, "web.error.seat_taken")
            if not await self.db.run(
                self.db.store.claim_seat, self.id, seat, name, hash_token(token)
            ):
                raise RoomError(409, "web.error.seat_taken")
            info.kind, info.name, info.token_hash, info.claimed = (
                "person",
                name,
                hash_token(token),
                True,
            )
        return token

    async def exchange(self, seat: int, invitation: str, name: str | None) -> str:
        """Open an invitation: its token stops working, a fresh one (returned) is the seat's."""
        info = self._seat(seat)
        if self.seat_of(invitation) != seat:
            raise RoomError(403, "web.error.forbidden")
        if info.claimed:
            raise RoomError(409, "web.error.seat_taken")
        token = new_token()
        async with self.lock:
            stored = await self.db.run(
                self.db.store.exchange,
                self.id,
                seat,
                hash_token(invitation),
                hash_token(token),
                name,
            )
            if not stored:
                raise RoomError(409, "web.error.seat_taken")
            info.token_hash, info.claimed = hash_token(token), True
            if name:
                info.name = name
        return token

    async def replace_invitation(self, seat: int, host: str) -> str:
        """The host replaces a seat's invitation not yet opened; the old link stops working."""
        if not self.is_host(host):
            raise RoomError(403, "web.error.not_host")
        info = self._seat(seat)
        if info.kind != "person" or info.claimed:
            raise RoomError(409, "web.error.seat_taken")
        token = new_token()
        async with self.lock:
            if not await self.db.run(
                self.db.store.replace_invitation, self.id, seat, hash_token(token)
            ):
                raise RoomError(409, "web.error.seat_taken")
            info.token_hash = hash_token(token)
        return token

    def _seat(self, seat: int) -> SeatInfo:
        if not 0 <= seat < len(self.seats):
            raise RoomError(400, "web.error.malformed", {"detail": "seat"})
        return self.seats[seat]

    # -- changes -------------------------------------------------------------------------

    async def act(self, seat: int, action: str, move: int) -> int:
        """Apply ``action`` for ``seat`` (already authorised) if ``move`` is the room's
        current log position; returns the new position once it is stored."""
        async with self._changing():
            await self._check(move)
            if self.state.is_terminal():
                raise RoomError(409, "web.error.finished")
            if self.state.current_player != seat:
                raise RoomError(409, "web.error.not_your_turn")
            try:
                new = self.state.apply(action)
            except IllegalAction as error:
                reason = Message(error.key, error.params) if error.key else error.reason
                raise RoomError(422, "web.error.illegal", {"reason": reason}) from None
            await self._commit(seat, "act", action, new)
            version = self.version
        await self.changed(self)
        return version

    async def undo(self, seat: int, move: int) -> int:
        async with self._changing():
            await self._check(move)
            if not self.can_undo(seat):
                raise RoomError(409, "web.error.cannot_undo")
            previous = self.game.replay([a for _, a in self.moves[:-1]])
            await self._commit(seat, "undo", None, previous)
            version = self.version
        await self.changed(self)
        return version

    async def play_for(self, player: int, action: str, seen: int) -> bool:
        """Chance's or a bot's ``action``, chosen at position ``seen``: played only if the
        room is still there (False when it moved on or stopped meanwhile)."""
        try:
            async with self._changing():
                if self.version != seen or not self.playing:
                    return False
                await self._commit(player, "act", action, self.state.apply(action))
        except RoomError:  # another instance stored a move first
            return False
        await self.changed(self)
        return True

    async def refresh(self) -> None:
        """Catch up with what another instance stored (its watchers are told)."""
        async with self._changing():
            await self._catch_up()

    @asynccontextmanager
    async def _changing(self) -> AsyncIterator[None]:
        """The room's lock; what was caught up with meanwhile is told once it is let go."""
        try:
            async with self.lock:
                yield
        finally:
            if self._news:
                self._news = False
                await self.caught_up(self)

    async def _catch_up(self) -> None:
        """Re-read the seats, the status and the log entries not seen yet (several instances
        on one database; one process alone is never behind its database)."""
        self.stale = False
        if not self.db.store.shared:
            return
        loaded = await self.db.run(self.db.store.load_room, self.id, self.version)
        if loaded is None:
            return
        news = loaded.log or loaded.seats != self.seats or loaded.status != self.status
        self.seats, self.status = loaded.seats, loaded.status
        self._replay(loaded.log)
        self._news = self._news or bool(news)

    async def _check(self, move: int) -> None:
        if move != self.version and self.db.store.shared:
            await self._catch_up()  # the client may have seen a move of another instance
        if self.status == "abandoned":
            raise RoomError(409, "web.error.abandoned")
        if move != self.version:
            raise RoomError(409, "web.error.moved_on", {"move": self.version})

    async def _commit(self, seat: int, kind: str, action: str | None, new: State) -> None:
        """Store the log entry, then (and only then) make ``new`` the room's state. Of two
        instances storing the same entry, the second learns of the first's (409)."""
        ends = new.is_terminal() and self.status != "finished"
        record = self._record_of(new) if ends else None
        try:
            await self.db.run(
                self.db.store.append, self.id, self.version, seat, kind, action, record
            )
        except Conflict:
            await self._catch_up()
            raise RoomError(409, "web.error.moved_on", {"move": self.version}) from None
        if kind == "act" and action is not None:
            self.moves.append((seat, action))
        else:
            self.moves.pop()
        self.state = new
        self.version += 1
        if ends:
            self.status = "finished"


async def _nothing(_room: Room) -> None:
    return None
