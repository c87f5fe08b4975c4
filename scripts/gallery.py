"""Screenshots of every game's room in Chromium: the gallery of the README and a check by eye.

    python3 scripts/gallery.py                       # docs/screenshots/<game>.png, 1280×800, en
    python3 scripts/gallery.py --out /tmp/shots --langs en,de,fr,ru --sizes 1280x800,390x844
    python3 scripts/gallery.py --out /tmp/shots --games habitats --players 4 --end

It starts ``ludoteca serve`` on a free loopback port with a temporary data folder, creates
one room per game from the API (you against random bots), plays a few moves by clicks so the
last move is marked, and photographs the page. Needs Playwright and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

GAMES = {
    "habanero": {},
    "potager": {"players": 2},
    "bohnen": {"players": 2},
    "habitats": {"players": 2},
    "hares": {"level": 5},
}
MOVES = {"habanero": 3, "potager": 2, "bohnen": 2, "habitats": 2, "hares": 1}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.load(answer))


def serve(data: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    command = [sys.executable, "-m", "ludoteca", "serve", "--port", str(port), "--data", data]
    command += ["--bot-delay", "0", "--workers", "1"]
    command += ["--limit", "rooms=1000/minute", "--limit", "joins=1000/minute"]
    command += ["--limit", "hellos=1000/minute"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    # generous: a first start on a crowded machine imports numba and reads the cores' cache
    deadline, error = time.monotonic() + 180, None
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(base + "/api/games", timeout=5)
            return process, base
        except OSError as failed:
            error = failed
            time.sleep(0.1)
    process.kill()
    raise SystemExit(
        f"the server did not answer on {base} within 180 s (exit code {process.poll()}): {error}"
    )


def make_room(base: str, game_id: str, players: int | None = None) -> dict:
    """A room of ``game_id``: seat 0 is ours (its claimed token), the others random bots."""
    options = dict(GAMES[game_id])
    if players and "players" in options:
        options["players"] = players
    players = int(options.get("players", 1))
    seats = [{"kind": "person", "name": ""}]
    seats += [{"kind": "bot", "bot": "random"} for _ in range(players - 1)]
    made = post(base, "/api/rooms", {"game": game_id, "options": options, "seats": seats})
    claim = {"seat": 0, "token": made["tokens"]["0"]}
    claimed = post(base, f"/api/rooms/{made['room']}/claim", claim)
    return {"room": made["room"], "seat": 0, "token": claimed["token"], "game": game_id}


def wait_turn(page, after: int) -> dict:
    page.wait_for_function(
        """after => { const m = window.ludoteca.message;
            return m && m.move > after && (m.observation.terminal || m.observation.legal.length > 0); }""",
        arg=after,
        timeout=60_000,
    )
    return dict(page.evaluate("window.ludoteca.message"))


def play_a_little(page, moves: int, rng: random.Random) -> None:
    """``moves`` random moves of ours (the bots answering); a negative count: to the end."""
    message = wait_turn(page, -1)
    while moves:
        moves -= 1
        legal = [e for e in message["observation"]["legal"] if not e.get("ends") or moves < 0]
        if message["observation"]["terminal"] or not legal:
            return
        entry = rng.choice(legal)
        page.evaluate("a => { window.ludoteca.page.sendAction(a); }", entry["action"])
        if entry.get("ends"):
            page.click("#lt-confirm-yes")
        message = wait_turn(page, message["move"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--langs", default="en")
    parser.add_argument("--sizes", default="1280x800")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--full-page", action="store_true")
    parser.add_argument("--players", type=int, help="seats, for the games that have a choice")
    parser.add_argument("--end", action="store_true", help="play the game to its end")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    langs, sizes = args.langs.split(","), args.sizes.split(",")
    single = len(langs) == 1 and len(sizes) == 1
    with tempfile.TemporaryDirectory() as data:
        server, base = serve(data)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
                )
                for game_id in args.games.split(","):
                    seat = make_room(base, game_id, args.players)
                    context = browser.new_context(bypass_csp=True)
                    page = context.new_page()
                    page.goto(base + "/")
                    page.evaluate(
                        "s => localStorage.setItem('ludoteca.seats', JSON.stringify([s]))", seat
                    )
                    page.goto(f"{base}/room/{seat['room']}")
                    play_a_little(page, -1 if args.end else MOVES[game_id], random.Random(7))
                    for lang in langs:
                        page.evaluate("l => localStorage.setItem('ludoteca.lang', l)", lang)
                        for size in sizes:
                            width, height = (int(v) for v in size.split("x"))
                            page.set_viewport_size({"width": width, "height": height})
                            page.reload()
                            page.wait_for_function("window.ludoteca.message")
                            page.wait_for_timeout(300)
                            name = game_id if single else f"{game_id}-{lang}-{size}"
                            if args.players or args.end:
                                name += f"-{args.players or ''}{'end' if args.end else ''}"
                            page.screenshot(path=str(out / f"{name}.png"), full_page=args.full_page)
                            print(out / f"{name}.png")
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)


if __name__ == "__main__":
    main()
