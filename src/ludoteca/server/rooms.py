"""Live rooms: the state of each game in play, who may act, and everyone watching.

A room's log (actions and undos) is the truth; it is written to the database before anything
is acknowledged, and a room is rebuilt from it after a restart. Chance is drawn from the
room's secret seed and the log position, so a restart draws exactly what it would have drawn.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ludoteca import CHANCE, load_game
from ludoteca.bots import BOTS, make_bot
from ludoteca.engine import Game, IllegalAction, Message, State, sample_chance
from ludoteca.engine.i18n import translate
from ludoteca.engine.parts import Hint
from ludoteca.games import registry

from . import workers
from .db import LoadedRoom, SeatInfo, Store
from .words import translated

log = logging.getLogger("ludoteca.server")

MAX_ACTION_LENGTH = 200
MAX_NAME_LENGTH = 40


class RoomError(Exception):
    """A refused request: an HTTP-like status and a message of the ``web`` catalog."""

    def __init__(self, status: int, key: str, params: dict[str, Any] | None = None):
        self.status = status
        self.key = key
        self.params = dict(params or {})
        super().__init__(f"{status} {key} {self.params}")

    def message(self, lang: str) -> str:
        params = {
            name: value.text(lang) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }
        return translate(self.key, lang, params)

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "type": "error",
            "code": self.status,
            "key": self.key,
            "message": self.message(lang),
        }


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def bot_specs() -> list[str]:
    """Every bot a seat can hold: ``random``, ``mcts:easy`` …"""
    specs = []
    for name, maker in BOTS.items():
        levels = maker.levels
        specs += [f"{name}:{level}" for level in levels] if levels else [name]
    return specs


def picture(
    game: Game, state: State, seat: int | None, lang: str, found: Hint | None
) -> str | None:
    """The game's picture of ``state`` for ``seat`` in ``lang``, a shown hint's overlay drawn
    (None for a game without a view)."""
    view = registry.view(game.id)
    if view is None:
        return None
    return view.svg(state, seat, lang=lang, overlay=found.overlay if found else None)


@dataclass(eq=False)
class Watcher:
    """One connection looking at a room: a seat's holder or a spectator (seat None)."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    seat: int | None = None
    lang: str = "en"
    views: bool = True
    hints: bool = False
    sent_version: int = -1
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Live:
    """A room in memory: its game, current state, log position and watchers."""

    def __init__(self, loaded: LoadedRoom):
        self.id = loaded.id
        self.game = load_game(loaded.game, **loaded.options)
        self.seed = loaded.seed
        self.seats = loaded.seats
        self.status = loaded.status
        self.moves: list[tuple[int, str]] = []  # the effective (seat, action) history
        state = self.game.new_initial_state()
        for seat, kind, action in loaded.log:
            if kind == "act":
                state = state.apply(action)
                self.moves.append((seat, action))
            else:
                self.moves.pop()
                state = self.game.replay([a for _, a in self.moves])
        self.state: State = state
        self.version = len(loaded.log)
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.advancing = False
        self.hints: dict[tuple[int, int], Hint | None] = {}

    def rng(self, purpose: str) -> random.Random:
        """A generator fixed by the secret seed and the log position (restart-proof)."""
        return random.Random(f"{self.seed}/{purpose}/{self.version}")

    def can_undo(self, seat: int | None) -> bool:
        """Undo takes back your own last decision while it is still your turn, until chance
        or another seat has acted."""
        if seat is None or not self.moves or self.state.is_terminal():
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
            "online": sorted({w.seat for w in self.watchers if w.seat is not None}),
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


