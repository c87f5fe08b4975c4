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


def start_server(data: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}", "LANG": "C.UTF-8"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.web.serve_for_tests",
            "--port",
            "0",
            "--data",
            str(data),
            "--bot-delay",
            "0",
            "--workers",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
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
