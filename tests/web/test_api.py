"""The server's API and WebSocket: playing, seats and tokens, bad input, races, secrecy."""

from __future__ import annotations

import asyncio
import json
import string

import httpx
import pytest

from ludoteca.engine import LANGUAGES
from ludoteca.engine.i18n import read_catalog
from ludoteca.server import Limits
from ludoteca.server.db import ActionRow, RoomRow

TWO_PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
VS_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def create(client, game="pile", options=None, seats=TWO_PEOPLE):
    response = client.post(
        "/api/rooms", json={"game": game, "options": options or {}, "seats": seats}
    )
    assert response.status_code == 200, response.text
    return response.json()


def view(client, room, token=None):
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/rooms/{room}/view", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def act(client, room, seat, token, action, move):
    return client.post(
        f"/api/rooms/{room}/actions",
        json={"seat": seat, "token": token, "action": action, "move": move},
    )


def log_rows(app, room):
    with app.state.hub.db.store.sessions() as session:
        return session.query(ActionRow).filter_by(room_id=room).count()


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    state = ws.receive_json()
    assert state["type"] == "state", state
    return welcome, state


def receive_until(ws, predicate, limit=50):
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


# -- playing -----------------------------------------------------------------------------


def test_a_person_plays_a_bot_to_the_end_over_the_websocket(app, client):
    made = create(client, options={"start": 6, "refill": False}, seats=VS_BOT)
    room, token = made["room"], made["tokens"]["0"]
    assert list(made["tokens"]) == ["0"]  # bots have no token
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        welcome, state = hello(ws, token)
        assert welcome["seat"] == 0 and state["seat"] == 0 and state["svg"].startswith("<svg")
        for _ in range(40):
            if state["observation"]["terminal"]:
                break
            if state["observation"]["legal"]:
                action = state["observation"]["legal"][0]["action"]
                ws.send_text(json.dumps({"type": "act", "action": action, "move": state["move"]}))
            before = state["move"]
            state = receive_until(ws, lambda m, b=before: m["type"] == "state" and m["move"] > b)
        assert state["observation"]["terminal"]
    assert room not in app.state.hub.rooms  # finished and unwatched: out of memory
    assert view(client, room)["observation"]["terminal"]  # and back from the database
    record = client.get(f"/api/rooms/{room}/record").json()
    # the players as the room named them, the bot by its level
    assert record["game"] == "pile" and record["meta"]["players"] == ["Ann", "Bot: random moves"]
    assert record["meta"]["winners"] == state["observation"]["winners"]
    rooms = client.get("/api/rooms").json()
    assert room in [r["id"] for r in rooms["finished"]]
    replayed = client.post("/api/replay", json={"record": record, "step": 2, "lang": "fr"}).json()
    assert replayed["step"] == 2 and replayed["steps"] == len(record["actions"])
    assert replayed["observation"]["move_number"] == 2
    assert replayed["names"] == ["Ann", "Robot : coups au hasard"]


def test_the_record_of_a_game_in_play_is_not_shown(client):
    room = create(client)["room"]
    response = client.get(f"/api/rooms/{room}/record")
    assert response.status_code == 409 and "once the game is over" in response.json()["message"]


def test_the_log_speaks_the_language_of_each_watcher(client):
    made = create(client, seats=VS_BOT)
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        _, state = hello(ws, made["tokens"]["0"], lang="de")
        assert state["observation"]["prompt"]["text"] == "Sie sind am Zug."
        ws.send_text(json.dumps({"type": "lang", "lang": "ru"}))
        state = receive_until(ws, lambda m: m["type"] == "state")
        assert state["observation"]["prompt"]["text"] == "Ваш ход."


def test_a_spectator_sees_the_game_but_cannot_act(client):
    made = create(client)
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        welcome, state = hello(ws)
        assert welcome["seat"] is None and state["observation"]["legal"] == []
        ws.send_text(json.dumps({"type": "act", "action": "take:1", "move": 0}))
        error = ws.receive_json()
        assert error["code"] == 403 and "spectators cannot act" in error["message"]
    assert view(client, made["room"])["move"] == 0


