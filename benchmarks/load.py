"""Load figures of the web server on loopback, against a real ``ludoteca serve`` (uvicorn,
SQLite in a temporary folder).

``play`` (the default): ``--rooms`` rooms of ``--game`` with two person seats, one WebSocket
per seat, each a random-move player. The latency of an action is the time from sending it to
its acknowledgement, which the server sends only after the action is checked, committed and
broadcast. Prints actions/s and the latency percentiles.

``spectators``: one room watched by 1, 10, 100, 500 spectators (four languages, pictures on):
the messages each spectator gets while they all join, the messages and server CPU per move,
and a bystander's ``GET /api/games`` latency meanwhile.

``hostile``: the server with its default quotas, tried as a hostile user would: bad input
over HTTP and WebSocket (counts 500s and dropped sockets), a burst of 300 room creations, a
50 MB body (the server's memory growth), and ``kill -9`` mid-game (acknowledged actions kept).

    python benchmarks/load.py                 # 100 rooms of Bohnen
    python benchmarks/load.py play --rooms 20 --seconds 10
    python benchmarks/load.py spectators --counts 1,10,100,500
    python benchmarks/load.py hostile
    python benchmarks/load.py instances --database postgresql+psycopg://…  # 1 and 2 instances

``instances``: ``--rooms`` rooms over 1 and 2 ``ludoteca serve`` instances on one PostgreSQL
database (a schema of its own per run), the players of a room on different instances:
actions/s and latency percentiles at saturation and at one move per room every ``--pace``
seconds, the latency of a move reaching the other player's instance, and the server's and
PostgreSQL's CPU per action (to project the figure for more machines).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


LOOSE = ["rooms=100000/minute", "joins=100000/minute", "hellos=100000/minute"]
LOOSE += ["messages=100000/second"]


def start_server(
    data: str,
    module: str,
    workers: int,
    limits: list[str] | None = None,
    port: int = 0,
    database: str | None = None,
) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    command = [sys.executable, "-m", module, "serve", "--port", str(port)]
    command += ["--database", database] if database else ["--data", data]
    command += ["--bot-delay", "0", "--workers", str(workers), "--lang", "en"]
    for limit in LOOSE if limits is None else limits:
        command += ["--limit", limit]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    for line in process.stdout:
        found = re.search(r"http://[\d.]+:\d+", line)
        if found:
            return process, found.group(0)
    raise SystemExit("the server did not start")


class Seat:
    def __init__(self, base: str, room: str, token: str, rng: random.Random, stats: dict):
        self.url = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
        self.token, self.rng, self.stats = token, rng, stats
        self.sent: dict[int, float] = {}

    async def play(self, until: float) -> None:
        async with connect(self.url, max_size=2**24) as socket:
            hello = {"type": "hello", "token": self.token, "lang": "en", "views": False}
            await socket.send(json.dumps(hello))
            while time.monotonic() < until:
                try:
                    text = await asyncio.wait_for(socket.recv(), until - time.monotonic())
                except TimeoutError:
                    return
                message = json.loads(text)
                kind = message["type"]
                if kind == "ack":
                    started = self.sent.pop(message["move"] - 1, None)
                    if started is not None:
                        self.stats["latency"].append(time.perf_counter() - started)
                        self.stats["actions"] += 1
                elif kind == "error":
                    self.stats["errors"] += 1
                elif kind == "state":
                    observation = message["observation"]
                    if observation["terminal"]:
                        self.stats["finished"] += 1
                        return
                    legal = observation["legal"]
                    if legal and message["move"] not in self.sent:
                        action = self.rng.choice(legal)["action"]
                        self.sent[message["move"]] = time.perf_counter()
                        await socket.send(
                            json.dumps({"type": "act", "action": action, "move": message["move"]})
                        )


async def run(args: argparse.Namespace, base: str) -> dict:
    stats = {"latency": [], "actions": 0, "errors": 0, "finished": 0}
    rng = random.Random(args.seed)
    seats = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for _ in range(args.rooms):
            response = await client.post(
                "/api/rooms",
                json={
                    "game": args.game,
                    "options": {"players": 2},
                    "seats": [{"kind": "person"}, {"kind": "person"}],
                },
            )
            response.raise_for_status()
            made = response.json()
            for token in made["tokens"].values():
                seats.append(Seat(base, made["room"], token, random.Random(rng.random()), stats))
    started = time.perf_counter()
    until = time.monotonic() + args.seconds
    await asyncio.gather(*(seat.play(until) for seat in seats))
    stats["elapsed"] = time.perf_counter() - started
    return stats


def play(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as data:
        process, base = start_server(data, args.module, args.workers)
        try:
            cpu_before = cpu_seconds(process.pid)
            stats = asyncio.run(run(args, base))
            cpu_after = cpu_seconds(process.pid)
        finally:
            stop(process)
    latency = sorted(stats["latency"])
    if not latency:
        raise SystemExit("no action was acknowledged")
    p50 = statistics.median(latency) * 1000
    p99 = latency[min(len(latency) - 1, int(0.99 * len(latency)))] * 1000
    print(f"game {args.game}: {args.rooms} rooms, {2 * args.rooms} WebSockets, SQLite, loopback")
    print(f"cores: {os.cpu_count()}, python {sys.version.split()[0]}")
    print(
        f"{stats['actions']} actions in {stats['elapsed']:.1f} s = "
        f"{stats['actions'] / stats['elapsed']:.0f} actions/s; "
        f"{stats['finished'] // 2} games finished; {stats['errors']} errors"
    )
    print(f"latency (send → ack, committed and broadcast): p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    if cpu_before is not None and cpu_after is not None:
        used = cpu_after - cpu_before
        print(
            f"server CPU time {used:.1f} s over {stats['elapsed']:.1f} s "
            f"({stats['actions'] / used:.0f} actions per server CPU-second); "
            f"load average {os.getloadavg()[0]:.1f}"
        )


# -- spectators -------------------------------------------------------------------------------


def rss_kib(pid: int) -> dict[str, int]:
    """Resident memory now and at its peak (VmRSS, VmHWM) of a process, in KiB (Linux)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0])
    return found


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


