"""A player's data: the export holds the account's games, ratings and chat lines and nothing
secret of the site; deleting the account removes it and anonymises its seats, the games staying
for the other player."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from .test_accounts import PASSWORD, claim, csrf, play_pile, post, room_with, sign_up


@pytest.fixture
def two(app):
    with TestClient(app) as one:
        yield one, TestClient(app)


def finished_game(ana: TestClient, bob: TestClient) -> str:
    room, invitations = room_with(
        ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=6, refill=False
    )
    tokens = {0: claim(ana, room, 0, invitations["0"]), 1: claim(bob, room, 1, invitations["1"])}
    with ana.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": tokens[0]}))
        socket.send_text(json.dumps({"type": "chat", "text": "good luck, Bob"}))
        while json.loads(socket.receive_text()).get("type") != "chat":
            pass
    play_pile(ana, room, tokens, [1] * 6)  # long enough to be rated
    post(ana, "/api/lobby/chat", {"name": "Ana", "text": "anyone for Bohnen?"})
    return room


def test_the_export_holds_games_ratings_and_chat_and_no_secret(two):
    ana, bob = two
    sign_up(ana, "Ana")
    sign_up(bob, "Bob")
    room = finished_game(ana, bob)
    answer = ana.get("/api/account/export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="ludoteca-ana.json"'
    data = answer.json()
    assert data["format"] == "ludoteca-player-data/1" and data["account"]["name"] == "Ana"
    (game,) = data["games"]
    assert (
        game["room"] == room and game["seat"] == 0 and game["finished"]["names"] == ["Ana", "Bob"]
    )
    assert game["finished"]["record"]["actions"] == ["take:1"] * 6
    assert [r["game"] for r in data["ratings"]] == ["pile"] and data["ratings"][0]["history"]
    assert [line["text"] for line in data["chat"]] == ["good luck, Bob", "anyone for Bohnen?"]
    text = answer.text
    for secret in ("password", "argon2", "token", "seed", "hash"):
        assert secret not in text.lower(), secret
    assert bob.get("/api/account/export").json()["chat"] == []


def test_a_guest_has_no_export(client):
    answer = client.get("/api/account/export")
    assert answer.status_code == 401 and answer.json()["key"] == "web.account.not_logged_in"


def test_deleting_an_account_keeps_the_games_anonymised(two):
    ana, bob = two
    sign_up(ana, "Ana")
    sign_up(bob, "Bob")
    room = finished_game(ana, bob)
    wrong = ana.post("/api/account/delete", json={"password": "not-my-password"}, headers=csrf(ana))
    assert wrong.status_code == 401 and ana.get("/api/account").json()["name"] == "Ana"
    gone = ana.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(ana))
    assert gone.status_code == 200, gone.text
    assert ana.get("/api/account").json()["name"] is None
    assert ana.get("/api/players/Ana").status_code == 404
    login = ana.post(
        "/api/account/login", json={"name": "Ana", "password": PASSWORD}, headers=csrf(ana)
    )
    assert login.status_code == 401
    record = bob.get(f"/api/rooms/{room}/record").json()
    assert record["actions"] == ["take:1"] * 6  # the game stays for Bob
    assert bob.get("/api/players/Bob").json()["recent"][0]["names"] == ["", "Bob"]
    lobby = [m["text"] for m in bob.get("/api/lobby/chat").json()["messages"]]
    assert "anyone for Bohnen?" not in lobby
    sign_up(ana, "Ana")  # the name is free again, with nothing of the old account
    assert ana.get("/api/account/export").json()["games"] == []


def test_an_account_in_a_game_in_play_is_not_deleted(two):
    ana, bob = two
    sign_up(ana, "Ana")
    room, invitations = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=6)
    claim(ana, room, 0, invitations["0"])
    refused = ana.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(ana))
    assert refused.status_code == 409 and refused.json()["key"] == "web.account.still_playing"
    assert ana.get("/api/account").json()["name"] == "Ana"
