"""Persistence: rooms, seats, the append-only action log and finished games (SQLAlchemy 2);
accounts, their sessions and ratings.

SQLite in a data folder by default, any SQLAlchemy URL (PostgreSQL) by choice. The schema is
brought up to date by the migrations (``migrations``) when the store opens. Every method here is
synchronous and commits before it returns; the server calls them from one thread.
"""

from __future__ import annotations

import asyncio
import time
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
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from . import migrations
from .words import seat_names

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
    # -- the live table (added later: nullable, so older databases get them added) --------
    # how the table is run (messages.Table: clock, takeover bot, spectators' chat)
    table: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    # the clock as of its last change (clocks.Clock.to_json), written with each log entry
    clock: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    # the room opened as this one's rematch
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # the seats asking for a rematch (kept here: their holders may be on two instances)
    rematch_votes: Mapped[list | None] = mapped_column(JSON, nullable=True)
    # True once the game's end, record and ratings are stored (in one transaction, once)
    settled: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # the seat whose move it is, as of the latest entry (None: chance, the end, or not known):
    # the "your move" badges of rooms that are not in any instance's memory
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)


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
    # how it ended when not by the rules (resigned, time, draw agreed, abandoned) and the
    # table's events on the way (live table; nullable for older databases)
    ending: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class AnalysisRow(Base):
    """A finished room's analysis (``ludoteca.bots.analysis.Analysis.to_json``), computed once
    when someone first asks for it and shown at once to every later visitor."""

    __tablename__ = "analyses"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    evaluator: Mapped[str] = mapped_column(String(200))
    analysis: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class LessonRow(Base):
    """Where an account stands in a game's guided first game: the step reached, the moves
    accepted at the steps before it (the lesson is replayed from them) and whether the
    learner has finished it once."""

    __tablename__ = "lessons"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    step: Mapped[int] = mapped_column(Integer)
    actions: Mapped[list] = mapped_column(JSON)
    done: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class ChatRow(Base):
    """One chat message of a room (``room_id``) or of the lobby (``room_id`` is "")."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: spectator, lobby
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(2000))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    # the account that wrote it and the writer's address key (moderation: blocks filter it,
    # an administrator may ban a guest's address); hidden by an administrator
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    address: Mapped[str | None] = mapped_column(String(80), nullable=True)
    hidden: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class UserRow(Base):
    """An account: its name as typed (unique whatever the case) and its Argon2 hash."""

    __tablename__ = "users"
    __table_args__ = (UniqueConstraint("name_skeleton", name="uq_users_name_skeleton"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # the name casefolded
    # the name as it looks (accounts.skeleton: "Аna" with a Cyrillic А looks like "ana"), so
    # that no new name can pass for one taken (null for names older than the rule that clash)
    name_skeleton: Mapped[str | None] = mapped_column(String(80), nullable=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    # an address for account recovery, given by the player; verified by a link sent to it
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_verified: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # moderation (moderation.py): an administrator; may not chat; may not log in or play
    admin: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    muted: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    banned: Mapped[bool | None] = mapped_column(Boolean, nullable=True)

    # "your move" mails of games with days per move (reminders.py): off once unsubscribed
    # (null: on), the key that signs the unsubscribe links, the language the mails are in
    reminders: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    mail_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lang: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ReminderRow(Base):
    """When an account was last mailed that it is its move in a room (one a day at most)."""

    __tablename__ = "reminders"

    room_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime)


class MailTokenRow(Base):
    """A link sent by mail (the sha256 of its token): verifying an address, or resetting a
    password. Single use, expiring (recovery.py)."""

    __tablename__ = "mail_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))  # "verify" or "reset"
    email: Mapped[str] = mapped_column(String(254))
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    used: Mapped[bool] = mapped_column(Boolean, default=False)


class SessionRow(Base):
    """A logged-in browser: the sha256 of its session cookie."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class KnownBrowserRow(Base):
    """A browser that has logged in to an account (the sha256 of its long-lived cookie): the
    slow-down of a name under attack does not apply to it (logins.py)."""

    __tablename__ = "known_browsers"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class LoginAttemptRow(Base):
    """A log-in being checked or failed, counted by every instance alike (logins.py); a
    success deletes its row, rows older than the window are deleted as new ones come."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_name", "name_key", "at"),
        Index("ix_login_attempts_address", "address", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    address: Mapped[str] = mapped_column(String(80))
    name_key: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class BannedAddressRow(Base):
    """A guest's address (its quota key, "addr:…") banned by an administrator."""

    __tablename__ = "banned_addresses"

    address: Mapped[str] = mapped_column(String(80), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class ReportRow(Base):
    """A player's report of a chat line (``chat_id``) or of a player, for the administrators."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a guest
    reporter_address: Mapped[str] = mapped_column(String(80))
    room_id: Mapped[str] = mapped_column(String(32))  # "" for the lobby or a profile
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a guest
    target_name: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    resolved: Mapped[bool] = mapped_column(Boolean, default=False, index=True)


class BlockRow(Base):
    """``user_id`` blocked ``blocked_id``: its chat lines and rematch offers no longer reach them."""

    __tablename__ = "blocks"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class AuditRow(Base):
    """One thing an administrator did (or the command line: ``ludoteca admin``)."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(DateTime, default=_now, index=True)


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


class SeekRow(Base):
    """A player asking for a game (seeks.py): open until paired with others asking for the
    same, filled with bots, withdrawn or left to lapse."""

    __tablename__ = "seeks"
    __table_args__ = (Index("ix_seeks_match", "status", "kind", "created_at"),)

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    # sha256 of the seeker's secret: the seek's key and, once paired, the seat's token
    token_hash: Mapped[str] = mapped_column(String(64))
    # what must be equal for two seeks to pair: a digest of game, seats, options, clock, rated
    kind: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    table: Mapped[dict] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean)
    # the seeker's rating in the game (accounts) and the ratings it accepts in others
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rating_min: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rating_max: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # seconds after which the seats nobody took are given to ``bot`` (None: never)
    bots_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(80))
    # "open", "pairing" (claimed, its room being made), "paired", "withdrawn" or "lapsed"
    status: Mapped[str] = mapped_column(String(12))
    room_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    # the seeker's last poll: a seek whose page is gone lapses
    seen_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class PresenceRow(Base):
    """When an account was last seen on a page (online.py): online while that is recent."""

    __tablename__ = "presence"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime, default=_now, index=True)