class Spectator:
    def __init__(self, url: str, lang: str):
        self.url, self.lang = url, lang
        self.received: list[dict] = []
        self.ready = asyncio.Event()
        self.socket = None

    async def watch(self, stop: asyncio.Event) -> None:
        async with connect(self.url, max_size=2**24, open_timeout=60) as socket:
            await socket.send(json.dumps({"type": "hello", "lang": self.lang}))
            receiver = asyncio.create_task(self._receive(socket))
            await stop.wait()
            receiver.cancel()

    async def _receive(self, socket) -> None:
        async for text in socket:
            message = json.loads(text)
            self.received.append(message)
            if message["type"] == "state":
                self.ready.set()

    def last_move(self) -> int:
        states = [m["move"] for m in self.received if m["type"] == "state"]
        return states[-1] if states else -1


def bystander(base: str, stop, times) -> None:
    """Another client, in a process of its own, asking for the games list as a lobby does
    while the room is busy: (when, seconds) of each answer go to ``times``."""
    with httpx.Client(base_url=base, timeout=60) as client:
        while not stop.is_set():
            started = time.perf_counter()
            client.get("/api/games").raise_for_status()
            times.put((time.time(), time.perf_counter() - started))
            time.sleep(0.05)


async def one_room(base: str, pid: int, count: int, moves: int) -> dict:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        made = (
            await client.post(
                "/api/rooms",
                json={
                    "game": "bohnen",
                    "options": {"players": 2},
                    "seats": [{"kind": "person"}, {"kind": "person"}],
                },
            )
        ).json()
        room, tokens = made["room"], made["tokens"]
        url = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
        langs = ["en", "de", "fr", "ru"]
        watchers = [Spectator(url, langs[i % 4]) for i in range(count)]
        stop = asyncio.Event()
        import multiprocessing

        spawn = multiprocessing.get_context("spawn")
        done, times = spawn.Event(), spawn.Queue()
        asker = spawn.Process(target=bystander, args=(base, done, times))
        asker.start()
        first = await asyncio.get_running_loop().run_in_executor(None, times.get, True, 120)
        samples = [first]  # the bystander is up
        joins_from = time.time()
        cpu_0 = cpu_seconds(pid)
        tasks = [asyncio.create_task(w.watch(stop)) for w in watchers]
        await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in watchers)), 300)
        await asyncio.sleep(2.5)  # anything the joins still cause arrives now
        cpu_1 = cpu_seconds(pid)
        joins_until = time.time()
        join_messages = [len(w.received) for w in watchers]
        move = 0
        for number in range(moves):
            view = (
                await client.get(
                    f"/api/rooms/{room}/view",
                    headers={"X-Seat-Token": tokens[str(number % 2)]},
                )
            ).json()
            legal = view["observation"]["legal"]
            if not legal or view["observation"]["terminal"]:
                break
            seat = view["seat"]
            response = await client.post(
                f"/api/rooms/{room}/actions",
                json={
                    "seat": seat,
                    "token": tokens[str(seat)],
                    "action": legal[0]["action"],
                    "move": view["move"],
                },
            )
            move = response.json()["move"]
            deadline = time.monotonic() + 120
            while min(w.last_move() for w in watchers) < move and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        cpu_2 = cpu_seconds(pid)
        done.set()
        while asker.is_alive() or not times.empty():
            try:
                samples.append(times.get(timeout=1))
            except Exception:
                if not asker.is_alive():
                    break
        asker.join()
        join_times = [s for when, s in samples if joins_from <= when <= joins_until]
        all_times = [s for when, s in samples if when >= joins_from]
        played = move
        move_messages = sum(len(w.received) for w in watchers) - sum(join_messages)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "count": count,
        "join_max": max(join_messages),
        "join_mean": sum(join_messages) / count,
        "join_cpu": (cpu_1 - cpu_0) if cpu_0 is not None and cpu_1 is not None else None,
        "moves": played,
        "per_move": move_messages / max(1, played),
        "cpu_per_move": (cpu_2 - cpu_1) / max(1, played) if cpu_2 is not None else None,
        "games_p95": p95(join_times) * 1000,
        "games_p95_all": p95(all_times) * 1000,
    }


