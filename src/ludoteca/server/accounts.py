"""Accounts: names, passwords (Argon2), sessions, and a guest's seats moving to an account.

A guest plays exactly as before, with seat tokens kept in the browser. An account is a name
and a password; a logged-in browser holds a session cookie whose sha256 is stored here. When a
guest signs up (or logs in) in the same browser, the seats it holds tokens for become the
account's, and with them its games, its results and its solo progress.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache, partial
from importlib import resources
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ludoteca.games import registry

from .db import SeatRow, SessionRow, Store, UserRow
from .errors import RoomError

T = TypeVar("T")

# 3 to 20 letters (any alphabet), digits, "_" or "-", beginning with a letter
NAME = re.compile(r"^[^\W\d_][\w-]{2,19}$")
# Names that would pass for the site speaking (compared as they look: see ``skeleton``)
RESERVED = frozenset(
    [
        "admin",
        "administrator",
        "moderator",
        "mod",
        "root",
        "system",
        "staff",
        "support",
        "ludoteca",
        "official",
        "bot",
        "bots",
        "guest",
        "anonymous",
        "nobody",
        "player",
        "null",
        "undefined",
        "help",
        "server",
        "security",
        "webmaster",
        "postmaster",
    ]
)
MIN_PASSWORD = 12  # ASVS V2.1.1
MAX_PASSWORD = 128  # ASVS V2.1.2 (at least 64 allowed); Argon2 takes any length
STRENGTH_PART = 72  # zxcvbn refuses longer passwords: their first 72 characters are judged
MIN_STRENGTH = 2  # zxcvbn's score (0-4): 2 is "somewhat guessable", guarded against online guessing
SESSION_DAYS = 30

HASHER = PasswordHasher()
# Argon2 takes 64 MiB and tens of milliseconds a hash: at most HASHING run at once (a burst of
# log-ins waits its turn instead of growing memory by 64 MiB a request), and past WAITING
# waiting the newcomer is told to try again in a moment (503).
HASHING = 2
WAITING = 64


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


@cache
def _look_alikes() -> dict[str, str]:
    """Each character that Unicode lists as confusable (UTS #39, as packaged by
    confusable_homoglyphs) with the character of its set that stands for them all."""
    data = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    table: dict[str, str] = {}
    for character, glyphs in json.loads(data).items():
        alike = [character, *(glyph["c"] for glyph in glyphs if len(glyph["c"]) == 1)]
        table[character] = min(alike)
    return table


def skeleton(name: str) -> str:
    """How a name looks: NFKC, case folded, each character replaced by the one standing for
    the characters it can be mistaken for. ``Аnа`` (Cyrillic А and а) looks like ``Ana``."""
    alike = _look_alikes()
    looks = name_key(name)
    for _ in range(2):  # a character stood for may fold to one that stands for others
        looks = "".join(alike.get(c, c) for c in looks).casefold()
    return looks


def check_name(name: str) -> str:
    """The name as it will be kept; 400 with the rule when it breaks it or is reserved."""
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME.match(name):
        raise RoomError(400, "web.account.bad_name")
    if skeleton(name) in _reserved():
        raise RoomError(400, "web.account.reserved_name", {"name": name})
    return name


@cache
def _reserved() -> frozenset[str]:
    return frozenset(skeleton(word) for word in RESERVED)


def check_password(name: str, password: str) -> None:
    """400 for a password too short, too long or too easy to guess (zxcvbn; the account's
    name, the site's name and its games' ids count as known to an attacker)."""
    if len(password) < MIN_PASSWORD:
        raise RoomError(400, "web.account.short_password", {"n": MIN_PASSWORD})
    if len(password) > MAX_PASSWORD:
        raise RoomError(400, "web.account.long_password", {"n": MAX_PASSWORD})
    from zxcvbn import zxcvbn  # its word lists take a moment to load: only when needed

    known = [name, "ludoteca", *registry.ids()]
    found = zxcvbn(password[:STRENGTH_PART], user_inputs=known)
    if found["score"] < MIN_STRENGTH:
        raise RoomError(400, "web.account.weak_password")


class HashPool:
    """The threads that run Argon2 (see HASHING and WAITING)."""

    def __init__(self, threads: int = HASHING, waiting: int = WAITING):
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="argon2")
        self.waiting = waiting
        self.pending = 0

    async def run(self, function: Callable[..., T], *args: object) -> T:
        if self.pending >= self.waiting:
            raise RoomError(503, "web.account.busy", retry_after=2)
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.threads, partial(function, *args))
        finally:
            self.pending -= 1


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
        self._check_free(name)
        digest = HASHER.hash(password)
        try:
            with self.store.sessions.begin() as session:
                row = UserRow(
                    name=name,
                    name_key=name_key(name),
                    name_skeleton=skeleton(name),
                    password_hash=digest,
                )
                session.add(row)
                session.flush()
                return User(row.id, row.name)
        except IntegrityError:  # taken between the check and now
            raise RoomError(409, "web.account.name_taken", {"name": name}) from None

    def _check_free(self, name: str) -> None:
        """409 when the name is taken, or looks like a taken one (``skeleton``)."""
        with self.store.sessions() as session:
            same = session.scalars(select(UserRow.id).where(UserRow.name_key == name_key(name)))
            if same.first() is not None:
                raise RoomError(409, "web.account.name_taken", {"name": name})
            alike = select(UserRow.id).where(UserRow.name_skeleton == skeleton(name))
            if session.scalars(alike).first() is not None:
                raise RoomError(409, "web.account.name_too_like", {"name": name})

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

    def confirm(self, user: User, password: str) -> None:
        """401 unless ``password`` is the account's (before what cannot be undone)."""
        with self.store.sessions() as session:
            row = session.get(UserRow, user.id)
        if row is None or not _verify(row.password_hash, password):
            raise RoomError(401, "web.account.bad_password")

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
