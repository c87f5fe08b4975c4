"""A server fit to face the public: bad input, refusals in one shape, headers, origins,
quotas, and what every watcher is sent (each distinct view rendered once per change)."""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import Limits, Settings, create_app

from .test_api import TWO_PEOPLE, create, hello, log_rows, view

ROOM = {"game": "pile", "options": {}, "seats": TWO_PEOPLE}


def make_client(tmp_path, **settings):
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, **settings))
    return app, TestClient(app)


def assert_refusal(response, status):
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == status, body
    assert body["key"].startswith("web.error.") and body["message"], body
    return body


# -- every refusal in one shape --------------------------------------------------------------


def test_unknown_routes_methods_and_bad_parameters_answer_in_the_documented_shape(client):
    assert_refusal(client.get("/api/nothing-here"), 404)
    assert_refusal(client.get("/static/nothing.js"), 404)
    assert_refusal(client.delete("/api/rooms"), 405)
    assert_refusal(client.put("/api/games"), 405)
    body = assert_refusal(client.get("/api/nothing?lang=de"), 404)
    assert body["message"] == "Unter dieser Adresse gibt es nichts."


HOSTILE_BODIES = [
    ("/api/replay", b"[" * 10000 + b"]" * 10000),
    (
        "/api/replay",
        b'{"record": {"game": "pile", "options": {}, "actions": [], "meta": '
        + b"[" * 150
        + b"]" * 150
        + b"}}",
    ),
    (
        "/api/replay",
        b'{"record": {"game": "pile", "options": {}, "actions": []}, "step": ' + b"9" * 5000 + b"}",
    ),
    ("/api/rooms", b'{"game": "pile", "options": {"start": ' + b"9" * 5000 + b'}, "seats": []}'),
    ("/api/rooms", json.dumps({**ROOM, "options": {"game_id": 1}}).encode()),
    ("/api/rooms", json.dumps({**ROOM, "options": {"self": 1}}).encode()),
    (
        "/api/rooms",
        json.dumps({**ROOM, "seats": [TWO_PEOPLE[0], {"kind": "bot", "bot": 1}]}).encode(),
    ),
    (
        "/api/rooms",
        json.dumps(
            {**ROOM, "seats": [TWO_PEOPLE[0], {"kind": "bot", "bot": "random" + " " * 120_000}]}
        ).encode(),
    ),
    (
        "/api/rooms",
        b'{"game": "pile", "options": {}, "seats": [{"kind": "person", "name": "\\ud800"}, {"kind": "open"}]}',
    ),
    (
        "/api/replay",
        json.dumps({"record": {"game": "pile", "options": {"self": 2}, "actions": []}}).encode(),
    ),
    (
        "/api/replay",
        json.dumps(
            {"record": {"game": "pile", "options": {}, "actions": ["take:9"]}, "step": 1}
        ).encode(),
    ),
    (
        "/api/rooms",
        b'{"game": "pile", "seats": [], "extra": {"a": '
        + b'{"a": ' * 5000
        + b"1"
        + b"}" * 5001
        + b"}",
    ),
]


@pytest.mark.parametrize("path, body", HOSTILE_BODIES, ids=range(len(HOSTILE_BODIES)))
def test_hostile_bodies_get_a_clear_400_and_change_nothing(app, client, path, body):
    response = client.post(path, content=body, headers={"Content-Type": "application/json"})
    refusal = assert_refusal(response, 413 if len(body) > 256 * 1024 else 400)
    assert "Traceback" not in refusal["message"]
    assert client.get("/api/rooms").json()["playing"] == []


def test_hostile_values_in_room_requests_change_nothing(app, client):
    made = create(client)
    room, token = made["room"], made["tokens"]["0"]
    bodies = [
        '{"seat": true, "token": "%s", "action": "take:1", "move": 0}',
        '{"seat": 0, "token": "%s", "action": "\\ud800", "move": 0}',
        '{"seat": 0, "token": "%s", "action": "take:1", "move": ' + "9" * 5000 + "}",
        '{"seat": 0, "token": 5, "action": "take:1", "move": 0, "t": "%s"}',
        '{"seat": 0, "token": "%s", "action": "take:1", "move": 0, "game_id": "x"}',
        '{"seat": 0, "token": "%s", "action": "take:1", "move": 0.0}',
    ]
    for body in bodies:
        response = client.post(
            f"/api/rooms/{room}/actions",
            content=(body % token).encode(),
            headers={"Content-Type": "application/json"},
        )
        assert_refusal(response, 400)
    join = client.post(f"/api/rooms/{room}/join", json={"seat": True, "name": "x"})
    assert_refusal(join, 400)
    assert log_rows(app, room) == 0 and view(client, room)["move"] == 0


