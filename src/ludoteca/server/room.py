"""One room in play, an actor: its game, its log, seats, watchers, presence, rematch votes,
chat, clock and table moves.

A room's log (actions, undos and table moves) is the truth; it is written to the database
before anything is acknowledged, and a room is rebuilt from it after a restart. Every change is
a command (``commands``) handled by ``Room.handle`` under the room's lock, one at a time, so of
two actions racing for one position exactly one is played; it returns the events of what
changed, for the publisher to send. Nothing outside this module changes a room. Chance is drawn
from the room's secret seed and the log position, so a restart draws exactly what it would
have drawn.
"""

from __future__ import annotations

import asyncio
import hmac
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ludoteca import load_game
from ludoteca.engine import Game, IllegalAction, Message, State
from ludoteca.games import registry

from . import clocks, ratings
from .commands import (
    Abandoned,
    Account,
    Act,
    AdoptSeat,
    CaughtUp,
    ChatHidden,
    Close,
    CloseRoom,
    Command,
    DrawAnswered,
    DrawOffered,
    Elsewhere,
    Ended,
    Event,
    Exchange,
    ForgetInstances,
    HideChat,
    LinkRematch,
    Moved,
    Outdated,
    PaceSet,
    PlayFor,
    Refresh,
    Rematch,
    RematchDue,
    RematchOpened,
    RematchVoted,
    ReplaceInvitation,
    Resigned,
    RoomClosed,
    Said,
    Say,
    SeatRenamed,
    SeatRevoked,
    SeatsOnline,
    SeatTaken,
    SetPace,
    Settle,
    SpectatorsCounted,
    StartClock,
    TableMove,
    Takeback,
    TakeSeat,
    TimeOut,
    Undo,
    Undone,
    Unwatch,
    Watch,
    Watched,
)
from .db import Conflict, Database, Ending, LoadedRoom, SeatInfo
from .errors import RoomError
from .messages import Table
from .table import (
    CHAT_HISTORY,
    CLAIM_AWAY,
    CLAIM_STALL,
    LEAVING,
    TABLE_KINDS,
    chat_text,
    hash_token,
    new_token,
)
from .takebacks import Position, Takebacker
from .watchers import Watcher

__all__ = ["Account", "Room", "hash_token", "make_game", "new_token"]


def make_game(game_id: str, options: dict[str, Any]) -> Game:
    """The game with these options; ValueError names what is wrong (unknown game or option,
    bad value), also for option names that clash with Python's own (``self``, ``game_id``)."""
    try:
        return load_game(game_id, **options)
    except TypeError:
        raise ValueError(f"unknown option among {', '.join(sorted(options))[:80]}") from None


Handler = Callable[["Room", Any], Awaitable[None]]


