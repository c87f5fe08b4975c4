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
    python benchmarks/load.py instances --rooms 200 --seconds 10          # a quick look

``instances``: ``--rooms`` rooms of Bohnen over 1 and 2 ``ludoteca serve`` instances on one
PostgreSQL database (a schema of its own per instance count, dropped afterwards), the two players
of a room on different instances (with N > 1). For each instance count the instances are started,
the rooms made and every socket opened once; then the same rooms are played for ``--seconds``
at one move per room every ``--pace`` seconds (a realistic load), then for ``--seconds`` at
saturation (every player acts as soon as it is its turn). Each phase prints actions/s, the
latency percentiles p50/p90/p99 of an action (send → acknowledgement, which comes after the
commit and the broadcast) and of the move reaching the other player (through the other
instance), and the CPU per action of each instance process and of PostgreSQL (all its
processes), so the figure for more machines can be projected (printed last). The players are
the same random-move client as ``play`` (one receive loop: it acts only on a state that gives
its seat legal actions, and says hello again after a refused move). All clients connect from
127.0.0.1, so the benchmark raises the server's per-address quotas and prints them. A room
whose socket failed is listed with the reason, as are rooms that never had an action
acknowledged; they are never silently counted as 0.

The full figure (the defaults: 1,000 rooms, 2,000 WebSockets from 2 client processes, instances
1,2, phases of 20 s, pace 2 s) takes under 6 minutes in all: each instance count is the
setup (making the rooms and answering every hello: 94 s for 1,000 rooms on one instance, on a
2-core machine at a load average of 17) plus two phases plus a few seconds to stop. Progress
lines go to stderr:

    python benchmarks/load.py instances --database postgresql+psycopg://USER:PASSWORD@127.0.0.1/DB

(``--database`` defaults to ``$LUDOTECA_TEST_POSTGRES``.) Under ``nice`` the server instances
inherit the niceness (PostgreSQL does not); on a busy machine the latencies and rates measure
the machine, the CPU per action stays meaningful.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
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


class Tally:
    """What the players of one client process saw, by phase (the current one is ``now``):
    latencies of their own actions (send -> ack) and of the opponent's (their send -> this
    socket's new state), and, by room, the actions acknowledged and why a socket failed."""

    def __init__(self) -> None:
        self.phases: list[dict] = []
        self.next_phase()
        self.moved: dict[str, int] = {}  # room -> actions acknowledged in it (all phases)
        self.failed: dict[str, str] = {}  # room -> why a socket of it failed
        self.finished: set[str] = set()

    def next_phase(self) -> None:
        self.now: dict = {"latency": [], "seen": [], "actions": 0, "errors": 0}
        self.phases.append(self.now)


class Pace:
    """Seconds between a room's moves (0: at once), shared by a client's players; a change
    wakes the players waiting it out."""

    def __init__(self, seconds: float = 0.0):
        self.seconds = seconds
        self.changed = asyncio.Event()

    def set(self, seconds: float) -> None:
        self.seconds, woken = seconds, self.changed
        self.changed = asyncio.Event()
        woken.set()


