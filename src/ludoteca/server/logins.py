"""Log-in quotas that stop guessing without locking the owner out, the same on every instance.

Every log-in being checked is a row of ``login_attempts`` (client address, name, time) in the
site's database, so that all instances on one database count alike; a success deletes its row
(and its address's earlier failures for that name), and rows older than ``WINDOW`` go as new
ones come. Before a password is checked:

- an address with ``ADDRESS_FAILURES`` failures in the window is refused, whatever the name;
- an address with ``PAIR_FAILURES`` failures for one name is refused for that name;
- a name with ``NAME_FAILURES`` failures from anywhere is slowed down: its passwords are
  checked at most once every ``spacing`` seconds (doubling with every further
  ``NAME_FAILURES`` failures, up to ``MOST_SPACING``), other tries are told how long to wait.
  A browser that has logged in to that account before (its "known browser" cookie) is not
  slowed down, so guesses from elsewhere never keep the owner out.

Refusals are 429 with ``Retry-After``; nothing is checked for them. ``docs/accounts.md`` says
the same for players and operators.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from .db import KnownBrowserRow, LoginAttemptRow, Store, UserRow
from .errors import RoomError

WINDOW = timedelta(minutes=15)
ADDRESS_FAILURES = 30
PAIR_FAILURES = 5
NAME_FAILURES = 10
FIRST_SPACING = 5.0  # seconds
MOST_SPACING = 60.0
KNOWN_COOKIE = "ludoteca_known"
KNOWN_DAYS = 365


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def spacing(failures: int) -> float:
    """Seconds between two checked passwords of a name that failed ``failures`` times in the
    window (0: not slowed down)."""
    if failures < NAME_FAILURES:
        return 0.0
    return min(MOST_SPACING, FIRST_SPACING * 2 ** ((failures - NAME_FAILURES) // NAME_FAILURES))


@dataclass(frozen=True)
class Attempt:
    """A log-in let through to the password check (its row counts until it succeeds)."""

    id: int
    address: str
    name: str


class LoginGuard:
    """The quotas above, over the site's database (synchronous: callers run it through the
    server's ``Database``)."""

    def __init__(self, store: Store):
        self.store = store

    def begin(self, address: str, name: str, known_user: int | None) -> Attempt:
        """Let a log-in of ``name`` from ``address`` be checked, or 429. ``known_user``: the
        account the browser's known cookie belongs to (None for none)."""
        now = _now()
        since = now - WINDOW
        with self.store.sessions.begin() as session:
            session.execute(delete(LoginAttemptRow).where(LoginAttemptRow.at < since))
            recent = select(func.count(), func.min(LoginAttemptRow.at)).where(
                LoginAttemptRow.at >= since
            )
            count, oldest = session.execute(recent.where(LoginAttemptRow.address == address)).one()
            if count >= ADDRESS_FAILURES:
                raise _refusal("web.account.too_many_failures", _until(oldest + WINDOW, now))
            pair = recent.where(
                LoginAttemptRow.address == address, LoginAttemptRow.name_key == name
            )
            count, oldest = session.execute(pair).one()
            if count >= PAIR_FAILURES:
                raise _refusal("web.account.too_many_failures", _until(oldest + WINDOW, now))
            if not self._known(session, name, known_user):
                named = select(func.count(), func.max(LoginAttemptRow.at)).where(
                    LoginAttemptRow.at >= since, LoginAttemptRow.name_key == name
                )
                count, latest = session.execute(named).one()
                wait = spacing(count)
                if wait and latest is not None and (now - latest).total_seconds() < wait:
                    left = wait - (now - latest).total_seconds()
                    raise _refusal("web.account.slow_down", max(1, math.ceil(left)))
            row = LoginAttemptRow(address=address, name_key=name, at=now)
            session.add(row)
            session.flush()
            return Attempt(row.id, address, name)

    def succeeded(self, attempt: Attempt) -> None:
        """The password was right: this attempt and the address's failures for the name go."""
        with self.store.sessions.begin() as session:
            session.execute(
                delete(LoginAttemptRow).where(
                    LoginAttemptRow.address == attempt.address,
                    LoginAttemptRow.name_key == attempt.name,
                )
            )

    @staticmethod
    def _known(session: Session, name: str, known_user: int | None) -> bool:
        if known_user is None:
            return False
        row = session.get(UserRow, known_user)
        return row is not None and row.name_key == name

    # -- known browsers ----------------------------------------------------------------------

    def know(self, user_id: int) -> str:
        """A new known-browser token for ``user_id`` (the cookie's value)."""
        token = secrets.token_urlsafe(32)
        with self.store.sessions.begin() as session:
            session.add(KnownBrowserRow(token_hash=_digest(token), user_id=user_id))
        return token

    def known_user(self, token: str | None) -> int | None:
        """The account a known-browser cookie belongs to, if it is one and not too old."""
        if not token or len(token) > 100:
            return None
        with self.store.sessions() as session:
            row = session.get(KnownBrowserRow, _digest(token))
            if row is None or row.created_at < _now() - timedelta(days=KNOWN_DAYS):
                return None
            return row.user_id


def _until(moment: datetime, now: datetime) -> int:
    return max(1, math.ceil((moment - now).total_seconds()))


def _refusal(key: str, seconds: int) -> RoomError:
    return RoomError(429, key, {"seconds": seconds}, retry_after=seconds)
