"""Quick pairing: players ask for a game (a seek) and are seated together when enough of them
ask for the same; a seek nobody took in time may be filled with bots.

Seeks live in the database, so every instance sees every seek. Pairing claims the seeks of one
game in a single transaction: each row is locked (``FOR UPDATE SKIP LOCKED`` where the database
has it) and moved from "open" to "pairing" only if it is still open, so of two instances
racing for one seek exactly one seats it. The room is then made by the ordinary path
(``Hub.open``) and the seeks say where their seats are. A seeker learns it by polling its
seek (``wait``: the answer comes as soon as this instance pairs it, at the latest after a
second). The seat's token is the seeker's own secret, so nothing secret is ever stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from .db import RatingRow, SeatInfo, SeekRow, Store
from .errors import RoomError
from .messages import Seek
from .opening import bot_spec
from .ratings import shown
from .room import make_game
from .table import hash_token, new_token

if TYPE_CHECKING:
    from .accounts import User
    from .rooms import Hub

log = logging.getLogger("ludoteca.server")

LAPSE_SECONDS = 20.0  # a seek whose page has not asked for it this long is gone with the page
PAIRING_SECONDS = 60.0  # a claim whose room never came (its instance died) lapses
WAIT_SECONDS = 1.0  # the longest a poll waits here before reading the database again
SWEEP_SECONDS = 1.0
CANDIDATES = 50  # open seeks of one kind looked at per pairing
LISTED = 100


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class _Taken(Exception):
    """A seek of a claim was taken meanwhile: the claim's transaction is rolled back."""


def seek_kind(game: str, options: dict[str, Any], players: int, table: dict, rated: bool) -> str:
    """What two seeks must share to be paired: the game, its options, seats, clock, rated."""
    clock = table.get("clock", "none")
    timing = {
        "none": {},
        "fischer": {"base": table.get("base"), "increment": table.get("increment")},
        "days": {"days": table.get("days")},
    }[clock]
    facts = [game, options, players, clock, timing, rated]
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def accepts(seek: SeekRow | dict, rating: int | None) -> bool:
    """Whether a seek accepts a player of ``rating`` (None: a guest, who has none)."""
    low, high = _get(seek, "rating_min"), _get(seek, "rating_max")
    if low is None and high is None:
        return True
    return (
        rating is not None and (low is None or rating >= low) and (high is None or rating <= high)
    )


def compatible(a: SeekRow | dict, b: SeekRow | dict) -> bool:
    """Two seeks of one kind may sit together: not one account twice, each in the other's range."""
    if _get(a, "user_id") is not None and _get(a, "user_id") == _get(b, "user_id"):
        return False
    return accepts(a, _get(b, "rating")) and accepts(b, _get(a, "rating"))


def _get(seek: SeekRow | dict, name: str) -> Any:
    return seek[name] if isinstance(seek, dict) else getattr(seek, name)


def public(row: SeekRow) -> dict[str, Any]:
    """A seek as the lobby lists it (nothing secret, no address)."""
    return {
        "id": row.id,
        "game": row.game,
        "options": row.options,
        "players": row.players,
        "table": row.table,
        "rated": row.rated,
        "name": row.name,
        "account": row.user_id is not None,
        "rating": row.rating,
        "rating_min": row.rating_min,
        "rating_max": row.rating_max,
        "bots_after": row.bots_after,
        "since": row.created_at.isoformat() + "Z",
    }


def _row_dict(row: SeekRow) -> dict[str, Any]:
    return {column.name: getattr(row, column.name) for column in SeekRow.__table__.columns}