class Player:
    """One seat's WebSocket, a random-move player: it acts only when its state says it is this
    seat's turn (the ``legal`` actions are sent to the seat to move alone), at once (pace 0) or
    the pace after the room's last move. ``sent`` is the room's {move: (send time, token)},
    shared by its two players, so each also times the opponent's moves. An ``error`` answer (a
    move refused) makes it say hello again, so it plays on from the room's current state
    instead of waiting for a state that never comes. It plays until its game ends or its task
    is cancelled; it wakes only for a message or its next move (no polling: a client process
    holds a thousand of them)."""

    def __init__(self, url: str, room: str, token: str, seed: float, tally: Tally, sent: dict):
        self.url, self.room, self.token = url, room, token
        self.rng, self.tally, self.sent = random.Random(seed), tally, sent
        self.mine: dict[int, float] = {}

    async def play(self, pace: Pace, opened: Callable[[], Awaitable[None]] | None = None) -> None:
        """``opened`` is awaited once the socket is open and the server has answered its
        hello with the room's state. A socket that fails is recorded against its room, never
        silently."""
        passed = False
        try:
            # no keep-alive pings: on a crowded machine a late pong would close a healthy socket
            async with connect(
                self.url, max_size=2**24, open_timeout=300, ping_interval=None, close_timeout=2
            ) as socket:
                await self._hello(socket)
                first = None
                if opened is not None:
                    first = await asyncio.wait_for(self._first_state(socket), 300)
                    passed = True
                    await opened()
                await self._receive(socket, pace, first)
        except Exception as error:  # noqa: BLE001 - any failure is the figure's business
            self.tally.failed.setdefault(self.room, f"{type(error).__name__}: {error}"[:200])
            if opened is not None and not passed:
                await opened()  # the others start without it

    async def _hello(self, socket) -> None:
        hello = {"type": "hello", "token": self.token, "lang": "en", "views": False}
        await socket.send(json.dumps(hello))

    @staticmethod
    async def _first_state(socket) -> str:
        """The messages up to the room's first state (the welcome, presence); that state."""
        while True:
            text = await socket.recv()
            if json.loads(text)["type"] == "state":
                return text

    async def _receive(self, socket, pace: Pace, first: str | None = None) -> None:
        while True:
            text, first = (first, None) if first is not None else (await socket.recv(), None)
            message = json.loads(text)
            kind, stats = message["type"], self.tally.now
            if kind == "ack":
                started = self.mine.pop(message["move"] - 1, None)
                if started is not None:
                    stats["latency"].append(time.perf_counter() - started)
                    stats["actions"] += 1
                    self.tally.moved[self.room] = self.tally.moved.get(self.room, 0) + 1
            elif kind == "error":
                stats["errors"] += 1
                self.mine.clear()
                await self._hello(socket)  # the room's state again
            elif kind == "state":
                move = message["move"]
                for number, (when, token) in list(self.sent.items()):
                    # the opponent's moves this position includes (chance may have moved on
                    # after them, and a slow socket gets only the newest position)
                    if number < move and token != self.token:
                        stats["seen"].append(time.perf_counter() - when)
                        del self.sent[number]
                last_move_at = time.perf_counter()
                observation = message["observation"]
                if observation["terminal"]:
                    self.tally.finished.add(self.room)
                    return
                legal = observation["legal"]
                if legal and move not in self.mine:
                    await self._wait(last_move_at, pace)
                    action = self.rng.choice(legal)["action"]
                    now = time.perf_counter()
                    self.mine[move] = now
                    self.sent[move] = (now, self.token)
                    await socket.send(json.dumps({"type": "act", "action": action, "move": move}))

    async def _wait(self, since: float, pace: Pace) -> None:
        """Wait out the pace after the room's last move (cut short if the pace changes)."""
        if not pace.seconds:
            return
        left = since + pace.seconds * self.rng.uniform(0.9, 1.1) - time.perf_counter()
        if left > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(pace.changed.wait(), left)


async def run(args: argparse.Namespace, base: str) -> dict:
    tally = Tally()
    rng = random.Random(args.seed)
    players = []
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
            url = base.replace("http://", "ws://") + f"/ws/rooms/{made['room']}"
            sent: dict = {}
            for token in made["tokens"].values():
                players.append(Player(url, made["room"], token, rng.random(), tally, sent))
    started = time.perf_counter()
    tasks = [asyncio.create_task(player.play(Pace())) for player in players]
    await asyncio.sleep(args.seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        **tally.now,
        "elapsed": time.perf_counter() - started,
        "finished": len(tally.finished),
        "failed": tally.failed,
    }


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
    print(f"server quotas set by this benchmark (all clients are 127.0.0.1): {' '.join(LOOSE)}")
    print(f"cores: {os.cpu_count()}, python {sys.version.split()[0]}")
    print(
        f"{stats['actions']} actions in {stats['elapsed']:.1f} s = "
        f"{stats['actions'] / stats['elapsed']:.0f} actions/s; "
        f"{stats['finished']} games finished; {stats['errors']} errors; "
        f"{len(stats['failed'])} rooms with a failed socket"
    )
    for room, why in list(stats["failed"].items())[:5]:
        print(f"  room {room}: {why}")
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


def cross_client(rooms: list[tuple[str, ...]], seed: int, out, go) -> None:
    """One client process: plays its rooms ((room, url of seat 0, token, url of seat 1,
    token)) through the phases the parent names: ``go`` brings (start time, [(pace,
    seconds), …]) on the shared wall clock; ``out`` gets "started" once every socket has
    been answered with its room's state, then the tallies."""

    async def main() -> dict:
        tally = Tally()
        rng = random.Random(seed)
        players = []
        for room, url0, token0, url1, token1 in rooms:
            sent: dict = {}
            players.append(Player(url0, room, token0, rng.random(), tally, sent))
            players.append(Player(url1, room, token1, rng.random(), tally, sent))
        opened = asyncio.Barrier(len(players) + 1)

        async def hello_done() -> None:
            with contextlib.suppress(asyncio.BrokenBarrierError):
                await opened.wait()

        begin, pace = asyncio.Event(), Pace()

        async def opened_then_begin() -> None:
            await hello_done()
            await begin.wait()

        tasks = [asyncio.create_task(player.play(pace, opened_then_begin)) for player in players]
        await hello_done()
        out.put(("started", len(tally.failed)))
        start, phases = await asyncio.get_running_loop().run_in_executor(None, go.get)
        await asyncio.sleep(max(0.0, start - time.time()))
        counted = []
        for number, (phase_pace, seconds) in enumerate(phases):
            if number:
                tally.next_phase()
            pace.set(phase_pace)
            begin.set()
            began, cpu = time.perf_counter(), time.process_time()
            await asyncio.sleep(max(0.0, start + seconds - time.time()))
            start += seconds
            used = time.process_time() - cpu
            counted.append({**tally.now, "elapsed": time.perf_counter() - began, "cpu": used})
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        moved = {room: tally.moved.get(room, 0) for room, *_ in rooms}
        return {
            "phases": counted,
            "failed": tally.failed,
            "finished": sorted(tally.finished),
            "moved": moved,
        }

    out.put(("stats", asyncio.run(main())))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def postgres_cpu() -> float:
    """CPU seconds of every process of the PostgreSQL cluster (all its databases: on a shared
    machine others' queries count too)."""
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


