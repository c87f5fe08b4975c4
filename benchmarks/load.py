"""Load figure of the web server: many rooms of bot-vs-bot play over WebSockets on loopback.

Starts a real ``ludoteca serve`` (uvicorn, SQLite in a temporary folder), creates ``--rooms``
rooms of ``--game`` with two person seats, and connects one WebSocket per seat. Each
connection is a random-move bot: when its seat may act it sends a random legal action. The
latency of an action is the time from sending it to receiving its acknowledgement, which the
server sends only after the action is checked, committed to the database and broadcast to
both seats of the room. Prints actions/s and the latency percentiles.

    python benchmarks/load.py                 # 100 rooms of Bohnen
    python benchmarks/load.py --rooms 20 --seconds 10
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


def start_server(data: str, module: str, workers: int) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    command = [sys.executable, "-m", module, "serve", "--port", "0", "--data", data]
    command += ["--bot-delay", "0", "--workers", str(workers), "--lang", "en"]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--game", default="bohnen")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long")
    parser.add_argument("--workers", type=int, default=1, help="server's bot processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--module", default="ludoteca", help="what `python -m` starts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        process, base = start_server(data, args.module, args.workers)
        try:
            cpu_before = cpu_seconds(process.pid)
            stats = asyncio.run(run(args, base))
            cpu_after = cpu_seconds(process.pid)
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
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


if __name__ == "__main__":
    main()
