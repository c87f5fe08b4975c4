"""Persistence: rooms, seats, the append-only action log and finished games (SQLAlchemy 2);
accounts, their sessions and ratings.

SQLite in a data folder by default, any SQLAlchemy URL (PostgreSQL) by choice. The schema is
brought up to date by the migrations (``migrations``) when the store opens. Every method here is
synchronous and commits before it returns; the server calls them from one thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from . import migrations

T = TypeVar("T")


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict] = mapped_column(JSON)
    # The seed of the room's chance draws: read by the server only, never sent to a client.
    seed: Mapped[str] = mapped_column(String(64))
    # "playing", "finished", "abandoned" (no move for too long) or "broken" (its log could
    # not be replayed: kept for a look, never played on)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    # sha256 of the host's token: it may replace invitations not yet opened
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    # the host's wish that the game counts for the ratings (None: a room from before accounts,
    # never rated); it counts only if every person seat is an account's when it ends
    rated: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # "person", "open" (claimable) or "bot"
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    # sha256 of the seat's secret token; the token itself is only ever shown to its holder.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # True once its holder took the seat (opened the invitation or took the open seat): from
    # then on the token is theirs alone, and the host can no longer replace it
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    # the account holding the seat (None: a guest, a bot or nobody yet)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class ActionRow(Base):
    """One entry of a room's log: an action (chance included) or an undo. Never updated."""

    __tablename__ = "actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # "act" or "undo"
    action: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class RecordRow(Base):
    """A finished game: its record (game, options, actions) and result."""

    __tablename__ = "records"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    options: Mapped[dict] = mapped_column(JSON)
    actions: Mapped[list] = mapped_column(JSON)
    names: Mapped[list] = mapped_column(JSON)
    scores: Mapped[list] = mapped_column(JSON)
    winners: Mapped[list] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime, default=_now, index=True)


class UserRow(Base):
    """An account: its name as typed (unique whatever the case) and its Argon2 hash."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # the name casefolded
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class SessionRow(Base):
    """A logged-in browser: the sha256 of its session cookie."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class RatingRow(Base):
    """An account's OpenSkill rating in one game."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)  # rated games played
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class RatingHistoryRow(Base):
    """An account's rating in a game after one rated game ended."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_user_game", "user_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(40))
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime, default=_now)


@dataclass
class SeatInfo:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool = False
    user_id: int | None = None

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "claimed": self.claimed,
            "account": self.user_id is not None,
        }


def seat_info(row: SeatRow, with_token: bool = False) -> SeatInfo:
    token = row.token_hash if with_token else None
    return SeatInfo(row.seat, row.kind, row.bot, row.name, token, bool(row.claimed), row.user_id)


@dataclass
class LoadedRoom:
    id: str
    game: str
    options: dict[str, Any]
    seed: str
    status: str
    seats: list[SeatInfo]
    log: list[tuple[int, str, str | None]]  # (seat, kind, action) in order
    host_hash: str | None = None
    rated: bool = False


