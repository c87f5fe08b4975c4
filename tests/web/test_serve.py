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
    said = [line for line in output.strip().splitlines() if " ludoteca.access: " not in line]
    assert said == ["Ludoteca stopped."], output  # besides the access log's request lines
    assert process.returncode == 0


@pytest.mark.slow  # a process of its own
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


def _serve(*options: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ludoteca", "serve", *options],
        cwd=ROOT,
        env={**server_env(), **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow  # a process of its own
@pytest.mark.parametrize("proxy", ["everyone", "10.0.0.300/8", "*"])
def test_a_bad_trusted_proxy_is_refused_with_one_line(tmp_path, proxy):
    done = _serve("--data", str(tmp_path), "--trusted-proxy", proxy)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and proxy in done.stderr, done.stderr


@pytest.mark.slow  # a process of its own
def test_an_unreadable_database_password_file_is_refused_with_one_line(tmp_path):
    missing = tmp_path / "no-such-file"
    done = _serve(
        "--database",
        "postgresql+psycopg://ludoteca@127.0.0.1:1/ludoteca",
        env={"LUDOTECA_DATABASE_PASSWORD_FILE": str(missing)},
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and str(missing) in done.stderr, done.stderr


def test_the_database_password_comes_from_the_environment_or_a_file(tmp_path, monkeypatch):
    from ludoteca.server.config import with_password

    url = "postgresql+psycopg://ludoteca@db.example/ludoteca"
    monkeypatch.setenv("LUDOTECA_DATABASE_PASSWORD", "p@ss:word/1")
    assert (
        with_password(url) == "postgresql+psycopg://ludoteca:p%40ss%3Aword%2F1@db.example/ludoteca"
    )
    monkeypatch.delenv("LUDOTECA_DATABASE_PASSWORD")
    secret = tmp_path / "password"
    secret.write_text("from-a-file\n")
    monkeypatch.setenv("LUDOTECA_DATABASE_PASSWORD_FILE", str(secret))
    assert with_password(url) == "postgresql+psycopg://ludoteca:from-a-file@db.example/ludoteca"
    given = "postgresql+psycopg://ludoteca:in-the-url@db.example/ludoteca"
    assert with_password(given) == given  # a password in the URL wins
    monkeypatch.delenv("LUDOTECA_DATABASE_PASSWORD_FILE")
    assert with_password(url) == url
