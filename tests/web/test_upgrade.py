"""A database made by the release before accounts (commit 17122be) upgrades in place when the
server starts, and its rooms play on: on SQLite and on PostgreSQL.

The databases were made by that release's own code (tests/data/release_17122be/make.py):
a Bohnen game four moves in, a Pile game two moves in and a finished Pile game."""

from __future__ import annotations

import json
import os
import shutil
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from ludoteca.server import Settings, create_app, migrations

DATA = Path(__file__).resolve().parents[1] / "data" / "release_17122be"
POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES")
TEN_YEARS = 10 * 365 * 24 * 3600.0


def play_on(url: str, tokens: dict[str, dict[str, str]]) -> None:
    # The stored rooms were last moved when the databases were made (2026-11-30): a day later
    # the server would close them as abandoned, so here it waits for ten years instead.
    app = create_app(Settings(database=url, bot_workers=0, abandon_after=TEN_YEARS))
    try:
        with TestClient(app) as client:
            _play_on(client, tokens)
        assert migrations.current(app.state.hub.db.store.engine) == migrations.head()
    finally:
        app.state.hub.close()


def _play_on(client: TestClient, tokens: dict[str, dict[str, str]]) -> None:
    finished = tokens["finished"]["room"]
    record = client.get(f"/api/rooms/{finished}/record").json()
    assert record["meta"]["players"] == ["Ana", "Bob"] and len(record["actions"]) == 2
    # the Bohnen game goes on from its fifth move, with the seats' old tokens
    bohnen = tokens["bohnen"]
    view = client.get(f"/api/rooms/{bohnen['room']}/view").json()
    assert view["move"] == 4 and view["names"] == ["Ana", "Bob"]
    for _ in range(2):
        seat = view["observation"]["current_player"]
        mine = client.get(
            f"/api/rooms/{bohnen['room']}/view", headers={"X-Seat-Token": bohnen[str(seat)]}
        ).json()
        answer = client.post(
            f"/api/rooms/{bohnen['room']}/actions",
            json={
                "seat": seat,
                "token": bohnen[str(seat)],
                "action": mine["observation"]["legal"][0]["action"],
                "move": mine["move"],
            },
        )
        assert answer.status_code == 200, answer.text
        view = client.get(f"/api/rooms/{bohnen['room']}/view").json()
    assert view["move"] == 6
    # the Pile game is played to its end
    pile = tokens["pile"]
    while True:
        view = client.get(f"/api/rooms/{pile['room']}/view").json()
        if view["observation"]["terminal"]:
            break
        seat = view["observation"]["current_player"]
        answer = client.post(
            f"/api/rooms/{pile['room']}/actions",
            json={"seat": seat, "token": pile[str(seat)], "action": "take:1", "move": view["move"]},
        )
        assert answer.status_code == 200, answer.text
    assert client.get(f"/api/rooms/{pile['room']}/record").json()["actions"] == ["take:1"] * 6
    # and the new parts work in the old database: a guest of an old room signs up
    client.get("/api/account")
    answer = client.post(
        "/api/account/signup",
        json={
            "name": "Ana",
            "password": "sow-beans-in-autumn",
            "seats": [{"room": pile["room"], "seat": 0, "token": pile["0"]}],
        },
        headers={"X-CSRF-Token": client.cookies["ludoteca_csrf"]},
    )
    assert answer.json()["adopted"] == 1
    assert client.get("/api/players/Ana").json()["games"] == {"pile": {"played": 1, "won": 0}}


def test_a_sqlite_database_of_the_release_before_upgrades_and_plays_on(tmp_path, test_games):
    copy = tmp_path / "ludoteca.sqlite3"
    shutil.copy(DATA / "ludoteca.sqlite3", copy)
    engine = create_engine(f"sqlite:///{copy}")
    assert migrations.current(engine) is None  # made before the migrations
    engine.dispose()
    play_on(f"sqlite:///{copy}", json.loads((DATA / "sqlite.json").read_text()))


def test_a_postgres_database_of_the_release_before_upgrades_and_plays_on(test_games):
    if not POSTGRES:
        pytest.skip("set LUDOTECA_TEST_POSTGRES to a database URL")
    schema = f"old_{uuid.uuid4().hex[:10]}"
    admin = create_engine(POSTGRES)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in POSTGRES else "?"
    url = f"{POSTGRES}{sep}options={quote(f'-csearch_path={schema}')}"
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql((DATA / "postgres.sql").read_text())
        engine.dispose()
        play_on(url, json.loads((DATA / "postgres.json").read_text()))
    finally:
        engine.dispose()
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
