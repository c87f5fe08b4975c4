"""Persistence: rooms, seats, the append-only action log and finished games (SQLAlchemy 2).

SQLite in a data folder by default, any SQLAlchemy URL (PostgreSQL) by choice. Every method
here is synchronous and commits before it returns; the server calls them from one thread.
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
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

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


class Conflict(Exception):
    """A log entry's number is taken already: another instance wrote that move first."""


@dataclass
class SeatInfo:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool = False

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "claimed": self.claimed,
        }


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
    start: int = 0  # the number of the first entry of ``log`` (a tail starts later)


class Store:
    """The database: created on first use, one commit per call."""

    def __init__(self, url: str):
        self.url = url
        self.inline = url.startswith("sqlite")
        # several server instances may share this database (and each other's rooms)
        self.shared = url.startswith("postgresql")
        connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=connect_args)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self._add_new_columns()
        if not self.inline:
            create_cluster_tables(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def _add_new_columns(self) -> None:
        """A database of an earlier version gets the columns added since (all nullable)."""
        found = inspect(self.engine)
        with self.engine.begin() as connection:
            for table in Base.metadata.sorted_tables:
                have = {column["name"] for column in found.get_columns(table.name)}
                for column in table.columns:
                    if column.name not in have:
                        kind = column.type.compile(dialect=self.engine.dialect)
                        connection.exec_driver_sql(
                            f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"
                        )

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
    ) -> None:
        with self.sessions.begin() as session:
            session.add(
                RoomRow(id=room_id, game=game, options=options, seed=seed, host_hash=host_hash)
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
                    )
                )

    def load_room(self, room_id: str, since: int = 0) -> LoadedRoom | None:
        """The room with its log from entry ``since`` on (another instance's room catching
        up reads only what it has not seen)."""
        with self.sessions() as session:
            if self.shared:  # one snapshot: never a room's last move with its old status
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            room = session.get(RoomRow, room_id)
            if room is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)
            ).all()
            rows = session.scalars(
                select(ActionRow)
                .where(ActionRow.room_id == room_id, ActionRow.number >= since)
                .order_by(ActionRow.number)
            ).all()
            return LoadedRoom(
                id=room.id,
                game=room.game,
                options=dict(room.options),
                seed=room.seed,
                status=room.status,
                seats=[
                    SeatInfo(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.claimed))
                    for s in seats
                ],
                log=[(r.seat, r.kind, r.action) for r in rows],
                host_hash=room.host_hash,
                start=since,
            )

    def append(
        self,
        room_id: str,
        number: int,
        seat: int,
        kind: str,
        action: str | None,
        record: dict[str, Any] | None = None,
    ) -> None:
        """Write one log entry and commit; a number taken already raises ``Conflict`` (the log
        is append-only, and of two instances racing for one move exactly one writes it).
        With ``record``, the entry ends the game: the room is finished in the same commit, so
        no reader ever sees the last move of a room still in play."""
        row = {"room_id": room_id, "number": number, "seat": seat, "kind": kind, "action": action}
        now = _now()
        try:
            with self.engine.begin() as connection:
                connection.execute(_INSERT_ACTION, {**row, "created_at": now})
                connection.execute(_TOUCH_ROOM, {"room": room_id, "now": now})
                if record is not None:
                    connection.execute(
                        update(RoomRow).where(RoomRow.id == room_id).values(status="finished")
                    )
                    connection.execute(
                        insert(RecordRow).values(room_id=room_id, finished_at=now, **record)
                    )
        except IntegrityError:
            raise Conflict(f"room {room_id}: entry {number} exists") from None

    def claim_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Turn an open seat into a person's seat; False if it is not open any more."""
        with self.sessions.begin() as session:
            row = session.get(SeatRow, (room_id, seat))
            if row is None or row.kind != "open":
                return False
            row.kind, row.name, row.token_hash = "person", name, token_hash
            row.claimed = True
            return True

    def exchange(
        self, room_id: str, seat: int, old_hash: str, new_hash: str, name: str | None
    ) -> bool:
        """An invitation opened: its token is replaced by the holder's own, once; False if the
        invitation is not (or no longer) this seat's."""
        values: dict[str, Any] = {"token_hash": new_hash, "claimed": True}
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

    def finish(self, room_id: str, record: dict[str, Any]) -> None:
        with self.sessions.begin() as session:
            room = session.get(RoomRow, room_id)
            if room is None:
                return
            room.status = "finished"
            room.updated_at = _now()
            if session.get(RecordRow, room_id) is None:
                session.add(RecordRow(room_id=room_id, **record))

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
                    seats[row.room_id].append(
                        SeatInfo(
                            row.seat, row.kind, row.bot, row.name, None, bool(row.claimed)
                        ).public()
                    )
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
                    "seats": [
                        SeatInfo(s.seat, s.kind, s.bot, s.name, None, bool(s.claimed)).public()
                        for s in seats
                    ],
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


# -- several instances on one PostgreSQL database ----------------------------------------------
# Kept apart from the rooms' tables: only a server database has them (SQLite serves one
# process). ``leases.py`` reads and writes them.

cluster = MetaData()

INSTANCES = Table(
    "instances",
    cluster,
    Column("id", String(40), primary_key=True),
    Column("address", String(200), nullable=False, default=""),
    Column("started_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    # the instance's heartbeat: one older than the lease time means the instance is gone
    Column("seen_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

LEASES = Table(
    "room_leases",
    cluster,
    # no foreign key: a lease outlives nothing, and rooms may be deleted by an operator
    Column("room_id", String(32), primary_key=True),
    Column("holder", String(40), nullable=False, index=True),
    Column("taken_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)


def create_cluster_tables(engine: Any) -> None:
    """The instances and their rooms' leases (PostgreSQL only)."""
    cluster.create_all(engine)


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