async def make_rooms(bases: list[str], rooms: int) -> list[tuple[str, ...]]:
    """``rooms`` rooms of two person seats, created through the instances in turn; seat 0
    plays through the instance that created the room, seat 1 through the next one."""
    made: list[tuple[str, ...]] = []
    limit = asyncio.Semaphore(16)
    async with httpx.AsyncClient(timeout=300) as client:

        async def one(index: int) -> None:
            first, second = bases[index % len(bases)], bases[(index + 1) % len(bases)]
            async with limit:
                answer = await client.post(first + "/api/rooms", json=ROOM)
            answer.raise_for_status()
            room = answer.json()
            tokens = room["tokens"]
            ws = [
                b.replace("http://", "ws://") + f"/ws/rooms/{room['room']}" for b in (first, second)
            ]
            made.append((room["room"], ws[0], tokens["0"], ws[1], tokens["1"]))

        await asyncio.gather(*(one(index) for index in range(rooms)))
    return made


def cpu_now(servers: list[tuple[subprocess.Popen, str]]) -> tuple[list[float], float, float]:
    """CPU seconds of each instance, of PostgreSQL, and the load average, now."""
    return (
        [cpu_seconds(process.pid) or 0.0 for process, _ in servers],
        postgres_cpu(),
        os.getloadavg()[0],
    )


def cross_run(args: argparse.Namespace, count: int, say) -> list[dict]:
    """One set of ``count`` instances: the rooms are made and every socket opened once, then
    played at the realistic pace and at saturation, one phase after the other."""
    import multiprocessing

    from sqlalchemy import create_engine, text

    engine = create_engine(args.database)
    schema = f"load_{os.getpid()}_{count}"
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    url = with_schema(args.database, schema)
    phases = [(args.pace, args.seconds), (0.0, args.seconds)]
    began = time.perf_counter()
    servers = [start_server("", args.module, 0, database=url) for _ in range(count)]
    try:
        rooms = asyncio.run(make_rooms([base for _, base in servers], args.rooms))
        say(f"{count} instance(s): {len(rooms)} rooms made in {time.perf_counter() - began:.0f} s")
        spawn = multiprocessing.get_context("spawn")
        out = spawn.Queue()
        gos = [spawn.Queue() for _ in range(args.clients)]
        clients = [
            spawn.Process(
                target=cross_client, args=(rooms[k :: args.clients], args.seed + k, out, gos[k])
            )
            for k in range(args.clients)
        ]
        for client in clients:
            client.start()
        for _ in clients:  # every socket of every client is open
            kind, _value = out.get(timeout=900)
            assert kind == "started"
        say(
            f"{count} instance(s): {2 * len(rooms)} sockets welcomed at {time.perf_counter() - began:.0f} s"
        )
        start = time.time() + 1.0
        for go in gos:
            go.put((start, phases))
        samples = []
        for _pace, seconds in [(0.0, 0.0), *phases]:
            start += seconds
            time.sleep(max(0.0, start - time.time()))
            samples.append(cpu_now(servers))
        results = [out.get(timeout=900)[1] for _ in clients]
        for client in clients:
            client.join()
    finally:
        for process, _ in servers:  # every instance stops at once, as in a rolling stop
            process.terminate()
        for process, _ in servers:
            stop(process)
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        engine.dispose()
    say(f"{count} instance(s): done in {time.perf_counter() - began:.0f} s")
    failed = {room: why for r in results for room, why in r["failed"].items()}
    moved = {room: n for r in results for room, n in r["moved"].items()}
    finished = {room for r in results for room in r["finished"]}
    rows = []
    for number, (pace, _seconds) in enumerate(phases):
        parts = [r["phases"][number] for r in results]
        latency = [x for part in parts for x in part["latency"]]
        seen = [x for part in parts for x in part["seen"]]
        actions = sum(part["actions"] for part in parts)
        elapsed = max(part["elapsed"] for part in parts)
        (cpu_0, pg_0, load_0), (cpu_1, pg_1, load_1) = samples[number], samples[number + 1]
        rows.append(
            {
                "instances": count,
                "pace": pace,
                "actions": actions,
                "rate": actions / elapsed,
                "ack": [percentile(latency, q) for q in (0.5, 0.9, 0.99)],
                "seen": [percentile(seen, q) for q in (0.5, 0.9, 0.99)],
                "cpu_ms": [
                    1000 * (b - a) / max(1, actions) for a, b in zip(cpu_0, cpu_1, strict=True)
                ],
                "pg_ms": 1000 * (pg_1 - pg_0) / max(1, actions),
                "client_ms": 1000 * sum(part["cpu"] for part in parts) / max(1, actions),
                "errors": sum(part["errors"] for part in parts),
                "load": (load_0 + load_1) / 2,
            }
        )
    rows[-1]["failed"], rows[-1]["finished"] = failed, finished
    rows[-1]["still"] = [room for room, n in moved.items() if not n and room not in failed]
    return rows


