"""The table around a game over the WebSocket: resign, draws, abandon, rematch, chat, clocks."""

from __future__ import annotations

import json

from .test_api import hello, receive_until

TWO_PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
THREE = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "random"},
]


def seated(client, game="pile", options=None, seats=TWO_PEOPLE, table=None):
    """A room whose person seats are all claimed; returns (room, {seat: token})."""
    body = {"game": game, "options": options or {}, "seats": seats, "table": table or {}}
    made = client.post("/api/rooms", json=body)
    assert made.status_code == 200, made.text
    room, tokens = made.json()["room"], {}
    for seat, invitation in made.json()["tokens"].items():
        claimed = client.post(
            f"/api/rooms/{room}/claim", json={"seat": int(seat), "token": invitation}
        )
        tokens[int(seat)] = claimed.json()["token"]
    return room, tokens


def send(ws, **message):
    ws.send_text(json.dumps(message))


def test_resigning_a_two_player_game_ends_it_and_the_other_seat_wins(client):
    room, tokens = seated(client, options={"start": 8})
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        _, state = hello(ws, tokens[0])
        send(ws, type="table", do="resign", move=state["move"])
        state = receive_until(ws, lambda m: m["type"] == "state" and m["room"]["result"])
        assert state["room"]["result"] == {"reason": "resign", "seat": 0, "winners": [1]}
        assert state["room"]["status"] == "finished"
        assert state["room"]["events"][-1]["kind"] == "resign"
        send(ws, type="act", action="take:1", move=state["move"])
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == 409
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["meta"]["winners"] == [1]
    assert record["meta"]["ending"]["result"]["reason"] == "resign"


def test_a_seat_resigning_among_three_is_taken_over_by_the_rooms_bot(client, test_games):
    room, tokens = seated(
        client, game="habitats", options={"players": 3}, seats=THREE, table={"takeover": "random"}
    )
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        _, state = hello(ws, tokens[1])
        send(ws, type="table", do="resign", move=state["move"])
        state = receive_until(ws, lambda m: m["type"] == "state" and m["room"]["events"])
        assert state["room"]["status"] == "playing" and state["room"]["result"] is None
        assert state["room"]["seats"][1]["kind"] == "bot"
        send(ws, type="table", do="resign", move=state["move"])
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert "bot plays this seat" in error["message"]


def test_a_draw_offered_and_agreed_shares_the_win(client):
    room, tokens = seated(client, game="bohnen")
    with (
        client.websocket_connect(f"/ws/rooms/{room}") as ann,
        client.websocket_connect(f"/ws/rooms/{room}") as bob,
    ):
        _, state = hello(ann, tokens[0])
        hello(bob, tokens[1])
        send(bob, type="table", do="agree", move=state["move"])
        assert "no draw offer" in receive_until(bob, lambda m: m["type"] == "error")["message"]
        send(ann, type="table", do="draw", move=state["move"])
        state = receive_until(bob, lambda m: m["type"] == "state" and m["room"]["draw"])
        assert state["room"]["draw"] == [0]
        send(bob, type="table", do="agree", move=state["move"])
        state = receive_until(bob, lambda m: m["type"] == "state" and m["room"]["result"])
        assert state["room"]["result"]["reason"] == "draw"
        assert state["room"]["result"]["winners"] == [0, 1]


def test_no_draw_in_a_game_without_shared_wins_and_a_clear_error(client):
    room, tokens = seated(client)
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        _, state = hello(ws, tokens[0])
        send(ws, type="table", do="draw", move=state["move"])
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == 409 and "draw cannot be offered" in error["message"]
        send(ws, type="table", do="surrender", move=0)
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == 400
        send(ws, type="act", action="take:1", move=state["move"])  # still connected
        assert receive_until(ws, lambda m: m["type"] == "ack")


def test_abandon_only_before_the_other_person_moved(client):
    room, tokens = seated(client, options={"start": 9})
    with (
        client.websocket_connect(f"/ws/rooms/{room}") as ann,
        client.websocket_connect(f"/ws/rooms/{room}") as bob,
    ):
        _, state = hello(ann, tokens[0])
        hello(bob, tokens[1])
        send(ann, type="act", action="take:1", move=state["move"])
        state = receive_until(bob, lambda m: m["type"] == "state" and m["move"] > 0)
        send(bob, type="table", do="abandon", move=state["move"])  # Ann has moved: no
        error = receive_until(bob, lambda m: m["type"] == "error")
        assert error["code"] == 409 and "before another person has moved" in error["message"]
        send(ann, type="table", do="abandon", move=state["move"])  # Bob has not: yes
        state = receive_until(bob, lambda m: m["type"] == "state" and m["room"]["result"])
        assert state["room"]["status"] == "abandoned"
        assert state["room"]["result"] == {"reason": "abandon", "seat": 0, "winners": []}


