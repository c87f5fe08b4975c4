"""Administrators and moderation: ``ludoteca admin``, the admin API (403 for everyone else),
mute, ban (accounts and guests' addresses behind a trusted proxy), hiding a chat line for every
watcher, closing a room, reports, blocks, and the audit log of it all."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from ludoteca.cli import main
from ludoteca.server import Limits, Settings, create_app

from .test_accounts import PASSWORD, csrf, post, sign_up
from .test_api import hello, receive_until

TWO = [{"kind": "person", "name": ""}, {"kind": "person", "name": ""}]


def admin_of(app, tmp_path, client: TestClient, name: str = "Alma") -> TestClient:
    """``client`` signed up as ``name`` and made an administrator on the command line."""
    sign_up(client, name)
    assert main(["admin", "grant", name, "--data", str(tmp_path), "--lang", "en"]) == 0
    return client


def seated(client: TestClient, room: str, seat: int, token: str) -> str:
    """``client`` (an account) opens the invitation of ``seat``: the seat is its own."""
    return post(client, f"/api/rooms/{room}/claim", {"seat": seat, "token": token})["token"]


def chat(ws, text: str) -> dict:
    ws.send_text(json.dumps({"type": "chat", "text": text}))
    return receive_until(ws, lambda m: m["type"] in ("chat", "error"))


@pytest.fixture
def people(app, client, tmp_path):
    """An administrator (the first client) and two players, Ann and Bob, seated in a room."""
    ann, bob = TestClient(app), TestClient(app)
    admin_of(app, tmp_path, client)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    made = post(client, "/api/rooms", {"game": "pile", "options": {}, "seats": TWO})
    room, tokens = made["room"], made["tokens"]
    ann.seat_token = seated(ann, room, 0, tokens["0"])
    bob.seat_token = seated(bob, room, 1, tokens["1"])
    return client, ann, bob, room


def test_admin_grant_and_revoke_on_the_command_line(client, tmp_path, capsys):
    assert main(["admin", "grant", "Nobody", "--data", str(tmp_path), "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == "No account is named Nobody."
    sign_up(client, "Alma")
    assert client.get("/api/admin").status_code == 403
    assert main(["admin", "grant", "alma", "--data", str(tmp_path), "--lang", "en"]) == 0
    assert "Alma is an administrator now" in capsys.readouterr().out
    assert client.get("/api/account").json()["admin"] is True
    found = client.get("/api/admin").json()
    assert found["audit"][0] | {"at": None} == {
        "actor": "(command line)",
        "action": "grant",
        "target": "Alma",
        "at": None,
    }
    assert main(["admin", "revoke", "Alma", "--data", str(tmp_path), "--lang", "de"]) == 0
    assert "kein Administrator mehr" in capsys.readouterr().out
    refused = client.get("/api/admin")
    assert refused.status_code == 403 and refused.json()["key"] == "web.mod.not_admin"


def test_guests_and_players_are_refused_the_admin_api_but_get_the_page(app, client, tmp_path):
    guest = TestClient(app)
    assert guest.get("/api/admin").status_code == 403
    assert guest.post("/api/admin/mute", json={"name": "x"}, headers=csrf(guest)).status_code == 403
    page = guest.get("/admin", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "lt-app" in page.text


def test_a_muted_player_is_refused_in_the_room_and_the_lobby(people):
    admin, ann, _bob, room = people
    with ann.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws)
        assert chat(ws, "before")["messages"][0]["text"] == "before"
        post(admin, "/api/admin/mute", {"name": "ann"})
        refused = chat(ws, "after")
        assert refused["type"] == "error" and refused["key"] == "web.mod.muted"
        assert "muted" in refused["message"]
    lobby = ann.post("/api/lobby/chat", json={"text": "hello"}, headers=csrf(ann))
    assert lobby.status_code == 403 and lobby.json()["key"] == "web.mod.muted"
    found = admin.get("/api/admin").json()
    assert found["muted"] == ["Ann"]
    assert [(a["action"], a["target"]) for a in found["audit"]][:1] == [("mute", "Ann")]
    post(admin, "/api/admin/mute", {"name": "Ann", "on": False})
    assert ann.post("/api/lobby/chat", json={"text": "hi"}, headers=csrf(ann)).status_code == 200


def test_a_banned_account_loses_its_sessions_and_may_not_log_in_nor_act(app, people):
    admin, ann, bob, room = people
    with bob.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws)
        post(admin, "/api/admin/ban", {"name": "Bob"})
        closed = receive_until(ws, lambda m: m["type"] == "error")
        assert closed["key"] == "web.mod.banned"
    assert bob.get("/api/account").json()["name"] is None
    again = TestClient(app)
    login = again.post(
        "/api/account/login", json={"name": "Bob", "password": PASSWORD}, headers=csrf(again)
    )
    assert login.status_code == 403 and login.json()["key"] == "web.mod.banned"
    # the seat's token (kept by the browser) no longer plays for the banned account either
    move = {"seat": 0, "token": ann.seat_token, "action": "take:1", "move": 0}
    post(ann, f"/api/rooms/{room}/actions", move)
    move = {"seat": 1, "token": bob.seat_token, "action": "take:1", "move": 1}
    acted = again.post(f"/api/rooms/{room}/actions", json=move)
    assert acted.status_code == 403 and acted.json()["key"] == "web.mod.banned"
    refused = admin.post("/api/admin/ban", json={"name": "Alma"}, headers=csrf(admin))
    assert refused.status_code == 409  # not oneself


def test_a_guests_address_is_banned_as_the_trusted_proxy_gives_it(tmp_path, test_games):
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0, trusted_proxies=("testclient",)))
    with TestClient(app) as admin:
        admin_of(app, tmp_path, admin)
        browser, guest = TestClient(app), {"X-Forwarded-For": "198.51.100.7"}
        said = browser.post("/api/lobby/chat", json={"text": "spam"}, headers=guest)
        assert said.status_code == 200
        line = next(
            m for m in admin.get("/api/admin").json()["chat"] if m["id"] == said.json()["id"]
        )
        assert line["address"] == "addr:198.51.100.7" and line["account"] is None
        post(admin, "/api/admin/address", {"address": line["address"]})
        body = {"game": "pile", "options": {}, "seats": TWO}
        refused = browser.post("/api/rooms", json=body, headers=guest)
        assert refused.status_code == 403 and refused.json()["key"] == "web.mod.banned_address"
        other = {"X-Forwarded-For": "198.51.100.8"}
        assert browser.post("/api/rooms", json=body, headers=other).status_code == 200
        assert admin.get("/api/admin").json()["addresses"] == ["addr:198.51.100.7"]
    app.state.hub.close()


def test_a_hidden_line_goes_from_every_watcher_live(app, people):
    admin, ann, bob, room = people
    spectator = TestClient(app)
    with (
        ann.websocket_connect(f"/ws/rooms/{room}") as ws_ann,
        spectator.websocket_connect(f"/ws/rooms/{room}") as ws_spectator,
    ):
        hello(ws_ann)
        hello(ws_spectator)
        line = chat(ws_ann, "something rude")["messages"][0]
        assert chat_heard(ws_spectator)["messages"][0]["id"] == line["id"]
        post(admin, "/api/admin/hide", {"chat": line["id"]})
        for ws in (ws_ann, ws_spectator):
            assert receive_until(ws, lambda m: m["type"] == "chat_hidden")["id"] == line["id"]
    with bob.websocket_connect(f"/ws/rooms/{room}") as ws_bob:
        welcome, _ = hello(ws_bob)
        assert line["id"] not in [m["id"] for m in welcome["chat"]]
    hidden = [m for m in admin.get("/api/admin").json()["chat"] if m["id"] == line["id"]]
    assert hidden[0]["hidden"] is True
    assert admin.get("/api/admin").json()["audit"][0]["action"] == "hide"


def test_a_hidden_lobby_line_is_named_to_the_browsers_that_show_it(app, people):
    admin, ann, bob, _room = people
    kept = post(ann, "/api/lobby/chat", {"text": "anyone for a game?"})
    rude = post(ann, "/api/lobby/chat", {"text": "something rude"})
    seen = bob.get("/api/lobby/chat").json()
    assert [m["id"] for m in seen["messages"]][-2:] == [kept["id"], rude["id"]]
    assert seen["hidden"] == []
    post(admin, "/api/admin/hide", {"chat": rude["id"]})
    # a browser polls for what came after its last line, and learns which lines to take away
    later = bob.get(f"/api/lobby/chat?after={rude['id']}").json()
    assert later == {"messages": [], "hidden": [rude["id"]]}
    assert rude["id"] not in [m["id"] for m in bob.get("/api/lobby/chat").json()["messages"]]


def chat_heard(ws) -> dict:
    return receive_until(ws, lambda m: m["type"] == "chat")


def test_a_closed_room_ends_unrated_closed_by_an_administrator(app, people):
    admin, _ann, _bob, room = people
    assert room in [r["id"] for r in admin.get("/api/admin").json()["rooms"]]
    closed = post(admin, "/api/admin/close", {"room": room})
    assert closed["status"] == "abandoned"
    info = admin.get(f"/api/rooms/{room}").json()
    assert info["status"] == "abandoned"
    assert info["result"] == {"reason": "closed", "seat": -1, "winners": []}
    assert admin.get("/api/players/Ann").json()["ratings"] == {}
    again = admin.post("/api/admin/close", json={"room": room}, headers=csrf(admin))
    assert again.status_code == 409
    # the log's close entry survives a restart: the room is rebuilt closed
    hub = app.state.hub
    hub.rooms.pop(room)
    assert admin.get(f"/api/rooms/{room}").json()["result"]["reason"] == "closed"
    assert [a["action"] for a in admin.get("/api/admin").json()["audit"]][:1] == ["close"]


def test_a_report_is_listed_until_an_administrator_settles_it(people):
    admin, ann, bob, room = people
    with ann.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws)
        line = chat(ws, "rude words")["messages"][0]
    post(bob, "/api/reports", {"room": room, "chat": line["id"], "reason": "insults"})
    post(bob, "/api/reports", {"player": "ann"})
    reports = admin.get("/api/admin").json()["reports"]
    assert [(r["name"], r["chat"], r["reason"]) for r in reports] == [
        ("Ann", None, ""),
        ("Ann", line["id"], "insults"),
    ]
    post(admin, "/api/admin/resolve", {"report": reports[0]["id"]})
    found = admin.get("/api/admin").json()
    assert [r["id"] for r in found["reports"]] == [reports[1]["id"]]
    assert found["audit"][0]["action"] == "resolve"
    wrong = bob.post(
        "/api/reports", json={"room": "elsewhere", "chat": line["id"]}, headers=csrf(bob)
    )
    assert wrong.status_code == 404


@pytest.mark.parametrize("app", [{"limits": Limits(reports="2/minute")}], indirect=True)
def test_reports_are_limited_by_the_quotas(people):
    _admin, _ann, bob, _room = people
    for _ in range(2):
        post(bob, "/api/reports", {"player": "Ann"})
    refused = bob.post("/api/reports", json={"player": "Ann"}, headers=csrf(bob))
    assert refused.status_code == 429


def test_a_blocked_players_chat_and_rematch_offers_no_longer_reach_the_blocker(app, people):
    _admin, ann, bob, room = people
    assert post(ann, "/api/account/blocks", {"name": "bob"})["blocked"] == ["Bob"]
    assert ann.get("/api/account/blocks").json() == {"blocked": ["Bob"]}
    spectator = TestClient(app)
    with (
        ann.websocket_connect(f"/ws/rooms/{room}") as ws_ann,
        bob.websocket_connect(f"/ws/rooms/{room}") as ws_bob,
        spectator.websocket_connect(f"/ws/rooms/{room}") as ws_spectator,
    ):
        hello(ws_ann)
        hello(ws_bob)
        hello(ws_spectator)
        chat(ws_bob, "from Bob")
        assert chat_heard(ws_spectator)["messages"][0]["text"] == "from Bob"
        chat(ws_ann, "from Ann")  # Ann hears her own line, and not Bob's before it
        assert chat_heard(ws_spectator)["messages"][0]["text"] == "from Ann"
    with ann.websocket_connect(f"/ws/rooms/{room}") as ws_ann:
        welcome, _ = hello(ws_ann)
        assert [m["text"] for m in welcome["chat"]] == ["from Ann"]
    assert post(ann, "/api/account/blocks", {"name": "Bob", "on": False})["blocked"] == []
    with ann.websocket_connect(f"/ws/rooms/{room}") as ws_ann:
        welcome, _ = hello(ws_ann)
        assert [m["text"] for m in welcome["chat"]] == ["from Bob", "from Ann"]


def test_a_blocked_player_may_not_offer_a_rematch(app, people):
    _admin, ann, bob, room = people
    post(ann, "/api/account/blocks", {"name": "Bob"})
    with bob.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws)
        ws.send_text(json.dumps({"type": "table", "do": "resign", "move": 0}))
        assert receive_until(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert app.state.hub.rooms[room].status == "finished"
        ws.send_text(json.dumps({"type": "table", "do": "rematch", "move": 1}))
        refused = receive_until(ws, lambda m: m["type"] in ("ack", "error"))
        assert refused["key"] == "web.mod.blocked_offer"
    with ann.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws)  # the blocker may still ask for one herself
        ws.send_text(json.dumps({"type": "table", "do": "rematch", "move": 1}))
        assert receive_until(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
