"""A real server process killed with SIGKILL loses nothing it acknowledged."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx
import pytest

from tests.waiting import busy_processes, load_above, wait_until

ROOT = Path(__file__).resolve().parents[2]
START_BOUND = 180  # seconds a server process may take to print its address


def server_env() -> dict[str, str]:
    """The environment of a server process: this checkout's code, plain UTF-8 output."""
    return {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}", "LANG": "C.UTF-8"}


def start_server(
    data: Path,
    port: int = 0,
    workers: int = 1,
    new_session: bool = False,
    more: Sequence[str] = (),
) -> tuple[subprocess.Popen, str]:
    """``ludoteca serve`` of this checkout in a process of its own (``more``: further
    arguments); returns it and its address once it prints one."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.web.serve_for_tests",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-delay",
            "0",
            "--workers",
            str(workers),
            "--lang",
            "en",
            *more,
        ],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=new_session,
    )
    # generous: a first start on a crowded machine imports numba and reads the cores' cache
    deadline, seen = time.monotonic() + START_BOUND, []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"http://[\d.]+:\d+/", line)
        if found:
            return process, found.group(0).rstrip("/")
        seen.append(line.rstrip())
        if not line and process.poll() is not None:
            break
    process.kill()
    raise AssertionError(
        f"the server printed no address within {START_BOUND} s (exit code {process.poll()});"
        f" its output: {seen[-10:]}"
    )


def kill(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


@pytest.mark.slow
def test_the_game_goes_on_after_sigkill_from_the_last_acknowledged_action(tmp_path):
    process, base = start_server(tmp_path)
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            made = client.post(
                "/api/rooms",
                json={
                    "game": "pile",
                    "options": {"start": 30, "refill": False},
                    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                },
            ).json()
            room, token = made["room"], made["tokens"]["0"]
            for _ in range(4):
                state = wait_for_turn(client, room, token)
                response = client.post(
                    f"/api/rooms/{room}/actions",
                    json={"seat": 0, "token": token, "action": "take:1", "move": state["move"]},
                )
                assert response.status_code == 200, response.text
            acknowledged = response.json()["move"]
            history = [*state["observation"]["log"], {"seat": 0, "action": "take:1"}]
        kill(process)  # at once: the bot may be thinking about its answer
        process, base = start_server(tmp_path)
        with httpx.Client(base_url=base, timeout=30) as client:
            state = wait_for_turn(client, room, token)
            assert state["move"] >= acknowledged
            log = state["observation"]["log"]
            assert [(e["seat"], e["action"]) for e in log[: len(history)]] == [
                (e["seat"], e["action"]) for e in history
            ]
            # the game goes on to its end, the bot (in its worker process) answering each move
            while not state["observation"]["terminal"]:
                response = client.post(
                    f"/api/rooms/{room}/actions",
                    json={
                        "seat": 0,
                        "token": token,
                        "action": state["observation"]["legal"][-1]["action"],
                        "move": state["move"],
                    },
                )
                assert response.status_code == 200, response.text
                state = wait_for_turn(client, room, token)
            assert client.get(f"/api/rooms/{room}/record").status_code == 200
    finally:
        kill(process)


def wait_for_turn(client: httpx.Client, room: str, token: str) -> dict:
    """The seat's view once it may act (or the game is over); bots answer in a worker, which
    a server just started may still be starting (minutes on a crowded machine)."""
    return wait_until(
        lambda: client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": token}).json(),
        f"the seat's turn in room {room}",
        bound=180,
        ready=lambda state: state["observation"]["legal"] or state["observation"]["terminal"],
    )


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.browser
@pytest.mark.slow
def test_a_page_reconnects_after_sigkill_and_the_game_goes_on(tmp_path):
    from playwright.sync_api import sync_playwright

    from .conftest import launch
    from .test_browser import click_action, shot, start_from_lobby, wait_my_turn_or_end

    port = free_port()
    process, base = start_server(tmp_path, port)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            start_from_lobby(page, base, "pile", {"start": 20, "refill": False}, ["me", "bot"])
            message = wait_my_turn_or_end(page, -1)
            for _ in range(3):
                click_action(page, message["observation"]["legal"][0])
                message = wait_my_turn_or_end(page, message["move"])
            before = message["observation"]["log"]
            kill(process)
            page.wait_for_function(
                "() => document.querySelector('#lt-status').textContent.includes('reconnecting')"
            )
            process, base = start_server(tmp_path, port)
            page.wait_for_function(
                "() => document.querySelector('#lt-status').textContent === 'connected'",
                timeout=60_000,
            )
            message = wait_my_turn_or_end(page, message["move"] - 1)
            assert message["observation"]["log"][: len(before)] == before
            while not message["observation"]["terminal"]:
                click_action(page, message["observation"]["legal"][-1])
                message = wait_my_turn_or_end(page, message["move"])
            page.wait_for_selector("dialog#lt-end[open]")
            shot(page, "after-sigkill-end")
            assert browser.taken() == []
            browser.close()
    finally:
        kill(process)


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name, in parentheses, may hold spaces: the fields start after it
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_bot_workers_end_with_a_server_killed_outright(tmp_path):
    """A SIGKILLed server cannot shut its worker pool down; its bot worker ends with it within
    seconds, also at a load average above 8 (the kernel ends it with its parent)."""
    process, base = start_server(tmp_path / "data", workers=1)
    try:
        seats = [{"kind": "bot", "bot": "random"}, {"kind": "person", "name": "Ann"}]
        with httpx.Client(base_url=base, timeout=60) as client:
            made = client.post("/api/rooms", json={"game": "pile", "options": {}, "seats": seats})
            room = made.json()["room"]
            wait_until(  # the bot moved: the worker is up and watches its parent
                lambda: client.get(f"/api/rooms/{room}/view").json()["move"],
                "the bot's first move",
                bound=180,
            )
        workers = {pid for pid in _children(process.pid) if "-fork" in _cmdline(pid)}
        assert workers, f"no bot worker among {_children(process.pid)}"
        helpers = _children(process.pid)  # the worker and multiprocessing's resource tracker
        with busy_processes(12):
            load = load_above(8)
            kill(process)
            wait_until(
                lambda: {pid: _cmdline(pid)[:80] for pid in helpers if _alive(pid)},
                f"the server's helpers to end after kill -9 at a load average of {load:.1f}",
                bound=10,
                ready=lambda alive: not alive,
            )
    finally:
        if process.poll() is None:  # a wait above failed: the server must not outlive the test
            kill(process)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
