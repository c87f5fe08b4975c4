"""Rating integrity: a game's last entry, its end, record and ratings are one transaction and
happen once; leaving a game that counts is a loss; short games and too many games between the
same two accounts are not rated; rematch votes live in the database."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from ludoteca.server import ratings
from ludoteca.server.commands import Act as Play
from ludoteca.server.commands import Close, Rematch, RematchDue, RematchVoted, Settle, TableMove
from ludoteca.server.db import (
    Database,
    Ending,
    RatingHistoryRow,
    RoomRow,
    SeatInfo,
    SeatRow,
    Store,
    UserRow,
)
from ludoteca.server.errors import RoomError
from ludoteca.server.room import Room, hash_token
from ludoteca.server.table import CLAIM_AWAY, CLAIM_STALL


@pytest.fixture
def store(tmp_path, test_games):
    found = Store(f"sqlite:///{tmp_path / 'settling.sqlite3'}")
    with found.sessions.begin() as session:
        for name in ("ana", "bob", "cy"):
            session.add(UserRow(name=name, name_key=name, password_hash="-"))
    yield found
    found.close()


ANA, BOB, CY = 1, 2, 3


class Clock:
    """A wall clock the test moves on."""

    def __init__(self, at: float):
        self.at = at

    def __call__(self) -> float:
        return self.at


def accounts(*users: int) -> list[SeatInfo]:
    return [
        SeatInfo(seat, "person", None, f"p{seat}", hash_token(f"t{seat}"), True, user)
        for seat, user in enumerate(users)
    ]


def open_room(store, room_id="r", seats=None, start=20, now=None, rated=True) -> Room:
    seats = seats if seats is not None else accounts(ANA, BOB)
    options = {"start": start, "refill": False}
    store.create_room(room_id, "pile", options, "s", seats, hash_token("h"), rated)
    loaded = store.load_room(room_id)
    return Room(loaded, Database(store), now) if now else Room(loaded, Database(store))


def history(store, room_id: str | None = None) -> int:
    with store.sessions() as session:
        query = select(func.count()).select_from(RatingHistoryRow)
        if room_id is not None:
            query = query.where(RatingHistoryRow.room_id == room_id)
        return int(session.scalar(query) or 0)


def settled(store, room_id: str) -> tuple[str, bool]:
    with store.sessions() as session:
        row = session.get(RoomRow, room_id)
        assert row is not None
        return row.status, bool(row.settled)


def play(room: Room, takes: list[int]) -> None:
    async def run():
        for take in takes:
            await room.handle(Play(room.state.current_player, f"take:{take}", room.version))

    asyncio.run(run())


def table(room: Room, seat: int, kind: str) -> None:
    asyncio.run(room.handle(TableMove(seat, kind, room.version)))


def test_the_last_move_its_end_record_and_ratings_are_one_transaction(store):
    room = open_room(store, start=6)
    play(room, [1, 1, 1, 1, 1])

    def broken(*_args):
        raise RuntimeError("the ratings fail")

    ending = Ending("finished", room.record(room.state.apply("take:1")), (3, 3), broken)
    with pytest.raises(RuntimeError):
        store.append("r", room.version, 1, "act", "take:1", None, ending)
    loaded = store.load_room("r")
    assert len(loaded.log) == 5 and not loaded.settled and store.record("r") is None
    play(room, [1])  # now for real: all of it at once
    assert settled(store, "r") == ("finished", True) and room.settled
    assert store.record("r") is not None and history(store, "r") == 2


def test_a_game_is_settled_once_whoever_tries(store):
    room = open_room(store, start=6)
    play(room, [1] * 6)
    again = Ending("finished", room.record(), room.decisions(), ratings.settle)
    assert not store.end("r", again)
    other = Room(store.load_room("r"), Database(store))  # another instance loads it
    asyncio.run(other.handle(Settle()))
    assert history(store, "r") == 2


def test_an_instance_loading_an_ended_unsettled_room_settles_it_once(store):
    """As an older release left it: the last move stored, its end never."""
    room = open_room(store, start=6)
    play(room, [1] * 5)
    store.append("r", 5, 1, "act", "take:1")
    first, second = (Room(store.load_room("r"), Database(store)) for _ in range(2))
    assert first.state.is_terminal() and first.status == "playing" and not first.settled
    asyncio.run(first.handle(Settle()))
    asyncio.run(second.handle(Settle()))
    assert settled(store, "r") == ("finished", True) and history(store, "r") == 2


def test_a_resignation_before_enough_decisions_is_not_rated(store):
    room = open_room(store)
    table(room, 0, "resign")
    assert settled(store, "r") == ("finished", True) and history(store) == 0
    later = open_room(store, "later")
    play(later, [1] * 6)  # three decisions each
    table(later, 0, "resign")
    assert history(store, "later") == 2
    assert later.result == {"reason": "resign", "seat": 0, "winners": [1]}


def test_the_threshold_is_the_games_declared_fact(test_games):
    assert ratings.too_short("pile", (2, 3), 2) and not ratings.too_short("pile", (3, 3), 2)
    assert ratings.too_short("pile", (5,), 2)  # a seat that never decided


def test_past_three_rated_games_a_day_the_same_two_accounts_are_not_rated(store):
    for number in range(5):
        room = open_room(store, f"g{number}")
        play(room, [1] * 6)
        table(room, number % 2, "resign")
    assert [history(store, f"g{n}") for n in range(5)] == [2, 2, 2, 0, 0]
    with store.sessions.begin() as session:  # a day later, they count again
        for row in session.scalars(select(RatingHistoryRow)):
            row.at -= ratings.PAIR_WINDOW + timedelta(minutes=1)
    room = open_room(store, "tomorrow")
    play(room, [1] * 6)
    table(room, 0, "resign")
    assert history(store, "tomorrow") == 2
    other = open_room(store, "other pair", accounts(ANA, CY))  # another pair: its own count
    play(other, [1] * 6)
    table(other, 1, "resign")
    assert history(store, "other pair") == 2


def test_those_who_left_place_last_the_first_to_leave_lowest():
    assert ratings.ranks([5, 9, 7], [1], left=[1]) == [2, 3, 1]
    assert ratings.ranks([5, 9, 7], [], left=[2, 1]) == [1, 2, 3]
    assert ratings.ranks([5, 9], [1]) == [2, 1]


def test_a_resignation_among_three_seats_is_rated_as_a_loss_when_the_game_ends(store):
    """The seat went on under the room's bot; at the end its account places last."""
    seats = [*accounts(ANA, BOB, CY)]
    store.create_room("three", "pile", {}, "s", seats, None, True)
    with store.sessions.begin() as session:
        session.get(SeatRow, ("three", 0)).kind = "bot"  # taken over after resigning
    record = {
        "scores": [9.0, 1.0, 2.0],
        "winners": [0],
        "ending": {"result": None, "events": [{"kind": "resign", "seat": 0, "at": 4}]},
    }
    with store.sessions.begin() as session:
        assert ratings.settle(session, "three", record, (4, 4, 4))
    with store.sessions() as session:
        after = {
            row.user_id: row.mu
            for row in session.scalars(
                select(ratings.RatingRow).where(ratings.RatingRow.game == "pile")
            )
        }
    assert after[ANA] < 25 and after[ANA] < after[BOB] < after[CY]