class Room:
    """One room: state, log position, seats, watchers and the table around the game. Read its
    facts freely; change it only through ``handle``."""

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
        self.takebacks = Takebacker()  # a takeback asked for (kept in memory)
        self.rematch_room = loaded.rematch
        self.rematch_votes: set[int] = set(loaded.rematch_votes)  # seats asking for a rematch
        self.settled = loaded.settled  # its end, record and ratings are stored
        self.moved_at = loaded.moved_at  # when the last log entry was stored
        self.away: dict[int, float] = {}  # seat -> since when nobody holding it is connected
        self.moves: list[tuple[int, str]] = []  # the effective (seat, action) history
        self.state: State = self.game.new_initial_state()
        for seat, kind, action in loaded.log:
            self._replay_entry(seat, kind, action)
        self.status = loaded.status
        self.version = len(loaded.log)
        self.away = {seat.seat: self.now() for seat in self.seats}  # nobody yet, here
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        # the seats and spectators connected to other instances: {instance: (seats, count)}
        self.elsewhere: dict[str, tuple[list[int], int]] = {}
        self.presence = 0  # grows with every change the views show besides the log's
        self.stale = False  # another instance changed it: re-read before it is used
        self._news: list[Event] = []  # the events of the command being handled

    # -- the one way in ------------------------------------------------------------------

    async def handle(self, command: Command) -> list[Event]:
        """Carry out ``command`` under the room's lock; the events of what changed. A refusal
        is a RoomError whose ``news`` are the events of what changed before it (a time-out
        played, changes of another instance caught up with)."""
        async with self.lock:
            self._news = []
            try:
                await HANDLERS[type(command)](self, command)
            except RoomError as error:
                error.news = self._news
                raise
            finally:
                news, self._news = self._news, []
        return news

    def _emit(self, event: Event) -> None:
        if event.renews:
            self.presence += 1
        self._news.append(event)

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

    def watched_here(self) -> tuple[list[int], int]:
        """The seats and the number of spectators connected to this instance."""
        seats = sorted({w.seat for w in self.watchers if w.seat is not None})
        return seats, sum(1 for w in self.watchers if w.seat is None)

    def to_move(self, state: State | None = None) -> int | None:
        """The seat whose move it is in ``state`` (the room's, by default; None: chance, or
        the game is not being played)."""
        state = self.state if state is None else state
        if not self.playing or state.is_terminal():
            return None
        player = state.current_player
        return player if player >= 0 else None

    def can_undo(self, seat: int | None) -> bool:
        """Undo takes back your own last decision while it is still your turn, until chance
        or another seat has acted."""
        if seat is None or not self.moves or self.state.is_terminal() or not self.playing:
            return False
        last_seat, _ = self.moves[-1]
        return last_seat == seat and self.state.current_player == seat

    def position(self) -> Position:
        return Position(tuple(self.moves), self.to_move(), frozenset(self.people()), self.version)

    def may_take_back(self, seat: int | None) -> bool:
        """``seat`` may ask the seat now to move to let it take back its last decision."""
        return seat is not None and self.takebacks.may_offer(self.position(), seat)

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
            "claim_at": self.claim_at(),
            "draws": self.draws_allowed(),
            "draw": sorted(self.draw),
            "takeback": self.takebacks.public(self.version),
            "rematch": {"votes": sorted(self.rematch_votes), "room": self.rematch_room},
        }

    def record(
        self,
        state: State | None = None,
        result: dict[str, Any] | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The game's record; with ``state``, ``result`` and ``events`` as they will be once
        the entry being stored is the room's (its end is stored with that entry)."""
        state = state or self.state
        result = result or self.result
        events = self.events if events is None else events
        winners = result["winners"] if result else state.winners()
        ending = {"result": result, "events": events}
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "actions": state.history(),
            "names": [seat.name or seat.bot or "" for seat in self.seats],
            "scores": list(state.scores()),
            "winners": list(winners),
            "ending": ending if result or events else None,
        }

    def counts(self) -> bool:
        """The host asked for a rated game and every person seat is a distinct account's (it
        may still end too short, or too often between the same two: ratings.settle)."""
        users = [s.user_id for s in self.seats if s.kind == "person"]
        return self.rated and bool(users) and None not in users and len(set(users)) == len(users)

    def decisions(self, more: int | None = None) -> tuple[int, ...]:
        """How many decisions each seat made (``more``: one more by that seat)."""
        made = [0] * len(self.seats)
        for seat, _ in self.moves:
            if 0 <= seat < len(made):
                made[seat] += 1
        if more is not None and 0 <= more < len(made):
            made[more] += 1
        return tuple(made)

    def claim_at(self) -> float | None:
        """From when (seconds since the epoch) the other people may claim the loss of the
        person to move, in a room without a clock: once nobody holding its seat has been
        connected for ``CLAIM_AWAY`` seconds, or it has not moved for ``CLAIM_STALL`` (with a
        clock, its time running out decides)."""
        player = self.to_move()
        if self.clock is not None or player is None or self.seats[player].kind != "person":
            return None
        if not self.people() - {player}:
            return None
        at = self.moved_at + CLAIM_STALL
        if player in self.away:
            at = min(at, self.away[player] + CLAIM_AWAY)
        return at

    def claimable(self, seat: int) -> int | None:
        """The seat whose loss ``seat`` may claim now (None: none)."""
        at, player = self.claim_at(), self.to_move()
        if at is None or seat == player or seat not in self.people() or self.now() < at:
            return None
        return player

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

    def may_abandon(self, seat: int) -> bool:
        """A room may be given up without a result while no other person has moved in it
        (nobody came, or it just began), or at any time by the one person among bots."""
        others = self.people() - {seat}
        return not others or not any(s in others for s, _ in self.moves)

    def clock_due(self) -> float | None:
        """Seconds until the running seat's time is up."""
        if self.clock is None or not self.playing:
            return None
        return clocks.due(self.clock, self.now())

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

    def _seat(self, seat: int) -> SeatInfo:
        if not 0 <= seat < len(self.seats):
            raise RoomError(400, "web.error.malformed", {"detail": "seat"})
        return self.seats[seat]

    # -- seats ---------------------------------------------------------------------------

    async def _take_seat(self, command: TakeSeat) -> None:
        info = self._seat(command.seat)
        user_id, name = command.user if command.user else (None, command.name)
        if info.kind != "open":
            raise RoomError(409, "web.error.seat_taken")
        digest = hash_token(command.token)
        if not await self.db.run(
            self.db.store.claim_seat, self.id, command.seat, name, digest, user_id
        ):
            raise RoomError(409, "web.error.seat_taken")
        info.kind, info.name, info.token_hash, info.claimed = "person", name, digest, True
        info.user_id = user_id
        await self._start_clock()
        self._emit(SeatTaken(command.seat))

    async def _exchange(self, command: Exchange) -> None:
        seat, info = command.seat, self._seat(command.seat)
        user_id, name = command.user if command.user else (None, command.name)
        if self.seat_of(command.invitation) != seat:
            raise RoomError(403, "web.error.forbidden")
        if info.claimed:
            raise RoomError(409, "web.error.seat_taken")
        digest = hash_token(command.token)
        stored = await self.db.run(
            self.db.store.exchange,
            self.id,
            seat,
            hash_token(command.invitation),
            digest,
            name,
            user_id,
        )
        if not stored:
            raise RoomError(409, "web.error.seat_taken")
        info.token_hash, info.claimed, info.user_id = digest, True, user_id
        if name:
            info.name = name
        await self._start_clock()
        self._revoke(seat)
        self._emit(SeatTaken(seat))

    async def _replace_invitation(self, command: ReplaceInvitation) -> None:
        if not self.is_host(command.host):
            raise RoomError(403, "web.error.not_host")
        info = self._seat(command.seat)
        if info.kind != "person" or info.claimed:
            raise RoomError(409, "web.error.seat_taken")
        digest = hash_token(command.token)
        if not await self.db.run(self.db.store.replace_invitation, self.id, command.seat, digest):
            raise RoomError(409, "web.error.seat_taken")
        info.token_hash = digest
        self._revoke(command.seat)

    def _revoke(self, seat: int) -> None:
        """Connections that said hello with a seat's old token lose it (they may watch anew)."""
        gone = tuple(w for w in self.watchers if w.seat == seat)
        self.watchers.difference_update(gone)
        self._emit(SeatRevoked(seat, gone))

    async def _adopt_seat(self, command: AdoptSeat) -> None:
        if 0 <= command.seat < len(self.seats):
            info = self.seats[command.seat]
            info.user_id, info.name = command.user_id, command.name
            self._emit(SeatRenamed(command.seat))

    # -- watchers and presence -----------------------------------------------------------

    async def _watch(self, command: Watch) -> None:
        online = self.online()
        command.watcher.seat = command.seat
        self.watchers.add(command.watcher)
        chat = await self.db.run(self.db.store.chat, self.id, 0, CHAT_HISTORY)
        self._emit(Watched(command.watcher, chat))
        self._presence(online, here=True, besides=command.watcher)

    async def _unwatch(self, command: Unwatch) -> None:
        if command.watcher in self.watchers:
            online = self.online()
            self.watchers.discard(command.watcher)
            self._presence(online, here=True)

    async def _elsewhere(self, command: Elsewhere) -> None:
        online = self.online()
        if command.seats or command.spectators:
            self.elsewhere[command.instance] = (list(command.seats), command.spectators)
        else:
            self.elsewhere.pop(command.instance, None)
        self._presence(online, here=False)

    async def _forget_instances(self, command: ForgetInstances) -> None:
        dead = [name for name in self.elsewhere if name not in command.alive]
        if dead:
            online = self.online()
            for name in dead:
                del self.elsewhere[name]
            self._presence(online, here=False)

    def _presence(self, online_before: list[int], here: bool, besides: Watcher | None = None):
        online = self.online()
        for seat in online:
            self.away.pop(seat, None)
        for seat in set(online_before) - set(online):
            self.away[seat] = self.now()  # its grace period before a claim starts now
        if online != online_before:
            self._emit(SeatsOnline(here, besides))
        else:
            self._emit(SpectatorsCounted(here))

    # -- chat and rematch ----------------------------------------------------------------

    async def _say(self, command: Say) -> None:
        seat = command.seat
        if seat is None and not self.table.spectators_chat:
            raise RoomError(403, "web.error.chat_spectators")
        kept = chat_text(command.text)
        name = self.seats[seat].name if seat is not None else ""
        author = (self.seats[seat].user_id if seat is not None else None) or command.user
        store = self.db.store
        said = await self.db.run(store.add_chat, self.id, seat, name, kept, author, command.address)
        self._emit(Said(said, author))

    async def _hide_chat(self, command: HideChat) -> None:
        if not await self.db.run(self.db.store.hide_chat, self.id, command.chat):
            raise RoomError(404, "web.mod.no_line")
        self._emit(ChatHidden(command.chat))

    async def _close_room(self, _command: CloseRoom) -> None:
        """The log's ``close`` entry (by no seat, -1) ends the room, unrated."""
        if not self.playing:
            raise RoomError(409, "web.error.finished")
        await self._commit_table(-1, "close")

    async def _rematch(self, command: Rematch) -> None:
        """Once every person asked, the rematch is due (the hub opens it and links it here).
        The votes live in the database: the seats may be held through two instances, and of
        the votes racing to complete them exactly one is told so."""
        if self.status != "finished":
            raise RoomError(409, "web.error.rematch_not_over")
        if self._seat(command.seat).kind != "person":
            raise RoomError(409, "web.error.taken_over")
        if self.rematch_room is not None:
            self._emit(RematchOpened(self.rematch_room))
            return
        people = frozenset(self.people())
        votes, due = await self.db.run(
            self.db.store.vote_rematch, self.id, command.seat, command.yes, people
        )
        self.rematch_votes = set(votes)
        self._emit(RematchVoted(votes))
        if due:
            self._emit(RematchDue(command.address))

    async def _link_rematch(self, command: LinkRematch) -> None:
        await self.db.run(self.db.store.set_rematch, self.id, command.room)
        self.rematch_room = command.room
        self._emit(RematchOpened(command.room))

    # -- moves ---------------------------------------------------------------------------

    async def _act(self, command: Act) -> None:
        """An action that comes after the seat's time ran out is refused: the time-out is
        played instead."""
        seat, action = command.seat, command.action
        await self._refuse_after_flag()
        await self._check(command.move)
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

    async def _undo(self, command: Undo) -> None:
        await self._check(command.move)
        if not self.can_undo(command.seat):
            raise RoomError(409, "web.error.cannot_undo")
        previous = self.game.replay([a for _, a in self.moves[:-1]])
        await self._commit(command.seat, "undo", None, previous)

    async def _takeback(self, command: Takeback) -> None:
        """An offer to take back a decision, or its answer; accepted, it is undone once."""
        await self._check(command.move)
        if self._seat(command.seat).kind != "person":
            raise RoomError(409, "web.error.taken_over")
        if command.do == "offer":
            events, undo = self.takebacks.offered(self.position(), command.seat), None
        elif command.do in ("accept", "decline"):
            events, undo = self.takebacks.answered(
                self.position(), command.seat, command.do == "accept"
            )
        else:
            raise RoomError(400, "web.error.malformed", {"detail": "do"})
        for event in events:
            self._emit(event)
        if undo is not None:
            previous = self.game.replay([a for _, a in self.moves[:-1]])
            await self._commit(undo, "undo", None, previous)

    async def _set_pace(self, command: SetPace) -> None:
        if not self.is_host(command.host):
            raise RoomError(403, "web.error.not_host")
        table = self.table.model_copy(update={"pace": command.pace})
        await self.db.run(self.db.store.set_table, self.id, table.model_dump())
        self.table = table
        self._emit(PaceSet(command.pace))

    async def _play_for(self, command: PlayFor) -> None:
        """Played only if the room is still where the action was chosen (nothing happens
        when it moved on or stopped meanwhile)."""
        if self.version != command.seen or not self.playing:
            return
        try:
            await self._commit(
                command.player, "act", command.action, self.state.apply(command.action)
            )
        except RoomError:  # another instance stored a move first
            return

    async def _settle(self, _command: Settle) -> None:
        """A room loaded ended but not settled (stored by a release that wrote the last move
        and the end apart, and died between) is settled now, once whichever instance tries."""
        ended = self.state.is_terminal() or self.result is not None
        if not ended or self.settled or self.status == "broken":
            return
        status = "abandoned" if self.status == "abandoned" else "finished"
        await self.db.run(self.db.store.end, self.id, self._ending(status))
        self.status, self.settled = status, True
        self._emit(Ended(status))

    def _ending(
        self, status: str, record: dict[str, Any] | None = None, more: int | None = None
    ) -> Ending:
        """The room's end as it is stored: its record, and its ratings if it finished."""
        settle = ratings.settle if status == "finished" else None
        return Ending(status, record or self.record(), self.decisions(more), settle)

    async def _refresh(self, _command: Refresh) -> None:
        await self._catch_up()

    async def _outdated(self, _command: Outdated) -> None:
        self.stale = True

    async def _close(self, _command: Close) -> None:
        """No move for too long: in a game that counts, the person to move (having stalled)
        loses it once anyone moved; otherwise the room is abandoned without a result."""
        if not self.playing:
            return
        player = self.to_move()
        if self.counts() and self.moves and player is not None and player in self.people():
            await self._commit_table(player, "forfeit")
            return
        await self.db.run(self.db.store.set_status, self.id, "abandoned")
        self.status = "abandoned"
        self._emit(Abandoned(None, self.version))

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
            self.moved_at = loaded.moved_at
        self.seats, self.status, self.settled = loaded.seats, loaded.status, loaded.settled
        self.table = Table.model_validate(loaded.table or {})
        if self.rule is not None and loaded.clock:
            self.clock = clocks.Clock.from_json(loaded.clock)
        if news:
            self._emit(CaughtUp())
        if set(loaded.rematch_votes) != self.rematch_votes:  # a small event, not a view
            self.rematch_votes = set(loaded.rematch_votes)
            self._emit(RematchVoted(loaded.rematch_votes, stored=False))
        if loaded.rematch != self.rematch_room and loaded.rematch is not None:
            self.rematch_room = loaded.rematch
            self._emit(RematchOpened(loaded.rematch, stored=False))

    async def _check(self, move: int) -> None:
        if move != self.version and self.db.store.shared:
            await self._catch_up()  # the client may have seen a move of another instance
        if self.status == "abandoned":
            raise RoomError(409, "web.error.abandoned")
        if move != self.version:
            raise RoomError(409, "web.error.moved_on", {"move": self.version})

    async def _commit(self, seat: int, kind: str, action: str | None, new: State) -> None:
        """Store the log entry (with the clock as it runs on), then (and only then) make
        ``new`` the room's state. The entry that ends the game is stored with its end."""
        clock = self._clock_after(new, ended=new.is_terminal())
        stored = clock.to_json() if clock else None
        ends = new.is_terminal() and self.status != "finished"
        mover = seat if kind == "act" else None
        ending = self._ending("finished", self.record(new), mover) if ends else None
        await self._append(seat, kind, action, stored, self.to_move(new), ending)
        self.clock = clock
        self._play(seat, kind, action, new)
        self.version += 1
        self._emit(Moved(seat, action, self.version) if action else Undone(seat, self.version))
        if ending is not None:
            self.status, self.settled = "finished", True
            self._emit(Ended(self.status))

    async def _append(
        self,
        seat: int,
        kind: str,
        action: str | None,
        clock: dict[str, Any] | None,
        to_move: int | None,
        ending: Ending | None = None,
    ) -> None:
        """Store the next log entry (with the seat to move after it, and the game's end, if
        it ends it). Of two instances storing the same entry, the second learns of the
        first's (409, and this room catches up)."""
        store = self.db.store
        try:
            await self.db.run(
                store.append, self.id, self.version, seat, kind, action, clock, ending, to_move
            )
            self.moved_at = self.now()
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

    async def _table_move(self, command: TableMove) -> None:
        """A table move. Abandoning a game that counts after one's own first decision is a
        loss (``forfeit``); a claim is the forfeit of the seat that left (``claimable``)."""
        seat, kind = command.seat, command.kind
        await self._refuse_after_flag()
        await self._check(command.move)
        self._may(seat, kind)
        if kind == "claim":
            seat, kind = self._claimed(seat), "forfeit"
        elif kind == "abandon" and self.counts() and self.decisions()[seat]:
            kind = "forfeit"
        await self._commit_table(seat, kind)

    def _claimed(self, seat: int) -> int:
        player = self.claimable(seat)
        if player is None:
            raise RoomError(409, "web.error.cannot_claim")
        return player

    def _may(self, seat: int, kind: str) -> None:
        """Refuses a table move the room does not allow now, saying why."""
        if kind not in TABLE_KINDS | {"claim"} or kind in ("timeout", "forfeit", "close"):
            raise RoomError(400, "web.error.malformed", {"detail": "do"})
        if not self.playing or self.state.is_terminal():
            raise RoomError(409, "web.error.finished")
        if self._seat(seat).kind != "person":
            raise RoomError(409, "web.error.taken_over")
        if kind == "offer" and not self.draws_allowed():
            raise RoomError(409, "web.error.no_draws")
        if kind == "offer" and self.draw:
            raise RoomError(409, "web.error.draw_offered")
        if kind in ("agree", "decline") and (not self.draw or seat in self.draw):
            raise RoomError(409, "web.error.no_draw_offer")
        if kind == "abandon" and not self.may_abandon(seat):
            raise RoomError(409, "web.error.cannot_abandon")

    async def _refuse_after_flag(self) -> None:
        if await self._time_out():
            raise RoomError(409, "web.error.time_out")

    async def _timeout(self, _command: TimeOut) -> None:
        await self._time_out()

    async def _time_out(self) -> bool:
        """If the running seat's time is up, play its time-out (True)."""
        seat = self._flagged()
        if seat is None:
            return False
        await self._commit_table(seat, "timeout")
        return True

    def _flagged(self) -> int | None:
        if self.clock is None or not self.playing or self.state.is_terminal():
            return None
        return clocks.flagged(self.clock, self.now())

    async def _commit_table(self, seat: int, kind: str) -> None:
        """Store a table entry with the clock as it runs on (with the game's end, if it ends
        it), then apply it."""
        result = self._result_of(seat, kind)
        takeover = seat if kind in LEAVING and result is None else None
        clock = self._clock_after(self.state, ended=result is not None, gone=takeover)
        stored = clock.to_json() if clock else None
        ending = None
        if result is not None:
            status = "abandoned" if kind in ("abandon", "close") else "finished"
            events = [*self.events, self._event(seat, kind)]
            ending = self._ending(status, self.record(result=result, events=events))
        await self._append(seat, kind, None, stored, None if result else self.to_move(), ending)
        self.clock = clock
        self._table_entry(seat, kind)
        self.version += 1
        if takeover is not None:
            await self.db.run(self.db.store.take_over, self.id, seat, self.table.takeover)
        self._emit(_table_event(seat, kind, self.version))
        if ending is not None:
            self.settled = True
            self._emit(Ended(ending.status))

    def _result_of(self, seat: int, kind: str) -> dict[str, Any] | None:
        """How the game ends with this table entry (None: it goes on). A seat leaving
        (resign, time, forfeit) ends a game of two seats, or one where no other person is
        left, the others winning; with other people left, the room's bot plays its seat on."""
        others = [s.seat for s in self.seats if s.seat != seat]
        if kind in LEAVING:
            people_left = self.people() - {seat}
            return (
                {"reason": kind, "seat": seat, "winners": others}
                if (len(self.seats) <= 2 or not people_left)
                else None
            )
        if kind == "agree" and self.draw | {seat} >= self.people():
            return {"reason": "draw", "seat": seat, "winners": [s.seat for s in self.seats]}
        if kind in ("abandon", "close"):
            reason = "closed" if kind == "close" else "abandon"
            return {"reason": reason, "seat": seat, "winners": []}
        return None

    def _event(self, seat: int, kind: str) -> dict[str, Any]:
        return {"kind": kind, "seat": seat, "at": len(self.moves)}

    def _table_entry(self, seat: int, kind: str) -> None:
        """Apply one table entry of the log (live or replayed)."""
        result = self._result_of(seat, kind)
        self.events.append(self._event(seat, kind))
        if kind in LEAVING and result is None:
            self.draw.clear()
            info = self.seats[seat]
            info.kind, info.bot = "bot", self.table.takeover
        elif kind == "offer":
            self.draw = {seat}
        elif kind == "agree":
            self.draw.add(seat)
        elif kind == "decline":
            self.draw.clear()
        if result is not None:
            self.result = result
            self.status = "abandoned" if kind in ("abandon", "close") else "finished"
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

    async def _start_clock_command(self, _command: StartClock) -> None:
        await self._start_clock()

    async def _start_clock(self) -> None:
        """As a seat is taken (and a room loaded): once every seat is, the clock of the seat
        to move runs."""
        clock = self._clock_after(self.state, ended=False)
        if clock is not None and clock != self.clock:
            await self.db.run(self.db.store.set_clock, self.id, clock.to_json())
            self.clock = clock


