"""Nothing slow on the event loop: the lobby's pictures are drawn in the workers (a card says
it is getting ready until then), and the server measures its own event loop's lag."""

from __future__ import annotations

import logging
import time

from ludoteca.server.lag import LoopLag


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
