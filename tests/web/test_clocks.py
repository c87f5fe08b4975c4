"""Clock arithmetic (pure, time passed in as values) and a room's clock across restarts."""

from __future__ import annotations

import asyncio
import json

import pytest

from ludoteca.server import clocks
from ludoteca.server.clocks import Clock, Rule
from ludoteca.server.commands import Act, StartClock, TimeOut
from ludoteca.server.db import Database, SeatInfo, Store
from ludoteca.server.room import Room

BLITZ = Rule("fischer", base=180, increment=2)
POST = Rule("days", days=2)
T0 = 1_700_000_000.0


def restarted(clock: Clock) -> Clock:
    """The clock as a restarted server reads it back from the database (JSON)."""
    return Clock.from_json(json.loads(json.dumps(clock.to_json())))


def test_a_new_clock_gives_every_seat_its_allowance_and_runs_for_nobody():
    clock = clocks.start(BLITZ, 3, T0)
    assert clock.left == (180, 180, 180) and clock.running is None
    assert clocks.left(clock, T0 + 999) == (180, 180, 180)
    assert clocks.due(clock, T0) is None and clocks.flagged(clock, T0 + 999) is None


def test_fischer_charges_the_mover_and_adds_the_increment_when_the_turn_passes():
    clock = clocks.run(clocks.start(BLITZ, 2, T0), BLITZ, 0, T0)
    assert clocks.left(clock, T0 + 10) == (170, 180)
    clock = clocks.run(clock, BLITZ, 1, T0 + 10)
    assert clock.left == (172, 180) and clock.running == 1
    clock = clocks.run(clock, BLITZ, 0, T0 + 40)
    assert clock.left == (172, 152)


def test_a_seat_that_keeps_the_move_keeps_running_uncharged():
    clock = clocks.run(clocks.start(BLITZ, 2, T0), BLITZ, 0, T0)
    assert clocks.run(clock, BLITZ, 0, T0 + 5) == clock
    assert clocks.left(clock, T0 + 7) == (173, 180)


def test_the_running_seat_flags_when_its_time_is_up_and_due_says_when():
    clock = clocks.run(clocks.start(Rule("fischer", base=2), 2, T0), Rule("fischer", base=2), 1, T0)
    assert clocks.due(clock, T0 + 0.5) == pytest.approx(1.5)
    assert clocks.flagged(clock, T0 + 1.99) is None
    assert clocks.flagged(clock, T0 + 2) == 1
    assert clocks.left(clock, T0 + 50) == (2, 0)  # never below zero


def test_correspondence_gives_each_turn_its_days_afresh():
    clock = clocks.run(clocks.start(POST, 2, T0), POST, 0, T0)
    day = clocks.DAY
    clock = clocks.run(clock, POST, 1, T0 + 1.5 * day)
    assert clock.left == (2 * day, 2 * day)
    assert clocks.flagged(clock, T0 + 3.4 * day) is None
    assert clocks.flagged(clock, T0 + 3.5 * day) == 1


def test_stop_charges_the_running_seat_and_runs_nobody():
    clock = clocks.run(clocks.start(BLITZ, 2, T0), BLITZ, 0, T0)
    stopped = clocks.stop(clock, T0 + 30)
    assert stopped.left == (150, 180) and stopped.running is None
    assert clocks.left(stopped, T0 + 500) == (150, 180)


def test_across_a_restart_the_time_the_server_was_down_counts():
    clock = clocks.run(clocks.start(BLITZ, 2, T0), BLITZ, 0, T0)
    clock = clocks.run(clock, BLITZ, 1, T0 + 20)  # seat 0 moved after 20 s: 162 left
    back = restarted(clock)  # the server stops here and comes back 100 s later
    assert back == clock
    assert clocks.left(back, T0 + 120) == (162, 80)
    assert clocks.due(back, T0 + 120) == pytest.approx(80)
    assert clocks.flagged(back, T0 + 200) == 1  # down for longer than the seat had: lost


def test_a_restart_while_nobody_runs_costs_nobody_anything():
    clock = clocks.run(clocks.run(clocks.start(BLITZ, 2, T0), BLITZ, 0, T0), BLITZ, None, T0 + 3)
    assert clock.left == (179, 180)
    back = restarted(clock)
    assert clocks.left(back, T0 + 10_000) == (179, 180)


# -- a room's clock, stored and read back as a restart does ----------------------------------


class Now:
    def __init__(self, at: float):
        self.at = at

    def __call__(self) -> float:
        return self.at


def two_people(store: Store, table: dict) -> None:
    seats = [
        SeatInfo(0, "person", None, "Ann", "a" * 64, True),
        SeatInfo(1, "person", None, "Bob", "b" * 64, True),
    ]
    store.create_room("r1", "pile", {"start": 20, "refill": False}, "seed", seats, table=table)


def load(store: Store, now: Now) -> Room:
    loaded = store.load_room("r1")
    assert loaded is not None
    return Room(loaded, Database(store), now=now)


@pytest.fixture
def store(tmp_path, test_games):
    found = Store(f"sqlite:///{tmp_path / 'clock.sqlite3'}")
    yield found
    found.close()


def test_a_rooms_clock_survives_restarts_and_the_downtime_counts(store):
    two_people(store, {"clock": "fischer", "base": 60, "increment": 5})
    now = Now(T0)

    async def play() -> None:
        room = load(store, now)
        await room.handle(StartClock())
        assert room.clock is not None and room.clock.running == 0
        now.at = T0 + 10
        await room.handle(Act(0, "take:1", room.version))  # 50 + 5 left for Ann; Bob runs
        now.at = T0 + 30  # the server goes down here, with Bob's time running since T0 + 10
        again = load(store, now)
        await again.handle(StartClock())
        assert again.clock is not None
        assert clocks.left(again.clock, now.at) == (55, 40)
        now.at = T0 + 75  # down until Bob's 60 s were all spent
        third = load(store, now)
        assert third.clock_due() == 0
        assert await third.handle(TimeOut())
        assert third.status == "finished"
        assert third.result == {"reason": "timeout", "seat": 1, "winners": [0]}
        fourth = load(store, now)
        assert fourth.result == third.result and fourth.status == "finished"
        record = store.record("r1")
        assert record is not None and record["meta"]["winners"] == [0]
        assert record["meta"]["ending"]["result"]["reason"] == "timeout"

    asyncio.run(play())


def test_an_action_after_the_flag_is_refused_and_the_time_out_played(store):
    two_people(store, {"clock": "fischer", "base": 5, "increment": 0})
    now = Now(T0)

    async def play() -> None:
        room = load(store, now)
        await room.handle(StartClock())
        now.at = T0 + 6
        with pytest.raises(Exception, match="time_out"):
            await room.handle(Act(0, "take:1", room.version))
        assert room.result is not None and room.result["winners"] == [1]

    asyncio.run(play())
