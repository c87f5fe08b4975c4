"""The cost of a move on the live server, against the floor of its design, in one run.

    nice -n 10 python3 benchmarks/server.py [--quick] [--seconds 8] [--rate 100] [--stacks DIR]

The floor is a server written here: uvicorn and Starlette, one WebSocket per seat, each action
parsed, committed as one SQLite row (WAL, ``synchronous=NORMAL``) and answered by a small state
sent to every reader of the room, then acknowledged. ``ludoteca serve`` then meets the same
paced load from the same players (``load.py``'s random-move client: ``--rate`` actions/s over
all rooms, each room moving a ``rooms / rate`` s after its last move). For each case:

- server CPU per acknowledged action (``/proc/<pid>/stat``, over the measured phase only, after
  a warm-up phase) and its ratio to the floor with as many readers a room;
- the ack latency p50/p99 (send -> acknowledgement, which follows the commit and the
  broadcast);
- the bytes of a message a reader gets, as sent and deflated (permessage-deflate: each message
  alone, and with the socket's running context), from a sample of each case's messages;
- the event loop's worst lag: both servers run with a probe task in their loop that sleeps
  5 ms at a time and notes how late it wakes (the lag of everything else on that loop).

With ``--stacks FOLDER`` the lag figures are kept there, with ``ludoteca serve``'s loop thread's
stack written by a watchdog thread whenever the loop is 15 ms late (``*.stacks``: what holds
it) and each slow or full garbage collection (``*.gc``, wall and CPU ms).

Cases: the floor with 2, 5 and 2 + spectators readers a room; Bohnen of 2 seats without and
with pictures; Potager; Habitats of 5 seats with pictures; Bohnen of 2 with pictures and
``--spectators`` spectators a room. Goals (issue 30): at most 3x the floor for two-player
Bohnen with pictures, at most 10x the five-seat floor for five-player Habitats with pictures,
a loop lag under 20 ms at 100 actions/s. Only loopback; every server is stopped at the end.
The machine may be shared: the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import LOOSE, ROOT, Pace, Player, Tally, cpu_seconds, stop  # noqa: E402

PROBE_STEP = 0.005  # the loop-lag probe's sleep
STACK_AFTER = 0.015  # seconds late: the watchdog notes the loop thread's stack
SAMPLE = 200  # messages kept per case for the byte figures

# (name, game or None for the floor, options, seats, pictures, spectators a room, floor to
# compare with)
CASES: list[tuple[str, str | None, dict[str, Any], int, bool, int, str | None]] = [
    ("floor, 2 seats", None, {}, 2, False, 0, None),
    ("bohnen 2, no pictures", "bohnen", {"players": 2}, 2, False, 0, "floor, 2 seats"),
    ("bohnen 2, pictures", "bohnen", {"players": 2}, 2, True, 0, "floor, 2 seats"),
    ("potager, pictures", "potager", {}, 2, True, 0, "floor, 2 seats"),
    ("floor, 5 seats", None, {}, 5, False, 0, None),
    ("habitats 5, pictures", "habitats", {"players": 5}, 5, True, 0, "floor, 5 seats"),
    ("floor, 2 seats + spectators", None, {}, 2, False, -1, None),
    ("bohnen 2 + spectators", "bohnen", {"players": 2}, 2, True, -1, "floor, 2 seats + spectators"),
]


# -- the floor server (run in a process of its own) ---------------------------------------------


def floor_app(database: str) -> Any:
    """A room per path: seats take turns; an action is parsed, committed, broadcast, acked."""
    import sqlite3

    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    db = sqlite3.connect(database, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE IF NOT EXISTS moves (room TEXT, move INTEGER, action TEXT)")
    rooms: dict[str, dict[str, Any]] = {}

    def state(room: dict[str, Any], seat: int | None) -> str:
        to_move = room["move"] % room["seats"]
        legal = [{"action": a} for a in ("a", "b", "c")] if seat == to_move else []
        observation = {"terminal": False, "current_player": to_move, "legal": legal}
        return json.dumps({"type": "state", "move": room["move"], "observation": observation})

    async def endpoint(socket: WebSocket) -> None:
        name = socket.path_params["room"]
        seats = int(socket.query_params.get("seats", "2"))
        room = rooms.setdefault(name, {"move": 0, "seats": seats, "readers": {}})
        await socket.accept()
        hello = json.loads(await socket.receive_text())
        seat = hello.get("seat")
        room["readers"][socket] = seat
        await socket.send_text(state(room, seat))
        try:
            while True:
                message = json.loads(await socket.receive_text())
                if message.get("type") != "act" or message.get("move") != room["move"]:
                    await socket.send_text(json.dumps({"type": "error"}))
                    continue
                db.execute(
                    "INSERT INTO moves VALUES (?, ?, ?)", (name, room["move"], message["action"])
                )
                room["move"] += 1
                for reader, reader_seat in list(room["readers"].items()):
                    await reader.send_text(state(room, reader_seat))
                await socket.send_text(json.dumps({"type": "ack", "move": room["move"]}))
        except WebSocketDisconnect:
            room["readers"].pop(socket, None)

    return Starlette(routes=[WebSocketRoute("/ws/{room}", endpoint)])


def lag_probe(path: str, stacks: bool = False) -> None:
    """Makes every new event loop run a task that notes how late its 5 ms sleeps wake (the
    worst lag of each half second, with the time, to ``path``). With ``stacks``, a watchdog
    thread writes the loop thread's stack to ``path``.stacks whenever the loop is
    ``STACK_AFTER`` s late (what holds it)."""
    woke = [time.monotonic()]

    def watchdog(loop_thread: int) -> None:
        import traceback

        with open(path + ".stacks", "a") as out:
            while True:
                time.sleep(PROBE_STEP)
                late = time.monotonic() - woke[0]
                frame = sys._current_frames().get(loop_thread)
                if late > STACK_AFTER and frame is not None:
                    out.write(f"-- {time.time():.3f} late {late * 1000:.0f} ms\n")
                    out.write("".join(traceback.format_stack(frame)))
                    out.flush()

    def collected(where: str) -> Any:
        started = [0.0, 0.0]

        def note(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                started[:] = time.perf_counter(), time.thread_time()
            elif info["generation"] == 2 or time.perf_counter() - started[0] > STACK_AFTER:
                took = (time.perf_counter() - started[0]) * 1000
                cpu = (time.thread_time() - started[1]) * 1000
                with open(where, "a") as out:
                    out.write(f"-- {time.time():.3f} gc of generation {info['generation']}: ")
                    out.write(f"{took:.1f} ms ({cpu:.1f} ms CPU), {info['collected']} collected\n")

        return note

    async def probe() -> None:
        import gc
        import threading

        if stacks:
            threading.Thread(target=watchdog, args=(threading.get_ident(),), daemon=True).start()
            gc.callbacks.append(collected(path + ".gc"))  # how long each collection took
        with open(path, "a") as out:
            worst, since = 0.0, time.monotonic()
            while True:
                before = time.perf_counter()
                woke[0] = time.monotonic()
                await asyncio.sleep(PROBE_STEP)
                woke[0] = time.monotonic()
                worst = max(worst, time.perf_counter() - before - PROBE_STEP)
                if time.monotonic() - since >= 0.5:
                    out.write(f"{time.time():.3f} {worst * 1000:.2f}\n")
                    out.flush()
                    worst, since = 0.0, time.monotonic()

    class Policy(asyncio.DefaultEventLoopPolicy):
        def new_event_loop(self) -> asyncio.AbstractEventLoop:
            loop = super().new_event_loop()
            loop.call_soon(lambda: loop.create_task(probe()))
            return loop

    asyncio.set_event_loop_policy(Policy())


def serve_floor(database: str, probe: str) -> None:
    import uvicorn

    lag_probe(probe)
    config = uvicorn.Config(
        floor_app(database),
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_per_message_deflate=False,
        loop="asyncio",
    )
    server = uvicorn.Server(config)

    async def main() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.05)
        print(f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}", flush=True)
        await task

    asyncio.run(main())


def serve_ludoteca(probe: str, argv: list[str], profile: str | None, stacks: bool) -> None:
    """``ludoteca serve`` itself, with the loop-lag probe in its loop (and, with ``profile``,
    under cProfile, its statistics written there when it stops)."""
    import cProfile
    import runpy

    lag_probe(probe, stacks)
    sys.argv = ["ludoteca", *argv]
    profiler = cProfile.Profile(time.thread_time) if profile else None  # the loop's own CPU
    if profiler:
        profiler.enable()
    try:
        runpy.run_module("ludoteca", run_name="__main__")
    except SystemExit:
        pass
    finally:
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)


# -- the load ------------------------------------------------------------------------------------


def start(arguments: list[str]) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    process = subprocess.Popen(
        [sys.executable, __file__, *arguments],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if "http://" in line:
            return process, "http://" + line.split("http://", 1)[1].split()[0].rstrip("/")
    raise SystemExit("the server did not start: " + " ".join(arguments))


class Reader(Player):
    """A seat (``token``; on the floor, its number), or a spectator (``token`` None) that only
    reads; each keeps a sample of the states it gets, for the byte figures."""

    def __init__(self, url: str, token: str | None, seat: int | None, run: dict[str, Any]):
        super().__init__(url, url, token or "", run["rng"].random(), run["tally"], run["sent"])
        self.spectator, self.seat, self.run = token is None, seat, run

    async def _hello(self, socket) -> None:
        if self.run["floor"]:
            hello: dict[str, Any] = {"type": "hello", "seat": self.seat}
        else:
            hello = {"type": "hello", "lang": "en", "views": self.run["views"]}
            if not self.spectator:
                hello["token"] = self.token
        await socket.send(json.dumps(hello))

    async def _receive(self, socket, pace: Pace, first: str | None = None) -> None:
        if self.spectator:
            async for text in socket:
                self._note(text)
            return
        original = socket.recv

        async def recv() -> str:
            text = await original()
            self._note(text)
            return text

        socket.recv = recv
        await super()._receive(socket, pace, first)

    def _note(self, text: str) -> None:
        sample = self.run["sample"]
        if len(sample) < SAMPLE and '"state"' in text[:40]:
            sample.append(text)


async def make_rooms(
    base: str, game: str | None, options: dict, seats: int, count: int
) -> list[tuple[str, list[str | None]]]:
    """(socket URL, a token per seat) of ``count`` new rooms."""
    ws = base.replace("http://", "ws://")
    if game is None:
        return [(f"{ws}/ws/r{i}?seats={seats}", [None] * seats) for i in range(count)]
    made = []
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        for _ in range(count):
            body = {"game": game, "options": options, "seats": [{"kind": "person"}] * seats}
            answer = (await client.post("/api/rooms", json=body)).json()
            tokens = [answer["tokens"][str(s)] for s in range(seats)]
            made.append((f"{ws}/ws/rooms/{answer['room']}", tokens))
    return made


async def drive(base: str, case: tuple, args: argparse.Namespace) -> dict[str, Any]:
    """The case's rooms made and their players and spectators started; after the warm-up,
    the tally's phase that is measured begins."""
    _, game, options, seats, views, watchers, _ = case
    watchers = args.spectators if watchers < 0 else watchers
    made = await make_rooms(base, game, options, seats, args.rooms)
    tally = Tally()
    shared = {"rng": random.Random(7), "tally": tally, "floor": game is None, "views": views}
    shared["sample"] = []
    readers: list[Reader] = []
    for url, tokens in made:
        run = {**shared, "sent": {}}  # the room's own record of moves sent
        for seat, token in enumerate(tokens):
            readers.append(Reader(url, token or f"seat{seat}", seat, run))
        readers += [Reader(url, None, None, run) for _ in range(watchers)]
    pace = Pace(args.rooms / args.rate)
    tasks = [asyncio.create_task(reader.play(pace)) for reader in readers]
    # warm: every room has moved (a server loads its compiled cores on first use), then more
    deadline = time.monotonic() + 180
    while len(tally.moved) < len(made) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(args.warm)
    tally.next_phase()
    return {"tally": tally, "tasks": tasks, "sample": shared["sample"]}


