"""A player's data: everything the site holds about an account, to download, and deleting the
account (docs/accounts.md says what is kept and for how long).

The export is one JSON document: the account, its games (each with the seat, the names, the
scores and the record of a finished one), its ratings with their history, and the chat lines
it wrote (in the rooms where it held a seat, and in the lobby and as a spectator under its
name), and where it stands in the games' guided first games. Nothing secret of the site is in it: no password hash, no token hash, no room seed.

Deleting an account removes the account, its sessions, known browsers, log-in attempts,
ratings, lesson progress and chat lines; the games stay, for the other players' records, with the seat
anonymised (no name, no account). An account seated in a game still in play cannot be deleted
until those games end (resign or finish them): the room's live state names its players.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from .db import (
    BlockRow,
    ChatRow,
    KnownBrowserRow,
    LessonRow,
    LoginAttemptRow,
    PresenceRow,
    RatingHistoryRow,
    RatingRow,
    RecordRow,
    ReminderRow,
    RoomRow,
    SeatRow,
    SeekRow,
    SessionRow,
    Store,
    UserRow,
)
from .errors import RoomError

FORMAT = "ludoteca-player-data/1"


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(tzinfo=UTC).isoformat()


class Privacy:
    """Export and deletion over the site's database (synchronous, like the store)."""

    def __init__(self, store: Store):
        self.store = store

    def export(self, user_id: int) -> dict[str, Any]:
        with self.store.sessions() as session:
            user = session.get(UserRow, user_id)
            if user is None:
                raise RoomError(401, "web.account.not_logged_in")
            seats = session.scalars(select(SeatRow).where(SeatRow.user_id == user_id)).all()
            return {
                "format": FORMAT,
                "exported_at": _iso(datetime.now(UTC).replace(tzinfo=None)),
                "account": {
                    "name": user.name,
                    "created_at": _iso(user.created_at),
                    "sessions": len(_sessions(session, user_id)),
                },
                "games": [_game(session, seat) for seat in seats],
                "ratings": _ratings(session, user_id),
                "chat": [_line(row) for row in _chat(session, user, seats)],
                "blocked": _blocked(session, user_id),
                "lessons": _lessons(session, user_id),
            }

    def forget(self, user_id: int) -> None:
        """Delete the account and what is only its own; anonymise its seats in the games."""
        with self.store.sessions.begin() as session:
            user = session.get(UserRow, user_id)
            if user is None:
                raise RoomError(401, "web.account.not_logged_in")
            seats = session.scalars(select(SeatRow).where(SeatRow.user_id == user_id)).all()
            playing = [s for s in seats if _status(session, s.room_id) == "playing"]
            if playing:
                raise RoomError(409, "web.account.still_playing", {"n": len(playing)})
            for row in _chat(session, user, seats):
                session.delete(row)
            for seat in seats:
                record = session.get(RecordRow, seat.room_id)
                if record is not None and seat.seat < len(record.names):
                    names = list(record.names)
                    names[seat.seat] = ""
                    record.names = names
            session.execute(
                update(SeatRow).where(SeatRow.user_id == user_id).values(user_id=None, name="")
            )
            mine = (BlockRow.user_id == user_id) | (BlockRow.blocked_id == user_id)
            session.execute(delete(BlockRow).where(mine))
            tables = (
                RatingHistoryRow,
                RatingRow,
                SessionRow,
                KnownBrowserRow,
                ReminderRow,
                PresenceRow,
                LessonRow,
            )
            for table in tables:
                session.execute(delete(table).where(table.user_id == user_id))
            # its seeks (the open ones, and the name the others keep)
            session.execute(delete(SeekRow).where(SeekRow.user_id == user_id))
            session.execute(
                delete(LoginAttemptRow).where(LoginAttemptRow.name_key == user.name_key)
            )
            session.delete(user)


def _lessons(session: Session, user_id: int) -> dict[str, dict[str, Any]]:
    """Where the account stands in each game's guided first game."""
    rows = session.scalars(select(LessonRow).where(LessonRow.user_id == user_id))
    return {r.game: {"step": r.step, "actions": list(r.actions), "done": r.done} for r in rows}


def _blocked(session: Session, user_id: int) -> list[str]:
    """The names of the players the account blocked."""
    query = select(UserRow.name).join(BlockRow, BlockRow.blocked_id == UserRow.id)
    return list(session.scalars(query.where(BlockRow.user_id == user_id)).all())


def _sessions(session: Session, user_id: int) -> list[SessionRow]:
    return list(session.scalars(select(SessionRow).where(SessionRow.user_id == user_id)).all())


def _status(session: Session, room_id: str) -> str | None:
    room = session.get(RoomRow, room_id)
    return None if room is None else room.status


def _game(session: Session, seat: SeatRow) -> dict[str, Any]:
    room = session.get(RoomRow, seat.room_id)
    record = session.get(RecordRow, seat.room_id)
    game: dict[str, Any] = {
        "room": seat.room_id,
        "seat": seat.seat,
        "name": seat.name,
        "game": room.game if room else None,
        "options": room.options if room else None,
        "status": room.status if room else None,
        "rated": bool(room.rated) if room else False,
        "created_at": _iso(room.created_at) if room else None,
    }
    if record is not None:
        game["finished"] = {
            "at": _iso(record.finished_at),
            "names": record.names,
            "scores": record.scores,
            "winners": record.winners,
            "ending": record.ending,
            "record": {"game": record.game, "options": record.options, "actions": record.actions},
        }
    return game


def _ratings(session: Session, user_id: int) -> list[dict[str, Any]]:
    rows = session.scalars(select(RatingRow).where(RatingRow.user_id == user_id)).all()
    history = session.scalars(
        select(RatingHistoryRow)
        .where(RatingHistoryRow.user_id == user_id)
        .order_by(RatingHistoryRow.id)
    ).all()
    return [
        {
            "game": row.game,
            "mu": row.mu,
            "sigma": row.sigma,
            "games": row.games,
            "history": [
                {"at": _iso(h.at), "room": h.room_id, "mu": h.mu, "sigma": h.sigma}
                for h in history
                if h.game == row.game
            ],
        }
        for row in rows
    ]


def _chat(session: Session, user: UserRow, seats: Any) -> list[ChatRow]:
    """The lines the account wrote: from its seats, and without a seat under its name (the
    lobby, and rooms it watched)."""
    held = [(seat.room_id, seat.seat) for seat in seats]
    from_seats = [(ChatRow.room_id == room) & (ChatRow.seat == number) for room, number in held]
    unseated = ChatRow.seat.is_(None) & (ChatRow.name == user.name)
    written = ChatRow.user_id == user.id
    query = select(ChatRow).where(or_(unseated, written, *from_seats)).order_by(ChatRow.id)
    return list(session.scalars(query).all())


def _line(row: ChatRow) -> dict[str, Any]:
    return {
        "room": row.room_id or None,
        "seat": row.seat,
        "text": row.text,
        "at": _iso(row.created_at),
    }
