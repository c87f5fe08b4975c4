"""Administrators and moderation: who administers, who may not chat (muted) or play (banned),
guests' addresses banned, players' reports and blocks, and the audit log.

An account becomes an administrator on the command line (``ludoteca admin grant NAME``).
Every change an administrator makes is written to the audit log (who, what, whom, when) in the
same transaction as the change itself. The sanctions (muted and banned accounts, banned
addresses) are read on every chat line and every decision, so they are kept in memory and read
afresh from the database every ``FRESH`` seconds (at once on the instance that changed them):
another instance on the same database follows within that time. docs/moderation.md says the
same for operators.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .accounts import User, name_key
from .db import (
    AuditRow,
    BannedAddressRow,
    BlockRow,
    ChatRow,
    Database,
    ReportRow,
    SessionRow,
    Store,
    UserRow,
)
from .errors import RoomError

FRESH = 2.0  # seconds the sanctions known in memory are trusted
COMMAND_LINE = "(command line)"  # the actor of the audit rows of ``ludoteca admin``
LISTED = 50  # rows of each list on the admin page


@dataclass(frozen=True)
class Sanctions:
    muted: frozenset[int] = frozenset()
    banned: frozenset[int] = frozenset()
    addresses: frozenset[str] = frozenset()


@dataclass
class _Known:
    sanctions: Sanctions = field(default_factory=Sanctions)
    read_at: float = float("-inf")


def _iso(moment: datetime) -> str:
    return moment.replace(tzinfo=UTC).isoformat()


def _user(session: Session, name: str) -> UserRow:
    row = session.scalars(select(UserRow).where(UserRow.name_key == name_key(name))).first()
    if row is None:
        raise RoomError(404, "web.account.no_player", {"name": name[:40]})
    return row


def _log(session: Session, actor: str, action: str, target: str) -> None:
    session.add(AuditRow(actor=actor, action=action, target=target[:120]))


async def unblocked(
    db: Database, chat: list[dict[str, Any]], blocked: frozenset[int]
) -> list[dict[str, Any]]:
    """The chat messages but those written by the accounts in ``blocked``."""
    if not blocked or not chat:
        return chat
    authors = await db.run(db.store.chat_authors, [message["id"] for message in chat])
    return [message for message in chat if authors.get(message["id"]) not in blocked]


class Moderation:
    """The store's side of moderation (synchronous methods, run through the ``Database``),
    and the sanctions kept in memory (``sanctions``, asynchronous)."""

    def __init__(self, store: Store):
        self.store = store
        self._known = _Known()

    # -- administrators ----------------------------------------------------------------------

    def grant(self, name: str, admin: bool, actor: str = COMMAND_LINE) -> str:
        """Make the account ``name`` an administrator (or no longer one); its name as kept."""
        with self.store.sessions.begin() as session:
            row = _user(session, name)
            row.admin = admin or None
            _log(session, actor, "grant" if admin else "revoke", row.name)
            return row.name

    def is_admin(self, user: User | None) -> bool:
        if user is None:
            return False
        with self.store.sessions() as session:
            row = session.get(UserRow, user.id)
            return bool(row is not None and row.admin)

    # -- sanctions ---------------------------------------------------------------------------

    async def sanctions(self, db: Database) -> Sanctions:
        """The sanctions as of at most ``FRESH`` seconds ago."""
        if time.monotonic() - self._known.read_at > FRESH:
            found = await db.run(self.read_sanctions)
            self._known = _Known(found, time.monotonic())
        return self._known.sanctions

    def read_sanctions(self) -> Sanctions:
        with self.store.sessions() as session:
            muted = session.scalars(select(UserRow.id).where(UserRow.muted.is_(True))).all()
            banned = session.scalars(select(UserRow.id).where(UserRow.banned.is_(True))).all()
            addresses = session.scalars(select(BannedAddressRow.address)).all()
        return Sanctions(frozenset(muted), frozenset(banned), frozenset(addresses))

    async def refuse_chat(self, db: Database, users: set[int | None], address: str) -> None:
        """403 when the writer's account is muted or banned, or its address banned."""
        await self.refuse_banned(db, users, address)
        if users & (await self.sanctions(db)).muted:
            raise RoomError(403, "web.mod.muted")

    async def refuse_banned(self, db: Database, users: set[int | None], address: str) -> None:
        """403 when one of these accounts is banned, or the address is."""
        found = await self.sanctions(db)
        if users & found.banned:
            raise RoomError(403, "web.mod.banned")
        if address in found.addresses:
            raise RoomError(403, "web.mod.banned_address")

    def mute(self, actor: User, name: str, on: bool) -> str:
        with self.store.sessions.begin() as session:
            row = _user(session, name)
            row.muted = on or None
            _log(session, actor.name, "mute" if on else "unmute", row.name)
        self._known = _Known()
        return row.name

    def ban(self, actor: User, name: str, on: bool) -> tuple[str, int]:
        """Ban an account (its sessions end) or lift the ban; its name and id."""
        with self.store.sessions.begin() as session:
            row = _user(session, name)
            if on and row.id == actor.id:
                raise RoomError(409, "web.mod.not_yourself")
            row.banned = on or None
            if on:
                session.execute(delete(SessionRow).where(SessionRow.user_id == row.id))
            _log(session, actor.name, "ban" if on else "unban", row.name)
        self._known = _Known()
        return row.name, row.id

    def ban_address(self, actor: User, address: str, on: bool) -> None:
        with self.store.sessions.begin() as session:
            found = session.get(BannedAddressRow, address)
            if on and found is None:
                session.add(BannedAddressRow(address=address))
            elif not on and found is not None:
                session.delete(found)
            _log(session, actor.name, "ban_address" if on else "unban_address", address)
        self._known = _Known()

    def log(self, actor: User, action: str, target: str) -> None:
        """An administrator's action carried out elsewhere (a room closed, a line hidden)."""
        with self.store.sessions.begin() as session:
            _log(session, actor.name, action, target)

    def chat_room(self, chat_id: int) -> str | None:
        """The room of a chat line ("" for the lobby; None: no such line)."""
        with self.store.sessions() as session:
            row = session.get(ChatRow, chat_id)
            return None if row is None else row.room_id

    # -- reports -----------------------------------------------------------------------------

    def report(
        self,
        reporter: User | None,
        address: str,
        room_id: str,
        chat_id: int | None,
        player: str | None,
        reason: str,
    ) -> int:
        """File a report of a chat line (its room and id) or a player (by name); its id."""
        with self.store.sessions.begin() as session:
            target_id, target = None, (player or "")[:64]
            if chat_id is not None:
                line = session.get(ChatRow, chat_id)
                if line is None or line.room_id != room_id:
                    raise RoomError(404, "web.mod.no_line")
                target_id, target = line.user_id, line.name
            elif player:
                found = _user(session, player)
                target_id, target = found.id, found.name
            else:
                raise RoomError(400, "web.error.malformed", {"detail": "player"})
            row = ReportRow(
                reporter_id=reporter.id if reporter else None,
                reporter_address=address,
                room_id=room_id,
                chat_id=chat_id,
                target_id=target_id,
                target_name=target,
                reason=reason,
            )
            session.add(row)
            session.flush()
            return row.id

    def resolve(self, actor: User, report_id: int) -> None:
        with self.store.sessions.begin() as session:
            row = session.get(ReportRow, report_id)
            if row is None:
                raise RoomError(404, "web.mod.no_report")
            row.resolved = True
            _log(session, actor.name, "resolve", f"#{report_id} {row.target_name}")

    # -- blocks ------------------------------------------------------------------------------

    def block(self, user: User, name: str, on: bool) -> str:
        with self.store.sessions.begin() as session:
            other = _user(session, name)
            if other.id == user.id:
                raise RoomError(409, "web.mod.not_yourself")
            found = session.get(BlockRow, (user.id, other.id))
            if on and found is None:
                session.add(BlockRow(user_id=user.id, blocked_id=other.id))
            elif not on and found is not None:
                session.delete(found)
            return other.name

    def blocked_by(self, user_id: int | None) -> frozenset[int]:
        """The accounts ``user_id`` blocked."""
        if user_id is None:
            return frozenset()
        with self.store.sessions() as session:
            query = select(BlockRow.blocked_id).where(BlockRow.user_id == user_id)
            return frozenset(session.scalars(query).all())

    def blocks(self, user_id: int) -> list[str]:
        """The names of the accounts ``user_id`` blocked, alphabetically."""
        with self.store.sessions() as session:
            query = (
                select(UserRow.name)
                .join(BlockRow, BlockRow.blocked_id == UserRow.id)
                .where(BlockRow.user_id == user_id)
                .order_by(UserRow.name_key)
            )
            return list(session.scalars(query).all())

    def blocking(self, offerer: int, others: set[int]) -> bool:
        """One of ``others`` blocked ``offerer``."""
        if not others:
            return False
        with self.store.sessions() as session:
            query = select(BlockRow.user_id).where(
                BlockRow.blocked_id == offerer, BlockRow.user_id.in_(others)
            )
            return session.scalars(query).first() is not None

    # -- the admin page ----------------------------------------------------------------------

    def overview(self) -> dict[str, Any]:
        """The open reports, the latest chat lines (hidden ones too), the audit log and the
        accounts sanctioned."""
        with self.store.sessions() as session:
            reports = session.scalars(
                select(ReportRow)
                .where(ReportRow.resolved.is_(False))
                .order_by(ReportRow.id.desc())
                .limit(LISTED)
            ).all()
            chat = session.scalars(select(ChatRow).order_by(ChatRow.id.desc()).limit(LISTED)).all()
            ids = {row.user_id for row in chat if row.user_id is not None}
            names: dict[int | None, str] = dict(
                session.execute(select(UserRow.id, UserRow.name).where(UserRow.id.in_(ids))).all()
            )
            audit = session.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(LISTED))
            sanctioned = session.scalars(
                select(UserRow).where(UserRow.muted.is_(True) | UserRow.banned.is_(True))
            ).all()
            addresses = session.scalars(select(BannedAddressRow.address)).all()
            return {
                "reports": [_report(row) for row in reports],
                "chat": [_line(row, names.get(row.user_id)) for row in chat],
                "audit": [
                    {"actor": a.actor, "action": a.action, "target": a.target, "at": _iso(a.at)}
                    for a in audit
                ],
                "muted": sorted(row.name for row in sanctioned if row.muted),
                "banned": sorted(row.name for row in sanctioned if row.banned),
                "addresses": sorted(addresses),
            }


def _report(row: ReportRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "room": row.room_id,
        "chat": row.chat_id,
        "name": row.target_name,
        "account": row.target_id is not None,
        "reason": row.reason,
        "at": _iso(row.created_at),
    }


def _line(row: ChatRow, account: str | None) -> dict[str, Any]:
    """A chat line as administrators see it: the account that wrote it (its name), or the
    guest's address."""
    return {
        "id": row.id,
        "room": row.room_id,
        "name": row.name,
        "account": account,
        "address": row.address if row.user_id is None else None,
        "text": row.text,
        "hidden": bool(row.hidden),
        "at": _iso(row.created_at),
    }
