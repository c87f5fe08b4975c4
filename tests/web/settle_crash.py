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
WINDOW = 0.05  # seconds at least over which the kills are spread after the ending actions


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


class Ender:
    """The action that ends one game, made ready (a resignation's socket has said hello), to
    be fired in a burst just before the kill."""

    def __init__(self, base: str, room: str, tokens: dict[int, str], move: int, resign: bool):
        self.base, self.room, self.tokens, self.move = base, room, tokens, move
        self.socket = None
        if resign:
            address = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
            self.socket = connect(address, origin=base, open_timeout=30)
            self.socket.send(json.dumps({"type": "hello", "token": tokens[0]}))
            while json.loads(self.socket.recv(timeout=30)).get("type") != "state":
                pass

    def fire(self) -> None:
        if self.socket is not None:
            self.socket.send(json.dumps({"type": "table", "do": "resign", "move": self.move}))
            return
        threading.Thread(target=self._post, daemon=True).start()

    def _post(self) -> None:
        with contextlib.suppress(httpx.HTTPError):  # killed before it answered
            httpx.post(
                f"{self.base}/api/rooms/{self.room}/actions",
                json={"seat": 0, "token": self.tokens[0], "action": "take:1", "move": self.move},
                timeout=10,
            )

    def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()


def _answer_time(base: str, room: str) -> float:
    """Seconds the server takes to answer a request about the room now."""
    started = time.monotonic()
    httpx.get(f"{base}/api/rooms/{room}", timeout=30)
    return time.monotonic() - started


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


def _started(data: Path, output: list[str]):
    """A server, its output read on (a full pipe would stall it) and kept in ``output``."""
    process, base = start_server(data)

    def drain() -> None:
        for line in process.stdout or ():
            output.append(line.rstrip())

    threading.Thread(target=drain, daemon=True).start()
    return process, base


def crash_tries(data: Path, tries: int, per_kill: int = 5, seed: int = 7) -> dict[str, Any]:
    """Run ``tries`` game ends, ``per_kill`` at a time: their ending actions are fired at
    once, then the server is killed after a random delay between 0 and 1.5 times the time the
    server takes to answer that many requests (at least 50 ms), so that some kills come
    before an action is stored, some while it is, some after. The counts of what was found after each restart; ``unsettled`` and ``twice`` must be 0."""
    rng = random.Random(seed)
    counts: dict[str, Any] = {"tries": 0, "kills": 0, "settled": 0, "not_over": 0}
    counts.update({"unsettled": 0, "twice": 0, "delays_ms": []})
    database = data / "ludoteca.sqlite3"
    output: list[str] = []
    process, base = _started(data, output)
    number = 0
    try:
        while counts["tries"] < tries:
            batch = min(per_kill, tries - counts["tries"])
            games, enders = [], []
            for _ in range(batch):
                games.append(_ready_game(base, number))
                room, tokens, move = games[-1]
                answer = _answer_time(base, room)
                enders.append(Ender(base, room, tokens, move, resign=number % 2 == 1))
                number += 1
            fired = []
            for ender in enders:
                ender.fire()
                fired.append(time.monotonic())
            # the kill lands anywhere from before the server reads the actions to after it
            # answered the last (a loaded machine answers in far more than 50 ms)
            time.sleep(rng.uniform(0.0, max(WINDOW, 1.5 * answer * batch)))
            kill(process)
            killed = time.monotonic()
            counts["kills"] += 1
            counts["delays_ms"] += [round(1000 * (killed - at)) for at in fired]
            for ender in enders:
                ender.close()
            process, base = _started(data, output)
            with httpx.Client(base_url=base, timeout=30) as client:  # loading settles
                for room, _, _ in games:
                    assert client.get(f"/api/rooms/{room}").status_code == 200
            for room, _, move in games:
                _count(counts, _facts(database, room), move)
    except Exception:
        print("\n".join(output[-30:]))  # what the server said before it failed
        raise
    finally:
        kill(process)
    return counts


def _count(counts: dict[str, Any], found: dict[str, Any], move: int) -> None:
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
