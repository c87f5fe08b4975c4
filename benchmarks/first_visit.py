"""A newcomer's first visit right after an install: the lobby must answer within 1 s while the
games' compiled cores are still cold, and the event loop must not stall meanwhile.

    python3 benchmarks/first_visit.py [--workers 1] [--cache DIR]

Starts ``ludoteca serve`` on this checkout with a fresh, empty ``NUMBA_CACHE_DIR`` (or
``--cache DIR``), then at once asks what the lobby page asks (the page, the games, the words,
the rooms, every card picture) and prints how long each took; a card not drawn yet answers 503
("getting ready"). Then it opens a room of Bohnen (a person against a random bot) and waits,
by polling, until every card picture is drawn and the room's view comes; it prints when each
came and the event loop's worst lag the server measured (``/healthz``) over the whole run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["habanero", "potager", "bohnen", "habitats", "hares"]
GOAL = 1.0  # seconds for the lobby's answers


def get(base: str, path: str, body: dict | None = None) -> tuple[int, bytes, float]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return answer.status, answer.read(), time.monotonic() - start
    except urllib.error.HTTPError as error:
        return error.code, error.read(), time.monotonic() - start


def start(data: str, cache: str, workers: int) -> tuple[subprocess.Popen, str, Path]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    env["NUMBA_CACHE_DIR"] = cache
    out = Path(data) / "server.log"
    command = [sys.executable, "-m", "ludoteca", "serve", "--port", "0", "--data", data]
    command += ["--workers", str(workers), "--lang", "en", "--bot-delay", "0"]
    with out.open("w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = re.search(r"http://[\d.]+:\d+", out.read_text())
        if found:
            return process, found.group(0), out
        time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", help="NUMBA_CACHE_DIR to use (default: a fresh one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as fresh:
        process, base, log = start(data, args.cache or fresh, args.workers)
        began = time.monotonic()
        try:
            run(base, began)
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                print("the server took over 30 s to stop after SIGTERM: killed")
                process.kill()
                process.wait()
        stalls = [line for line in log.read_text().splitlines() if "stalled" in line]
        print(f"stalls logged by the server: {len(stalls)}")


def run(base: str, began: float) -> None:
    lobby = ["/", "/api/games", "/api/i18n/en", "/api/rooms"]
    lobby += [f"/api/games/{game}/picture?lang=en" for game in GAMES]
    slowest = 0.0
    for path in lobby:
        status, _, took = get(base, path)
        slowest = max(slowest, took)
        print(f"{path:40} {status}  {took * 1000:7.1f} ms")
    verdict = "within" if slowest <= GOAL else "OVER"
    print(f"the lobby's slowest answer: {slowest * 1000:.0f} ms ({verdict} the {GOAL:.0f} s goal)")
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    status, body, took = get(base, "/api/rooms", {"game": "bohnen", "seats": seats})
    print(f"a room of Bohnen opened: {status} after {took:.1f} s")
    room = json.loads(body)["room"]
    pending = set(GAMES)
    view_at = None
    while pending or view_at is None:
        for game in sorted(pending):
            if get(base, f"/api/games/{game}/picture?lang=en")[0] == 200:
                pending.discard(game)
                print(f"picture of {game} drawn {time.monotonic() - began:6.1f} s after start")
        if view_at is None and get(base, f"/api/rooms/{room}/view")[0] == 200:
            view_at = time.monotonic() - began
            print(f"the room's view came {view_at:6.1f} s after start")
        time.sleep(0.5)
    health = json.loads(get(base, "/healthz")[1])
    print(f"event loop lag over the run (server's own measure): {health['loop_lag']}")


if __name__ == "__main__":
    main()
