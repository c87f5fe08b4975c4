"""A real server killed with SIGKILL 0-50 ms after the action that ends a rated game, then
started again: the game is either not over (the action was never stored) or settled exactly
once (its end, record and both ratings), never over and unsettled. Shared by the slow test
(a few tries) and ``benchmarks/settle_crash.py`` (50 tries).

Each try: two new accounts (the limit on games between the same two accounts stays out of the
way), a rated pile game of three decisions each, then the last move (by the API) or a
resignation (by the WebSocket), and the kill.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from .test_persistence import kill, start_server

PASSWORD = "sow-beans-in-autumn"


def _account(base: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    client.get("/api/account")
    signed = client.post(
        "/api/account/signup",
        json={"name": name, "password": PASSWORD},
        headers=_csrf(client),
    )
    assert signed.status_code == 200, signed.text
    return client


def _csrf(client: httpx.Client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["ludoteca_csrf"]}


def _post(client: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body, headers=_csrf(client))
    assert answer.status_code == 200, answer.text
    return answer.json()


def _ready_game(base: str, number: int) -> tuple[str, dict[int, str], int]:
    """A rated room of two new accounts, one action from its end: (room, tokens, move)."""
    one, two = _account(base, f"ann{number}x"), _account(base, f"bob{number}x")
    made = _post(
        one,
        "/api/rooms",
        {
            "game": "pile",
            "options": {"start": 7, "refill": False},
            "seats": [{"kind": "person"}, {"kind": "person"}],
        },
    )
    room = made["room"]
    tokens = {
        seat: _post(
            client, f"/api/rooms/{room}/claim", {"seat": seat, "token": made["tokens"][str(seat)]}
        )["token"]
        for seat, client in ((0, one), (1, two))
    }
    for move in range(6):
        _post(
            one,
            f"/api/rooms/{room}/actions",
            {"seat": move % 2, "token": tokens[move % 2], "action": "take:1", "move": move},
        )
    one.close()
    two.close()
    return room, tokens, 6


def _last_move(
    base: str, room: str, tokens: dict[int, str], move: int, sent: threading.Event
) -> None:
    sent.set()  # the request goes out now
    with contextlib.suppress(httpx.HTTPError):  # killed before it answered
        httpx.post(
            f"{base}/api/rooms/{room}/actions",
            json={"seat": 0, "token": tokens[0], "action": "take:1", "move": move},
            timeout=5,
        )


def _resign(base: str, room: str, tokens: dict[int, str], move: int, sent: threading.Event) -> None:
    address = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
    try:
        with connect(address, origin=base, open_timeout=5) as socket:
            socket.send(json.dumps({"type": "hello", "token": tokens[0]}))
            while json.loads(socket.recv(timeout=5)).get("type") != "state":
                pass
            socket.send(json.dumps({"type": "table", "do": "resign", "move": move}))
            sent.set()
            socket.recv(timeout=5)
    except Exception:  # killed meanwhile
        pass


def _facts(database: Path, room: str) -> dict[str, Any]:
    with sqlite3.connect(database) as db:
        status, settled = db.execute(
            "SELECT status, settled FROM rooms WHERE id = ?", (room,)
        ).fetchone()
        entries = db.execute("SELECT count(*) FROM actions WHERE room_id = ?", (room,)).fetchone()
        records = db.execute("SELECT count(*) FROM records WHERE room_id = ?", (room,)).fetchone()
        rated = db.execute(
            "SELECT count(*) FROM rating_history WHERE room_id = ?", (room,)
        ).fetchone()
    return {
        "status": status,
        "settled": bool(settled),
        "entries": entries[0],
        "records": records[0],
        "rated": rated[0],
    }


def crash_tries(data: Path, tries: int, seed: int = 7) -> dict[str, int]:
    """Run ``tries`` kills; counts of what was found after each restart. ``unsettled`` and
    ``twice`` must stay 0."""
    rng = random.Random(seed)
    counts = {"tries": 0, "settled": 0, "not_over": 0, "unsettled": 0, "twice": 0}
    database = data / "ludoteca.sqlite3"
    process, base = start_server(data)
    try:
        for number in range(tries):
            room, tokens, move = _ready_game(base, number)
            end = _resign if number % 2 else _last_move
            sent = threading.Event()
            sender = threading.Thread(target=end, args=(base, room, tokens, move, sent))
            sender.start()
            sent.wait(timeout=30)  # the ending action is on its way: kill within 0-50 ms
            time.sleep(rng.uniform(0.0, 0.05))
            kill(process)
            sender.join(timeout=10)
            process, base = start_server(data)
            with httpx.Client(base_url=base, timeout=30) as client:  # loading it settles it
                assert client.get(f"/api/rooms/{room}").status_code == 200
            found = _facts(database, room)
            counts["tries"] += 1
            if found["entries"] == move:
                assert found["status"] == "playing" and not found["settled"], found
                counts["not_over"] += 1
            elif not found["settled"] or found["records"] != 1:
                counts["unsettled"] += 1
            elif found["rated"] != 2:
                counts["twice" if found["rated"] > 2 else "unsettled"] += 1
            else:
                counts["settled"] += 1
    finally:
        kill(process)
    return counts
