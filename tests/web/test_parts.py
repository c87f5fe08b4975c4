"""The server's parts, each on its own: the store, one room, the presenter, the bot runner,
the outbox of a socket and the quotas."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from ludoteca.server.botrunner import BotRunner
from ludoteca.server.commands import Act, Moved
from ludoteca.server.config import Limits
from ludoteca.server.db import Database, SeatInfo, Store
from ludoteca.server.errors import RoomError
from ludoteca.server.presenter import Presenter, ViewKey
from ludoteca.server.quotas import Quotas
from ludoteca.server.room import Room, hash_token
from ludoteca.server.watchers import Outbox, Watcher

PEOPLE = [
    SeatInfo(0, "person", None, "Ann", hash_token("a")),
    SeatInfo(1, "person", None, "Bo", hash_token("b")),
]


@pytest.fixture
def store(tmp_path, test_games):
    store = Store(f"sqlite:///{tmp_path / 'parts.sqlite3'}")
    yield store
    store.close()


def make_room(store, seats=PEOPLE, room_id="r1", options=None, game="pile"):
    if options is None:
        options = {"start": 5, "refill": False} if game == "pile" else {}
    store.create_room(room_id, game, options, "s", seats, hash_token("host"))
    return Room(store.load_room(room_id), Database(store))


def test_the_store_exchanges_an_invitation_once_and_replaces_only_unclaimed_ones(store):
    store.create_room("r", "pile", {}, "s", PEOPLE, hash_token("host"))
    assert store.replace_invitation("r", 1, hash_token("b2"))
    assert not store.exchange("r", 1, hash_token("b"), hash_token("new"), "Bea")  # old link
    assert store.exchange("r", 1, hash_token("b2"), hash_token("new"), "Bea")
    assert not store.exchange("r", 1, hash_token("b2"), hash_token("other"), None)
    assert not store.replace_invitation("r", 1, hash_token("b3"))
    seat = store.load_room("r").seats[1]
    assert seat.claimed and seat.token_hash == hash_token("new") and seat.name == "Bea"


def test_the_store_finds_rooms_without_moves(store):
    store.create_room("old", "pile", {}, "s", PEOPLE)
    store.create_room("busy", "pile", {}, "s", PEOPLE)
    later = datetime.now(UTC).replace(tzinfo=None) + timedelta(seconds=5)
    assert sorted(store.idle_rooms(later)) == ["busy", "old"]
    store.set_status("old", "abandoned")
    assert store.idle_rooms(later) == ["busy"]
    assert store.idle_rooms(later - timedelta(hours=1)) == []


def test_a_room_plays_undoes_and_refuses_in_order(store):
    room = make_room(store)

    async def play():
        assert await room.handle(Act(0, "take:1", 0)) == [Moved(0, "take:1", 1)]
        with pytest.raises(RoomError) as stale:
            await room.handle(Act(1, "take:1", 0))
        assert stale.value.key == "web.error.moved_on" and stale.value.news == []
        with pytest.raises(RoomError) as turn:
            await room.handle(Act(0, "take:1", 1))
        assert turn.value.key == "web.error.not_your_turn"
        with pytest.raises(RoomError) as illegal:
            await room.handle(Act(1, "take:9", 1))
        assert illegal.value.status == 422

    asyncio.run(play())
    assert room.version == 1 and room.state.history() == ["take:1"]
    again = Room(store.load_room("r1"), Database(store))
    assert again.version == 1 and again.state.history() == ["take:1"]


def test_a_room_knows_its_seats_by_token_only(store):
    room = make_room(store)
    assert room.seat_of("a") == 0 and room.seat_of("b") == 1
    for token in ("", None, "host", "A"):
        with pytest.raises(RoomError):
            room.seat_of(token)
    assert room.is_host("host") and not room.is_host("a")


def test_the_presenter_renders_each_distinct_view_once_per_position(store):
    room = make_room(store)
    presenter = Presenter(room)
    keys = [
        ViewKey(None, "en", True, False),
        ViewKey(None, "de", True, False),
        ViewKey(0, "en", False, False),
    ]
    texts = [presenter.text(key) for key in keys for _ in range(50)]
    assert presenter.renders == 3 and len(set(texts)) == 3
    asyncio.run(room.handle(Act(0, "take:1", 0)))
    assert '"move":1' in presenter.text(keys[0]) and presenter.renders == 4


def test_the_bot_runner_plays_bots_until_a_person_is_to_move_and_rests_unwatched(store):
    bot_first = [SeatInfo(0, "bot", "random", "", None), PEOPLE[1]]
    both_bots = [SeatInfo(0, "bot", "random", "", None), SeatInfo(1, "bot", "random", "", None)]
    room = make_room(store, bot_first, "a")
    alone = make_room(store, both_bots, "b")

    async def run():
        runner = BotRunner(0)
        runner.kick(room)
        runner.kick(alone)
        for _ in range(200):
            if room.version == 1 and not runner.thinking(room):
                break
            await asyncio.sleep(0.01)
        runner.close()

    asyncio.run(run())
    assert room.version == 1 and room.state.current_player == 1
    assert alone.version == 0  # nobody watches a room of bots: it rests


def test_the_outbox_keeps_order_and_only_the_latest_state():
    sent = []

    async def send(text):
        sent.append(text)

    async def run():
        outbox = Outbox(send)
        for item in [("state", "s1"), ("ack", "a"), ("state", "s2"), ("state", "s3")]:
            outbox.put(*item)
        closed = []

        async def close(code):
            closed.append(code)

        outbox.close(4000)
        await outbox.run(close)
        return closed

    assert asyncio.run(run()) == [4000]
    assert sent == ["a", "s3"]


def test_the_outbox_closes_a_reader_that_does_not_read():
    outbox = Outbox(lambda text: asyncio.sleep(0), limit=3)
    for number in range(5):
        outbox.put("error", str(number))
    assert outbox.close_code == 4429


def test_the_outbox_survives_a_reader_that_went_away():
    async def send(_text):
        raise ConnectionResetError

    async def run():
        outbox = Outbox(send)
        outbox.put("ack", "x")
        await asyncio.wait_for(outbox.run(lambda code: asyncio.sleep(0)), 2)
        return outbox.closed

    assert asyncio.run(run())


def test_quotas_count_each_key_and_refuse_without_counting(test_games):
    quotas = Quotas(Limits(rooms="2/minute"))
    quotas.hit("rooms", "addr:1")
    quotas.hit("rooms", "addr:1")
    with pytest.raises(RoomError) as refused:
        quotas.hit("rooms", "addr:1", "addr:2")
    assert refused.value.status == 429 and refused.value.retry_after >= 1
    quotas.hit("rooms", "addr:2")  # the refusal above counted nothing for addr:2
    quotas.hit("rooms", "addr:2")


def test_limits_are_checked_when_given():
    with pytest.raises(ValueError):
        Limits().with_overrides({"rooms": "many"})
    with pytest.raises(ValueError):
        Limits().with_overrides({"dances": "1/second"})
    assert Limits().with_overrides({"mcts_rooms": "5"}).mcts_rooms == 5


def test_a_watcher_is_small():
    watcher = Watcher(outbox=Outbox(lambda text: asyncio.sleep(0)))
    assert watcher.seat is None and watcher.sent == (-1, -1)


def test_a_database_of_an_earlier_version_gets_the_new_columns(tmp_path, test_games):
    from sqlalchemy import create_engine

    from ludoteca.server import migrations

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    migrations.upgrade(engine, "0001_baseline")
    # a database of a version before the migrations: no version table, two columns fewer
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE alembic_version")
        connection.exec_driver_sql("ALTER TABLE seats DROP COLUMN claimed")
        connection.exec_driver_sql("ALTER TABLE rooms DROP COLUMN host_hash")
        connection.exec_driver_sql(
            "INSERT INTO rooms (id, game, options, seed, status, created_at, updated_at) "
            "VALUES ('r', 'pile', '{}', 's', 'playing', '2026-01-01', '2026-01-01')"
        )
        for seat in (0, 1):
            connection.exec_driver_sql(
                "INSERT INTO seats (room_id, seat, kind, name, token_hash) "
                f"VALUES ('r', {seat}, 'person', '', '{hash_token('ab'[seat])}')"
            )
    engine.dispose()
    store = Store(url)
    loaded = store.load_room("r")
    assert loaded.host_hash is None and not loaded.seats[0].claimed
    assert store.exchange("r", 0, hash_token("a"), hash_token("a2"), None)
    store.close()