def deflated(sample: list[str]) -> tuple[float, float, float]:
    """Mean bytes of a message: as sent, deflated alone, deflated with a running context."""
    if not sample:
        return (float("nan"),) * 3
    sent = statistics.mean(len(m.encode()) for m in sample)
    alone = statistics.mean(len(zlib.compress(m.encode(), 6, wbits=-15)) for m in sample)
    running = zlib.compressobj(6, zlib.DEFLATED, -15)
    taken = [len(running.compress(m.encode()) + running.flush(zlib.Z_SYNC_FLUSH)) for m in sample]
    return sent, alone, statistics.mean(taken)


def worst_lag(probe: str, since: float, until: float) -> float:
    lags = [
        float(lag)
        for when, lag in (line.split() for line in Path(probe).read_text().splitlines())
        if since <= float(when) <= until + 0.5
    ]
    return max(lags, default=float("nan"))


def run_case(case: tuple, args: argparse.Namespace, folder: str) -> dict[str, Any]:
    name, game, *_ = case
    probe = os.path.join(args.stacks or folder, f"lag-{len(os.listdir(folder))}.txt")
    if game is None:
        database = os.path.join(folder, f"floor-{len(os.listdir(folder))}.db")
        process, base = start(["--floor", database, "--probe", probe])
    else:
        data = tempfile.mkdtemp(dir=folder)
        argv = ["serve", "--port", "0", "--data", data, "--bot-delay", "0", "--workers", "1"]
        argv += ["--lang", "en"] + [x for limit in LOOSE for x in ("--limit", limit)]
        profile = ["--profile", f"{args.profile}.{len(os.listdir(folder))}"] if args.profile else []
        stacks = ["--stacks", "1"] if args.stacks else []  # next to the probe's figures
        process, base = start(["--probe", probe, *profile, *stacks, "--ludoteca", "--", *argv])
    try:

        async def measured() -> dict[str, Any]:
            run = await drive(base, case, args)
            cpu_before, since = cpu_seconds(process.pid), time.time()
            await asyncio.sleep(args.seconds)
            cpu_after, until = cpu_seconds(process.pid), time.time()
            stats = dict(run["tally"].now)
            for task in run["tasks"]:
                task.cancel()
            await asyncio.gather(*run["tasks"], return_exceptions=True)
            assert cpu_before is not None and cpu_after is not None
            return {
                "actions": stats["actions"],
                "cpu_ms": 1000 * (cpu_after - cpu_before) / max(stats["actions"], 1),
                "rate": stats["actions"] / args.seconds,
                "p50": 1000 * percentile(stats["latency"], 0.5),
                "p99": 1000 * percentile(stats["latency"], 0.99),
                "bytes": deflated(run["sample"]),
                "lag": worst_lag(probe, since, until),
                "failed": run["tally"].failed,
            }

        return asyncio.run(measured())
    finally:
        stop(process)


