"""Nothing slow on the event loop: the lobby's pictures are drawn in the workers (a card says
it is getting ready until then), and the server measures its own event loop's lag."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.server.lag import LoopLag

ROOT = Path(__file__).resolve().parents[2]


def test_a_card_picture_is_getting_ready_until_a_worker_drew_it(client):
    first = client.get("/api/games/pile/picture?lang=de")
    assert first.status_code == 503 and first.headers["retry-after"] == "2"
    assert first.json()["key"] == "web.lobby.getting_ready"
    assert first.json()["message"] == "Wird vorbereitet…"
    deadline = time.monotonic() + 30
    answer = first
    while answer.status_code == 503 and time.monotonic() < deadline:
        answer = client.get("/api/games/pile/picture?lang=de")
    assert answer.status_code == 200 and answer.text.startswith("<svg")
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert client.get("/api/games/nothing/picture").status_code == 404


def test_healthz_reports_the_event_loops_lag(client):
    deadline = time.monotonic() + 30
    while client.app.state.lag.measured < 3 and time.monotonic() < deadline:
        client.get("/healthz")
    lag = client.get("/healthz").json()["loop_lag"]
    assert set(lag) == {"last_ms", "worst_minute_ms", "worst_ms"}
    assert all(value >= 0 for value in lag.values())


def test_a_stall_is_logged_and_kept_for_a_minute(caplog):
    lag = LoopLag(stall=0.1)
    caplog.set_level(logging.WARNING, "ludoteca.server")
    lag.note(0.02, now=100.0)
    lag.note(0.25, now=101.0)
    assert not caplog.records  # told once a minute at most (a start-up is no minute)
    assert lag.report() == {"last_ms": 250.0, "worst_minute_ms": 250.0, "worst_ms": 250.0}
    lag.note(0.03, now=140.0)
    assert "stalled for up to 250.0 ms" in caplog.records[-1].getMessage()
    lag.note(0.3, now=150.0)
    assert len(caplog.records) == 1  # not again within the minute
    lag.note(0.01, now=300.0)  # minutes later the stalls are no longer recent
    assert lag.report() == {"last_ms": 10.0, "worst_minute_ms": 10.0, "worst_ms": 300.0}


def test_a_game_is_cold_until_numbas_cache_holds_some_of_its_core(tmp_path, monkeypatch):
    from numba.core import config

    from ludoteca.server import workers

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    assert workers.cold("bohnen")  # a fresh install: the warm-up compiles it, not the server
    (tmp_path / "bohnen_0123").mkdir()
    (tmp_path / "bohnen_0123" / "core.step-1.py311.nbi").write_bytes(b"")
    assert not workers.cold("bohnen")
    assert not workers.cold("nothing")


@pytest.mark.slow
def test_a_games_compiled_code_is_loaded_off_the_event_loop(tmp_path):
    # a fresh process: the first room of Bohnen and a game played in it to the end; its core's
    # search is first asked late in a game, and loading it took seconds on the loop before
    # the server rehearsed each game in a thread (issue 30)
    done = subprocess.run(
        [sys.executable, "-m", "tests.web.first_room", "bohnen", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    loads = json.loads(done.stdout.splitlines()[-1])
    assert loads["terminal"] and loads["moves"] > 10, loads
    assert loads["elsewhere"] > 0  # the core was loaded, in the rehearsal's thread
    assert loads["loop"] == [], "loaded on the event loop: " + ", ".join(loads["loop"])
