"""The same server on PostgreSQL (run when LUDOTECA_TEST_POSTGRES holds a database URL)."""

from __future__ import annotations

import os

import pytest

URL = os.environ.get("LUDOTECA_TEST_POSTGRES")

pytestmark = pytest.mark.skipif(not URL, reason="set LUDOTECA_TEST_POSTGRES to a database URL")


def test_a_game_is_stored_in_postgres_and_survives_a_new_server(test_games):
    from starlette.testclient import TestClient

    from ludoteca.server import Settings, create_app
    from ludoteca.server.db import Base

    app = create_app(Settings(database=URL, bot_workers=0))
    Base.metadata.drop_all(app.state.hub.db.store.engine)
    Base.metadata.create_all(app.state.hub.db.store.engine)
    try:
        with TestClient(app) as client:
            made = client.post(
                "/api/rooms",
                json={
                    "game": "pile",
                    "options": {"start": 5, "refill": False},
                    "seats": [{"kind": "person"}, {"kind": "person"}],
                },
            ).json()
            room, tokens = made["room"], made["tokens"]
            move = 0
            while True:
                view = client.get(f"/api/rooms/{room}/view").json()
                if view["observation"]["terminal"]:
                    break
                seat = view["observation"]["current_player"]
                response = client.post(
                    f"/api/rooms/{room}/actions",
                    json={
                        "seat": seat,
                        "token": tokens[str(seat)],
                        "action": "take:1",
                        "move": move,
                    },
                )
                assert response.status_code == 200, response.text
                move = response.json()["move"]
        again = create_app(Settings(database=URL, bot_workers=0))
        with TestClient(again) as client:
            record = client.get(f"/api/rooms/{room}/record").json()
            assert record["actions"] == ["take:1"] * 5
            assert room in [r["id"] for r in client.get("/api/rooms").json()["finished"]]
        again.state.hub.close()
    finally:
        Base.metadata.drop_all(app.state.hub.db.store.engine)
        app.state.hub.close()