class Hub:
    """Every live room of one server, the database and the bots' workers."""

    def __init__(self, store: Store, worker_count: int, bot_delay: float = 0.0):
        self.store = store
        self.worker_count = worker_count
        self.executor: Executor = workers.make_executor(worker_count)
        self.bot_delay = bot_delay
        self.rooms: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-db")
        self._tasks: set[asyncio.Task] = set()
        self._closed = False

    async def db(self, function, *args):
        """Run a database call: inline for SQLite (a commit takes well under a millisecond and
        a thread hand-off costs more), in the database thread for a server database."""
        if self.store.inline:
            return function(*args)
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(function, *args))

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for task in self._tasks:
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
        self.store.close()

    # -- rooms ---------------------------------------------------------------------------

    async def create(self, game_id: str, options: dict, seats: list[dict]) -> dict[str, Any]:
        """A new room; returns its id and the secret token of every person's seat."""
        if not isinstance(game_id, str) or not isinstance(options, dict):
            raise RoomError(400, "web.error.malformed", {"detail": "game, options"})
        try:
            game = load_game(game_id, **options)
        except ValueError as error:
            raise RoomError(400, "web.error.bad_game", {"detail": str(error)}) from None
        if not isinstance(seats, list) or len(seats) != game.num_players:
            raise RoomError(400, "web.error.bad_seats", {"n": game.num_players})
        infos, tokens = [], {}
        for number, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise RoomError(400, "web.error.bad_seats", {"n": game.num_players})
            kind = seat.get("kind")
            name = str(seat.get("name") or "").strip()[:MAX_NAME_LENGTH]
            if kind == "bot":
                spec = seat.get("bot") or "random"
                try:
                    make_bot(spec, 0)
                except (ValueError, TypeError) as error:
                    raise RoomError(400, "web.error.bad_bot", {"detail": str(error)}) from None
                infos.append(SeatInfo(number, "bot", spec, name, None))
            elif kind == "person":
                token = new_token()
                tokens[number] = token
                infos.append(SeatInfo(number, "person", None, name, hash_token(token)))
            elif kind == "open":
                infos.append(SeatInfo(number, "open", None, name, None))
            else:
                raise RoomError(400, "web.error.bad_seats", {"n": game.num_players})
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        seed = secrets.token_hex(16)
        await self.db(self.store.create_room, room_id, game.id, dict(game.options), seed, infos)
        live = await self.room(room_id)
        self.kick(live)
        return {"room": room_id, "tokens": {str(k): v for k, v in tokens.items()}}

    async def room(self, room_id: str) -> Live:
        """The live room, loaded from the database on first use; 404 if there is none."""
        if room_id in self.rooms:
            return self.rooms[room_id]
        if not isinstance(room_id, str) or len(room_id) > 32:
            raise RoomError(404, "web.error.no_room", {"room": str(room_id)[:32]})
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        async with lock:
            if room_id not in self.rooms:
                loaded = await self.db(self.store.load_room, room_id)
                if loaded is None:
                    self._loading.pop(room_id, None)
                    raise RoomError(404, "web.error.no_room", {"room": room_id})
                live = Live(loaded)
                self.rooms[room_id] = live
                self.kick(live)
        self._loading.pop(room_id, None)
        return self.rooms[room_id]

    def seat_of(self, live: Live, token: Any) -> int:
        """The seat whose token this is; 403 for any other token."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for seat in live.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise RoomError(403, "web.error.forbidden")

    def authorize(self, live: Live, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise RoomError(400, "web.error.malformed", {"detail": "seat"})
        if self.seat_of(live, token) != seat:
            raise RoomError(403, "web.error.forbidden")
        return seat

    async def claim(self, room_id: str, seat: Any, name: Any) -> dict[str, Any]:
        """Take an open seat; returns its new token."""
        live = await self.room(room_id)
        if not isinstance(seat, int) or not 0 <= seat < len(live.seats):
            raise RoomError(400, "web.error.malformed", {"detail": "seat"})
        name = str(name or "").strip()[:MAX_NAME_LENGTH]
        token = new_token()
        async with live.lock:
            info = live.seats[seat]
            if info.kind != "open":
                raise RoomError(409, "web.error.seat_taken")
            claimed = await self.db(self.store.claim_seat, live.id, seat, name, hash_token(token))
            if not claimed:
                raise RoomError(409, "web.error.seat_taken")
            info.kind, info.name, info.token_hash = "person", name, hash_token(token)
        self.spawn(self.broadcast(live))
        return {"room": live.id, "seat": seat, "token": token}

    # -- acting --------------------------------------------------------------------------

    async def act(self, live: Live, seat: int, action: Any, move: Any) -> int:
        """Apply ``action`` for ``seat`` (already authorised) if ``move`` is the room's
        current log position; returns the new position once it is stored."""
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise RoomError(400, "web.error.malformed", {"detail": "action"})
        async with live.lock:
            self._check_move(live, move)
            if live.state.is_terminal():
                raise RoomError(409, "web.error.finished")
            if live.state.current_player != seat:
                raise RoomError(409, "web.error.not_your_turn")
            try:
                new = live.state.apply(action)
            except IllegalAction as error:
                reason = Message(error.key, error.params) if error.key else error.reason
                raise RoomError(422, "web.error.illegal", {"reason": reason}) from None
            await self._commit(live, seat, "act", action, new)
            version = live.version
        self.kick(live)
        await self.broadcast(live)
        return version

    async def undo(self, live: Live, seat: int, move: Any) -> int:
        async with live.lock:
            self._check_move(live, move)
            if not live.can_undo(seat):
                raise RoomError(409, "web.error.cannot_undo")
            previous = live.game.replay([a for _, a in live.moves[:-1]])
            await self._commit(live, seat, "undo", None, previous)
            version = live.version
        await self.broadcast(live)
        return version

    @staticmethod
    def _check_move(live: Live, move: Any) -> None:
        if not isinstance(move, int) or isinstance(move, bool):
            raise RoomError(400, "web.error.malformed", {"detail": "move"})
        if move != live.version:
            raise RoomError(409, "web.error.moved_on", {"move": live.version})

    async def _commit(
        self, live: Live, seat: int, kind: str, action: str | None, new: State
    ) -> None:
        """Store the log entry, then (and only then) make ``new`` the room's state."""
        await self.db(self.store.append, live.id, live.version, seat, kind, action)
        if kind == "act":
            live.moves.append((seat, action))
        else:
            live.moves.pop()
        live.state = new
        live.version += 1
        live.hints.clear()
        if new.is_terminal() and live.status != "finished":
            await self.db(self.store.finish, live.id, live.record())
            live.status = "finished"
            asyncio.get_running_loop().call_soon(self.forget_if_done, live)

    # -- chance and bots -----------------------------------------------------------------

    def spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def kick(self, live: Live) -> None:
        """Let chance and the bots move in ``live`` until a person is to act."""
        if not live.advancing:
            live.advancing = True
            self.spawn(self._advance(live))

    async def _advance(self, live: Live) -> None:
        try:
            while True:
                state, version = live.state, live.version
                player = state.current_player
                if player == CHANCE:
                    action = sample_chance(state, live.rng("chance"))
                elif player >= 0 and live.seats[player].kind == "bot":
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                    action = await self._bot_action(live, state, player)
                else:
                    return
                async with live.lock:
                    if live.version != version:
                        continue
                    new = state.apply(action)
                    await self._commit(live, player, "act", action, new)
                await self.broadcast(live)
        except Exception:
            log.exception("room %s: chance or a bot failed", live.id)
        finally:
            live.advancing = False

    async def _bot_action(self, live: Live, state: State, seat: int) -> str:
        spec = live.seats[seat].bot or "random"
        seed = live.rng("bot").getrandbits(63)
        call = partial(
            workers.bot_action,
            live.id,
            live.game.id,
            dict(live.game.options),
            state.history(),
            spec,
            seed,
        )
        try:
            action = await asyncio.get_running_loop().run_in_executor(self.executor, call)
            if action in state.legal_actions():
                return action
            log.error("room %s: bot %s chose the illegal %r", live.id, spec, action)
        except BrokenExecutor:
            log.error("room %s: the bots' worker died; starting new workers", live.id)
            self.renew_executor()
        except Exception:
            log.exception("room %s: bot %s failed; playing a random action", live.id, spec)
        return random.Random(seed).choice(state.legal_actions())

    def renew_executor(self) -> None:
        old, self.executor = self.executor, workers.make_executor(self.worker_count)
        old.shutdown(wait=False, cancel_futures=True)

    def warm(self) -> None:
        """Start the workers now and import the games in them."""
        for _ in range(max(1, self.worker_count)):
            self.executor.submit(workers.warm)

    async def hint(self, live: Live, state: State, version: int, seat: int) -> Hint | None:
        key = (version, seat)
        if key not in live.hints:
            call = partial(
                workers.hint_for,
                live.id,
                live.game.id,
                dict(live.game.options),
                state.history(),
                seat,
            )
            try:
                found = await asyncio.get_running_loop().run_in_executor(self.executor, call)
            except Exception:
                log.exception("room %s: the hint failed", live.id)
                found = None
            live.hints[key] = found
        return live.hints[key]

    # -- telling the watchers ------------------------------------------------------------

    async def broadcast(self, live: Live, force: bool = False) -> None:
        await asyncio.gather(*(self.send_view(live, w, force) for w in list(live.watchers)))

    async def join(self, live: Live, watcher: Watcher) -> None:
        """A connection starts watching: it gets the room, the others learn who is here."""
        live.watchers.add(watcher)
        await self.broadcast(live, force=True)

    def leave(self, live: Live, watcher: Watcher) -> None:
        if watcher in live.watchers:
            live.watchers.discard(watcher)
            self.spawn(self.broadcast(live, force=True))
        self.forget_if_done(live)

    def forget_if_done(self, live: Live) -> None:
        """A finished room nobody watches leaves memory (the database still has it all)."""
        if live.status == "finished" and not live.watchers and not live.lock.locked():
            self.rooms.pop(live.id, None)

    async def send_view(self, live: Live, watcher: Watcher, force: bool = False) -> None:
        """Send ``watcher`` the room as it is now (skipped if it has seen this already)."""
        async with watcher.lock:
            state, version = live.state, live.version
            if watcher.sent_version == version and not force:
                return
            found = None
            if watcher.hints and watcher.seat is not None and state.current_player == watcher.seat:
                found = await self.hint(live, state, version, watcher.seat)
                if live.version != version:
                    return  # a newer view is on its way
            message = self.view(live, state, version, watcher, found)
            watcher.sent_version = version
            try:
                await watcher.send(message)
            except Exception:
                live.watchers.discard(watcher)

    def view(
        self, live: Live, state: State, version: int, watcher: Watcher, found: Hint | None
    ) -> dict[str, Any]:
        seat = watcher.seat
        observation = translated(state.observation(seat), watcher.lang)
        message: dict[str, Any] = {
            "type": "state",
            "room": live.public(),
            "move": version,
            "seat": seat,
            "observation": observation,
            "can_undo": live.can_undo(seat),
            "hint": workers.hint_to_json(found, watcher.lang),
        }
        if watcher.views:
            message["svg"] = picture(live.game, state, seat, watcher.lang, found)
        return message
