"""Who is online, and the games of an account wherever it logs in.

An account is online while one of its pages was seen lately: the lobby asking who is online,
its seeks being polled, or a room's socket open on any instance (each instance marks the
accounts watching its rooms every ``MARK_SECONDS``). The marks live in the database, so
every instance counts the same players.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .db import PresenceRow, RecordRow, RoomRow, SeatRow, Store, UserRow

if TYPE_CHECKING:
    from .rooms import Hub

log = logging.getLogger("ludoteca.server")

ONLINE_SECONDS = 90.0  # seen this lately: online
MARK_SECONDS = 30.0  # how often an instance marks the accounts on its sockets
LISTED = 100  # names listed (the count counts all)
GAMES_EACH = 5  # an online player's games in play listed
FINISHED = 20  # an account's finished games in its lobby


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _iso(moment: datetime) -> str:
    return moment.isoformat() + "Z"


class Presence:
    """The database side: marks, who is online, an account's games (one transaction each)."""

    def __init__(self, store: Store):
        self.store = store

    def mark(self, user_ids: list[int], now: datetime) -> None:
        for user_id in user_ids:
            with self.store.engine.begin() as connection:
                done = connection.execute(
                    update(PresenceRow).where(PresenceRow.user_id == user_id).values(seen_at=now)
                )
            if done.rowcount == 0:
                try:
                    with self.store.sessions.begin() as session:
                        session.add(PresenceRow(user_id=user_id, seen_at=now))
                except IntegrityError:  # marked at the same moment elsewhere: it is marked
                    pass

    def online(self, since: datetime) -> dict[str, Any]:
        with self.store.sessions() as session:
            seen = PresenceRow.seen_at >= since
            count = session.scalar(select(func.count()).select_from(PresenceRow).where(seen))
            people = session.execute(
                select(UserRow.id, UserRow.name)
                .join(PresenceRow, PresenceRow.user_id == UserRow.id)
                .where(seen)
                .order_by(UserRow.name_key)
                .limit(LISTED)
            ).all()
            games = _playing(session, [user_id for user_id, _ in people])
            return {
                "count": int(count or 0),
                "players": [
                    {"name": name, "playing": games.get(user_id, [])[:GAMES_EACH]}
                    for user_id, name in people
                ],
            }

    def games_of(self, user_id: int) -> dict[str, Any]:
        """An account's rooms in play (its seats in each) and its latest finished games."""
        with self.store.sessions() as session:
            seats = session.execute(
                select(SeatRow.room_id, SeatRow.seat, RoomRow)
                .join(RoomRow, RoomRow.id == SeatRow.room_id)
                .where(SeatRow.user_id == user_id, RoomRow.status.in_(("playing", "finished")))
                .order_by(RoomRow.updated_at.desc())
            ).all()
            rooms: dict[str, dict[str, Any]] = {}
            for room_id, seat, room in seats:
                entry = rooms.setdefault(room_id, _entry(room))
                entry["seats"].append(seat)
            finished = [r for r in rooms.values() if r["status"] == "finished"][:FINISHED]
            _add_results(session, finished)
            return {
                "playing": [r for r in rooms.values() if r["status"] == "playing"],
                "finished": finished,
            }


def _entry(room: RoomRow) -> dict[str, Any]:
    return {
        "room": room.id,
        "game": room.game,
        "status": room.status,
        "rated": bool(room.rated),
        "seats": [],
        "to_move": room.to_move,
        "updated_at": _iso(room.updated_at),
    }


def _add_results(session: Session, finished: list[dict[str, Any]]) -> None:
    """The finished games' names, winners and scores, from their records."""
    by_id = {entry["room"]: entry for entry in finished}
    if not by_id:
        return
    rows = session.scalars(select(RecordRow).where(RecordRow.room_id.in_(list(by_id)))).all()
    for record in rows:
        entry = by_id[record.room_id]
        entry.update(names=record.names, winners=record.winners, scores=record.scores)
        entry["won"] = any(seat in record.winners for seat in entry["seats"])


def _playing(session: Session, user_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The rooms in play of these accounts."""
    if not user_ids:
        return {}
    rows = session.execute(
        select(SeatRow.user_id, RoomRow.id, RoomRow.game)
        .join(RoomRow, RoomRow.id == SeatRow.room_id)
        .where(SeatRow.user_id.in_(user_ids), RoomRow.status == "playing")
        .order_by(RoomRow.updated_at.desc())
    ).all()
    found: dict[int, list[dict[str, Any]]] = {}
    for user_id, room_id, game in rows:
        if user_id is None:  # never: the query asks for these accounts' seats
            continue
        listed = found.setdefault(user_id, [])
        if all(entry["room"] != room_id for entry in listed):
            listed.append({"room": room_id, "game": game})
    return found


class Online:
    """Who is online and an account's games, as the API and the marking loop use them."""

    def __init__(self, hub: Hub, clock: Callable[[], datetime] = _now):
        self.hub = hub
        self.rows = Presence(hub.db.store)
        self.clock = clock
        self._marked: dict[int, datetime] = {}  # account -> when this instance last marked it

    async def seen(self, user_ids: Iterable[int]) -> None:
        """Mark these accounts as seen now (each at most once per ``MARK_SECONDS`` here)."""
        now = self.clock()
        fresh = now - timedelta(seconds=MARK_SECONDS)
        due = sorted({u for u in user_ids if self._marked.get(u, datetime.min) < fresh})
        if not due:
            return
        for user_id in due:
            self._marked[user_id] = now
        await self.hub.db.run(self.rows.mark, due, now)

    async def online(self) -> dict[str, Any]:
        since = self.clock() - timedelta(seconds=ONLINE_SECONDS)
        return await self.hub.db.run(self.rows.online, since)

    async def games_of(self, user_id: int) -> dict[str, Any]:
        """The account's games, its move first (``your_move``) among those in play."""
        found = await self.hub.db.run(self.rows.games_of, user_id)
        for entry in found["playing"]:
            entry["to_move"] = self.hub.to_move(entry["room"], entry["to_move"])
            entry["your_move"] = entry["to_move"] in entry["seats"]
        found["playing"].sort(key=lambda entry: not entry["your_move"])  # stable: latest next
        return found

    def watching(self) -> set[int]:
        """The accounts on this instance's sockets."""
        return {
            watcher.user_id
            for room in list(self.hub.rooms.values())
            for watcher in room.watchers
            if watcher.user_id is not None
        }

    async def run(self) -> None:
        while True:
            try:
                await self.seen(self.watching())
            except Exception:
                log.exception("marking who is online failed; it runs again")
            await asyncio.sleep(MARK_SECONDS / 3)
