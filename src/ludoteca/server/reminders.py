"""The "your move" mails for games with days per move.

When it becomes the move of an account's seat in a room with days per move, and the account
is not looking at the room, the site mails it (``Reminders.moved``), if

- the account has a verified address (recovery.py) and has not unsubscribed;
- it was not mailed about this room in the last day (one mail per game and player a day);
- the site can mail (``--smtp``) and knows its own address (``--public-url``: the mail's links
  point there).

The mail is in the account's language (the one its address was given in, or its choice on the
account page), names the game and the time left, links to the room (an account opens its
seat from any browser it is logged in on) and to a one-click unsubscribe: the link carries the
account's id signed with a key of the account's own (HMAC-SHA256), so unsubscribing needs no
log-in, and a new key (``rekey``) makes every old link stop working.

Everything slow runs off the event loop: the database in its threads, the SMTP conversation
in a thread of its own (mail.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ludoteca.engine import translate

from .db import Database, ReminderRow, UserRow
from .errors import RoomError
from .mail import Mailer
from .room import Room
from .words import game_title, language

log = logging.getLogger("ludoteca.server")

ONCE_PER = timedelta(days=1)  # one mail per room and account at most in this time


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Recipient:
    email: str
    name: str
    lang: str
    unsubscribe: str  # the token of the unsubscribe link


def _signature(key: str, user_id: int) -> str:
    return hmac.new(key.encode(), f"unsubscribe/{user_id}".encode(), hashlib.sha256).hexdigest()


def unsubscribe_token(user_id: int, key: str) -> str:
    return f"{user_id}.{_signature(key, user_id)[:32]}"


class ReminderStore:
    """The database's side (synchronous, run in the database's threads)."""

    def __init__(self, db: Database):
        self.db = db

    def claim(self, room_id: str, user_id: int, now: datetime | None = None) -> Recipient | None:
        """The account to mail about ``room_id`` now, with the mail noted as sent; None if it
        is not to be mailed (no verified address, unsubscribed, mailed within the day)."""
        now = now or _now()
        try:
            with self.db.store.sessions.begin() as session:
                user = session.get(UserRow, user_id)
                if user is None or not user.email or not user.email_verified:
                    return None
                if user.reminders is False:
                    return None
                row = session.get(ReminderRow, (room_id, user_id))
                if row is not None and now - row.sent_at < ONCE_PER:
                    return None
                if row is None:
                    session.add(ReminderRow(room_id=room_id, user_id=user_id, sent_at=now))
                else:
                    row.sent_at = now
                if not user.mail_key:
                    user.mail_key = secrets.token_hex(32)
                token = unsubscribe_token(user.id, user.mail_key)
                return Recipient(user.email, user.name, language(user.lang), token)
        except IntegrityError:  # another instance noted the same mail first
            return None

    def unsubscribe(self, token: str) -> str:
        """Turn the reminders of the token's account off; its name. 400 for a bad link."""
        user_part, _, signature = token.partition(".")
        if not user_part.isdigit() or len(user_part) > 12 or len(signature) != 32:
            raise RoomError(400, "web.account.bad_link")
        with self.db.store.sessions.begin() as session:
            user = session.get(UserRow, int(user_part))
            if user is None or not user.mail_key:
                raise RoomError(400, "web.account.bad_link")
            good = unsubscribe_token(user.id, user.mail_key).partition(".")[2]
            if not hmac.compare_digest(good, signature):
                raise RoomError(400, "web.account.bad_link")
            user.reminders = False
            return user.name

    def setting(self, user_id: int) -> bool:
        with self.db.store.sessions() as session:
            on = session.scalar(select(UserRow.reminders).where(UserRow.id == user_id))
            return on is not False

    def choose(self, user_id: int, on: bool, lang: str | None) -> None:
        """The account's choice (from its page), and the language its mails are to be in."""
        values: dict[str, Any] = {"reminders": on}
        if lang is not None:
            values["lang"] = lang
        with self.db.store.sessions.begin() as session:
            session.execute(update(UserRow).where(UserRow.id == user_id).values(**values))

    def speaks(self, user_id: int, lang: str) -> None:
        with self.db.store.sessions.begin() as session:
            session.execute(update(UserRow).where(UserRow.id == user_id).values(lang=lang))


class Reminders:
    """Mails the account whose move it is in a room with days per move (see the module)."""

    def __init__(self, db: Database, mailer: Mailer | None = None, base: str | None = None):
        self.store = ReminderStore(db)
        self.db, self.mailer = db, mailer
        self.base = base.rstrip("/") if base else None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.sent = 0  # mails sent (for the tests and the curious)

    @property
    def enabled(self) -> bool:
        return self.mailer is not None and self.mailer.enabled and self.base is not None

    def moved(self, room: Room) -> None:
        """After a change of ``room``: mail the account whose move it now is, if it is to be."""
        if not self.enabled or room.rule is None or room.rule.kind != "days":
            return
        seat = room.to_move()
        if seat is None or not room.started():
            return
        info = room.seats[seat]
        if info.kind != "person" or info.user_id is None or seat in room.online():
            return
        left = room.clock_due()
        task = asyncio.get_running_loop().create_task(
            self._remind(room.id, room.game.id, info.user_id, left or 0.0)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _remind(self, room_id: str, game_id: str, user_id: int, left: float) -> None:
        try:
            found = await self.db.run(self.store.claim, room_id, user_id)
            if found is None:
                return
            await self._send(found, room_id, game_id, left)
            self.sent += 1
        except Exception:
            log.exception('room %s: the "your move" mail failed', room_id)

    async def _send(self, to: Recipient, room_id: str, game_id: str, left: float) -> None:
        assert self.mailer is not None and self.base is not None
        lang = to.lang
        unsubscribe = f"{self.base}/account/unsubscribe?token={to.unsubscribe}"
        params = {
            "name": to.name,
            "game": game_title(game_id, lang),
            "left": time_left(left, lang),
            "link": f"{self.base}/room/{room_id}",
            "unsubscribe": unsubscribe,
        }
        await self.mailer.send(
            to.email,
            translate("web.mail.your_move.subject", lang, params),
            translate("web.mail.your_move.body", lang, params),
            {"List-Unsubscribe": f"<{unsubscribe}>"},
        )

    @property
    def busy(self) -> int:
        """Mails being decided or sent."""
        return len(self._tasks)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()


def time_left(seconds: float, lang: str) -> str:
    """The time left in words, "2 days 4 hours" (whole hours; "less than an hour" below one)."""
    hours = int(max(0.0, seconds) // 3600)
    days, hours = divmod(hours, 24)
    parts = []
    if days:
        parts.append(plural("web.words.days", days, lang))
    if hours:
        parts.append(plural("web.words.hours", hours, lang))
    return " ".join(parts) if parts else translate("web.words.under_an_hour", lang)


def plural(key: str, n: int, lang: str) -> str:
    """``key``'s text for ``n`` (``.one``, ``.few``, ``.many`` or ``.other`` by the language's
    plural rule, as the page's Intl.PluralRules gives it)."""
    return translate(f"{key}.{plural_form(n, lang)}", lang, {"n": n})


def plural_form(n: int, lang: str) -> str:
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"
