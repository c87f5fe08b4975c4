"""A real server process killed with SIGKILL loses nothing it acknowledged."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def server_env() -> dict[str, str]:
    """The environment of a server process: this checkout's code, plain UTF-8 output."""
    return {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}", "LANG": "C.UTF-8"}


def start_server(
    data: Path, port: int = 0, workers: int = 1, new_session: bool = False
) -> tuple[subprocess.Popen, str]:
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
        ],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=new_session,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"http://[\d.]+:\d+/", line)
        if found:
            return process, found.group(0).rstrip("/")
        if not line and process.poll() is not None:
            break
    process.kill()
    raise AssertionError("the server did not start")


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
    """The seat's view once it may act (or the game is over); bots answer in a worker."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": token}).json()
        if state["observation"]["legal"] or state["observation"]["terminal"]:
            return state
        time.sleep(0.05)
    raise AssertionError("the seat never got its turn")


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.browser
@pytest.mark.slow
def test_a_page_reconnects_after_sigkill_and_the_game_goes_on(tmp_path):
    from playwright.sync_api import sync_playwright

    from .test_browser import ARGS, click_action, shot, start_from_lobby, wait_my_turn_or_end

    port = free_port()
    process, base = start_server(tmp_path, port)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", headless=True, args=ARGS
            )
            page = browser.new_page(bypass_csp=True)  # the test waits by evaluating script
            start_from_lobby(page, base, "pile", {"start": 20, "refill": False}, ["me", "bot"])
            message = wait_my_turn_or_end(page, -1)
            for _ in range(3):
                click_action(page, message["observation"]["legal"][0])
                message = wait_my_turn_or_end(page, message["move"])
            before = message["observation"]["log"]
            kill(process)
            page.wait_for_function(
                "document.querySelector('#lt-status').textContent.includes('reconnecting')"
            )
            process, base = start_server(tmp_path, port)
            page.wait_for_function(
                "document.querySelector('#lt-status').textContent === 'connected'",
                timeout=60_000,
            )
            message = wait_my_turn_or_end(page, message["move"] - 1)
            assert message["observation"]["log"][: len(before)] == before
            while not message["observation"]["terminal"]:
                click_action(page, message["observation"]["legal"][-1])
                message = wait_my_turn_or_end(page, message["move"])
            page.wait_for_selector("dialog#lt-end[open]")
            shot(page, "after-sigkill-end")
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
    """A SIGKILLed server cannot shut its worker pool down; the workers notice and end."""
    process, base = start_server(tmp_path / "data", workers=2)
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    expected = 2 + 1  # the bot workers and the process compiling the games' cores
    while time.monotonic() < deadline and len(workers) < expected:
        workers = {pid for pid in _children(process.pid) if "-fork" in _cmdline(pid)}
        time.sleep(0.2)
    assert len(workers) == expected, "the server started no bot workers"
    helpers = _children(process.pid)  # the workers and multiprocessing's resource tracker
    kill(process)
    deadline = time.monotonic() + 40  # generous: a loaded machine is slow to schedule them
    while time.monotonic() < deadline and any(_alive(pid) for pid in helpers):
        time.sleep(0.2)
    assert not [pid for pid in helpers if _alive(pid)]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