def test_abandoning_after_ones_own_decision_is_a_loss_in_a_game_that_counts(store):
    room = open_room(store)
    play(room, [1])  # Ana moved; Bob has not: Ana may still give the room up
    table(room, 0, "abandon")
    assert room.status == "finished" and room.result["reason"] == "forfeit"
    assert room.result["winners"] == [1] and settled(store, "r") == ("finished", True)
    guests = open_room(store, "guests", accounts(None, None))
    play(guests, [1])
    table(guests, 0, "abandon")  # not a game that counts: no result, as before
    assert guests.status == "abandoned" and guests.result["winners"] == []


def test_the_loss_of_a_seat_gone_or_stalling_may_be_claimed(store):
    clock = Clock(1_000_000.0)
    room = open_room(store, now=clock)
    room.moved_at = clock.at
    play(room, [1] * 6)
    with pytest.raises(RoomError) as refused:
        table(room, 1, "claim")  # Ana to move, and not gone long enough
    assert refused.value.key == "web.error.cannot_claim"
    clock.at += CLAIM_AWAY + 1  # nobody held her seat since the room was loaded
    with pytest.raises(RoomError):
        table(room, 0, "claim")  # one cannot claim one's own loss
    table(room, 1, "claim")
    assert room.result == {"reason": "forfeit", "seat": 0, "winners": [1]}
    assert history(store, "r") == 2
    stalled = open_room(store, "stalled", now=clock)
    stalled.away.clear()  # connected, but not moving
    play(stalled, [1])
    clock.at += CLAIM_STALL - 1
    assert stalled.claimable(0) is None
    clock.at += 2
    assert stalled.claimable(0) == 1


def test_a_room_closed_for_no_move_is_lost_by_the_seat_that_stalled(store):
    room = open_room(store)
    play(room, [1] * 7)  # Bob to move, and he stops
    asyncio.run(room.handle(Close()))
    assert room.result == {"reason": "forfeit", "seat": 1, "winners": [0]}
    assert settled(store, "r") == ("finished", True)
    empty = open_room(store, "empty")
    asyncio.run(empty.handle(Close()))  # nobody moved: abandoned, as before
    assert settled(store, "empty")[0] == "abandoned" and empty.result is None


def test_rematch_votes_live_in_the_database_and_complete_once(store):
    """The two seats' holders on two instances: each instance's room is told the votes
    stored through the other, and exactly one vote completes them."""
    room = open_room(store, start=2)
    play(room, [1, 1])
    here, there = (Room(store.load_room("r"), Database(store)) for _ in range(2))
    first = asyncio.run(here.handle(Rematch(0, True, "a")))
    second = asyncio.run(there.handle(Rematch(1, True, "b")))
    assert first == [RematchVoted((0,))] and second == [RematchVoted((0, 1)), RematchDue("b")]
    again = asyncio.run(here.handle(Rematch(0, True, "a")))
    assert again == [RematchVoted((0, 1))]  # complete already: not due twice
    assert store.load_room("r").rematch_votes == (0, 1)