class Store:
    """The database: created on first use, one commit per call."""

    def __init__(self, url: str):
        self.url = url
        self.inline = url.startswith("sqlite")
        connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=connect_args)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrations.upgrade(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_room(
        self,
        room_id: str,
        game: str,
        options: dict,
        seed: str,
        seats: list[SeatInfo],
        host_hash: str | None = None,
        rated: bool = False,
    ) -> None:
        with self.sessions.begin() as session:
            session.add(
                RoomRow(
                    id=room_id,
                    game=game,
                    options=options,
                    seed=seed,
                    host_hash=host_hash,
                    rated=rated,
                )
            )
            session.flush()
            for info in seats:
                session.add(
                    SeatRow(
                        room_id=room_id,
                        seat=info.seat,
                        kind=info.kind,
                        bot=info.bot,
                        name=info.name,
                        token_hash=info.token_hash,
                        claimed=info.claimed,
                        user_id=info.user_id,
                    )
                )

    def load_room(self, room_id: str) -> LoadedRoom | None:
        with self.sessions() as session:
            room = session.get(RoomRow, room_id)
            if room is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)
            ).all()
            rows = session.scalars(
                select(ActionRow).where(ActionRow.room_id == room_id).order_by(ActionRow.number)
            ).all()
            return LoadedRoom(
                id=room.id,
                game=room.game,
                options=dict(room.options),
                seed=room.seed,
                status=room.status,
                seats=[seat_info(s, with_token=True) for s in seats],
                log=[(r.seat, r.kind, r.action) for r in rows],
                host_hash=room.host_hash,
                rated=bool(room.rated),
            )

    def append(self, room_id: str, number: int, seat: int, kind: str, action: str | None) -> None:
        """Write one log entry and commit; a duplicate number fails (the log is append-only)."""
        row = {"room_id": room_id, "number": number, "seat": seat, "kind": kind, "action": action}
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(_INSERT_ACTION, {**row, "created_at": now})
            connection.execute(_TOUCH_ROOM, {"room": room_id, "now": now})

    def claim_seat(
        self, room_id: str, seat: int, name: str, token_hash: str, user_id: int | None = None
    ) -> bool:
        """Turn an open seat into a person's seat; False if it is not open any more."""
        with self.sessions.begin() as session:
            row = session.get(SeatRow, (room_id, seat))
            if row is None or row.kind != "open":
                return False
            row.kind, row.name, row.token_hash = "person", name, token_hash
            row.claimed, row.user_id = True, user_id
            return True

    def exchange(
        self,
        room_id: str,
        seat: int,
        old_hash: str,
        new_hash: str,
        name: str | None,
        user_id: int | None = None,
    ) -> bool:
        """An invitation opened: its token is replaced by the holder's own, once; False if the
        invitation is not (or no longer) this seat's."""
        values: dict[str, Any] = {"token_hash": new_hash, "claimed": True, "user_id": user_id}
        if name:
            values["name"] = name
        with self.engine.begin() as connection:
            done = connection.execute(
                update(SeatRow)
                .where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                .where(SeatRow.token_hash == old_hash, SeatRow.claimed.is_not(True))
                .values(**values)
            )
            return done.rowcount == 1

    def replace_invitation(self, room_id: str, seat: int, new_hash: str) -> bool:
        """The host replaces a person's seat's invitation before it is opened."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(SeatRow)
                .where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                .where(SeatRow.kind == "person", SeatRow.claimed.is_not(True))
                .values(token_hash=new_hash)
            )
            return done.rowcount == 1

    def set_status(self, room_id: str, status: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(status=status))

    def idle_rooms(self, before: datetime, limit: int = 500) -> list[str]:
        """Rooms in play whose last move (or creation) is older than ``before``."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(RoomRow.id)
                    .where(RoomRow.status == "playing", RoomRow.updated_at < before)
                    .limit(limit)
                ).all()
            )

    def room_row(self, room_id: str) -> dict[str, Any] | None:
        """The public facts of a room without its log (for a room that cannot be loaded)."""
        with self.sessions() as session:
            room = session.get(RoomRow, room_id)
            if room is None:
                return None
            return {
                "id": room.id,
                "game": room.game,
                "options": room.options,
                "status": room.status,
            }

    def finish(
        self,
        room_id: str,
        record: dict[str, Any],
        settle: Callable[[Session, str, dict[str, Any]], Any] | None = None,
    ) -> None:
        """Store the end of a room; ``settle`` (the ratings) runs in the same transaction."""
        with self.sessions.begin() as session:
            room = session.get(RoomRow, room_id)
            if room is None:
                return
            room.status = "finished"
            room.updated_at = _now()
            if session.get(RecordRow, room_id) is None:
                session.add(RecordRow(room_id=room_id, **record))
                session.flush()
                if settle is not None:
                    settle(session, room_id, record)

    def rooms(self, status: str, limit: int = 50) -> list[dict[str, Any]]:
        """The latest rooms of a status with their seats (public data only)."""
        with self.sessions() as session:
            rooms = session.scalars(
                select(RoomRow)
                .where(RoomRow.status == status)
                .order_by(RoomRow.updated_at.desc())
                .limit(limit)
            ).all()
            ids = [room.id for room in rooms]
            seats: dict[str, list[dict]] = {room_id: [] for room_id in ids}
            if ids:
                rows = session.scalars(
                    select(SeatRow).where(SeatRow.room_id.in_(ids)).order_by(SeatRow.seat)
                ).all()
                for row in rows:
                    seats[row.room_id].append(seat_info(row).public())
            counts = dict(
                session.execute(
                    select(ActionRow.room_id, func.count())
                    .where(ActionRow.room_id.in_(ids))
                    .group_by(ActionRow.room_id)
                ).all()
            )
            return [
                {
                    "id": room.id,
                    "game": room.game,
                    "options": room.options,
                    "status": room.status,
                    "rated": bool(room.rated),
                    "seats": seats[room.id],
                    "moves": counts.get(room.id, 0),
                    "updated_at": room.updated_at.isoformat() + "Z",
                }
                for room in rooms
            ]

    def record(self, room_id: str) -> dict[str, Any] | None:
        with self.sessions() as session:
            row = session.get(RecordRow, room_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)
            ).all()
            return {
                "game": row.game,
                "options": row.options,
                "actions": row.actions,
                "meta": {
                    "room": row.room_id,
                    "players": row.names,
                    "seats": [seat_info(s).public() for s in seats],
                    "scores": row.scores,
                    "winners": row.winners,
                    "finished_at": row.finished_at.isoformat() + "Z",
                },
            }


# Built once: the hot path of every action (statements reused, only parameters change).
_INSERT_ACTION = insert(ActionRow)
_TOUCH_ROOM = (
    update(RoomRow).where(RoomRow.id == bindparam("room")).values(updated_at=bindparam("now"))
)


def _sqlite_pragmas(connection, _record) -> None:
    # WAL + synchronous=NORMAL: a committed action survives a crash of the server process.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Database:
    """The store as the event loop calls it: inline for SQLite (a commit takes well under a
    millisecond and a thread hand-off costs more), in one thread for a server database."""

    def __init__(self, store: Store):
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-db")

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        if self.store.inline:
            return function(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, partial(function, *args))

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.store.close()