def spectators(args: argparse.Namespace) -> None:
    counts = [int(n) for n in args.counts.split(",")]
    print("one room of Bohnen (2 players), spectators in 4 languages with pictures, loopback;")
    print(
        f"cores: {os.cpu_count()}, python {sys.version.split()[0]}, load {os.getloadavg()[0]:.1f}"
    )
    print(
        "spectators | msgs each while all join (max) | join CPU s | msgs/move | CPU ms/move | "
        "bystander GET /api/games p95 while joining / overall"
    )
    for count in counts:
        with tempfile.TemporaryDirectory() as data:
            process, base = start_server(data, args.module, args.workers)
            try:
                row = asyncio.run(one_room(base, process.pid, count, args.moves))
            finally:
                stop(process)
        print(
            f"{row['count']:>10} | {row['join_mean']:.2f} ({row['join_max']}) | "
            f"{row['join_cpu']:.2f} | {row['per_move']:.1f} | {row['cpu_per_move'] * 1000:.1f} | "
            f"{row['games_p95']:.0f} ms / {row['games_p95_all']:.0f} ms   ({row['moves']} moves)",
            flush=True,
        )


# -- hostile ----------------------------------------------------------------------------------

ROOM = {
    "game": "bohnen",
    "options": {"players": 2},
    "seats": [{"kind": "person"}, {"kind": "person"}],
}
BAD_BODIES = [
    ("/api/replay", b"[" * 10000 + b"]" * 10000),
    (
        "/api/rooms",
        b'{"game": "bohnen", "options": {"players": ' + b"9" * 5000 + b'}, "seats": []}',
    ),
    ("/api/rooms", json.dumps({**ROOM, "options": {"game_id": 1}}).encode()),
    ("/api/rooms", json.dumps({**ROOM, "options": {"self": 1}}).encode()),
    (
        "/api/rooms",
        json.dumps({**ROOM, "seats": [{"kind": "person"}, {"kind": "bot", "bot": 1}]}).encode(),
    ),
    (
        "/api/rooms",
        json.dumps(
            {
                **ROOM,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random" + " " * 120_000}],
            }
        ).encode(),
    ),
    (
        "/api/rooms",
        b'{"game": "bohnen", "options": {}, "seats": [{"kind": "person", "name": "\\ud800"}]}',
    ),
    ("/api/rooms", b"{not json"),
    ("/api/rooms", b"[]"),
    (
        "/api/replay",
        json.dumps({"record": {"game": "bohnen", "options": {"self": 2}, "actions": []}}).encode(),
    ),
    (
        "/api/replay",
        json.dumps({"record": {"game": "bohnen", "options": {}, "actions": ["x" * 300]}}).encode(),
    ),
    (
        "/api/replay",
        json.dumps(
            {"record": {"game": "bohnen", "options": {}, "actions": ["nonsense"]}, "step": 1}
        ).encode(),
    ),
]
BAD_FRAMES = [
    "not json",
    "[1, 2]",
    '{"type": 7}',
    '{"type": "dance"}',
    "[" * 10000 + "]" * 10000,
    '{"type": "act", "action": "x", "move": ' + "9" * 5000 + "}",
    '{"type": "act", "action": "\\ud800", "move": 0}',
    '{"type": "hello", "token": 5}',
    '{"type": "act", "action": "x", "move": true}',
    "x" * 70_000,
    b"\x00\x01binary",
]