def test_an_open_seat_is_claimed_once(client):
    made = create(client, seats=[{"kind": "person"}, {"kind": "open"}])
    room = made["room"]
    assert room in [r["id"] for r in client.get("/api/rooms").json()["open"]]
    joined = client.post(f"/api/rooms/{room}/join", json={"seat": 1, "name": "Cy"}).json()
    assert view(client, room, joined["token"])["seat"] == 1
    again = client.post(f"/api/rooms/{room}/join", json={"seat": 1, "name": "Dee"})
    assert again.status_code == 409 and "taken" in again.json()["message"]


def test_hints_come_on_a_toggle_and_only_for_the_seat_to_move(client):
    made = create(client, options={"start": 4}, seats=VS_BOT)
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        _, state = hello(ws, made["tokens"]["0"])
        assert state["hint"] is None
        ws.send_text(json.dumps({"type": "hints", "on": True}))
        state = receive_until(ws, lambda m: m["type"] == "state")
        assert state["hint"]["action"] == "take:1" and state["hint"]["reason"] == "take:1"


def test_undo_takes_back_own_decisions_until_chance(client):
    made = create(client, game="count", seats=[{"kind": "person"}])
    room, token = made["room"], made["tokens"]["0"]
    assert act(client, room, 0, token, "add:2", 0).status_code == 200
    assert act(client, room, 0, token, "add:1", 1).status_code == 200
    assert view(client, room, token)["can_undo"]
    undo = client.post(f"/api/rooms/{room}/undo", json={"seat": 0, "token": token, "move": 2})
    assert undo.status_code == 200 and undo.json()["move"] == 3
    state = view(client, room, token)
    assert state["observation"]["scores"] == [2] and state["observation"]["move_number"] == 1
    assert act(client, room, 0, token, "roll", 3).status_code == 200  # chance follows at once
    state = view(client, room, token)
    assert state["observation"]["log"][-1]["seat"] == -1 and not state["can_undo"]
    refused = client.post(f"/api/rooms/{room}/undo", json={"seat": 0, "token": token, "move": 5})
    assert refused.status_code == 409 and "before chance" in refused.json()["message"]


def test_undo_is_refused_once_the_turn_has_passed(client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    assert act(client, room, 0, tokens["0"], "take:1", 0).status_code == 200
    refused = client.post(
        f"/api/rooms/{room}/undo", json={"seat": 0, "token": tokens["0"], "move": 1}
    )
    assert refused.status_code == 409
    assert view(client, room)["move"] == 1


# -- tokens ------------------------------------------------------------------------------


def test_a_forged_token_or_another_seats_token_gets_403_and_changes_nothing(app, client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    before = view(client, room)
    for seat, token in [
        (0, "forged-token"),
        (0, tokens["1"]),
        (1, tokens["0"]),
        (0, ""),
        (0, None),
    ]:
        response = act(client, room, seat, token, "take:1", 0)
        assert response.status_code == 403, (seat, token, response.text)
        assert "only the holder of a seat may act" in response.json()["message"]
    other = create(client)
    assert act(client, room, 0, other["tokens"]["0"], "take:1", 0).status_code == 403
    assert view(client, room) == before and log_rows(app, room) == 0
    assert client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": "x"}).status_code == 403


def test_a_forged_token_on_the_websocket_is_refused_and_closed(app, client):
    from starlette.websockets import WebSocketDisconnect

    room = create(client)["room"]
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "forged", "lang": "de"}))
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == 403
        assert "Nichts wurde geändert" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert log_rows(app, room) == 0


def test_tokens_are_stored_hashed(app, client):
    made = create(client)
    with app.state.hub.db.store.engine.connect() as connection:
        dump = "\n".join(str(row) for row in connection.exec_driver_sql("SELECT * FROM seats"))
    assert made["tokens"]["0"] not in dump and made["tokens"]["1"] not in dump


# -- bad input ---------------------------------------------------------------------------

