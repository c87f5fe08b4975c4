"""``ludoteca serve`` as a person runs it: Ctrl-C ends it with one clear line, and bad
settings are refused with one line too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tests.waiting import wait_until

from .test_persistence import ROOT, server_env, start_server


@pytest.mark.slow
def test_ctrl_c_ends_the_server_with_one_line_and_no_traceback(tmp_path):
    process, base = start_server(tmp_path, workers=2, new_session=True)
    try:
        import httpx

        made = httpx.post(
            base + "/api/rooms",
            json={"game": "pile", "seats": [{"kind": "bot", "bot": "random"}, {"kind": "person"}]},
        )
        assert made.status_code == 200
        room = made.json()["room"]
        wait_until(  # a worker is up and has played
            lambda: httpx.get(f"{base}/api/rooms/{room}/view", timeout=60).json()["move"],
            "the bot's first move",
            bound=180,
        )
        os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole process group
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert output.strip().splitlines() == ["Ludoteca stopped."], output
    assert process.returncode == 0


def test_a_bad_limit_is_refused_with_one_line(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "serve",
            "--data",
            str(tmp_path),
            "--limit",
            "rooms=lots",
        ],
        cwd=ROOT,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "Cannot start" in done.stderr, done.stderr
