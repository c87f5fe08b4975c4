"""Start-up and idle rooms: a room whose log cannot be replayed is put aside and the others go
on; the data is private to its owner; rooms without moves close; rooms of bots only rest while
nobody watches."""

from __future__ import annotations

import logging
import stat
import threading
import time

from starlette.testclient import TestClient

from ludoteca.server import Settings, create_app
from ludoteca.server.db import SeatInfo, Store
from tests.waiting import wait_until

from .test_api import TWO_PEOPLE, create, log_rows


def test_a_broken_room_is_put_aside_and_the_others_resume(tmp_path, test_games, caplog):
    settings = Settings(data_dir=tmp_path, bot_workers=0)
    store = Store(settings.database_url())
    bot_first = [SeatInfo(0, "bot", "random", "", None), SeatInfo(1, "person", None, "Ann", "x")]
    for room_id in ("good1", "good2", "broken"):
        store.create_room(room_id, "pile", {"start": 9, "refill": False}, "seed", bot_first)
    store.append("broken", 0, 0, "act", "take:99")  # not a legal action: the log cannot replay
    store.close()
    caplog.set_level(logging.ERROR, "ludoteca.server")
    app = create_app(settings)
    with TestClient(app) as client:
        # the good rooms resumed on their own: their bots moved without anyone opening them
        wait_until(
            lambda: (log_rows(app, "good1"), log_rows(app, "good2")),
            "the bots of the good rooms to move (rows in their logs)",
            ready=lambda rows: rows == (1, 1),
        )
        broken = client.get("/api/rooms/broken")
        assert broken.status_code == 200 and broken.json()["status"] == "broken"
        view = client.get("/api/rooms/broken/view")
        assert view.status_code == 409 and view.json()["key"] == "web.error.broken"
        assert client.get("/api/rooms/good1").json()["status"] == "playing"
    assert any("broken" in record.getMessage() for record in caplog.records)
    store = Store(settings.database_url())
    assert store.room_row("broken")["status"] == "broken"
    store.close()


def test_the_data_folder_and_database_are_private(tmp_path, test_games):
    folder = tmp_path / "new" / "data"
    app = create_app(Settings(data_dir=folder, bot_workers=0))
    with TestClient(app) as client:
        create(client)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_room_without_moves_is_closed_as_abandoned_and_its_bot_stops(tmp_path, test_games):
    from ludoteca.bots import BOTS, Bot

    released = threading.Event()

    class WaitingBot(Bot):
        def choose(self, state):
            released.wait(timeout=30)
            return state.legal_actions()[0]

    BOTS["waiting"] = WaitingBot
    try:
        app = create_app(Settings(data_dir=tmp_path, bot_workers=0, abandon_after=0.3))
        with TestClient(app) as client:
            people = create(client)
            thinking = create(client, seats=[{"kind": "bot", "bot": "waiting"}, TWO_PEOPLE[1]])
            for made in (people, thinking):
                wait_until(
                    lambda made=made: client.get(f"/api/rooms/{made['room']}").json()["status"],
                    f"room {made['room']} to be closed as abandoned",
                    ready=lambda status: status == "abandoned",
                )
            listed = client.get("/api/rooms").json()
            assert not {people["room"], thinking["room"]} & {r["id"] for r in listed["playing"]}
            released.set()  # the bot answers, too late: nothing is played
            time.sleep(0.3)  # not a wait: time for a move that must not come
            assert log_rows(app, thinking["room"]) == 0
            refused = client.post(
                f"/api/rooms/{people['room']}/actions",
                json={"seat": 0, "token": people["tokens"]["0"], "action": "take:1", "move": 0},
            )
            assert refused.status_code == 409 and refused.json()["key"] == "web.error.abandoned"
    finally:
        released.set()
        del BOTS["waiting"]


def test_a_room_of_bots_rests_while_nobody_watches(tmp_path, test_games):
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.05))
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    with TestClient(app) as client:
        room = create(client, options={"start": 30, "refill": True}, seats=bots)["room"]
        time.sleep(0.3)  # not a wait: time for moves that must not come
        assert log_rows(app, room) == 0  # nobody has looked yet
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_text('{"type": "hello", "views": false}')
            wait_until(
                lambda: log_rows(app, room), "three moves of the bots", ready=lambda n: n >= 3
            )
        time.sleep(0.2)  # the move being thought about may still be played
        rested = log_rows(app, room)
        time.sleep(0.4)
        assert log_rows(app, room) == rested
