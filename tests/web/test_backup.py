"""``ludoteca backup`` while a server plays, ``ludoteca restore`` into another data folder, and
a server started there resumes every room with every action acknowledged before the backup."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import threading
from urllib.parse import quote

import httpx
import pytest

from .test_persistence import ROOT, kill, server_env, start_server, wait_for_turn

pytestmark = pytest.mark.slow

ROOMS = 4


def ludoteca(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ludoteca", *words, "--lang", "en"],
        cwd=ROOT,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )


# one client plays every room as fast as the server answers: more than the messages quota
# lets one address send (20 a second) on a quick machine
UNLIMITED = ["--limit", "messages=1000/second"]


def test_a_backup_under_load_restores_into_a_server_that_resumes_every_room(tmp_path):
    live, restored, file = tmp_path / "live", tmp_path / "restored", tmp_path / "site.backup"
    process, base = start_server(live, workers=0, more=UNLIMITED)
    acknowledged: dict[str, int] = {}  # room -> the last move number the server acknowledged
    rooms: dict[str, str] = {}  # room -> the person seat's token
    stop = threading.Event()
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            for _ in range(ROOMS):
                seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
                body = {"game": "pile", "options": {"start": 30, "refill": False}, "seats": seats}
                made = client.post("/api/rooms", json=body).json()
                rooms[made["room"]] = made["tokens"]["0"]

        def play() -> None:  # the person in every room moves as soon as it may, until told
            with httpx.Client(base_url=base, timeout=30) as client:
                while not stop.is_set():
                    for room, token in rooms.items():
                        state = wait_for_turn(client, room, token)
                        if state["observation"]["terminal"]:
                            continue
                        action = {
                            "seat": 0,
                            "token": token,
                            "action": "take:1",
                            "move": state["move"],
                        }
                        answer = client.post(f"/api/rooms/{room}/actions", json=action)
                        if answer.status_code == 200:
                            acknowledged[room] = answer.json()["move"]

        player = threading.Thread(target=play)
        player.start()
        while len(acknowledged) < ROOMS:  # every room has moved: the load is on
            player.join(timeout=0.1)
            assert player.is_alive(), "the player stopped before every room moved"
        before = dict(acknowledged)  # acknowledged before the backup began
        done = ludoteca("backup", str(file), "--data", str(live))
        assert done.returncode == 0, done.stderr
        assert "Backed up 4 rooms" in done.stdout, done.stdout
        stop.set()
        player.join(timeout=60)
    finally:
        stop.set()
        kill(process)
    done = ludoteca("restore", str(file), "--data", str(restored))
    assert done.returncode == 0 and "Restored 4 rooms" in done.stdout, done.stdout + done.stderr
    process, base = start_server(restored, workers=0, more=UNLIMITED)
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            for room, token in rooms.items():
                state = wait_for_turn(client, room, token)
                assert state["move"] >= before[room]
                while not state["observation"]["terminal"]:  # and each room plays to its end
                    action = {"seat": 0, "token": token, "action": "take:1", "move": state["move"]}
                    assert client.post(f"/api/rooms/{room}/actions", json=action).status_code == 200
                    state = wait_for_turn(client, room, token)
                assert client.get(f"/api/rooms/{room}/record").status_code == 200
    finally:
        kill(process)


def test_backup_and_restore_refuse_clearly(tmp_path):
    missing = ludoteca("backup", str(tmp_path / "b"), "--data", str(tmp_path / "none"))
    assert missing.returncode == 2 and "No database" in missing.stderr
    assert missing.stderr.count("\n") == 1
    junk = tmp_path / "junk.backup"
    junk.write_text("not a database")
    refused = ludoteca("restore", str(junk), "--data", str(tmp_path / "site"))
    assert refused.returncode == 2 and "not a whole backup" in refused.stderr, refused.stderr
    assert not (tmp_path / "site" / "ludoteca.sqlite3").exists()
    nothing = ludoteca("restore", str(tmp_path / "nope"), "--data", str(tmp_path / "site"))
    assert nothing.returncode == 2 and nothing.stderr.count("\n") == 1


# -- PostgreSQL: pg_dump and pg_restore, as docs/deploy.md says ------------------------------

POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES")


def libpq(url: str) -> str:
    """The SQLAlchemy URL as pg_dump and pg_restore take it."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@pytest.mark.skipif(not POSTGRES, reason="set LUDOTECA_TEST_POSTGRES to a database URL")
@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump is not installed")
def test_a_postgres_dump_restores_into_a_server_that_resumes_every_room(tmp_path):
    """The site's schema is dumped while a game is in play, lost (dropped), restored from the
    dump, and an instance started on it resumes every room from where the dump left it."""
    from sqlalchemy import create_engine, text

    from .test_instances import Instance, act, pile_room

    assert POSTGRES is not None
    schema = f"backup_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    database = f"{POSTGRES}?options={quote(f'-csearch_path={schema}')}"
    dump = tmp_path / "site.dump"
    try:
        instance = Instance(database, f"dump-{secrets.token_hex(2)}")
        try:
            made = [pile_room(instance.base, [{"kind": "person"}] * 2) for _ in range(3)]
            for move in range(4):
                for room in made:
                    seat = move % 2
                    token = room["tokens"][str(seat)]
                    answer = act(instance.base, room["room"], seat, token, "take:1", move)
                    assert answer.status_code == 200, answer.text
            done = subprocess.run(
                [
                    "pg_dump",
                    f"--dbname={libpq(POSTGRES)}",
                    f"--schema={schema}",
                    "--format=custom",
                    f"--file={dump}",
                ],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
        finally:
            instance.kill()
        with admin.begin() as connection:  # the data is lost
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        done = subprocess.run(
            ["pg_restore", f"--dbname={libpq(POSTGRES)}", "--no-owner", str(dump)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        instance = Instance(database, f"restored-{secrets.token_hex(2)}")
        try:
            for room in made:
                view = httpx.get(f"{instance.base}/api/rooms/{room['room']}/view").json()
                assert view["move"] == 4
                answer = act(instance.base, room["room"], 0, room["tokens"]["0"], "take:1", 4)
                assert answer.status_code == 200, answer.text
        finally:
            instance.kill()
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        admin.dispose()