async def bad_input(base: str) -> dict:
    found = {"requests": 0, "500s": 0, "not_shaped": 0, "frames": 0, "dropped": 0}
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        made = (await client.post("/api/rooms", json=ROOM)).json()
        room, token = made["room"], made["tokens"]["0"]
        bodies = list(BAD_BODIES)
        for body in (
            b'{"seat": true, "token": "%s", "action": "x", "move": 0}',
            b'{"seat": 0, "token": "%s", "action": "\\ud800", "move": 0}',
            b'{"seat": 0, "token": "%s", "action": "x", "move": ' + b"9" * 5000 + b"}",
        ):
            bodies.append((f"/api/rooms/{room}/actions", body.replace(b"%s", token.encode())))
        bodies.append((f"/api/rooms/{room}/join", b'{"seat": true}'))
        requests = [("POST", path, body, "application/json") for path, body in bodies]
        requests += [
            ("POST", "/api/rooms", json.dumps(ROOM).encode(), "text/plain"),
            ("POST", "/api/rooms", b"game=bohnen", "application/x-www-form-urlencoded"),
            ("GET", "/api/nothing", b"", ""),
            ("DELETE", "/api/rooms", b"", ""),
            ("GET", "/api/rooms/" + "x" * 5000, b"", ""),
            (
                "GET",
                "/api/rules/\ud800".encode("utf-8", "surrogatepass").decode("latin-1"),
                b"",
                "",
            ),
        ]
        for method, path, body, kind in requests:
            headers = {"Content-Type": kind} if kind else {}
            try:
                response = await client.request(method, path, content=body or None, headers=headers)
            except httpx.HTTPError:
                found["500s"] += 1
                continue
            found["requests"] += 1
            if response.status_code >= 500:
                found["500s"] += 1
            else:
                shape = response.json()
                if not {"type", "code", "key", "message"} <= set(shape):
                    found["not_shaped"] += 1
        url = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
        async with connect(url, max_size=2**24) as socket:
            await socket.send(json.dumps({"type": "hello", "token": token}))
            await socket.recv(), await socket.recv()
            for frame in BAD_FRAMES:
                await socket.send(frame)
                found["frames"] += 1
                try:
                    answer = json.loads(await asyncio.wait_for(socket.recv(), 10))
                    if answer.get("type") != "error" or answer.get("code", 500) >= 500:
                        found["dropped"] += 1
                except Exception:
                    found["dropped"] += 1
                    break
        # a client that sends an action and leaves before its acknowledgement
        for _ in range(5):
            view = (
                await client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": token})
            ).json()
            if not view["observation"]["legal"]:
                break
            async with connect(url) as socket:
                await socket.send(json.dumps({"type": "hello", "token": token}))
                await socket.send(
                    json.dumps(
                        {
                            "type": "act",
                            "action": view["observation"]["legal"][0]["action"],
                            "move": view["move"],
                        }
                    )
                )
    return found