def open_files(needed: int) -> int:
    """Raise this process's limit of open files (the servers and clients it starts inherit
    it) towards ``needed``, as far as the hard limit lets; returns the limit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        soft = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    if soft < needed:
        print(f"warning: only {soft} open files allowed, {needed} wanted", file=sys.stderr)
    return soft


def instances(args: argparse.Namespace) -> None:
    if not args.database:
        raise SystemExit("give --database postgresql+psycopg://… (or $LUDOTECA_TEST_POSTGRES)")
    counts = [int(n) for n in args.instances.split(",")]
    files = open_files(2 * args.rooms + 500)  # an instance alone holds every socket

    def say(line: str) -> None:
        print(f"  [{line}; load average {os.getloadavg()[0]:.1f}]", file=sys.stderr, flush=True)

    print(
        f"Bohnen, {args.rooms} rooms of 2 players, {2 * args.rooms} WebSockets from "
        f"{args.clients} client processes; with N > 1 instances the two players of a room are "
        f"on different instances; PostgreSQL on loopback; each phase {args.seconds:g} s, "
        f"first at 1 move/room/{args.pace:g} s, then at saturation (every player moves at "
        f"once); cores: {os.cpu_count()}, python {sys.version.split()[0]}"
    )
    print(f"server quotas set by this benchmark (all clients are 127.0.0.1): {' '.join(LOOSE)}")
    print(f"open files allowed to each process: {files}")
    print(
        "instances | load               | actions/s | ack p50/p90/p99 ms    | seen by the "
        "other p50/p90/p99 ms | server CPU ms/action (each instance) | PostgreSQL CPU "
        "ms/action | refused | clients' CPU ms/action | load avg"
    )
    rows = []
    for count in counts:
        made = cross_run(args, count, say)
        rows += made
        for row in made:
            what = "saturation" if not row["pace"] else f"1 move/room/{row['pace']:g} s"
            each = " + ".join(f"{ms:.2f}" for ms in row["cpu_ms"])
            print(
                f"{count:>9} | {what:<18} | {row['rate']:>9.0f} | "
                + " / ".join(f"{ms:.0f}" for ms in row["ack"]).ljust(22)
                + "| "
                + " / ".join(f"{ms:.0f}" for ms in row["seen"]).ljust(30)
                + f"| {sum(row['cpu_ms']):>6.2f} ({each})".ljust(38)
                + f"| {row['pg_ms']:>25.2f} | {row['errors']:>7} | {row['client_ms']:>22.2f} | "
                f"{row['load']:.1f}",
                flush=True,
            )
        last = made[-1]
        print(
            f"          rooms: {len(last['failed'])} with a failed socket, "
            f"{len(last['still'])} without an acknowledged action (and no failure), "
            f"{len(last['finished'])} games finished",
            flush=True,
        )
        for room, why in list(last["failed"].items())[:5]:
            print(f"            room {room}: {why}")
    offered = args.rooms / args.pace if args.pace else 0
    print(
        f"the paced phase offers about {offered:.0f} actions/s ({args.rooms} rooms, one move "
        f"each per {args.pace:g} s); a rate well below that means it saturated the instances "
        "too, and its latencies are those of saturation"
    )
    saturated = [row for row in rows if not row["pace"] and row["actions"]]
    if saturated:
        server = min(sum(row["cpu_ms"]) for row in saturated)
        base = min(row["pg_ms"] for row in saturated)
        print(
            f"projection: a core of server instances carries about {1000 / server:.0f} "
            f"actions/s ({server:.2f} ms of instance CPU an action, the lowest above), and a "
            f"core of PostgreSQL about {1000 / max(0.01, base):.0f} actions/s ({base:.2f} ms); "
            "instances on more machines add up, the database is shared by all of them."
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