# -- several instances on one database (leases.py reads and writes these) -----------------------

INSTANCES = Table(
    "instances",
    Base.metadata,
    Column("id", String(40), primary_key=True),
    Column("address", String(200), nullable=False, default=""),
    Column("started_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    # the instance's heartbeat: one older than the lease time means the instance is gone
    Column("seen_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

LEASES = Table(
    "room_leases",
    Base.metadata,
    # no foreign key: a lease names a room only to say who drives it
    Column("room_id", String(32), primary_key=True),
    Column("holder", String(40), nullable=False, index=True),
    Column("taken_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)


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
    table: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    rematch: str | None = None
    start: int = 0  # the number of the first entry of ``log`` (a tail starts later)
    settled: bool = False
    rematch_votes: tuple[int, ...] = ()
    moved_at: float = 0.0  # when its last log entry was stored (seconds since the epoch)


Settler = Callable[[Session, str, dict[str, Any], tuple[int, ...]], Any]


@dataclass(frozen=True)
class Ending:
    """How a room ends: ``status`` (finished or abandoned), its record, each seat's number of
    decisions, and ``settle`` (the ratings), run in the transaction that stores the end."""

    status: str
    record: dict[str, Any]
    decisions: tuple[int, ...] = ()
    settle: Settler | None = None


class Conflict(Exception):
    """A log entry's number is taken already: another instance wrote that move first."""


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
        table: dict[str, Any] | None = None,
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
                    table=table,
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

    def load_room(self, room_id: str, since: int = 0) -> LoadedRoom | None:
        """The room with its log from entry ``since`` on (another instance's room catching
        up reads only what it has not seen)."""
        with self.sessions() as session:
            if self.shared:  # one snapshot: never a room's newest entry with its old status
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
                seats=[seat_info(s, with_token=True) for s in seats],
                log=[(r.seat, r.kind, r.action) for r in rows],
                host_hash=room.host_hash,
                rated=bool(room.rated),
                table=room.table,
                clock=room.clock,
                rematch=room.rematch,
                start=since,
                settled=bool(room.settled),
                rematch_votes=tuple(room.rematch_votes or ()),
                moved_at=room.updated_at.replace(tzinfo=UTC).timestamp(),
            )

    def append(
        self,
        room_id: str,
        number: int,
        seat: int,
        kind: str,
        action: str | None,
        clock: dict[str, Any] | None = None,
        ending: Ending | None = None,
        to_move: int | None = None,
    ) -> None:
        """Write one log entry (and the room's clock, if it has one, and the seat to move
        after it) and commit; a number
        taken already raises ``Conflict`` (the log is append-only, and of two instances racing
        for one move exactly one writes it). The entry that ends the game carries its
        ``ending``: the entry, the end, the record and the ratings are one transaction, so a
        crash keeps all of them or none."""
        row = {"room_id": room_id, "number": number, "seat": seat, "kind": kind, "action": action}
        now = _now()
        touch = {"room": room_id, "now": now, "to_move": to_move}
        try:
            if ending is None:
                with self.engine.begin() as connection:
                    connection.execute(_INSERT_ACTION, {**row, "created_at": now})
                    if clock is None:
                        connection.execute(_TOUCH_ROOM, touch)
                    else:
                        connection.execute(_TOUCH_CLOCK, {**touch, "clock": clock})
                return
            with self.sessions.begin() as session:
                session.execute(_INSERT_ACTION, {**row, "created_at": now})
                if clock is None:
                    session.execute(_TOUCH_ROOM, touch)
                else:
                    session.execute(_TOUCH_CLOCK, {**touch, "clock": clock})
                _settle(session, room_id, ending)
        except IntegrityError:
            raise Conflict(f"room {room_id}: entry {number} exists") from None

    # -- the live table ------------------------------------------------------------------

    def set_table(self, room_id: str, table: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(table=table))

    def set_to_move(self, room_id: str, seat: int | None) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(to_move=seat))

    def set_clock(self, room_id: str, clock: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(clock=clock))

    def take_over(self, room_id: str, seat: int, bot: str) -> None:
        """A bot takes the seat over (its holder resigned or ran out of time)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(SeatRow)
                .where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                .values(kind="bot", bot=bot)
            )

    def end(self, room_id: str, ending: Ending) -> bool:
        """Settle a room whose end is not stored yet (closed, or left ended but unsettled by
        an older release); False if it was settled already."""
        with self.sessions.begin() as session:
            return _settle(session, room_id, ending)

    def vote_rematch(
        self, room_id: str, seat: int, yes: bool, people: frozenset[int]
    ) -> tuple[tuple[int, ...], bool]:
        """Store a seat's rematch vote (``yes``; no clears every vote): the votes now, and
        True for the one vote that completed them (``people`` all asked), whichever
        instance stored it (the room's row is locked meanwhile)."""
        with self.sessions.begin() as session:
            row = session.scalars(
                select(RoomRow).where(RoomRow.id == room_id).with_for_update()
            ).one()
            votes = set(row.rematch_votes or ())
            if row.rematch is not None or votes >= people:
                return tuple(sorted(votes)), False
            votes = votes | {seat} if yes else set()
            row.rematch_votes = sorted(votes)
            return tuple(sorted(votes)), votes >= people

    def set_rematch(self, room_id: str, rematch: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(rematch=rematch))

    def add_chat(
        self,
        room_id: str,
        seat: int | None,
        name: str,
        text: str,
        user_id: int | None = None,
        address: str | None = None,
    ) -> dict[str, Any]:
        """Keep one chat message (with its author's account and address, never sent to
        anyone); returns it as the watchers are sent it."""
        with self.sessions.begin() as session:
            row = ChatRow(
                room_id=room_id, seat=seat, name=name, text=text, user_id=user_id, address=address
            )
            session.add(row)
            session.flush()
            return _chat(row)

    def chat(self, room_id: str, after: int = 0, limit: int = 100) -> list[dict[str, Any]]:
        """The latest ``limit`` messages of a room (or the lobby, "") after id ``after``."""
        with self.sessions() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.room_id == room_id, ChatRow.id > after, ChatRow.hidden.is_not(True))
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [_chat(row) for row in reversed(rows)]

    def chat_authors(self, ids: list[int]) -> dict[int, int | None]:
        """The account that wrote each of these chat messages (None: a guest)."""
        if not ids:
            return {}
        with self.sessions() as session:
            query = select(ChatRow.id, ChatRow.user_id).where(ChatRow.id.in_(ids))
            return {number: user for number, user in session.execute(query).all()}

    def hidden_chat(self, room_id: str, limit: int = 100) -> list[int]:
        """The ids of the hidden messages among the latest ``limit`` of a room (or the lobby,
        ""): the lines a reader may still show, to take away."""
        with self.sessions() as session:
            latest = (
                select(ChatRow.id, ChatRow.hidden)
                .where(ChatRow.room_id == room_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
                .subquery()
            )
            found = select(latest.c.id).where(latest.c.hidden.is_(True)).order_by(latest.c.id)
            return list(session.scalars(found).all())

    def hide_chat(self, room_id: str, chat_id: int) -> bool:
        """Hide a chat message of the room (False: it has no such message)."""
        with self.sessions.begin() as session:
            row = session.get(ChatRow, chat_id)
            if row is None or row.room_id != room_id:
                return False
            row.hidden = True
            return True

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
        """Rooms in play whose last move (or creation) is older than ``before``; a room played
        by correspondence is left alone (its clock decides)."""
        with self.sessions() as session:
            rows = session.execute(
                select(RoomRow.id, RoomRow.table)
                .where(RoomRow.status == "playing", RoomRow.updated_at < before)
                .limit(limit)
            ).all()
            return [room_id for room_id, table in rows if (table or {}).get("clock") != "days"]

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
            results: dict[str, tuple[list, list]] = {}
            if status == "finished" and ids:
                found = session.execute(
                    select(RecordRow.room_id, RecordRow.scores, RecordRow.winners).where(
                        RecordRow.room_id.in_(ids)
                    )
                ).all()
                results = {room_id: (scores, winners) for room_id, scores, winners in found}
            return [
                {
                    "id": room.id,
                    "game": room.game,
                    "options": room.options,
                    "status": room.status,
                    "rated": bool(room.rated),
                    "seats": seats[room.id],
                    "moves": counts.get(room.id, 0),
                    "to_move": room.to_move,
                    "updated_at": room.updated_at.isoformat() + "Z",
                    **_result(results.get(room.id)),
                }
                for room in rooms
            ]

    def record(self, room_id: str) -> dict[str, Any] | None:
        with self.sessions() as session:
            row = session.get(RecordRow, room_id)
            if row is None:
                return None
            seats = [
                seat_info(s)
                for s in session.scalars(
                    select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)
                ).all()
            ]
            return {
                "game": row.game,
                "options": row.options,
                "actions": row.actions,
                "meta": {
                    "room": row.room_id,
                    # as the room named them (in English): a record read without the site
                    # (the terminal's replay) names its seats so too
                    "players": seat_names(seats) if seats else row.names,
                    "seats": [seat.public() for seat in seats],
                    "scores": row.scores,
                    "winners": row.winners,
                    "ending": row.ending,
                    "finished_at": row.finished_at.isoformat() + "Z",
                },
            }


def _settle(session: Session, room_id: str, ending: Ending) -> bool:
    """The end, the record and the ratings of a room, once: the room's ``settled`` mark is set
    by the one transaction that finds it unset (False for any later one)."""
    done = session.connection().execute(
        update(RoomRow)
        .where(RoomRow.id == room_id, RoomRow.settled.is_not(True))
        .values(status=ending.status, settled=True, updated_at=_now())
    )
    if done.rowcount != 1:
        return False
    if session.get(RecordRow, room_id) is None:
        session.add(RecordRow(room_id=room_id, **ending.record))
        session.flush()
    if ending.settle is not None:
        ending.settle(session, room_id, ending.record, ending.decisions)
    return True


def _result(found: tuple[list, list] | None) -> dict[str, Any]:
    """A finished room's scores and winners for the lobby (nothing for other rooms)."""
    return {} if found is None else {"scores": found[0], "winners": found[1]}


def _chat(row: ChatRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "seat": row.seat,
        "name": row.name,
        "text": row.text,
        "at": row.created_at.isoformat() + "Z",
    }


# Built once: the hot path of every action (statements reused, only parameters change).
_INSERT_ACTION = insert(ActionRow)
_TOUCH_ROOM = (
    update(RoomRow)
    .where(RoomRow.id == bindparam("room"))
    .values(updated_at=bindparam("now"), to_move=bindparam("to_move"))
)
_TOUCH_CLOCK = (
    update(RoomRow)
    .where(RoomRow.id == bindparam("room"))
    .values(
        updated_at=bindparam("now"),
        to_move=bindparam("to_move"),
        clock=bindparam("clock", type_=JSON),
    )
)


def _sqlite_pragmas(connection, _record) -> None:
    # WAL + synchronous=NORMAL: a committed action survives a crash of the server process.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _unobserved(_operation: str, _seconds: float) -> None:
    pass


class Database:
    """The store as the event loop calls it: inline for SQLite (a commit takes well under a
    millisecond and a thread hand-off costs more), in one thread for a server database."""

    def __init__(self, store: Store, observe: Callable[[str, float], None] | None = None):
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-db")
        # told each operation's name and seconds (the metrics' database time)
        self.observe = observe or _unobserved

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        started = time.perf_counter()
        try:
            if self.store.inline:
                return function(*args)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, partial(function, *args))
        finally:
            name = getattr(function, "__name__", "other")
            self.observe(name, time.perf_counter() - started)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.store.close()