class SeekStore:
    """The seeks' rows; every method is one transaction (called through ``Database.run``)."""

    def __init__(self, store: Store):
        self.store = store

    def add(self, row: dict[str, Any]) -> None:
        with self.store.sessions.begin() as session:
            session.add(SeekRow(**row))

    def open_count(self, address: str, user_id: int | None) -> int:
        """The open seeks of a client address (or of an account, wherever it asks from)."""
        with self.store.sessions() as session:
            mine = SeekRow.address == address if user_id is None else SeekRow.user_id == user_id
            found = session.scalar(
                select(func.count()).select_from(SeekRow).where(SeekRow.status == "open", mine)
            )
            return int(found or 0)

    def rating(self, user_id: int, game: str) -> int:
        """An account's shown rating in a game (a newcomer's before its first rated game)."""
        with self.store.sessions() as session:
            row = session.get(RatingRow, (user_id, game))
            return shown(row.mu) if row is not None else shown(25.0)

    def listed(self, since: datetime) -> list[dict[str, Any]]:
        with self.store.sessions() as session:
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.status == "open", SeekRow.seen_at >= since)
                .order_by(SeekRow.created_at)
                .limit(LISTED)
            ).all()
            return [public(row) for row in rows]

    def seen(self, seek_id: str, token_hash: str, now: datetime) -> dict[str, Any] | None:
        """The seeker's own seek (None for a wrong token), marked as still wanted."""
        with self.store.sessions.begin() as session:
            row = session.get(SeekRow, seek_id)
            if row is None or not secrets.compare_digest(row.token_hash, token_hash):
                return None
            if row.status == "open":
                row.seen_at = now
            return _row_dict(row)

    def withdraw(self, seek_id: str, token_hash: str) -> bool:
        with self.store.engine.begin() as connection:
            done = connection.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id, SeekRow.token_hash == token_hash)
                .where(SeekRow.status == "open")
                .values(status="withdrawn")
            )
            return done.rowcount == 1

    def claim(
        self, seek_id: str, prefer: str | None, now: datetime, short: bool
    ) -> list[dict[str, Any]] | None:
        """Claim ``seek_id`` with enough open seeks of its kind to fill its room (``short``:
        as many as there are, the rest of the seats go to bots); ``prefer`` is taken first
        if it fits. None when there are not enough, or another instance holds them."""
        try:
            return self._claim(seek_id, prefer, now, short)
        except _Taken:
            return None

    def _claim(
        self, seek_id: str, prefer: str | None, now: datetime, short: bool
    ) -> list[dict[str, Any]] | None:
        with self.store.sessions.begin() as session:
            connection = session.connection()
            me = self._locked(session, select(SeekRow).where(SeekRow.id == seek_id)).first()
            if me is None or me.status != "open":
                return None
            others = self._locked(
                session,
                select(SeekRow)
                .where(SeekRow.status == "open", SeekRow.kind == me.kind, SeekRow.id != me.id)
                .where(SeekRow.seen_at >= now - timedelta(seconds=LAPSE_SECONDS))
                .order_by(SeekRow.created_at)
                .limit(CANDIDATES),
            ).all()
            others = sorted(others, key=lambda row: row.id != prefer)  # stable: oldest next
            group = [me]
            for row in others:
                if len(group) == me.players:
                    break
                if all(compatible(row, taken) for taken in group):
                    group.append(row)
            if len(group) < me.players and not short:
                return None
            for row in sorted(group, key=lambda row: row.id):
                done = connection.execute(
                    update(SeekRow)
                    .where(SeekRow.id == row.id, SeekRow.status == "open")
                    .values(status="pairing", seen_at=now)
                )
                if done.rowcount != 1:  # taken meanwhile: nothing of this claim stays
                    raise _Taken
            return [_row_dict(row) for row in group]

    def _locked(self, session: Session, query: Any) -> Any:
        """Rows locked for this transaction; rows another transaction holds are skipped (on
        SQLite, which has one writer at a time, the query as it is)."""
        if self.store.shared:
            query = query.with_for_update(skip_locked=True)
        return session.scalars(query)

    def seated(self, seats: dict[str, int], room_id: str) -> None:
        with self.store.engine.begin() as connection:
            for seek_id, seat in seats.items():
                connection.execute(
                    update(SeekRow)
                    .where(SeekRow.id == seek_id)
                    .values(status="paired", room_id=room_id, seat=seat)
                )

    def reopen(self, seek_ids: list[str]) -> None:
        """A claim whose room could not be made: its seeks wait again."""
        with self.store.engine.begin() as connection:
            connection.execute(
                update(SeekRow)
                .where(SeekRow.id.in_(seek_ids), SeekRow.status == "pairing")
                .values(status="open")
            )

    def due(self, now: datetime) -> list[str]:
        """Open seeks whose wait for people is over: their seats go to bots."""
        with self.store.sessions() as session:
            rows = session.execute(
                select(SeekRow.id, SeekRow.created_at, SeekRow.bots_after).where(
                    SeekRow.status == "open", SeekRow.bots_after.is_not(None)
                )
            ).all()
            return [
                seek_id
                for seek_id, created, after in rows
                if created + timedelta(seconds=after or 0) <= now
            ]

    def crowded(self, now: datetime) -> list[str]:
        """The oldest open seek of every kind that has several: two seekers asking at the
        same moment each pass the other's locked row over, and are paired here instead."""
        since = now - timedelta(seconds=LAPSE_SECONDS)
        with self.store.sessions() as session:
            kinds = (
                select(SeekRow.kind, func.min(SeekRow.created_at).label("first"))
                .where(SeekRow.status == "open", SeekRow.seen_at >= since)
                .group_by(SeekRow.kind)
                .having(func.count() > 1)
                .limit(LISTED)
                .subquery()
            )
            rows = session.execute(
                select(SeekRow.id)
                .join(kinds, (kinds.c.kind == SeekRow.kind) & (kinds.c.first == SeekRow.created_at))
                .where(SeekRow.status == "open")
            ).all()
            return [seek_id for (seek_id,) in rows]

    def lapse(self, now: datetime) -> int:
        """Seeks whose page is gone, and claims whose room never came, lapse."""
        gone = now - timedelta(seconds=LAPSE_SECONDS)
        stuck = now - timedelta(seconds=PAIRING_SECONDS)
        with self.store.engine.begin() as connection:
            done = connection.execute(
                update(SeekRow)
                .where(SeekRow.status == "open", SeekRow.seen_at < gone)
                .values(status="lapsed")
            ).rowcount
            done += connection.execute(
                update(SeekRow)
                .where(SeekRow.status == "pairing", SeekRow.seen_at < stuck)
                .values(status="lapsed")
            ).rowcount
            return done