async def floods(base: str) -> list[str]:
    """One socket saying hello 300 times, then one sending 500 ``lang`` messages, in a room
    watched by 30 spectators: what the others receive, and when the flooder is closed."""
    lines = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        room = (await client.post("/api/rooms", json=ROOM)).json()["room"]
    url = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
    stop = asyncio.Event()
    others = [Spectator(url, "en") for _ in range(30)]
    tasks = [asyncio.create_task(w.watch(stop)) for w in others]
    await asyncio.gather(*(w.ready.wait() for w in others))
    before = sum(len(w.received) for w in others)
    for kind, frame, count in (
        ("hello", {"type": "hello", "views": False}, 300),
        ("lang", {"type": "lang", "lang": "fr"}, 500),
    ):
        received, closed = 0, None
        async with connect(url, max_size=2**24) as socket:
            if kind == "lang":
                await socket.send(json.dumps({"type": "hello", "views": False}))
            for _ in range(count):
                try:
                    await socket.send(json.dumps(frame))
                except Exception:
                    break
            try:
                while True:
                    await asyncio.wait_for(socket.recv(), 5)
                    received += 1
            except Exception:
                closed = socket.close_code
        await asyncio.sleep(2.5)
        to_others = sum(len(w.received) for w in others) - before
        before += to_others
        lines.append(
            f"{count} {kind} messages from one socket in a room of 30 spectators: the flooder got "
            f"{received} answers and was closed with {closed}; the 30 others got {to_others} "
            "messages in all"
        )
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return lines


async def burst(base: str, count: int) -> dict[int, int]:
    codes: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        responses = await asyncio.gather(
            *(client.post("/api/rooms", json=ROOM) for _ in range(count))
        )
    for response in responses:
        codes[response.status_code] = codes.get(response.status_code, 0) + 1
    retry = next((r.headers.get("retry-after") for r in responses if r.status_code == 429), None)
    codes["retry_after"] = int(retry) if retry else -1
    return codes


def huge_body(base: str, pid: int, megabytes: int = 50) -> list[str]:
    lines = []
    payload = b"{" + b" " * (megabytes * 1024 * 1024) + b"}"
    for how in ("with Content-Length", "chunked"):
        before = rss_kib(pid)
        content = (
            payload
            if how == "with Content-Length"
            else (payload[i : i + 65536] for i in range(0, len(payload), 65536))
        )
        try:
            response = httpx.post(
                base + "/api/rooms",
                content=content,
                headers={"Content-Type": "application/json"},
                timeout=120,
            )
            answer = f"{response.status_code} {response.json()['key']}"
        except httpx.HTTPError as error:
            answer = f"connection closed by the server after refusing ({type(error).__name__})"
        after = rss_kib(pid)
        lines.append(
            f"{megabytes} MB body ({how}): {answer}; server memory {before['VmRSS'] // 1024} MiB before, "
            f"peak grew by {(after['VmHWM'] - max(before['VmHWM'], before['VmRSS'])) / 1024:.1f} MiB, "
            f"now {after['VmRSS'] // 1024} MiB"
        )
    return lines


def kill_rounds(module: str, rounds: int = 5) -> str:
    """Play against a bot over HTTP; kill -9 the server at a random moment after some
    acknowledged actions; restart and check every acknowledged action is in the log."""
    import signal

    rng = random.Random(7)
    acknowledged_total, kept_total = 0, 0
    with tempfile.TemporaryDirectory() as data:
        port = 0
        made = None
        for _ in range(rounds):
            process, base = start_server(data, module, 1, port=port)
            port = int(base.rsplit(":", 1)[1])
            acknowledged = []
            try:
                with httpx.Client(base_url=base, timeout=30) as client:
                    if (
                        made is None
                        or client.get(f"/api/rooms/{made['room']}").json()["status"] != "playing"
                    ):
                        made = client.post(
                            "/api/rooms",
                            json={
                                "game": "bohnen",
                                "options": {"players": 2},
                                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                            },
                        ).json()
                        opened = client.post(
                            f"/api/rooms/{made['room']}/claim",
                            json={"seat": 0, "token": made["tokens"]["0"]},
                        ).json()
                        made["token"] = opened["token"]
                    for _ in range(rng.randint(3, 12)):
                        deadline = time.monotonic() + 20
                        while time.monotonic() < deadline:
                            view = client.get(
                                f"/api/rooms/{made['room']}/view",
                                headers={"X-Seat-Token": made["token"]},
                            ).json()
                            if view["observation"]["legal"] or view["observation"]["terminal"]:
                                break
                            time.sleep(0.02)
                        if view["observation"]["terminal"]:
                            break
                        action = rng.choice(view["observation"]["legal"])["action"]
                        response = client.post(
                            f"/api/rooms/{made['room']}/actions",
                            json={
                                "seat": 0,
                                "token": made["token"],
                                "action": action,
                                "move": view["move"],
                            },
                        )
                        if response.status_code == 200:
                            acknowledged.append((response.json()["move"], action))
            finally:
                process.send_signal(signal.SIGKILL)
                process.wait()
            # what the database holds after the kill: entry n-1 of the log for move n
            import sqlite3

            with sqlite3.connect(Path(data) / "ludoteca.sqlite3") as database:
                rows = dict(
                    database.execute(
                        "SELECT number, action FROM actions WHERE room_id = ?", (made["room"],)
                    ).fetchall()
                )
            kept = [action for number, action in acknowledged if rows.get(number - 1) == action]
            acknowledged_total += len(acknowledged)
            kept_total += min(len(kept), len(acknowledged))
    return (
        f"kill -9 mid-game: {rounds} rounds, {acknowledged_total} acknowledged actions, "
        f"{kept_total} of them in the database after the kill (the game resumed each round)"
    )


