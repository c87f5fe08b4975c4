"""Seats belong to whoever takes them: an invitation is exchanged for a fresh token when it is
opened, and the host may replace an invitation nobody has opened yet."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .test_api import act, create, hello, log_rows, view


def claim(client, room, seat, token, name=None):
    return client.post(
        f"/api/rooms/{room}/claim", json={"seat": seat, "token": token, "name": name}
    )


def test_opening_an_invitation_gives_a_fresh_token_and_the_invitation_stops_working(app, client):
    made = create(client)
    room, invitation, host = made["room"], made["tokens"]["1"], made["host"]
    opened = claim(client, room, 1, invitation, "Bea")
    assert opened.status_code == 200
    token = opened.json()["token"]
    assert token != invitation and opened.json()["seat"] == 1
    seats = client.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[1]["claimed"] and seats[1]["name"] == "Bea" and not seats[0]["claimed"]
    # the invitation (which the host also knows) no longer acts, views or opens again
    assert act(client, room, 0, made["tokens"]["0"], "take:1", 0).status_code == 200
    assert act(client, room, 1, invitation, "take:1", 1).status_code == 403
    assert (
        client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": invitation}).status_code
        == 403
    )
    assert claim(client, room, 1, invitation).status_code == 403
    # nor can the host replace it now that it is claimed
    refused = client.post(f"/api/rooms/{room}/revoke", json={"seat": 1, "host": host})
    assert refused.status_code == 409
    assert act(client, room, 1, token, "take:1", 1).status_code == 200
    assert log_rows(app, room) == 2


def test_a_socket_holding_an_invitation_loses_the_seat_when_it_is_opened(client):
    made = create(client)
    room, invitation = made["room"], made["tokens"]["1"]
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws, invitation)
        assert claim(client, room, 1, invitation).status_code == 200
        error = ws.receive_json()
        assert error["code"] == 403
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_the_host_replaces_an_invitation_not_yet_opened(client):
    made = create(client)
    room, old, host = made["room"], made["tokens"]["1"], made["host"]
    replaced = client.post(f"/api/rooms/{room}/revoke", json={"seat": 1, "host": host})
    assert replaced.status_code == 200
    new = replaced.json()["token"]
    assert new != old
    assert claim(client, room, 1, old).status_code == 403  # the old link is dead
    assert act(client, room, 1, old, "take:1", 0).status_code == 403
    assert claim(client, room, 1, new).status_code == 200


def test_only_the_host_replaces_invitations(client):
    made = create(client)
    room = made["room"]
    for host in (made["tokens"]["0"], "forged", made["tokens"]["1"]):
        response = client.post(f"/api/rooms/{room}/revoke", json={"seat": 1, "host": host})
        assert response.status_code == 403 and response.json()["key"] == "web.error.not_host"
    other = create(client)
    refused = client.post(f"/api/rooms/{room}/revoke", json={"seat": 1, "host": other["host"]})
    assert refused.status_code == 403
    assert claim(client, room, 1, made["tokens"]["1"]).status_code == 200


def test_an_invitation_is_opened_once_even_when_two_race(app, client):
    import asyncio

    import httpx

    made = create(client)
    room, invitation = made["room"], made["tokens"]["1"]

    async def race():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return await asyncio.gather(
                *(
                    http.post(f"/api/rooms/{room}/claim", json={"seat": 1, "token": invitation})
                    for _ in range(4)
                )
            )

    codes = sorted(r.status_code for r in asyncio.run(race()))
    assert codes[0] == 200 and codes[1:] and all(code in (403, 409) for code in codes[1:])


def test_open_seats_and_bots_have_no_invitation(client):
    made = create(client, seats=[{"kind": "person"}, {"kind": "open"}])
    assert list(made["tokens"]) == ["0"]
    joined = client.post(f"/api/rooms/{made['room']}/join", json={"seat": 1, "name": "Cy"})
    assert joined.status_code == 200
    assert client.get(f"/api/rooms/{made['room']}").json()["seats"][1]["claimed"]
    refused = client.post(
        f"/api/rooms/{made['room']}/revoke", json={"seat": 1, "host": made["host"]}
    )
    assert refused.status_code == 409
    assert view(client, made["room"], joined.json()["token"])["seat"] == 1
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["host"]}))
        assert ws.receive_json()["code"] == 403  # the host token is no seat token