HANDLERS: dict[type[Command], Handler] = {
    Act: Room._act,
    Undo: Room._undo,
    Takeback: Room._takeback,
    SetPace: Room._set_pace,
    TableMove: Room._table_move,
    PlayFor: Room._play_for,
    TimeOut: Room._timeout,
    StartClock: Room._start_clock_command,
    Settle: Room._settle,
    Refresh: Room._refresh,
    Outdated: Room._outdated,
    Close: Room._close,
    TakeSeat: Room._take_seat,
    Exchange: Room._exchange,
    ReplaceInvitation: Room._replace_invitation,
    AdoptSeat: Room._adopt_seat,
    Watch: Room._watch,
    Unwatch: Room._unwatch,
    Elsewhere: Room._elsewhere,
    ForgetInstances: Room._forget_instances,
    Say: Room._say,
    HideChat: Room._hide_chat,
    CloseRoom: Room._close_room,
    Rematch: Room._rematch,
    LinkRematch: Room._link_rematch,
}


def _table_event(seat: int, kind: str, move: int) -> Event:
    if kind in LEAVING:
        return Resigned(seat, kind == "timeout", move)
    if kind == "offer":
        return DrawOffered(seat, move)
    if kind in ("agree", "decline"):
        return DrawAnswered(seat, kind == "agree", move)
    if kind == "close":
        return RoomClosed(move)
    return Abandoned(seat, move)


def _rule(table: Table) -> clocks.Rule | None:
    if table.clock == "fischer":
        return clocks.Rule("fischer", base=float(table.base), increment=float(table.increment))
    if table.clock == "days":
        return clocks.Rule("days", days=float(table.days))
    return None
