"""Ratings per game with OpenSkill (Plackett-Luce): 2 to 5 seats, ties, bots as fixed anchors.

A finished room is rated when its host asked for it (the room option ``rated``), every person
seat is held by an account (each account once) and every bot has an anchor. The accounts'
ratings move in the transaction that stores the game's end; a bot's rating never moves, so a
player alone against bots learns where they stand on one scale.

Shown ratings are ``mu`` on a familiar scale (``shown``); a rating stays provisional while its
uncertainty ``sigma`` is above ``PROVISIONAL_SIGMA``. The anchors are our own choice, ordered
as the bots' strength is ordered (random < heuristic < MCTS easy < medium < hard); they are
not measured values.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ludoteca.games import registry

from .db import RatingHistoryRow, RatingRow, RoomRow, SeatRow
from .table import LEAVING

MODEL = PlackettLuce()  # mu 25, sigma 25/3 for a newcomer
PROVISIONAL_SIGMA = 5.0
# Two accounts' rated games together: past this many in the window, their further games
# together are not rated (docs/accounts.md: farming)
PAIR_GAMES = 3
PAIR_WINDOW = timedelta(hours=24)
ANCHOR_SIGMA = 1.0
# Our own anchors (mu) for the bot levels: a fixed scale, not measured strengths.
ANCHORS: dict[str, float] = {
    "random": 15.0,
    "heuristic": 20.0,
    "mcts:easy": 23.0,
    "mcts:medium": 27.0,
    "mcts:hard": 31.0,
}


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def shown(self) -> int:
        return shown(self.mu)

    def ordinal(self) -> float:
        """The conservative estimate the leaderboard sorts by."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": self.shown(),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "provisional": self.provisional,
        }


def shown(mu: float) -> int:
    """``mu`` on the scale players see: a newcomer (mu 25) is 1500, one mu is 40 points."""
    return round(1500 + 40 * (mu - 25.0))


def newcomer() -> Rating:
    return Rating(MODEL.mu, MODEL.sigma, 0)


def anchor(bot: str | None) -> Rating | None:
    mu = ANCHORS.get(bot or "")
    return None if mu is None else Rating(mu, ANCHOR_SIGMA)


def anchors() -> list[dict[str, Any]]:
    return [{"bot": bot, "rating": shown(mu)} for bot, mu in ANCHORS.items()]


def ranks(scores: list[float], winners: list[int], left: list[int] | None = None) -> list[int]:
    """1 for the best seat; equal places for a tie. Winners come first, then higher scores;
    the seats that ``left`` come after every seat that stayed, the first to leave last."""
    gone = left or []
    keys = [
        (seat not in gone, gone.index(seat) if seat in gone else 0, seat in winners, score)
        for seat, score in enumerate(scores)
    ]
    return [1 + sum(other > key for other in keys) for key in keys]


def update(ratings: list[Rating], places: list[int]) -> list[Rating]:
    """Every seat's rating after a game with these places (one seat per team)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        Rating(team[0].mu, team[0].sigma, before.games + 1)
        for team, before in zip(after, ratings, strict=True)
    ]


def settle(
    session: Session, room_id: str, record: dict[str, Any], decisions: tuple[int, ...]
) -> bool:
    """Rate a room that just ended, in the caller's transaction; False if it is not rated.
    ``decisions``: how many decisions each seat made (docs/accounts.md: which games count)."""
    room = session.get(RoomRow, room_id)
    seats = session.scalars(
        select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)
    ).all()
    if room is None or not room.rated or not 2 <= len(seats) <= 5:
        return False
    left = leavers(record)
    accounts = {s.seat: s.user_id for s in seats if s.kind == "person" or s.seat in left}
    users = list(accounts.values())
    if not users or None in users or len(set(users)) != len(users):
        return False
    if any(seat.kind not in ("person", "bot") for seat in seats):
        return False
    if too_short(room.game, decisions, len(seats)):
        return False
    now = datetime.now(UTC).replace(tzinfo=None)
    known = [user for user in users if user is not None]
    if any(
        pair_games(session, one, other, now) >= PAIR_GAMES
        for number, one in enumerate(known)
        for other in known[number + 1 :]
    ):
        return False
    before: list[Rating] = []
    rows: dict[int, RatingRow] = {}
    for seat in seats:
        user_id = accounts.get(seat.seat)
        if user_id is None:
            fixed = anchor(seat.bot)
            if fixed is None:
                return False
            before.append(fixed)
            continue
        row = session.get(RatingRow, (user_id, room.game))
        if row is None:
            start = newcomer()
            row = RatingRow(
                user_id=user_id, game=room.game, mu=start.mu, sigma=start.sigma, games=0
            )
            session.add(row)
        rows[seat.seat] = row
        before.append(Rating(row.mu, row.sigma, row.games))
    places = ranks(list(record["scores"]), list(record["winners"]), left)
    after = update(before, places)
    for number, row in rows.items():
        new = after[number]
        row.mu, row.sigma, row.games, row.updated_at = new.mu, new.sigma, new.games, now
        session.add(
            RatingHistoryRow(
                user_id=row.user_id,
                game=room.game,
                room_id=room_id,
                mu=new.mu,
                sigma=new.sigma,
                at=now,
            )
        )
    return True


def leavers(record: dict[str, Any]) -> list[int]:
    """The seats that left the game (resigned, ran out of time, abandoned, forfeited), in the
    order they left."""
    events = (record.get("ending") or {}).get("events") or []
    found: list[int] = []
    for event in events:
        if event["kind"] in LEAVING and event["seat"] not in found:
            found.append(event["seat"])
    return found


def too_short(game: str, decisions: tuple[int, ...], seats: int) -> bool:
    """Some seat made fewer decisions than the game asks of a rated game."""
    needed = registry.traits(game).rated_decisions
    made = list(decisions) + [0] * (seats - len(decisions))
    return any(count < needed for count in made[:seats])


def pair_games(session: Session, one: int, other: int, now: datetime) -> int:
    """The rated games the two accounts played together in the last ``PAIR_WINDOW``."""
    mine = select(RatingHistoryRow.room_id).where(
        RatingHistoryRow.user_id == one, RatingHistoryRow.at >= now - PAIR_WINDOW
    )
    found = session.scalar(
        select(func.count(func.distinct(RatingHistoryRow.room_id))).where(
            RatingHistoryRow.user_id == other,
            RatingHistoryRow.at >= now - PAIR_WINDOW,
            RatingHistoryRow.room_id.in_(mine),
        )
    )
    return int(found or 0)