def chosen(only: str | None) -> list[tuple]:
    """The cases whose name contains ``only`` (all: None), each with the floor it needs."""
    picked = {case[0] for case in CASES if only is None or only in case[0]}
    picked |= {case[6] for case in CASES if case[0] in picked and case[6]}
    return [case for case in CASES if case[0] in picked]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short phases, fewer rooms")
    parser.add_argument("--rooms", type=int, default=20, help="rooms a case")
    parser.add_argument("--rate", type=float, default=100.0, help="actions/s offered, all rooms")
    parser.add_argument("--spectators", type=int, default=5, help="a room, in the + cases")
    parser.add_argument("--warm", type=float, default=3.0, help="seconds not counted first")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds measured a case")
    parser.add_argument("--only", help="cases whose name contains this")
    parser.add_argument("--floor", help=argparse.SUPPRESS)  # run the floor server
    parser.add_argument("--probe", help=argparse.SUPPRESS)
    parser.add_argument(
        "--stacks",
        metavar="FOLDER",
        help="keep the lag figures here, with ludoteca serve's stack while its loop is late",
    )
    parser.add_argument("--ludoteca", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--profile", help="write cProfile statistics of ludoteca serve here")
    parser.add_argument("rest", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.floor:
        return serve_floor(args.floor, args.probe)
    if args.ludoteca:
        return serve_ludoteca(args.probe, args.rest, args.profile, bool(args.stacks))
    if args.quick:
        args.rooms, args.warm, args.seconds = 10, 2.0, 4.0
    print(load())
    print(
        f"{args.rooms} rooms a case, {args.rate:g} actions/s offered, warm-up {args.warm:g} s, "
        f"measured {args.seconds:g} s; CPU ms of the server per acknowledged action"
    )
    print(
        f"{'case':30} {'actions/s':>9} {'CPU ms':>7} {'÷ floor':>7} {'p50 ms':>7} {'p99 ms':>7}"
        f" {'lag ms':>7} {'bytes':>7} {'deflated':>8} {'running':>8}"
    )
    found: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for case in chosen(args.only):
            name, *_, floor = case
            result = found[name] = run_case(case, args, folder)
            ratio = result["cpu_ms"] / found[floor]["cpu_ms"] if floor in found else float("nan")
            sent, alone, running = result["bytes"]
            print(
                f"{name:30} {result['rate']:9.1f} {result['cpu_ms']:7.2f} {ratio:7.1f}"
                f" {result['p50']:7.1f} {result['p99']:7.1f} {result['lag']:7.1f}"
                f" {sent:7.0f} {alone:8.0f} {running:8.0f}",
                flush=True,
            )
            if result["failed"]:
                print(
                    f"  sockets failed in {len(result['failed'])} rooms, e.g. "
                    f"{next(iter(result['failed'].values()))}"
                )
    print(load())


if __name__ == "__main__":
    main()