def test_only_json_is_taken(client):
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post(
            "/api/rooms", content=json.dumps(ROOM), headers={"Content-Type": kind}
        )
        assert_refusal(response, 415)
    assert client.get("/api/rooms").json()["playing"] == []


def test_a_large_body_is_refused_by_its_declared_length_and_while_it_streams(client):
    huge = b"{" + b" " * (300 * 1024) + b"}"
    assert_refusal(
        client.post("/api/rooms", content=huge, headers={"Content-Type": "application/json"}), 413
    )

    def chunks():
        for _ in range(400):
            yield b" " * 1024

    response = client.post(
        "/api/rooms", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert_refusal(response, 413)


def test_bad_websocket_frames_get_errors_and_the_socket_stays(app, client):
    made = create(client)
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        hello(ws, made["tokens"]["0"])
        ws.send_bytes(b"\x81\x00binary")
        assert ws.receive_json()["code"] == 400
        for frame in [
            "[" * 10000 + "]" * 10000,
            '{"type": "act", "action": "take:1", "move": ' + "9" * 5000 + "}",
            '{"type": "act", "action": "\\ud800", "move": 0}',
            '{"type": "hello", "token": 5}',
            '{"type": "act", "action": "take:1", "move": true}',
            "x" * 70_000,
        ]:
            ws.send_text(frame)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == 400, (frame[:40], error)
        ws.send_text('{"type": "act", "action": "take:1", "move": 0}')
        while (message := ws.receive_json())["type"] != "ack":
            pass
        assert message["move"] == 1
    assert log_rows(app, made["room"]) == 1


def test_a_client_leaving_before_its_ack_leaves_no_trace(app, client, caplog):
    made = create(client)
    for move in range(3):
        with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
            hello(ws, made["tokens"][str(move % 2)])
            ws.send_text(json.dumps({"type": "act", "action": "take:1", "move": move}))
        # closed at once, before reading the ack
    assert view(client, made["room"])["move"] == 3
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# -- headers, origins, docs ------------------------------------------------------------------


def test_every_page_and_answer_carries_the_security_headers(client):
    for path in ("/", "/room/abc", "/api/games", "/static/js/main.js", "/api/nothing"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_page_has_no_inline_script():
    import re

    from ludoteca.web import STATIC

    page = (STATIC / "index.html").read_text()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+=", page)  # no inline event handlers either


def test_requests_from_another_site_are_refused(app, client):
    evil = {"Origin": "https://evil.example"}
    assert_refusal(client.post("/api/rooms", json=ROOM, headers=evil), 403)
    assert client.get("/api/rooms").json()["playing"] == []
    same = {"Origin": "http://testserver"}
    assert client.post("/api/rooms", json=ROOM, headers=same).status_code == 200
    assert client.get("/api/games", headers=evil).status_code == 200  # reading is harmless
    made = create(client)
    url = f"/ws/rooms/{made['room']}"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(url, headers=evil) as ws:
        ws.receive_json()
    with client.websocket_connect(f"/ws/rooms/{made['room']}", headers=same) as ws:
        hello(ws)


def test_allowed_origins_are_configurable(tmp_path, test_games):
    app, client = make_client(tmp_path, allowed_origins=("https://games.example.org",))
    with client:
        ok = client.post("/api/rooms", json=ROOM, headers={"Origin": "https://games.example.org"})
        assert ok.status_code == 200
        other = client.post("/api/rooms", json=ROOM, headers={"Origin": "http://testserver"})
        assert_refusal(other, 403)


def test_api_docs_are_off_unless_asked_for(tmp_path, client, test_games):
    assert_refusal(client.get("/api/docs"), 404)
    assert_refusal(client.get("/api/openapi.json"), 404)
    assert "/api/rooms" in client.app.openapi()["paths"]  # the schema is still there for tests
    app, with_docs = make_client(tmp_path, api_docs=True)
    with with_docs:
        assert with_docs.get("/api/docs").status_code == 200
        assert "/api/rooms" in with_docs.get("/api/openapi.json").json()["paths"]


# -- quotas ----------------------------------------------------------------------------------


def test_a_burst_of_room_creations_meets_429_with_retry_after(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(rooms="5/minute"))
    with client:
        codes = [client.post("/api/rooms", json=ROOM).status_code for _ in range(8)]
        assert codes == [200] * 5 + [429] * 3
        refused = client.post("/api/rooms", json=ROOM)
        body = assert_refusal(refused, 429)
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert body["retry_after"] == int(refused.headers["retry-after"])
        assert len(client.get("/api/rooms").json()["playing"]) == 5


def test_a_websocket_flood_gets_errors_then_is_closed(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(messages="5/minute"))
    with client:
        made = create(client)
        with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
            hello(ws)
            kinds = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(30):
                    ws.send_text(json.dumps({"type": "lang", "lang": "fr"}))
                    kinds.append(ws.receive_json().get("code", "state"))
            assert closed.value.code == 4429
            assert kinds == ["state"] * 5 + [429] * 5  # 5 a minute; 5 refusals, then closed


def test_an_action_over_the_quota_is_refused_with_the_wait_and_played_after_it(
    tmp_path, test_games
):
    # a client acting faster than its quota is told how long to wait and the position stays
    # (a client that skips the refusal and waits for the next position waits for ever: so
    # hung a test that played at a script's pace); the same action after the wait is played
    app, client = make_client(tmp_path, limits=Limits(messages="2/second"))
    with client:
        made = create(client)
        room, token = made["room"], made["tokens"]["0"]
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            hello(ws, token)
            for _ in range(2):
                ws.send_text(json.dumps({"type": "lang", "lang": "fr"}))
                assert ws.receive_json()["type"] == "state"
            act = json.dumps({"type": "act", "action": "take:1", "move": 0})
            ws.send_text(act)
            refused = ws.receive_json()
            assert refused["code"] == 429 and refused["retry_after"] >= 1, refused
            assert view(client, room)["move"] == 0 and log_rows(app, room) == 0
            time.sleep(refused["retry_after"])
            ws.send_text(act)
            kinds = {ws.receive_json()["type"] for _ in range(2)}
            assert kinds == {"state", "ack"} and view(client, room)["move"] == 1


def test_hellos_are_counted_per_address(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(hellos="3/minute"))
    with client:
        made = create(client)
        with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
            for _ in range(3):
                hello(ws)
            ws.send_text(json.dumps({"type": "hello"}))
            assert ws.receive_json()["code"] == 429


def test_rooms_with_mcts_bots_are_capped_per_client(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(mcts_rooms=2))
    heavy = {**ROOM, "seats": [TWO_PEOPLE[0], {"kind": "bot", "bot": "mcts:easy"}]}
    with client:
        assert client.post("/api/rooms", json=heavy).status_code == 200
        assert client.post("/api/rooms", json=heavy).status_code == 200
        assert_refusal(client.post("/api/rooms", json=heavy), 429)
        assert client.post("/api/rooms", json=ROOM).status_code == 200  # no MCTS: no cap


def test_hints_are_counted_per_seat(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(hints="1/minute"))
    with client:
        made = create(client, game="count", seats=[{"kind": "person"}])
        room, token = made["room"], made["tokens"]["0"]
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            hello(ws, token)
            ws.send_text(json.dumps({"type": "hints", "on": True}))
            first = ws.receive_json()
            assert first["type"] == "state" and first["hint"] is not None
            ws.send_text(json.dumps({"type": "act", "action": "add:1", "move": 0}))
            state = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")
            assert state["move"] == 1 and state["hint"] is None  # over the quota: no hint


# -- fan-out ---------------------------------------------------------------------------------


def test_spectators_joining_get_only_their_own_view_and_a_move_one_view_each(app, client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    with client.websocket_connect(f"/ws/rooms/{room}") as player:
        hello(player, tokens["0"])
        sockets = []
        for index in range(12):
            ws = client.websocket_connect(f"/ws/rooms/{room}").__enter__()
            hello(ws, lang=("en", "de")[index % 2])
            sockets.append(ws)
        presenter = app.state.hub.publisher.presenters[room]
        before = presenter.renders
        player.send_text(json.dumps({"type": "act", "action": "take:1", "move": 0}))
        for ws in sockets:
            message = ws.receive_json()
            assert message["type"] == "state" and message["move"] == 1, message
        # one rendering per distinct view: the player's, and spectators in en and de
        assert presenter.renders - before == 3
        for ws in sockets:
            ws.__exit__(None, None, None)
        counts = app.state.hub.rooms[room]
        assert counts.online() == [0] and len(counts.watchers) == 1


def test_saying_hello_again_tells_the_others_nothing(client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    with client.websocket_connect(f"/ws/rooms/{room}") as first:
        hello(first, tokens["0"])
        with client.websocket_connect(f"/ws/rooms/{room}") as second:
            hello(second, tokens["1"])
            assert first.receive_json()["online"] == [0, 1]
            for _ in range(5):
                hello(second, tokens["1"])  # each answered to that socket alone
            first.send_text(json.dumps({"type": "act", "action": "take:1", "move": 0}))
            message = first.receive_json()
            assert message["type"] == "state" and message["move"] == 1, message


def test_a_flood_of_bad_frames_is_counted_too(tmp_path, test_games):
    app, client = make_client(tmp_path, limits=Limits(messages="5/minute"))
    with client:
        made = create(client)
        with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(30):
                    ws.send_text("not json")
                    codes.append(ws.receive_json()["code"])
            assert closed.value.code == 4429 and codes == [400] * 5 + [429] * 5
