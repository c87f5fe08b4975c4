"""Account recovery by e-mail: an optional address on an account, verified by a link sent to
it, and a password reset by a single-use link that expires.

- ``set_email`` keeps the address unverified and makes a verification link (a day).
- ``verify`` marks the address verified, once, if it is still the account's address.
- ``begin_reset`` makes a reset link (an hour) for an account with a verified address; the
  answer to the person asking is the same whether or not there is one (no one learns from it
  which names have addresses).
- ``reset`` sets the new password (the usual rules), ends every session of the account and
  uses up every reset link it had.

Only the sha256 of a link's token is stored (``mail_tokens``); the token is in the link alone.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from .accounts import HASHER, check_password, name_key
from .db import MailTokenRow, SessionRow, Store, UserRow
from .errors import RoomError

VERIFY_FOR = timedelta(days=1)
RESET_FOR = timedelta(hours=1)
# One "@", something before it, a dot in the part after it, no spaces: the link sent to the
# address is the real check.
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Contact:
    email: str | None
    verified: bool


class Recovery:
    """The addresses and the links (synchronous, like the store)."""

    def __init__(self, store: Store):
        self.store = store

    def contact(self, user_id: int) -> Contact:
        with self.store.sessions() as session:
            user = session.get(UserRow, user_id)
            if user is None:
                return Contact(None, False)
            return Contact(user.email, bool(user.email_verified))

    def set_email(self, user_id: int, email: str) -> str:
        """Keep ``email`` (unverified) for the account; the token of its verification link."""
        email = email.strip()
        if len(email) > 254 or not EMAIL.match(email):
            raise RoomError(400, "web.account.bad_email")
        with self.store.sessions.begin() as session:
            session.execute(
                update(UserRow)
                .where(UserRow.id == user_id)
                .values(email=email, email_verified=False)
            )
            session.execute(
                delete(MailTokenRow).where(
                    MailTokenRow.user_id == user_id, MailTokenRow.purpose == "verify"
                )
            )
            return self._token(session, user_id, "verify", email, VERIFY_FOR)

    def verify(self, token: str) -> str:
        """The verified account's name; 400 for a link used, expired or unknown."""
        with self.store.sessions.begin() as session:
            row = self._usable(session, token, "verify")
            row.used = True
            user = session.get(UserRow, row.user_id)
            if user is None or user.email != row.email:
                raise RoomError(400, "web.account.bad_link")
            user.email_verified = True
            return user.name

    def begin_reset(self, name: str) -> tuple[str, str, str] | None:
        """(address, token, name) of a reset link for the account of ``name`` if it has a
        verified address, else None."""
        with self.store.sessions.begin() as session:
            user = session.scalars(
                select(UserRow).where(UserRow.name_key == name_key(name))
            ).first()
            if user is None or not user.email or not user.email_verified:
                return None
            token = self._token(session, user.id, "reset", user.email, RESET_FOR)
            return user.email, token, user.name

    def reset(self, token: str, password: str) -> str:
        """Set the password the link was sent for; the account's name. 400 for a bad link,
        the password rules' refusals otherwise."""
        with self.store.sessions() as session:
            row = self._usable(session, token, "reset")
            user = session.get(UserRow, row.user_id)
            if user is None:
                raise RoomError(400, "web.account.bad_link")
            name, user_id = user.name, user.id
        check_password(name, password)
        digest = HASHER.hash(password)
        with self.store.sessions.begin() as session:
            row = self._usable(session, token, "reset")  # again: a race used it meanwhile
            session.execute(
                update(MailTokenRow)
                .where(MailTokenRow.user_id == user_id, MailTokenRow.purpose == "reset")
                .values(used=True)
            )
            session.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=digest)
            )
            session.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
        return name

    @staticmethod
    def _token(session: Session, user_id: int, purpose: str, email: str, life: timedelta) -> str:
        token = secrets.token_urlsafe(32)
        session.add(
            MailTokenRow(
                token_hash=_digest(token),
                user_id=user_id,
                purpose=purpose,
                email=email,
                expires_at=_now() + life,
                used=False,
            )
        )
        return token

    @staticmethod
    def _usable(session: Session, token: str, purpose: str) -> MailTokenRow:
        row = session.get(MailTokenRow, _digest(token)) if 0 < len(token) <= 100 else None
        if row is None or row.purpose != purpose or row.used or row.expires_at < _now():
            raise RoomError(400, "web.account.bad_link")
        return row
