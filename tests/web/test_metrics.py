"""``/metrics`` (Prometheus text, parsed by prometheus-client's own parser) moves with what the
server does, is refused to addresses outside its set, and every request writes one access-log
line that holds no token and no cookie."""

from __future__ import annotations

import json
import logging

import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from ludoteca.server import Settings, create_app

LOCAL = ("127.0.0.1", 50000)


@pytest.fixture
def local(tmp_path, test_games):
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0))
    with TestClient(app, client=LOCAL) as client:
        yield client
    app.state.hub.close()


def samples(client: TestClient) -> dict[tuple[str, tuple], float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found: dict, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def play_pile(client: TestClient, moves: int) -> str:
    seats = [{"kind": "person"}, {"kind": "person"}]
    made = client.post("/api/rooms", json={"game": "pile", "options": {}, "seats": seats}).json()
    for move in range(moves):
        seat = move % 2
        body = {"seat": seat, "token": made["tokens"][str(seat)], "action": "take:1", "move": move}
        assert client.post(f"/api/rooms/{made['room']}/actions", json=body).status_code == 200
    return made["room"]


def test_counters_move_with_the_load(local):
    before = samples(local)
    room = play_pile(local, 4)
    local.get("/api/rooms/nope/view")  # a 404
    with local.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_text(json.dumps({"type": "hello"}))
        socket.receive_text()
        during = samples(local)
    after = samples(local)
    route = "/api/rooms/{room_id}/actions"
    assert value(
        after, "ludoteca_http_requests_total", route=route, method="POST", status="200"
    ) == (
        value(before, "ludoteca_http_requests_total", route=route, method="POST", status="200") + 4
    )
    assert value(after, "ludoteca_actions_total") >= value(before, "ludoteca_actions_total") + 4
    assert (
        value(
            after,
            "ludoteca_http_requests_total",
            route="/api/rooms/{room_id}/view",
            method="GET",
            status="404",
        )
        == 1
    )
    assert value(during, "ludoteca_websockets") == 1 and value(after, "ludoteca_websockets") == 0
    assert value(after, "ludoteca_rooms_live") >= 1
    assert value(after, "ludoteca_database_seconds_count", operation="append") >= 4
    assert value(after, "ludoteca_http_request_seconds_count", route=route) >= 4
    assert ("ludoteca_event_loop_lag_worst_seconds", ()) in after
    assert ("ludoteca_bot_rooms", ()) in after


def test_quota_refusals_are_counted_by_route(tmp_path, test_games):
    from ludoteca.server.config import Limits

    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, limits=Limits(rooms="2/minute")))
    with TestClient(app, client=LOCAL) as client:
        seats = [{"kind": "person"}, {"kind": "person"}]
        codes = [
            client.post(
                "/api/rooms", json={"game": "pile", "options": {}, "seats": seats}
            ).status_code
            for _ in range(3)
        ]
        assert codes == [200, 200, 429]
        found = samples(client)
        assert (
            value(
                found,
                "ludoteca_http_requests_total",
                route="/api/rooms",
                method="POST",
                status="429",
            )
            == 1
        )
    app.state.hub.close()


@pytest.mark.parametrize(
    ("allowed", "client", "status"),
    [
        (None, ("203.0.113.7", 4000), 403),  # by default loopback only
        (("203.0.113.0/24",), ("203.0.113.7", 4000), 200),
        (("203.0.113.0/24",), LOCAL, 403),
        (None, ("testclient", 50000), 403),  # not an address at all
    ],
)
def test_metrics_are_refused_outside_their_addresses(tmp_path, allowed, client, status):
    extra = {"metrics_from": allowed} if allowed else {}
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, **extra))
    with TestClient(app, client=client) as asking:
        assert asking.get("/metrics").status_code == status
    app.state.hub.close()


def test_one_access_log_line_a_request_without_tokens_or_cookies(local, caplog):
    caplog.set_level(logging.INFO, logger="ludoteca.access")
    seats = [{"kind": "person"}, {"kind": "person"}]
    made = local.post("/api/rooms", json={"game": "pile", "options": {}, "seats": seats}).json()
    token = made["tokens"]["0"]
    caplog.clear()
    body = {"seat": 0, "token": token, "action": "take:1", "move": 0}
    local.post(f"/api/rooms/{made['room']}/actions?lang=de", json=body)
    lines = [r for r in caplog.records if r.name == "ludoteca.access"]
    assert len(lines) == 1
    line = lines[0]
    assert line.status == 200 and line.method == "POST" and line.client == "127.0.0.1"
    assert line.path == f"/api/rooms/{made['room']}/actions"  # no query string
    text = line.getMessage() + json.dumps({k: str(v) for k, v in vars(line).items()})
    assert token not in text and "ludoteca_csrf" not in text