def hostile(args: argparse.Namespace) -> None:
    print(
        f"the server with its default quotas, loopback; cores {os.cpu_count()}, load {os.getloadavg()[0]:.1f}"
    )
    with tempfile.TemporaryDirectory() as data:
        process, base = start_server(data, args.module, args.workers, limits=[])
        try:
            found = asyncio.run(bad_input(base))
            print(
                f"bad input: {found['requests']} HTTP requests -> {found['500s']} answered 500 or dropped, "
                f"{found['not_shaped']} not in the error shape; {found['frames']} WebSocket frames -> "
                f"{found['dropped']} dropped sockets or non-error answers"
            )
            for line in huge_body(base, process.pid):
                print(line)
            for line in asyncio.run(floods(base)):
                print(line)
            codes = asyncio.run(burst(base, 300))
            print(
                f"burst of 300 room creations from one address: {codes.get(200, 0)} created, "
                f"{codes.get(429, 0)} refused with 429 (Retry-After {codes['retry_after']} s), "
                f"other: {sorted((k, v) for k, v in codes.items() if k not in (200, 429, 'retry_after'))}"
            )
            tail = (
                process.stdout.read1(100_000).decode() if hasattr(process.stdout, "read1") else ""
            )
        finally:
            stop(process)
            rest = process.stdout.read() if process.stdout else ""
        output = (tail or "") + (rest or "")
        print(f"tracebacks in the server's output: {output.count('Traceback')}")
    print(kill_rounds(args.module))


# -- instances ------------------------------------------------------------------------------
# N server instances on one PostgreSQL database; the two players of each room connect to
# different instances (when N > 1), so every move crosses from one instance to the other.


class CrossSeat:
    """One player of a room: acts when it is their turn, at once (``pace`` 0, saturation) or
    ``pace`` seconds after the room's last move (a realistic load). Records the latency of its
    own actions (send → ack) and of the opponent's (their send → this socket's new state)."""

    def __init__(self, url: str, token: str, rng: random.Random, sent: dict, stats: dict):
        self.url, self.token, self.rng, self.stats = url, token, rng, stats
        self.sent = sent  # the room's {move: (send time, seat's token)}, shared by both seats
        self.mine: dict[int, float] = {}

    async def play(self, stop: asyncio.Event, pace: float, ready: asyncio.Barrier) -> None:
        async with connect(self.url, max_size=2**24, open_timeout=300) as socket:
            hello = {"type": "hello", "token": self.token, "lang": "en", "views": False}
            await socket.send(json.dumps(hello))
            await ready.wait()  # every socket is open: the clock starts
            last_move_at = time.perf_counter()
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(socket.recv(), 1.0)
                except TimeoutError:
                    continue
                if stop.is_set():
                    return
                message = json.loads(text)
                kind = message["type"]
                if kind == "ack":
                    started = self.mine.pop(message["move"] - 1, None)
                    if started is not None:
                        self.stats["latency"].append(time.perf_counter() - started)
                        self.stats["actions"] += 1
                elif kind == "error":
                    self.stats["errors"] += 1
                elif kind == "state":
                    move = message["move"]
                    made = self.sent.get(move - 1)
                    if made is not None and made[1] != self.token:  # the opponent's move
                        self.stats["seen"].append(time.perf_counter() - made[0])
                        del self.sent[move - 1]
                    last_move_at = time.perf_counter()
                    observation = message["observation"]
                    if observation["terminal"]:
                        self.stats["finished"] += 1
                        return
                    legal = observation["legal"]
                    if legal and move not in self.mine:
                        if pace:
                            wait = last_move_at + pace * self.rng.uniform(0.9, 1.1)
                            await asyncio.sleep(max(0.0, wait - time.perf_counter()))
                        action = self.rng.choice(legal)["action"]
                        now = time.perf_counter()
                        self.mine[move] = now
                        self.sent[move] = (now, self.token)
                        await socket.send(json.dumps({"type": "act", "action": action, "move": move}))


