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
from collections.abc import Awaitable, Callable
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game, IllegalAction, Message, State

from . import ratings
from .db import Database, LoadedRoom, SeatInfo
from .errors import RoomError
from .watchers import Watcher

Account = tuple[int, str]  # an account's id and name, holding a seat


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
        self.rated = loaded.rated
        self.moves: list[tuple[int, str]] = []  # the effective (seat, action) history
        state = self.game.new_initial_state()
        for seat, kind, action in loaded.log:
            if kind == "act" and action is not None:
                state = state.apply(action)
                self.moves.append((seat, action))
            else:
                self.moves.pop()
                state = self.game.replay([a for _, a in self.moves])
        self.state: State = state
        self.version = len(loaded.log)
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.presence = 0  # grows whenever the set of connected seats changes
        self.changed: Callable[[Room], Awaitable[None]] = _nothing

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
        return sorted({w.seat for w in self.watchers if w.seat is not None})

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
            "rated": self.rated,
            "seats": [seat.public() for seat in self.seats],
            "move": self.version,
            "online": self.online(),
            "spectators": sum(1 for w in self.watchers if w.seat is None),
        }

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "actions": self.state.history(),
            "names": [seat.name or seat.bot or "" for seat in self.seats],
            "scores": list(self.state.scores()),
            "winners": list(self.state.winners()),
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

    async def take_open_seat(self, seat: int, name: str, user: Account | None = None) -> str:
        """Take an open seat (for an account: under its name); returns its new token."""
        info = self._seat(seat)
        token = new_token()
        user_id, name = (user[0], user[1]) if user else (None, name)
        async with self.lock:
            if info.kind != "open":
                raise RoomError(409, "web.error.seat_taken")
            if not await self.db.run(
                self.db.store.claim_seat, self.id, seat, name, hash_token(token), user_id
            ):
                raise RoomError(409, "web.error.seat_taken")
            info.kind, info.name, info.token_hash, info.claimed = (
                "person",
                name,
                hash_token(token),
                True,
            )
            info.user_id = user_id
        return token

    async def exchange(
        self, seat: int, invitation: str, name: str | None, user: Account | None = None
    ) -> str:
        """Open an invitation: its token stops working, a fresh one (returned) is the seat's
        (an account's, under its name, when one opens it)."""
        info = self._seat(seat)
        user_id, name = (user[0], user[1]) if user else (None, name)
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
                user_id,
            )
            if not stored:
                raise RoomError(409, "web.error.seat_taken")
            info.token_hash, info.claimed, info.user_id = hash_token(token), True, user_id
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
        async with self.lock:
            self._check(move)
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
        async with self.lock:
            self._check(move)
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
        async with self.lock:
            if self.version != seen or not self.playing:
                return False
            await self._commit(player, "act", action, self.state.apply(action))
        await self.changed(self)
        return True

    def _check(self, move: int) -> None:
        if self.status == "abandoned":
            raise RoomError(409, "web.error.abandoned")
        if move != self.version:
            raise RoomError(409, "web.error.moved_on", {"move": self.version})

    async def _commit(self, seat: int, kind: str, action: str | None, new: State) -> None:
        """Store the log entry, then (and only then) make ``new`` the room's state."""
        await self.db.run(self.db.store.append, self.id, self.version, seat, kind, action)
        if kind == "act" and action is not None:
            self.moves.append((seat, action))
        else:
            self.moves.pop()
        self.state = new
        self.version += 1
        if new.is_terminal() and self.status != "finished":
            await self.db.run(self.db.store.finish, self.id, self.record(), ratings.settle)
            self.status = "finished"


async def _nothing(_room: Room) -> None:
    return None
