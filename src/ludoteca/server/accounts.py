"""Accounts: names, passwords (Argon2), sessions, and a guest's seats moving to an account.

A guest plays exactly as before, with seat tokens kept in the browser. An account is a name
and a password; a logged-in browser holds a session cookie whose sha256 is stored here. When a
guest signs up (or logs in) in the same browser, the seats it holds tokens for become the
account's, and with them its games, its results and its solo progress.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ludoteca.games import registry

from .db import SeatRow, SessionRow, Store, UserRow
from .errors import RoomError

# 3 to 20 letters (any alphabet), digits, "_" or "-", beginning with a letter
NAME = re.compile(r"^[^\W\d_][\w-]{2,19}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 128
MIN_STRENGTH = 2  # zxcvbn's score (0-4): 2 is "somewhat guessable", guarded against online guessing
SESSION_DAYS = 30

HASHER = PasswordHasher()


@cache
def _nobody() -> str:
    """A hash to check a password against when the name is unknown, so both take as long."""
    return HASHER.hash(secrets.token_hex(16))


@dataclass(frozen=True)
class User:
    id: int
    name: str


def name_key(name: str) -> str:
    """The form two names are compared in: ``Ana`` and ``ana`` are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The name as it will be kept; 400 with the rule when it breaks it."""
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME.match(name):
        raise RoomError(400, "web.account.bad_name")
    return name


def check_password(name: str, password: str) -> None:
    """400 for a password too short, too long or too easy to guess (zxcvbn; the account's
    name, the site's name and its games' ids count as known to an attacker)."""
    if len(password) < MIN_PASSWORD:
        raise RoomError(400, "web.account.short_password", {"n": MIN_PASSWORD})
    if len(password) > MAX_PASSWORD:
        raise RoomError(400, "web.account.long_password", {"n": MAX_PASSWORD})
    from zxcvbn import zxcvbn  # its word lists take a moment to load: only when needed

    found = zxcvbn(password, user_inputs=[name, "ludoteca", *registry.ids()])
    if found["score"] < MIN_STRENGTH:
        raise RoomError(400, "web.account.weak_password")


def hash_session(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Accounts:
    """Accounts and sessions in the server's database (synchronous: run through the
    ``Database``; hashing a password takes tens of milliseconds, so callers run it off the
    event loop)."""

    def __init__(self, store: Store):
        self.store = store

    def sign_up(self, name: str, password: str) -> User:
        name = check_name(name)
        check_password(name, password)
        digest = HASHER.hash(password)
        try:
            with self.store.sessions.begin() as session:
                row = UserRow(name=name, name_key=name_key(name), password_hash=digest)
                session.add(row)
                session.flush()
                return User(row.id, row.name)
        except IntegrityError:
            raise RoomError(409, "web.account.name_taken", {"name": name}) from None

    def log_in(self, name: str, password: str) -> User:
        """The account of this name and password; 401 (the same for both mistakes)."""
        with self.store.sessions() as session:
            row = session.scalars(select(UserRow).where(UserRow.name_key == name_key(name))).first()
        if row is None:
            _verify(_nobody(), password)
            raise RoomError(401, "web.account.bad_login")
        if not _verify(row.password_hash, password):
            raise RoomError(401, "web.account.bad_login")
        if HASHER.check_needs_rehash(row.password_hash):
            self._set_hash(row.id, HASHER.hash(password))
        return User(row.id, row.name)

    def change_password(self, user: User, old: str, new: str, keep: str | None) -> None:
        """A new password; every other session of the account ends (``keep`` stays)."""
        with self.store.sessions() as session:
            row = session.get(UserRow, user.id)
        if row is None or not _verify(row.password_hash, old):
            raise RoomError(401, "web.account.bad_password")
        check_password(user.name, new)
        self._set_hash(user.id, HASHER.hash(new))
        with self.store.engine.begin() as connection:
            ending = delete(SessionRow).where(SessionRow.user_id == user.id)
            if keep:
                ending = ending.where(SessionRow.token_hash != hash_session(keep))
            connection.execute(ending)

    def _set_hash(self, user_id: int, digest: str) -> None:
        with self.store.engine.begin() as connection:
            connection.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=digest)
            )

    # -- sessions ------------------------------------------------------------------------

    def open_session(self, user: User) -> str:
        token = secrets.token_urlsafe(32)
        with self.store.sessions.begin() as session:
            session.add(SessionRow(token_hash=hash_session(token), user_id=user.id))
        return token

    def session_user(self, token: str | None) -> User | None:
        if not token or len(token) > 100:
            return None
        with self.store.sessions() as session:
            row = session.get(SessionRow, hash_session(token))
            if row is None or row.created_at < _now() - timedelta(days=SESSION_DAYS):
                return None
            user = session.get(UserRow, row.user_id)
            return None if user is None else User(user.id, user.name)

    def close_session(self, token: str | None) -> None:
        if token:
            with self.store.engine.begin() as connection:
                connection.execute(
                    delete(SessionRow).where(SessionRow.token_hash == hash_session(token))
                )

    # -- a guest's seats -----------------------------------------------------------------

    def held(self, seats: list[tuple[str, int, str]]) -> list[tuple[str, int]]:
        """The seats (room, seat) whose token is the one given (wrong ones are left out)."""
        with self.store.sessions() as session:
            return [
                (room_id, number)
                for room_id, number, token in seats
                if _holds(session.get(SeatRow, (room_id, number)), token)
            ]

    def adopt(self, user: User, seats: list[tuple[str, int, str]]) -> list[tuple[str, int]]:
        """The seats (room, seat, token) this browser holds become the account's, if no
        account holds them yet; returns those taken. A wrong token is skipped, not an error
        (a browser may keep tokens of rooms long gone)."""
        taken = []
        with self.store.sessions.begin() as session:
            for room_id, number, token in seats:
                row = session.get(SeatRow, (room_id, number))
                if row is None or row.user_id is not None or not _holds(row, token):
                    continue
                row.user_id, row.name = user.id, user.name
                taken.append((room_id, number))
        return taken


def _holds(row: SeatRow | None, token: str) -> bool:
    """A person's seat whose token this is."""
    if row is None or row.kind != "person" or not row.token_hash:
        return False
    digest = hashlib.sha256(token.encode("utf-8")).hexdigest()
    return secrets.compare_digest(row.token_hash, digest)


def _verify(digest: str, password: str) -> bool:
    try:
        return HASHER.verify(digest, password)
    except (VerificationError, InvalidHashError):
        return False