def cross_client(
    rooms: list[tuple[str, str, str, str]], seconds: float, pace: float, seed: int, out
) -> None:
    """One client process: plays its rooms ((url of seat 0, token, url of seat 1, token))."""

    async def main() -> dict:
        stats: dict = {"latency": [], "seen": [], "actions": 0, "errors": 0, "finished": 0}
        rng = random.Random(seed)
        ready = asyncio.Barrier(2 * len(rooms) + 1)
        seats = []
        for url0, token0, url1, token1 in rooms:
            sent: dict = {}
            seats.append(CrossSeat(url0, token0, random.Random(rng.random()), sent, stats))
            seats.append(CrossSeat(url1, token1, random.Random(rng.random()), sent, stats))
        stop = asyncio.Event()
        tasks = [asyncio.create_task(seat.play(stop, pace, ready)) for seat in seats]
        await ready.wait()
        started = time.perf_counter()
        out.put(("started", time.time()))
        await asyncio.sleep(seconds)
        stop.set()
        stats["elapsed"] = time.perf_counter() - started
        counted = {key: value for key, value in stats.items()}  # what came in the window
        counted["latency"], counted["seen"] = list(stats["latency"]), list(stats["seen"])
        _, left = await asyncio.wait(tasks, timeout=30)
        for task in left:
            task.cancel()
        return counted

    out.put(("stats", asyncio.run(main())))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def postgres_cpu() -> float:
    """CPU seconds of every process of the PostgreSQL cluster (all its databases)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in ("postgres", "postmaster"):
                    total += cpu_seconds(int(entry.name)) or 0.0
            except OSError:
                continue
    return total


def with_schema(url: str, schema: str) -> str:
    from urllib.parse import quote

    return f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}"


async def make_rooms(bases: list[str], rooms: int) -> list[tuple[str, str, str, str]]:
    made: list[tuple[str, str, str, str]] = []
    limit = asyncio.Semaphore(16)
    async with httpx.AsyncClient(timeout=120) as client:

        async def one(index: int) -> None:
            first, second = bases[index % len(bases)], bases[(index + 1) % len(bases)]
            async with limit:
                answer = await client.post(first + "/api/rooms", json=ROOM)
            answer.raise_for_status()
            room = answer.json()
            tokens = room["tokens"]
            ws = [b.replace("http://", "ws://") + f"/ws/rooms/{room['room']}" for b in (first, second)]
            made.append((ws[0], tokens["0"], ws[1], tokens["1"]))

        await asyncio.gather(*(one(index) for index in range(rooms)))
    return made


def cross_run(args: argparse.Namespace, count: int, pace: float) -> dict:
    import multiprocessing

    from sqlalchemy import create_engine, text

    engine = create_engine(args.database)
    schema = f"load_{os.getpid()}_{count}_{int(pace * 10)}"
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    url = with_schema(args.database, schema)
    servers = [start_server("", args.module, 0, database=url) for _ in range(count)]
    try:
        rooms = asyncio.run(make_rooms([base for _, base in servers], args.rooms))
        spawn = multiprocessing.get_context("spawn")
        out = spawn.Queue()
        clients = [
            spawn.Process(
                target=cross_client,
                args=(rooms[k :: args.clients], args.seconds, pace, args.seed + k, out),
            )
            for k in range(args.clients)
        ]
        for client in clients:
            client.start()
        for _ in clients:  # every socket of every client is open
            kind, _value = out.get(timeout=900)
            assert kind == "started"
        cpu_0 = sum(cpu_seconds(process.pid) or 0.0 for process, _ in servers)
        pg_0, load_0 = postgres_cpu(), os.getloadavg()[0]
        results = [out.get(timeout=900)[1] for _ in clients]
        cpu_1 = sum(cpu_seconds(process.pid) or 0.0 for process, _ in servers)
        pg_1, load_1 = postgres_cpu(), os.getloadavg()[0]
        for client in clients:
            client.join()
    finally:
        for process, _ in servers:
            stop(process)
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        engine.dispose()
    latency = [x for r in results for x in r["latency"]]
    seen = [x for r in results for x in r["seen"]]
    actions = sum(r["actions"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    return {
        "instances": count,
        "pace": pace,
        "actions": actions,
        "rate": actions / elapsed,
        "ack": [percentile(latency, q) for q in (0.5, 0.9, 0.99)],
        "seen": [percentile(seen, q) for q in (0.5, 0.99)],
        "cpu_ms": 1000 * (cpu_1 - cpu_0) / max(1, actions),
        "pg_ms": 1000 * (pg_1 - pg_0) / max(1, actions),
        "errors": sum(r["errors"] for r in results),
        "load": (load_0 + load_1) / 2,
        "elapsed": elapsed,
    }


def instances(args: argparse.Namespace) -> None:
    if not args.database:
        raise SystemExit("give --database postgresql+psycopg://… (or $LUDOTECA_TEST_POSTGRES)")
    counts = [int(n) for n in args.instances.split(",")]
    print(
        f"Bohnen, {args.rooms} rooms of 2 players, {2 * args.rooms} WebSockets; with N > 1 "
        "instances the two players of a room are on different instances; PostgreSQL on "
        f"loopback; {args.seconds:.0f} s a run; cores: {os.cpu_count()}, "
        f"python {sys.version.split()[0]}"
    )
    print(
        "instances | load               | actions/s | ack p50/p90/p99 ms   | seen by the "
        "other p50/p99 ms | server CPU ms/action | PostgreSQL CPU ms/action | errors | load avg"
    )
    rows = []
    for count in counts:
        for pace in (0.0, args.pace):
            row = cross_run(args, count, pace)
            rows.append(row)
            what = "saturation" if not pace else f"1 move/room/{pace:g} s"
            print(
                f"{count:>9} | {what:<18} | {row['rate']:>9.0f} | "
                f"{row['ack'][0]:.0f} / {row['ack'][1]:.0f} / {row['ack'][2]:.0f}".ljust(61)
                + f"| {row['seen'][0]:.0f} / {row['seen'][1]:.0f}".ljust(32)
                + f"| {row['cpu_ms']:>20.2f} | {row['pg_ms']:>24.2f} | {row['errors']:>6} | "
                f"{row['load']:.1f}",
                flush=True,
            )
    best = min(row["cpu_ms"] + row["pg_ms"] for row in rows if not row["pace"])
    server = min(row["cpu_ms"] for row in rows if not row["pace"])
    print(
        f"projection: one core of server instances carries about {1000 / server:.0f} actions/s "
        f"({server:.2f} ms of server CPU an action), and the database about "
        f"{1000 / max(0.01, best - server):.0f} actions/s a core; the instances add up, "
        "the database is shared by all of them."
    )


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", default="ludoteca", help="what `python -m` starts")
    parser.add_argument("--workers", type=int, default=1, help="server's bot processes")
    parser.add_argument("--seed", type=int, default=1)
    modes = parser.add_subparsers(dest="mode")
    playing = modes.add_parser("play", help="many rooms of random players (the default)")
    for target in (parser, playing):
        target.add_argument("--rooms", type=int, default=100)
        target.add_argument("--game", default="bohnen")
        target.add_argument("--seconds", type=float, default=30.0, help="stop after this long")
    watching = modes.add_parser("spectators", help="one room, many spectators")
    watching.add_argument("--counts", default="1,10,100,500")
    watching.add_argument("--moves", type=int, default=20)
    modes.add_parser("hostile", help="bad input, bursts, a huge body, kill -9")
    several = modes.add_parser("instances", help="N instances on one PostgreSQL database")
    several.add_argument("--database", default=os.environ.get("LUDOTECA_TEST_POSTGRES"))
    several.add_argument("--instances", default="1,2", help="instance counts to compare")
    several.add_argument("--rooms", type=int, default=1000)
    several.add_argument("--seconds", type=float, default=20.0, help="each run's length")
    several.add_argument("--pace", type=float, default=2.0, help="seconds between moves")
    several.add_argument("--clients", type=int, default=2, help="client processes")
    args = parser.parse_args()
    if args.mode == "spectators":
        spectators(args)
    elif args.mode == "instances":
        instances(args)
    elif args.mode == "hostile":
        hostile(args)
    else:
        play(args)


if __name__ == "__main__":
    main()