MALFORMED_FRAMES = [
    "not json",
    "[1, 2]",
    '{"type": 7}',
    '{"no": "type"}',
    '{"type": "dance"}',
    '{"type": "act", "action": "take:1"}',
    '{"type": "act", "action": "take:1", "move": "0"}',
    '{"type": "act", "action": 5, "move": 0}',
    '{"type": "act", "action": "", "move": 0}',
    '{"type": "act", "action": "' + "x" * 500 + '", "move": 0}',
    '{"type": "undo", "move": null}',
]


def test_malformed_websocket_messages_get_a_clear_error_and_change_nothing(app, client):
    made = create(client)
    room = made["room"]
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.send_text('{"type": "act", "action": "take:1", "move": 0}')
        assert ws.receive_json()["key"] == "web.error.hello_first"
        hello(ws, made["tokens"]["0"])
        for frame in MALFORMED_FRAMES:
            ws.send_text(frame)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == 400, (frame, error)
            assert error["message"].startswith("Malformed request"), error
        ws.send_text('{"type": "act", "action": "take:1", "move": 0}')  # still connected
        assert receive_until(ws, lambda m: m["type"] == "ack")["move"] == 1
    assert log_rows(app, room) == 1


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"[]", b'"text"', b'{"game": "pile"}', b'{"game": 3, "seats": []}'],
)
def test_malformed_http_requests_get_a_clear_error(client, body):
    response = client.post("/api/rooms", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["message"]


def test_bad_rooms_are_refused_with_reasons(client):
    def refused(payload):
        response = client.post("/api/rooms", json=payload)
        assert response.status_code == 400
        return response.json()["message"]

    assert "unknown game 'chess'" in refused({"game": "chess", "seats": []})
    assert "option 'start' cannot be 99" in refused(
        {"game": "pile", "options": {"start": 99}, "seats": TWO_PEOPLE}
    )
    assert "exactly 2 seats" in refused({"game": "pile", "seats": TWO_PEOPLE[:1]})
    assert "Unknown bot" in refused(
        {"game": "pile", "seats": [TWO_PEOPLE[0], {"kind": "bot", "bot": "oracle"}]}
    )
    assert client.get("/api/rooms/nosuchroom").status_code == 404


def test_illegal_actions_are_refused_with_the_reason_and_change_nothing(app, client):
    made = create(client, options={"start": 1, "refill": False})
    room, tokens = made["room"], made["tokens"]
    response = act(client, room, 0, tokens["0"], "take:2", 0)
    assert response.status_code == 422
    assert response.json()["message"] == "Not played: take:2 is not one of the legal actions here."
    response = act(client, room, 1, tokens["1"], "take:1", 0)
    assert response.status_code == 409 and "not your turn" in response.json()["message"]
    assert log_rows(app, room) == 0 and view(client, room)["move"] == 0
    assert act(client, room, 0, tokens["0"], "take:1", 0).status_code == 200
    over = act(client, room, 1, tokens["1"], "take:1", 1)
    assert over.status_code == 409 and "over" in over.json()["message"]


# -- the race ----------------------------------------------------------------------------


async def _race(app, room, token, move, actions):
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        return await asyncio.gather(
            *(
                client.post(
                    f"/api/rooms/{room}/actions",
                    json={"seat": 0, "token": token, "action": action, "move": move},
                )
                for action in actions
            )
        )


def test_two_actions_racing_for_one_room_one_wins_the_other_is_told_it_moved_on(app, client):
    for _ in range(5):
        made = create(client, game="count", seats=[{"kind": "person"}])
        room, token = made["room"], made["tokens"]["0"]
        responses = asyncio.run(_race(app, room, token, 0, ["add:1", "add:2", "stop"]))
        codes = sorted(r.status_code for r in responses)
        assert codes == [200, 409, 409], [r.text for r in responses]
        for loser in (r for r in responses if r.status_code == 409):
            assert "The game moved on" in loser.json()["message"]
        assert log_rows(app, room) == 1 and view(client, room)["move"] == 1


def test_a_stale_move_number_is_refused(client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    assert act(client, room, 0, tokens["0"], "take:1", 0).status_code == 200
    stale = act(client, room, 1, tokens["1"], "take:1", 0)
    assert stale.status_code == 409 and "moved on (it is now at move 1)" in stale.json()["message"]


# -- secrecy -----------------------------------------------------------------------------


def _keys(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def play_to_the_end(ws, heard, limit=2000):
    """Play the last legal action in each of our positions until the game ends; returns the
    last state. Every text received is added to ``heard``. One action per position: a position
    may be shown twice (the hello's view, then the hints' one). Any refusal fails the test with
    its message, rather than leave it waiting for a state that will never come."""
    acted, state = set(), None
    for _ in range(limit):
        text = ws.receive_text()
        heard.append(text)
        message = json.loads(text)
        assert message["type"] != "error", message
        if message["type"] != "state":
            continue
        state = message
        if state["observation"]["terminal"]:
            return state
        if state["observation"]["legal"] and state["move"] not in acted:
            acted.add(state["move"])
            action = state["observation"]["legal"][-1]["action"]
            ws.send_text(json.dumps({"type": "act", "action": action, "move": state["move"]}))
    raise AssertionError(f"no end after {limit} messages; the last state: {state}")


# a script plays far faster than a person: a long game may send more than the 20 messages a
# second a client may send, and an action over the quota is refused (tested in test_hardening)
BRISK = Limits(messages="1000/second")


@pytest.mark.parametrize("app", [{"limits": BRISK}], indirect=True)
def test_nothing_sent_to_clients_holds_the_seed_or_the_rng(app, client):
    made = create(client, options={"start": 9, "refill": True}, seats=VS_BOT)
    room, token = made["room"], made["tokens"]["0"]
    sent = [json.dumps(made)]
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        ws.send_text(json.dumps({"type": "hints", "on": True}))
        play_to_the_end(ws, sent)
    for path in (
        f"/api/rooms/{room}",
        f"/api/rooms/{room}/view",
        "/api/rooms",
        f"/api/rooms/{room}/record",
    ):
        sent.append(client.get(path).text)
    assert any("roll:" in text for text in sent)  # chance happened and was shown
    with app.state.hub.db.store.sessions() as session:
        seed = session.get(RoomRow, room).seed
    for text in sent:
        assert seed not in text and seed[:8] not in text
        data = json.loads(text)
        assert not {"seed", "rng", "random_state", "token_hash"} & {
            str(k).lower() for k in _keys(data)
        }


def test_a_message_the_server_fails_to_handle_closes_the_socket(app, client, monkeypatch):
    """A fault of the server's own while it handles a message closes the socket with 1011.
    The socket used to take such a fault (any RuntimeError) for the client going away and end
    without closing, and the client waited for ever for an answer (TestClient's receive
    too): the secrecy test above hung so."""
    from starlette.websockets import WebSocketDisconnect

    made = create(client)

    async def failing(room, watcher):
        raise RuntimeError("a fault while drawing the view")

    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        hello(ws, made["tokens"]["0"])
        monkeypatch.setattr(app.state.hub.publisher, "send_view", failing)
        ws.send_text(json.dumps({"type": "hints", "on": True}))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011


# -- words -------------------------------------------------------------------------------


def test_the_web_catalogs_agree_in_every_language():
    catalogs = {lang: read_catalog("web", lang) for lang in LANGUAGES}
    keys = {lang: {m.id for m in catalog if m.id} for lang, catalog in catalogs.items()}
    assert all(keys[lang] == keys["en"] for lang in LANGUAGES)
    fields = lambda text: {name for _, name, _, _ in string.Formatter().parse(text) if name}  # noqa: E731
    for message in catalogs["en"]:
        if message.id:
            for lang in LANGUAGES:
                other = catalogs[lang].get(message.id).string
                assert other and fields(other) == fields(message.string), (lang, message.id)


def test_every_string_the_client_uses_is_in_the_catalogs():
    from ludoteca.web import STATIC

    scripts = sorted(STATIC.glob("js/**/*.js"))
    source = "".join(path.read_text() for path in scripts) + (STATIC / "index.html").read_text()
    import re

    used = set(re.findall(r"[\"'`](web\.[a-z_.]+[a-z_])[\"'`]", source))
    known = {m.id for m in read_catalog("web", "en") if m.id}
    known |= {key.removesuffix(".other") for key in known if key.endswith(".other")}  # plural()
    assert used and used <= known, sorted(used - known)


def test_the_language_comes_from_the_browser_and_the_catalog_is_served(client):
    page = client.get("/room/abc", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"})
    assert 'data-browser-lang="fr"' in page.text
    page = client.get("/", headers={"Accept-Language": "ja, ru;q=0.5"})
    assert 'data-browser-lang="ru"' in page.text
    strings = client.get("/api/i18n/de").json()
    assert strings["web.lobby.start"] == "Spiel starten"
    assert client.get("/api/i18n/xx").status_code == 404
    games = client.get("/api/games?lang=de").json()
    pile = next(g for g in games if g["id"] == "pile")
    assert pile["options"][0]["label"] == "Anzahl der Spieler" or pile["options"][0]["label"]
    refill = next(o for o in pile["options"] if o["name"] == "refill")
    assert refill["choice_labels"] == ["ja", "nein"]


def test_everyone_in_a_room_learns_who_is_connected(client):
    """A player coming or going is told to everyone at once (one small ``presence``
    message); spectators are counted for the players a moment later, never by re-sending
    views."""
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    with client.websocket_connect(f"/ws/rooms/{room}") as first:
        _, state = hello(first, tokens["0"])
        assert state["room"]["online"] == [0] and state["room"]["spectators"] == 0
        with client.websocket_connect(f"/ws/rooms/{room}") as second:
            _, state = hello(second, tokens["1"])
            assert state["room"]["online"] == [0, 1]
            presence = first.receive_json()
            presence.pop("claim_at")  # when a seat gone may lose (a time)
            assert presence == {"type": "presence", "online": [0, 1], "spectators": 0}
            with client.websocket_connect(f"/ws/rooms/{room}") as watcher:
                hello(watcher)
                presence = first.receive_json()  # after the pause, players only
                assert presence["type"] == "presence" and presence["spectators"] == 1
                assert second.receive_json() == presence
        presence = receive_until(first, lambda m: m["type"] == "presence" and m["online"] == [0])
        assert presence["spectators"] in (0, 1)  # the spectator's leaving may come separately


def test_rules_pages_are_rendered_from_markdown_in_every_language(client):
    from ludoteca.games import registry

    for game_id in registry.ids():
        if game_id in ("pile", "count"):
            continue
        for lang in LANGUAGES:
            page = client.get(f"/api/rules/{game_id}?lang={lang}")
            assert page.status_code == 200, (game_id, lang)
            assert "<p>" in page.json()["html"] and "<script" not in page.json()["html"]
    missing = client.get("/api/rules/pile?lang=fr")
    assert missing.status_code == 404 and "pile" in missing.json()["message"]
    assert client.get("/api/rules/chess").status_code == 404


def test_a_bot_thinking_in_one_room_never_stalls_another(client):
    """The bot of room A waits until room B's action is acknowledged: were bots run on the
    event loop, B could never be served and A's bot would wait forever."""
    import threading

    from ludoteca.bots import BOTS, Bot

    released = threading.Event()

    class WaitingBot(Bot):
        def choose(self, state):
            assert released.wait(timeout=30), "room B was never served"
            return state.legal_actions()[0]

    BOTS["waiting"] = WaitingBot
    try:
        a = create(client, seats=[{"kind": "bot", "bot": "waiting"}, {"kind": "person"}])
        b = create(client)
        assert view(client, a["room"])["move"] == 0  # A's bot is thinking
        assert act(client, b["room"], 0, b["tokens"]["0"], "take:1", 0).status_code == 200
        assert view(client, a["room"])["move"] == 0
        released.set()
        for _ in range(200):
            if view(client, a["room"])["move"] == 1:
                break
            threading.Event().wait(0.02)
        assert view(client, a["room"])["move"] == 1
    finally:
        released.set()
        del BOTS["waiting"]
