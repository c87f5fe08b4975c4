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
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game, IllegalAction, Message, State
from ludoteca.games import registry

from . import clocks, ratings
from .db import Conflict, Database, LoadedRoom, SeatInfo
from .errors import RoomError
from .messages import Table
from .table import TABLE_KINDS
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

    def __init__(self, loaded: LoadedRoom, db: Database, now: Callable[[], float] = time.time):
        self.id = loaded.id
        self.db = db
        self.now = now  # the wall clock (seconds since the epoch): clocks survive restarts
        self.game = make_game(loaded.game, loaded.options)
        self.seed = loaded.seed
        self.seats = loaded.seats
        self.host_hash = loaded.host_hash
        self.rated = loaded.rated
        self.table = Table.model_validate(loaded.table or {})
        self.rule = _rule(self.table)
        self.clock: clocks.Clock | None = None
        if self.rule is not None:
            stored = loaded.clock
            self.clock = clocks.Clock.from_json(stored) if stored else None
            self.clock = self.clock or clocks.start(self.rule, len(self.seats), self.now())
        self.result: dict[str, Any] | None = None  # how it ended when not by the rules
        self.events: list[dict[str, Any]] = []  # the table's log entries, for the log shown
        self.draw: set[int] = set()  # seats agreeing to a draw offered
        self.rematch_room = loaded.rematch
        self.rematch_votes: set[int] = set()  # seats asking for a rematch (kept in memory)
        self.moves: list[tuple[int, str]] = []  # the effective (seat, action) history
        self.state: State = self.game.new_initial_state()
        for seat, kind, action in loaded.log:
            self._replay_entry(seat, kind, action)
        self.status = loaded.status
        self.version = len(loaded.log)
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
            "rated": self.rated,
            "seats": [seat.public() for seat in self.seats],
            "move": self.version,
            "online": self.online(),
            "spectators": self.spectators(),
            "table": self.table.model_dump(),
            "clock": self.clock.to_json() if self.clock else None,
            "result": self.result,
            "events": self.events[-50:],
            "to_move": self.state.current_player if self.playing else None,
            "may_abandon": [
                s for s in sorted(self.people()) if self.playing and self.may_abandon(s)
            ],
            "draws": self.draws_allowed(),
            "draw": sorted(self.draw),
            "rematch": {"votes": sorted(self.rematch_votes), "room": self.rematch_room},
        }

    def record(self) -> dict[str, Any]:
        winners = self.result["winners"] if self.result else self.state.winners()
        ending = {"result": self.result, "events": self.events}
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "actions": self.state.history(),
            "names": [seat.name or seat.bot or "" for seat in self.seats],
            "scores": list(self.state.scores()),
            "winners": list(winners),
            "ending": ending if self.result or self.events else None,
        }

    def draws_allowed(self) -> bool:
        """A draw may be agreed in a game that declares draws (its rules share a win), among
        people only (bots do not negotiate)."""
        return registry.traits(self.game.id).draws and all(
            seat.kind == "person" for seat in self.seats
        )

    def people(self) -> set[int]:
        return {seat.seat for seat in self.seats if seat.kind == "person"}

    def started(self) -> bool:
        """Every seat is taken: clocks run from then on."""
        return all(s.kind == "bot" or (s.kind == "person" and s.claimed) for s in self.seats)

    # -- tokens --------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat whose token this is; 403 for any other token."""
        if token:
            digest = hash_token(token)
            for seat in self.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise RoomError(403, "web.error.forbidden")

    def account_seat(self, user_id: int | None) -> int | None:
        """The seat an account holds here (the one to move first, if it holds several)."""
        held = [seat.seat for seat in self.seats if user_id is not None and seat.user_id == user_id]
        if not held:
            return None
        player = self.state.current_player
        return player if player in held else held[0]

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
            await self.start_clock()
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
            await self.start_clock()
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
        current log position; returns the new position once it is stored. An action that
        comes after the seat's time ran out is refused: the time-out is played instead."""
        if await self.time_out():
            raise RoomError(409, "web.error.time_out")
        async with self._changing():
            await self._check(move)
            if self.state.is_terminal() or self.status == "finished":
                raise RoomError(409, "web.error.finished")
            if self.state.current_player != seat:
                raise RoomError(409, "web.error.not_your_turn")
            if self.seats[seat].kind != "person":
                raise RoomError(409, "web.error.taken_over")
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

    async def settle(self) -> None:
        """A game whose last move is stored but not its end (the instance that stored it
        died in between) is ended now."""
        async with self._changing():
            if self.state.is_terminal() and self.status == "playing":
                await self.db.run(self.db.store.finish, self.id, self.record(), ratings.settle)
                self.status = "finished"
                self._news = True

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
        """Re-read the log entries not seen yet, the seats, the status and the clock (several
        instances on one database; one process alone is never behind its database)."""
        self.stale = False
        if not self.db.store.shared:
            return
        loaded = await self.db.run(self.db.store.load_room, self.id, self.version)
        if loaded is None:
            return
        news = bool(loaded.log) or loaded.seats != self.seats or loaded.status != self.status
        for seat, kind, action in loaded.log:
            self._replay_entry(seat, kind, action)
            self.version += 1
        self.seats, self.status = loaded.seats, loaded.status
        if self.rule is not None and loaded.clock:
            self.clock = clocks.Clock.from_json(loaded.clock)
        self.rematch_room = loaded.rematch
        self._news = self._news or news

    async def _check(self, move: int) -> None:
        if move != self.version and self.db.store.shared:
            await self._catch_up()  # the client may have seen a move of another instance
        if self.status == "abandoned":
            raise RoomError(409, "web.error.abandoned")
        if move != self.version:
            raise RoomError(409, "web.error.moved_on", {"move": self.version})

    async def _commit(self, seat: int, kind: str, action: str | None, new: State) -> None:
        """Store the log entry (with the clock as it runs on), then (and only then) make
        ``new`` the room's state."""
        clock = self._clock_after(new, ended=new.is_terminal())
        stored = clock.to_json() if clock else None
        await self._append(seat, kind, action, stored)
        self.clock = clock
        self._play(seat, kind, action, new)
        self.version += 1
        if new.is_terminal() and self.status != "finished":
            await self.db.run(self.db.store.finish, self.id, self.record(), ratings.settle)
            self.status = "finished"

    async def _append(
        self, seat: int, kind: str, action: str | None, clock: dict[str, Any] | None
    ) -> None:
        """Store the next log entry. Of two instances storing the same entry, the second
        learns of the first's (409, and this room catches up)."""
        try:
            await self.db.run(
                self.db.store.append, self.id, self.version, seat, kind, action, clock
            )
        except Conflict:
            await self._catch_up()
            raise RoomError(409, "web.error.moved_on", {"move": self.version}) from None

    def _play(self, seat: int, kind: str, action: str | None, new: State) -> None:
        if kind == "act" and action is not None:
            self.moves.append((seat, action))
            if seat not in self.draw:
                self.draw.clear()  # moving on declines a draw offered
        else:
            self.moves.pop()
        self.state = new

    # -- the table: resign, draws, abandon, time -----------------------------------------

    async def table_move(self, seat: int, kind: str, move: int) -> int:
        """``resign``, ``offer`` (a draw), ``agree``, ``decline`` or ``abandon`` for ``seat``
        (already authorised) at log position ``move``; returns the new position."""
        if await self.time_out():
            raise RoomError(409, "web.error.time_out")
        async with self._changing():
            await self._check(move)
            self._may(seat, kind)
            await self._commit_table(seat, kind)
            version = self.version
        await self.changed(self)
        return version

    def _may(self, seat: int, kind: str) -> None:
        """Refuses a table move the room does not allow now, saying why."""
        if not self.playing or self.state.is_terminal():
            raise RoomError(409, "web.error.finished")
        if self.seats[seat].kind != "person":
            raise RoomError(409, "web.error.taken_over")
        if kind == "offer" and not self.draws_allowed():
            raise RoomError(409, "web.error.no_draws")
        if kind == "offer" and self.draw:
            raise RoomError(409, "web.error.draw_offered")
        if kind in ("agree", "decline") and (not self.draw or seat in self.draw):
            raise RoomError(409, "web.error.no_draw_offer")
        if kind == "abandon" and not self.may_abandon(seat):
            raise RoomError(409, "web.error.cannot_abandon")

    def may_abandon(self, seat: int) -> bool:
        """A room may be given up without a result while no other person has moved in it
        (nobody came, or it just began), or at any time by the one person among bots."""
        others = self.people() - {seat}
        return not others or not any(s in others for s, _ in self.moves)

    async def time_out(self) -> bool:
        """If the running seat's time is up, play its time-out (True)."""
        async with self._changing():
            seat = self._flagged()
            if seat is None:
                return False
            await self._commit_table(seat, "timeout")
        await self.changed(self)
        return True

    def _flagged(self) -> int | None:
        if self.clock is None or not self.playing or self.state.is_terminal():
            return None
        return clocks.flagged(self.clock, self.now())

    def clock_due(self) -> float | None:
        """Seconds until the running seat's time is up."""
        if self.clock is None or not self.playing:
            return None
        return clocks.due(self.clock, self.now())

    async def _commit_table(self, seat: int, kind: str) -> None:
        """Store a table entry with the clock as it runs on, then apply it."""
        ends = self._ends(seat, kind)
        takeover = seat if kind in ("resign", "timeout") and not ends else None
        clock = self._clock_after(self.state, ended=ends, gone=takeover)
        stored = clock.to_json() if clock else None
        await self._append(seat, kind, None, stored)
        self.clock = clock
        self._table_entry(seat, kind)
        self.version += 1
        if takeover is not None:
            await self.db.run(self.db.store.take_over, self.id, seat, self.table.takeover)
        if self.result is not None:
            status = "abandoned" if kind == "abandon" else "finished"
            settle = ratings.settle if status == "finished" else None
            await self.db.run(self.db.store.end, self.id, status, self.record(), settle)

    def _ends(self, seat: int, kind: str) -> bool:
        if kind in ("resign", "timeout"):
            return len(self.seats) <= 2
        if kind == "agree":
            return self.draw | {seat} >= self.people()
        return kind == "abandon"

    def _table_entry(self, seat: int, kind: str) -> None:
        """Apply one table entry of the log (live or replayed)."""
        ends = self._ends(seat, kind)
        self.events.append({"kind": kind, "seat": seat, "at": len(self.moves)})
        if kind in ("resign", "timeout"):
            self.draw.clear()
            if ends:
                others = [s.seat for s in self.seats if s.seat != seat]
                self._end(kind, seat, others)
            else:
                info = self.seats[seat]
                info.kind, info.bot = "bot", self.table.takeover
        elif kind == "offer":
            self.draw = {seat}
        elif kind == "agree":
            self.draw.add(seat)
            if ends:
                self._end("draw", seat, [s.seat for s in self.seats])
        elif kind == "decline":
            self.draw.clear()
        elif kind == "abandon":
            self._end("abandon", seat, [])
            self.status = "abandoned"

    def _end(self, reason: str, seat: int, winners: list[int]) -> None:
        self.result = {"reason": reason, "seat": seat, "winners": winners}
        self.status = "finished"
        self.draw.clear()

    def _replay_entry(self, seat: int, kind: str, action: str | None) -> None:
        """One entry of the stored log, as the room is rebuilt."""
        if kind == "act" and action is not None:
            self._play(seat, kind, action, self.state.apply(action))
        elif kind == "undo":
            self.moves.pop()
            self.state = self.game.replay([a for _, a in self.moves])
        elif kind in TABLE_KINDS:
            self._table_entry(seat, kind)

    # -- clocks --------------------------------------------------------------------------

    def _clock_after(
        self, state: State, *, ended: bool, gone: int | None = None
    ) -> clocks.Clock | None:
        """The clock once ``state`` is the room's: the seat to move runs if a person holds it
        (``gone`` is being taken over by a bot) and every seat is taken; chance leaves the
        clock as it is (it moves at once)."""
        if self.clock is None or self.rule is None:
            return None
        now = self.now()
        if ended or state.is_terminal():
            return clocks.stop(self.clock, now)
        player = state.current_player
        if player < 0:
            return self.clock
        person = self.seats[player].kind == "person" and player != gone
        return clocks.run(self.clock, self.rule, player if person and self.started() else None, now)

    async def start_clock(self) -> None:
        """Called as a seat is taken: once every seat is, the clock of the seat to move runs."""
        clock = self._clock_after(self.state, ended=False)
        if clock is not None and clock != self.clock:
            await self.db.run(self.db.store.set_clock, self.id, clock.to_json())
            self.clock = clock


def _rule(table: Table) -> clocks.Rule | None:
    if table.clock == "fischer":
        return clocks.Rule("fischer", base=float(table.base), increment=float(table.increment))
    if table.clock == "days":
        return clocks.Rule("days", days=float(table.days))
    return None


async def _nothing(_room: Room) -> None:
    return None