def test_a_rematch_opens_when_both_ask_with_the_seats_rotated(client):
    room, tokens = seated(client, options={"start": 3})
    with (
        client.websocket_connect(f"/ws/rooms/{room}") as ann,
        client.websocket_connect(f"/ws/rooms/{room}") as bob,
    ):
        _, state = hello(ann, tokens[0])
        hello(bob, tokens[1])
        send(bob, type="table", do="rematch", move=state["move"])
        assert (
            "once the game is over" in receive_until(bob, lambda m: m["type"] == "error")["message"]
        )
        send(ann, type="table", do="resign", move=state["move"])
        state = receive_until(bob, lambda m: m["type"] == "state" and m["room"]["result"])
        send(bob, type="table", do="rematch", move=state["move"])
        # a small message, not everyone's view again
        votes = receive_until(ann, lambda m: m["type"] == "rematch_votes")
        assert votes == {"type": "rematch_votes", "votes": [1]}
        send(ann, type="table", do="rematch", move=state["move"])
        told_ann = receive_until(ann, lambda m: m["type"] == "rematch")
        told_bob = receive_until(bob, lambda m: m["type"] == "rematch")
    assert told_ann["room"] == told_bob["room"] != room
    assert (told_ann["seat"], told_bob["seat"]) == (1, 0)
    new = told_ann["room"]
    info = client.get(f"/api/rooms/{new}").json()
    assert [s["name"] for s in info["seats"]] == ["Bob", "Ann"]
    assert info["options"]["start"] == 3
    with client.websocket_connect(f"/ws/rooms/{new}") as ws:
        welcome, _ = hello(ws, told_bob["token"])
        assert welcome["seat"] == 0
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:  # coming back to the old room
        welcome, _ = hello(ws, tokens[0])
        assert {**welcome["rematch"], "type": "rematch"} == told_ann


def test_chat_reaches_the_other_seat_as_plain_text_and_is_kept(client):
    room, tokens = seated(client)
    with (
        client.websocket_connect(f"/ws/rooms/{room}") as ann,
        client.websocket_connect(f"/ws/rooms/{room}") as bob,
    ):
        hello(ann, tokens[0])
        hello(bob, tokens[1])
        send(ann, type="chat", text="  <b>hi</b>\x07 ")
        said = receive_until(bob, lambda m: m["type"] == "chat")
        assert said["messages"][0]["text"] == "<b>hi</b>" and said["messages"][0]["seat"] == 0
        assert said["messages"][0]["name"] == "Ann"
        send(ann, type="chat", text="x" * 501)
        assert "at most 500" in receive_until(ann, lambda m: m["type"] == "error")["message"]
        send(ann, type="chat", text=" ")
        assert "empty" in receive_until(ann, lambda m: m["type"] == "error")["message"]
    with client.websocket_connect(f"/ws/rooms/{room}") as spectator:
        welcome, _ = hello(spectator)
        assert [m["text"] for m in welcome["chat"]] == ["<b>hi</b>"]
        send(spectator, type="chat", text="hello")
        error = receive_until(spectator, lambda m: m["type"] == "error")
        assert error["code"] == 403 and "Spectators cannot chat" in error["message"]


def test_chat_is_rate_limited_with_the_quotas(client):
    room, tokens = seated(client)
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        hello(ws, tokens[0])
        for n in range(5):
            send(ws, type="chat", text=f"m{n}")
        send(ws, type="chat", text="one too many")
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == 429 and error["retry_after"] >= 1


def test_the_lobby_chat_keeps_messages_and_refuses_bad_ones(client):
    said = client.post("/api/lobby/chat", json={"name": "Ann", "text": "<i>hello</i>"})
    assert said.status_code == 200 and said.json()["text"] == "<i>hello</i>"
    messages = client.get("/api/lobby/chat").json()["messages"]
    assert [m["text"] for m in messages] == ["<i>hello</i>"]
    assert client.get(f"/api/lobby/chat?after={messages[-1]['id']}").json()["messages"] == []
    bad = client.post("/api/lobby/chat", json={"name": "Ann", "text": ""})
    assert bad.status_code == 400
    long = client.post("/api/lobby/chat?lang=de", json={"name": "Ann", "text": "y" * 600})
    assert long.status_code == 400 and "höchstens 500" in long.json()["message"]


def test_a_clock_runs_out_on_the_server_and_the_seat_loses(client):
    room, tokens = seated(
        client, options={"start": 9}, table={"clock": "fischer", "base": 1, "increment": 0}
    )
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        _, state = hello(ws, tokens[1])
        assert state["room"]["clock"]["running"] == 0
        state = receive_until(ws, lambda m: m["type"] == "state" and m["room"]["result"])
    assert state["room"]["result"] == {"reason": "timeout", "seat": 0, "winners": [1]}


def test_bad_table_options_are_refused_clearly(client):
    body = {"game": "pile", "seats": TWO_PEOPLE, "table": {"clock": "fischer", "base": 0}}
    assert client.post("/api/rooms", json=body).status_code == 400
    body["table"] = {"takeover": "nobody"}
    refused = client.post("/api/rooms", json=body)
    assert refused.status_code == 400 and refused.json()["key"] == "web.error.bad_bot"
