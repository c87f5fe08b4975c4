"""What the database tells of players: profiles, leaderboards and solo progress.

Everything here is read from the rooms, seats, records and ratings as they are stored, so a
guest's seats adopted by an account bring their games and progress with them."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ludoteca.engine.traits import Finished
from ludoteca.games import registry

from .accounts import name_key
from .db import RatingHistoryRow, RatingRow, RecordRow, RoomRow, SeatRow, Store, UserRow
from .ratings import Rating

RECENT = 20
HISTORY = 200


def _iso(moment: Any) -> str:
    return moment.isoformat() + "Z"


class Profiles:
    def __init__(self, store: Store):
        self.store = store

    def profile(self, name: str) -> dict[str, Any] | None:
        """Games played and won per game, ratings with their history, recent games and the
        rooms in play (the caller tells whose move it is), solo progress."""
        with self.store.sessions() as session:
            user = session.scalars(
                select(UserRow).where(UserRow.name_key == name_key(name))
            ).first()
            if user is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.user_id == user.id)).all()
            rooms = _rooms(session, [seat.room_id for seat in seats])
            records = _records(session, [seat.room_id for seat in seats])
            mine = [(seat, rooms[seat.room_id]) for seat in seats if seat.room_id in rooms]
            finished = sorted(
                ((seat, records[seat.room_id]) for seat, _ in mine if seat.room_id in records),
                key=lambda pair: pair[1].finished_at,
                reverse=True,
            )
            games: dict[str, dict[str, int]] = defaultdict(lambda: {"played": 0, "won": 0})
            for seat, record in finished:
                games[record.game]["played"] += 1
                games[record.game]["won"] += int(seat.seat in record.winners)
            return {
                "name": user.name,
                "since": _iso(user.created_at),
                "games": dict(games),
                "ratings": _ratings(session, user.id),
                "recent": [_finished(seat, record) for seat, record in finished[:RECENT]],
                "playing": [
                    {
                        "room": room.id,
                        "game": room.game,
                        "seat": seat.seat,
                        "rated": bool(room.rated),
                        "to_move": room.to_move,
                    }
                    for seat, room in mine
                    if room.status == "playing"
                ],
                "progress": progress(finished),
            }

    def progress_of(self, seats: list[tuple[str, int]]) -> dict[str, Any]:
        """Solo progress from these seats' finished games (a guest's, by its tokens)."""
        with self.store.sessions() as session:
            records = _records(session, [room for room, _ in seats])
            rows = [
                (SeatRow(room_id=room, seat=seat), records[room])
                for room, seat in seats
                if room in records
            ]
            return progress(rows)

    def leaderboard(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """The accounts rated in ``game``, best first (by mu - 3 sigma: sure strength)."""
        with self.store.sessions() as session:
            rows = session.execute(
                select(RatingRow, UserRow.name)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(RatingRow.game == game)
            ).all()
        ranked = sorted(
            ((Rating(r.mu, r.sigma, r.games), name) for r, name in rows),
            key=lambda pair: pair[0].ordinal(),
            reverse=True,
        )
        return [{"name": name, **rating.to_json()} for rating, name in ranked[:limit]]


def _rooms(session: Session, ids: list[str]) -> dict[str, RoomRow]:
    if not ids:
        return {}
    found = session.scalars(select(RoomRow).where(RoomRow.id.in_(ids))).all()
    return {room.id: room for room in found if room.status != "broken"}


def _records(session: Session, ids: list[str]) -> dict[str, RecordRow]:
    if not ids:
        return {}
    found = session.scalars(select(RecordRow).where(RecordRow.room_id.in_(ids))).all()
    return {record.room_id: record for record in found}


def _ratings(session: Session, user_id: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for row in session.scalars(select(RatingRow).where(RatingRow.user_id == user_id)).all():
        history = session.scalars(
            select(RatingHistoryRow)
            .where(RatingHistoryRow.user_id == user_id, RatingHistoryRow.game == row.game)
            .order_by(RatingHistoryRow.id.desc())
            .limit(HISTORY)
        ).all()
        found[row.game] = {
            **Rating(row.mu, row.sigma, row.games).to_json(),
            "history": [
                {"at": _iso(h.at), "room": h.room_id, **Rating(h.mu, h.sigma).to_json()}
                for h in reversed(history)
            ],
        }
    return found


def _finished(seat: SeatRow, record: RecordRow) -> dict[str, Any]:
    return {
        "room": record.room_id,
        "game": record.game,
        "seat": seat.seat,
        "names": record.names,
        "scores": record.scores,
        "winners": record.winners,
        "won": seat.seat in record.winners,
        "finished_at": _iso(record.finished_at),
    }


def progress(finished: list[tuple[SeatRow, RecordRow]]) -> dict[str, Any]:
    """The progress of every game that declares one (``Traits.progress``), from these finished
    games: stars per level, best scores, whatever the game adds up."""
    by_game: dict[str, list[Finished]] = defaultdict(list)
    for seat, record in finished:
        by_game[record.game].append(
            Finished(seat.seat, record.options, record.scores, _iso(record.finished_at))
        )
    found: dict[str, Any] = {}
    for game_id in registry.ids():
        declared = registry.traits(game_id).progress
        if declared is not None:
            found[game_id] = declared(by_game[game_id]).to_json()
    return found