class Seeks:
    """Seeks as the API and the sweep use them."""

    def __init__(self, hub: Hub, clock: Callable[[], datetime] = _now):
        self.hub = hub
        self.rows = SeekStore(hub.db.store)
        self.clock = clock
        self.changed: dict[str, asyncio.Event] = {}  # seek -> set when this instance pairs it

    async def ask(self, body: Seek, address: str, user: User | None) -> dict[str, Any]:
        """A new seek; paired at once if others asked for the same. Answers its id, its
        secret token (the seat's token once paired) and where it stands."""
        hub = self.hub
        hub.quotas.hit("seeks", address)
        if body.rated and user is None:
            raise RoomError(403, "web.error.seek_account")
        if body.rating_range is not None and user is None:
            raise RoomError(403, "web.error.seek_account")
        await hub.bots.compiled(body.game)
        try:
            game = make_game(body.game, dict(body.options))
        except ValueError as error:
            raise RoomError(400, "web.error.bad_game", {"detail": str(error)}) from None
        if game.num_players < 2:
            raise RoomError(400, "web.error.seek_solo")
        bot = bot_spec(body.bot or "random") if body.bots_after is not None else None
        limit = hub.quotas.open_seeks
        if await hub.db.run(self.rows.open_count, address, user.id if user else None) >= limit:
            raise RoomError(429, "web.error.too_many_seeks", {"n": limit}, retry_after=30)
        rating = await hub.db.run(self.rows.rating, user.id, game.id) if user else None
        low = high = None
        if body.rating_range is not None and rating is not None:
            low, high = rating - body.rating_range, rating + body.rating_range
        table, options = body.table.model_dump(), dict(game.options)
        token, now = new_token(), self.clock()
        seek_id = secrets.token_urlsafe(9)
        row: dict[str, Any] = {
            "id": seek_id,
            "token_hash": hash_token(token),
            "kind": seek_kind(game.id, options, game.num_players, table, body.rated),
            "game": game.id,
            "options": options,
            "players": game.num_players,
            "table": table,
            "rated": body.rated,
            "rating": rating,
            "rating_min": low,
            "rating_max": high,
            "bots_after": body.bots_after,
            "bot": bot,
            "user_id": user.id if user else None,
            "name": user.name if user else body.name.strip(),
            "address": address,
            "status": "open",
            "created_at": now,
            "seen_at": now,
        }
        await hub.db.run(self.rows.add, row)
        await self.pair(seek_id, body.join)
        found = await hub.db.run(self.rows.seen, seek_id, row["token_hash"], now)
        return {**_standing(found or row), "token": token}

    async def poll(self, seek_id: str, token: str, wait: bool) -> dict[str, Any]:
        """Where the seeker's seek stands; with ``wait``, an open seek's answer waits until
        this instance pairs it (at most ``WAIT_SECONDS``: another instance may have)."""
        token_hash = hash_token(token)
        found = await self.hub.db.run(self.rows.seen, seek_id, token_hash, self.clock())
        if found is None:
            raise RoomError(404, "web.error.no_seek")
        if wait and found["status"] in ("open", "pairing"):
            event = self.changed.setdefault(seek_id, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), WAIT_SECONDS)
            except TimeoutError:
                pass
            finally:
                self.changed.pop(seek_id, None)
            seen = await self.hub.db.run(self.rows.seen, seek_id, token_hash, self.clock())
            found = seen or found
        return _standing(found)

    async def withdraw(self, seek_id: str, token: str) -> bool:
        return await self.hub.db.run(self.rows.withdraw, seek_id, hash_token(token))

    async def listed(self) -> list[dict[str, Any]]:
        since = self.clock() - timedelta(seconds=LAPSE_SECONDS)
        return await self.hub.db.run(self.rows.listed, since)

    async def pair(self, seek_id: str, prefer: str | None = None, short: bool = False) -> bool:
        """Seat ``seek_id`` with others of its kind (``short``: with bots for the rest)."""
        hub = self.hub
        group = await hub.db.run(self.rows.claim, seek_id, prefer, self.clock(), short)
        if not group:
            return False
        first = group[0]
        people = list(group)
        secrets.SystemRandom().shuffle(people)  # who sits first is left to chance
        infos = [
            SeatInfo(seat, "person", None, row["name"], row["token_hash"], True, row["user_id"])
            for seat, row in enumerate(people)
        ]
        for seat in range(len(people), first["players"]):
            infos.append(SeatInfo(seat, "bot", first["bot"] or "random", "", None))
        table = dict(first["table"])
        try:
            room_id = await hub.open(
                first["game"],
                first["options"],
                infos,
                table,
                first["address"],
                None,
                first["rated"],
            )
        except Exception:
            await hub.db.run(self.rows.reopen, [row["id"] for row in group])
            raise
        seats = {row["id"]: seat for seat, row in enumerate(people)}
        await hub.db.run(self.rows.seated, seats, room_id)
        for row in group:
            event = self.changed.get(row["id"])
            if event is not None:
                event.set()
        return True

    async def sweep(self) -> None:
        """Seeks of gone pages lapse; seeks that can sit together do; seeks whose wait is
        over get bots."""
        now = self.clock()
        await self.hub.db.run(self.rows.lapse, now)
        crowded = await self.hub.db.run(self.rows.crowded, now)
        due = await self.hub.db.run(self.rows.due, now)
        for seek_id, short in [(found, False) for found in crowded] + [(d, True) for d in due]:
            try:
                await self.pair(seek_id, short=short)
            except RoomError as error:  # a quota of its seeker's: the seek waits on
                log.info("seek %s: no room yet (%s)", seek_id, error.key)

    async def run(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("the seeks' sweep failed; it runs again")
            await asyncio.sleep(SWEEP_SECONDS)


def _standing(row: dict[str, Any]) -> dict[str, Any]:
    """What the seeker is told of its seek."""
    return {
        "seek": row["id"],
        "status": "open" if row["status"] == "pairing" else row["status"],
        "room": row["room_id"],
        "seat": row["seat"],
        "game": row["game"],
    }
