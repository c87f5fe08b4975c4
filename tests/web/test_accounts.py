"""Accounts: sign-up rules, sessions with their cookie and CSRF token, a guest's seats moving
to its account, ratings after a rated game, profiles, leaderboards and solo progress."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ludoteca import load_game
from ludoteca.games.hares import solve
from ludoteca.server import Settings, create_app
from ludoteca.server.logins import PAIR_FAILURES

PASSWORD = "sow-beans-in-autumn"


def csrf(client: TestClient) -> dict[str, str]:
    if "ludoteca_csrf" not in client.cookies:
        client.get("/api/account")
    return {"X-CSRF-Token": client.cookies["ludoteca_csrf"]}


def sign_up(client: TestClient, name: str, **extra) -> dict:
    response = client.post(
        "/api/account/signup",
        json={"name": name, "password": PASSWORD, **extra},
        headers=csrf(client),
    )
    assert response.status_code == 200, response.text
    return response.json()


def post(client: TestClient, path: str, body: dict) -> dict:
    response = client.post(path, json=body, headers=csrf(client))
    assert response.status_code == 200, response.text
    return response.json()


def room_with(client: TestClient, game: str, seats: list[dict], **options) -> tuple[str, dict]:
    made = post(client, "/api/rooms", {"game": game, "options": options, "seats": seats})
    return made["room"], made["tokens"]


def claim(client: TestClient, room: str, seat: int, token: str) -> str:
    return post(client, f"/api/rooms/{room}/claim", {"seat": seat, "token": token})["token"]


def play_pile(client: TestClient, room: str, tokens: dict[int, str], takes: list[int]) -> None:
    """Play ``takes`` in turn (seats alternate from 0); each seat acts with its own client."""
    for move, take in enumerate(takes):
        seat = move % 2
        post(
            client,
            f"/api/rooms/{room}/actions",
            {"seat": seat, "token": tokens[seat], "action": f"take:{take}", "move": move},
        )


@pytest.fixture
def two(app):
    """Two browsers on one server (the first runs the app's start and end)."""
    with TestClient(app) as one:
        yield one, TestClient(app)


def test_sign_up_logs_in_with_a_cookie_only_the_server_reads(client):
    response = client.post(
        "/api/account/signup", json={"name": "Ana", "password": PASSWORD}, headers=csrf(client)
    )
    assert response.json()["name"] == "Ana" and response.json()["adopted"] == 0
    cookie = response.headers["set-cookie"]
    assert "ludoteca_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain HTTP here; see the HTTPS test
    assert client.get("/api/account").json()["name"] == "Ana"
    post(client, "/api/account/logout", {})
    assert client.get("/api/account").json()["name"] is None
    post(client, "/api/account/login", {"name": "ana", "password": PASSWORD})  # any case
    assert client.get("/api/account").json()["name"] == "Ana"


def test_cookies_are_secure_over_https(app):
    with TestClient(app, base_url="https://testserver") as client:
        response = client.get("/api/account")
        assert "Secure" in response.headers["set-cookie"]
        response = client.post(
            "/api/account/signup", json={"name": "Ana", "password": PASSWORD}, headers=csrf(client)
        )
        assert "Secure" in response.headers["set-cookie"]


@pytest.mark.parametrize(
    ("name", "password", "key"),
    [
        ("ab", PASSWORD, "web.account.bad_name"),
        ("1abc", PASSWORD, "web.account.bad_name"),
        ("a b c", PASSWORD, "web.account.bad_name"),
        ("Ana", "short", "web.account.short_password"),
        ("Ana", "password1234", "web.account.weak_password"),
        ("Ana", "Ana123456789", "web.account.weak_password"),
        ("Ana", "x" * 200, "web.account.long_password"),
    ],
)
def test_bad_names_and_weak_passwords_are_refused_clearly(client, name, password, key):
    response = client.post(
        "/api/account/signup",
        json={"name": name, "password": password},
        headers=csrf(client),
        params={"lang": "de"},
    )
    assert response.status_code == 400 and response.json()["key"] == key
    assert response.json()["message"]  # in German: the catalogs have every key
    assert client.get("/api/account").json()["name"] is None


def test_names_are_unique_whatever_the_case_and_cyrillic_names_work(client):
    sign_up(client, "Ана")
    response = client.post(
        "/api/account/signup", json={"name": "АНА", "password": PASSWORD}, headers=csrf(client)
    )
    assert response.status_code == 409 and response.json()["key"] == "web.account.name_taken"


def test_a_bad_login_says_the_same_for_name_and_password(client):
    sign_up(client, "Ana")
    post(client, "/api/account/logout", {})
    for name, password in (("Ana", "wrong-password"), ("Nobody", PASSWORD)):
        response = client.post(
            "/api/account/login", json={"name": name, "password": password}, headers=csrf(client)
        )
        assert response.status_code == 401 and response.json()["key"] == "web.account.bad_login"


def test_log_ins_have_a_quota(client):
    """Wrong passwords for one name from one address (server/logins.py; the other rules are
    in tests/web/test_logins.py)."""
    codes = [
        client.post(
            "/api/account/login",
            json={"name": "Ana", "password": "nope-nope"},
            headers=csrf(client),
        ).status_code
        for _ in range(PAIR_FAILURES + 1)
    ]
    assert codes == [401] * PAIR_FAILURES + [429]


def test_unsafe_requests_need_the_csrf_token(client):
    client.get("/api/account")
    response = client.post("/api/account/signup", json={"name": "Ana", "password": PASSWORD})
    assert response.status_code == 403 and response.json()["key"] == "web.error.csrf"
    sign_up(client, "Ana")
    body = {"game": "pile", "seats": [{"kind": "person"}, {"kind": "person"}]}
    # logged in: any unsafe request must carry the token (a cross-site form cannot)
    refused = client.post("/api/rooms", json=body)
    assert refused.status_code == 403 and refused.json()["key"] == "web.error.csrf"
    wrong = client.post("/api/rooms", json=body, headers={"X-CSRF-Token": "forged"})
    assert wrong.status_code == 403
    assert client.post("/api/rooms", json=body, headers=csrf(client)).status_code == 200


def test_change_password(client):
    sign_up(client, "Ana")
    response = client.post(
        "/api/account/password",
        json={"old": "not-it-at-all", "new": "plant-carrots-in-may"},
        headers=csrf(client),
    )
    assert response.status_code == 401 and response.json()["key"] == "web.account.bad_password"
    post(client, "/api/account/password", {"old": PASSWORD, "new": "plant-carrots-in-may"})
    post(client, "/api/account/logout", {})
    post(client, "/api/account/login", {"name": "Ana", "password": "plant-carrots-in-may"})


def test_bad_bodies_get_clear_errors(client):
    for body in ({}, {"name": 3, "password": "x"}, {"name": "Ana", "password": PASSWORD, "x": 1}):
        response = client.post("/api/account/signup", json=body, headers=csrf(client))
        assert response.status_code == 400 and response.json()["key"] == "web.error.malformed"
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/leaderboard/nogame").status_code == 404
    assert (
        client.post(
            "/api/account/password", json={"old": "a", "new": "b"}, headers=csrf(client)
        ).status_code
        == 401
    )


def test_a_rated_game_between_two_accounts_moves_both_ratings(two):
    ana, bo = two
    sign_up(ana, "Ana")
    sign_up(bo, "Bob")
    room, invitations = room_with(
        ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=6, refill=False
    )
    tokens = {0: claim(ana, room, 0, invitations["0"]), 1: claim(bo, room, 1, invitations["1"])}
    seats = ana.get(f"/api/rooms/{room}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bob"] and all(s["account"] for s in seats)
    play_pile(ana, room, tokens, [1] * 6)  # three decisions each (a shorter game is unrated)
    record = ana.get(f"/api/rooms/{room}/record").json()
    winner = record["meta"]["winners"]
    names = {0: "Ana", 1: "Bob"}
    ana_profile = ana.get("/api/players/Ana").json()
    bo_profile = bo.get("/api/players/bob").json()
    won, lost = (bo_profile, ana_profile) if winner == [1] else (ana_profile, bo_profile)
    assert won["ratings"]["pile"]["rating"] > 1500 > lost["ratings"]["pile"]["rating"]
    assert won["ratings"]["pile"]["provisional"] and won["ratings"]["pile"]["games"] == 1
    assert len(won["ratings"]["pile"]["history"]) == 1
    for profile in (ana_profile, bo_profile):
        assert profile["recent"][0]["room"] == room and profile["games"]["pile"]["played"] == 1
    board = ana.get("/api/leaderboard/pile").json()
    assert [row["name"] for row in board["players"]] == [names[winner[0]], names[1 - winner[0]]]


def test_a_game_with_a_guest_is_not_rated(two):
    ana, guest = two
    sign_up(ana, "Ana")
    room, invitations = room_with(
        ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=2, refill=False
    )
    tokens = {0: claim(ana, room, 0, invitations["0"]), 1: claim(guest, room, 1, invitations["1"])}
    play_pile(ana, room, tokens, [1, 1])
    assert ana.get("/api/players/Ana").json()["ratings"] == {}


def test_a_room_may_be_unrated(two):
    ana, bo = two
    sign_up(ana, "Ana")
    sign_up(bo, "Bob")
    made = post(
        ana,
        "/api/rooms",
        {
            "game": "pile",
            "options": {"start": 2, "refill": False},
            "rated": False,
            "seats": [{"kind": "person"}, {"kind": "person"}],
        },
    )
    room = made["room"]
    tokens = {
        0: claim(ana, room, 0, made["tokens"]["0"]),
        1: claim(bo, room, 1, made["tokens"]["1"]),
    }
    play_pile(ana, room, tokens, [1, 1])
    assert ana.get("/api/players/Ana").json()["ratings"] == {}
    assert ana.get("/api/players/Ana").json()["games"]["pile"]["played"] == 1


def test_a_guest_keeps_its_games_when_it_signs_up(client):
    guest_signs_up(client, "Ana")


def guest_signs_up(client: TestClient, name: str) -> None:
    room, invitations = room_with(
        client, "pile", [{"kind": "person"}, {"kind": "person"}], start=5, refill=False
    )
    tokens = {s: claim(client, room, s, invitations[str(s)]) for s in (0, 1)}
    play_pile(client, room, tokens, [1])  # a game in progress
    held = [{"room": room, "seat": s, "token": tokens[s]} for s in (0, 1)]
    held.append({"room": room, "seat": 0, "token": "not-the-token"})
    answer = sign_up(client, name, seats=held)
    assert answer["adopted"] == 2
    profile = client.get(f"/api/players/{name}").json()
    assert profile["own"] and [r["room"] for r in profile["playing"]] == [room, room]
    assert [s["name"] for s in client.get(f"/api/rooms/{room}").json()["seats"]] == [name, name]
    # the same seat cannot be taken again by another account
    assert sign_up(TestClient(client.app), name + "x", seats=held)["adopted"] == 0


def test_your_move_first_on_your_own_profile(two):
    ana, bo = two
    sign_up(ana, "Ana")
    sign_up(bo, "Bob")
    waiting, inv = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=5)
    claim(ana, waiting, 1, inv["1"])  # seat 0 moves first: not Ana's move
    mine, inv2 = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=5)
    claim(ana, mine, 0, inv2["0"])
    playing = ana.get("/api/players/Ana").json()["playing"]
    assert [(r["room"], r["your_move"]) for r in playing] == [(mine, True), (waiting, False)]
    assert "playing" not in bo.get("/api/players/Ana").json()  # not on someone else's view
    listed = {r["id"]: r for r in ana.get("/api/rooms").json()["playing"]}
    assert listed[mine]["to_move"] == 0


def test_your_move_is_known_of_rooms_no_longer_in_memory(tmp_path, test_games):
    from ludoteca.server import Settings, create_app

    first = create_app(Settings(data_dir=tmp_path, bot_workers=0))
    with TestClient(first) as ana:
        sign_up(ana, "Ana")
        fresh, inv = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=5)
        claim(ana, fresh, 0, inv["0"])  # seat 0 moves first
        moved, inv2 = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=5)
        tokens = {seat: claim(ana, moved, seat, inv2[str(seat)]) for seat in (0, 1)}
        play_pile(ana, moved, tokens, [1])  # seat 1 to move
        cookies = dict(ana.cookies)
    first.state.hub.close()
    again = create_app(Settings(data_dir=tmp_path, bot_workers=0))  # a restart: nothing loaded
    with TestClient(again, cookies=cookies) as ana:
        again.state.hub.evict_idle(0)  # a room resumed at the start leaves memory again
        assert again.state.hub.rooms == {}
        listed = {r["id"]: r["to_move"] for r in ana.get("/api/rooms").json()["playing"]}
        assert listed == {fresh: 0, moved: 1}
        playing = ana.get("/api/players/Ana").json()["playing"]
        assert sorted((r["room"], r["your_move"]) for r in playing) == sorted(
            [(fresh, True), (moved, False), (moved, True)]
        )
        games = {r["room"]: r["your_move"] for r in ana.get("/api/account/games").json()["playing"]}
        assert games == {fresh: True, moved: True}
    again.state.hub.close()


def play_hares(client: TestClient, level: int) -> str:
    """Play a Hares level card as well as it can be played (the exact solver's moves)."""
    room, invitations = room_with(
        client, "hares", [{"kind": "person"}], level=level, colour="white"
    )
    token = claim(client, room, 0, invitations["0"])
    state = load_game("hares", level=level, colour="white").new_initial_state()
    move = 0
    while not state.is_terminal():
        _, action = solve(state)
        move = post(
            client,
            f"/api/rooms/{room}/actions",
            {"seat": 0, "token": token, "action": action, "move": move},
        )["move"]
        state = state.apply(action)
    return token_entry(room, token)


def token_entry(room: str, token: str) -> str:
    return f"{room} {token}"


def stars_of(progress):
    """Hares' stars per level won so far, and the levels offered (every one is open)."""
    items = progress["hares"]["items"]
    won = {item["key"]: item["stars"] for item in items if item["stars"]}
    return won, [item["key"] for item in items]


def test_hares_stars_are_kept_for_a_guest_and_then_its_account_every_level_open(client):
    every = [str(level) for level in range(1, 21)]
    empty = post(client, "/api/progress", {"seats": []})
    assert empty["hares"]["total"] == 0 and empty["hares"]["of"] == 60
    assert stars_of(empty) == ({}, every)
    room, token = play_hares(client, 1).split()
    held = [{"room": room, "seat": 0, "token": token}]
    guest = post(client, "/api/progress", {"seats": held})
    assert stars_of(guest) == ({"1": 3}, every)
    assert guest["hares"]["total"] == 3
    # a wrong token shows nothing
    assert (
        post(client, "/api/progress", {"seats": [{**held[0], "token": "x"}]})["hares"]["total"] == 0
    )
    sign_up(client, "Ana", seats=held)
    profile = client.get("/api/players/Ana").json()
    assert stars_of(profile["progress"])[0] == {"1": 3}
    assert stars_of(post(client, "/api/progress", {"seats": []}))[1] == every


def test_habanero_best_score_and_history_per_number_of_campesinos(client):
    sign_up(client, "Ana")
    room, invitations = room_with(client, "habanero", [{"kind": "person"}], campesinos=2)
    token = claim(client, room, 0, invitations["0"])
    for _ in range(200):
        view = client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": token}).json()
        observation = view["observation"]
        if observation["terminal"]:
            break
        if observation["current_player"] != 0:
            continue  # chance: the server rolls
        legal = [entry["action"] for entry in observation["legal"]]
        stop = [a for a in legal if a == "stop"]
        action = stop[0] if stop else legal[0]
        post(
            client,
            f"/api/rooms/{room}/actions",
            {"seat": 0, "token": token, "action": action, "move": view["move"]},
        )
    score = client.get(f"/api/rooms/{room}/record").json()["meta"]["scores"][0]
    progress = client.get("/api/players/Ana").json()["progress"]["habanero"]
    assert progress["option"] == "campesinos" and progress["stars"] == 0
    [played] = progress["items"]
    assert played["key"] == "2" and played["best"] == score and len(played["history"]) == 1


@pytest.fixture
def postgres_app(test_games):
    """The app on a schema of its own in the PostgreSQL test database (dropped afterwards)."""
    import os
    import uuid
    from urllib.parse import quote

    from sqlalchemy import create_engine, text

    url = os.environ.get("LUDOTECA_TEST_POSTGRES")
    if not url:
        pytest.skip("set LUDOTECA_TEST_POSTGRES to a database URL")
    schema = f"acc_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in url else "?"
    app = create_app(
        Settings(database=f"{url}{sep}options={quote(f'-csearch_path={schema}')}", bot_workers=0)
    )
    yield app
    app.state.hub.close()
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def test_accounts_and_ratings_on_postgres(postgres_app):
    with TestClient(postgres_app) as ana:
        test_a_rated_game_between_two_accounts_moves_both_ratings((ana, TestClient(postgres_app)))
        guest_signs_up(TestClient(postgres_app), "Cleo")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_log_lines_and_views_name_the_seats(two, lang):
    ana, bob = two
    sign_up(ana, "Ana")
    room, invitations = room_with(ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=9)
    token = claim(ana, room, 0, invitations["0"])
    post(
        ana,
        f"/api/rooms/{room}/actions",
        {"seat": 0, "token": token, "action": "take:1", "move": 0},
    )
    view = ana.get(f"/api/rooms/{room}/view", params={"lang": lang}).json()
    assert view["names"][0] == "Ana"
    assert view["names"][1] == {"en": "Blue", "de": "Blau", "fr": "Bleu", "ru": "Синий"}[lang]
    line = view["observation"]["log"][-1]["text"]["text"]
    assert line.startswith("Ana") and "1" not in line.split(":")[0]


def test_bots_are_named_by_level():
    from ludoteca.server.db import SeatInfo
    from ludoteca.server.words import seat_names

    seats = [SeatInfo(0, "bot", "mcts:hard", "", None), SeatInfo(1, "person", None, "", None)]
    assert seat_names(seats, "en") == ["Bot: hard", "Blue"]
    assert seat_names(seats, "de") == ["Bot: schwer", "Blau"]
    assert seat_names(seats, "ru")[0] != "Bot: hard"


def test_a_guest_who_typed_no_name_is_named_by_its_colour_in_the_viewers_palette():
    from ludoteca.server.db import SeatInfo
    from ludoteca.server.words import seat_names

    seats = [SeatInfo(n, "person", None, "", None) for n in range(5)]
    assert seat_names(seats, "en") == ["Red", "Blue", "Yellow", "Violet", "Teal"]
    assert seat_names(seats, "fr", "safe") == ["Orange", "Bleu", "Vert", "Jaune", "Rose"]
    named = [SeatInfo(0, "person", None, "Blue", None), SeatInfo(1, "person", None, "", None)]
    assert seat_names(named, "en") == ["Blue (1)", "Blue (2)"]


def test_a_guests_seat_takes_its_account_name_on_sign_up(client):
    room, invitations = room_with(client, "pile", [{"kind": "person"}, {"kind": "person"}])
    token = post(
        client, f"/api/rooms/{room}/claim", {"seat": 0, "token": invitations["0"], "name": "Zed"}
    )["token"]
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == "Zed"
    sign_up(client, "Zed", seats=[{"room": room, "seat": 0, "token": token}])
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == "Zed"
    assert [r["room"] for r in client.get("/api/players/Zed").json()["playing"]] == [room]


def test_an_account_plays_its_seat_from_another_browser(two):
    home, away = two
    sign_up(home, "Ana")
    room, invitations = room_with(home, "pile", [{"kind": "person"}, {"kind": "person"}], start=5)
    claim(home, room, 0, invitations["0"])
    post(away, "/api/account/login", {"name": "Ana", "password": PASSWORD})  # no token there
    with away.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_json({"type": "hello"})
        welcome = socket.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert socket.receive_json()["type"] == "state"
        socket.send_json({"type": "act", "action": "take:1", "move": 0})
        kinds = [socket.receive_json() for _ in range(2)]
        assert {"type": "ack", "move": 1, "action": "take:1"} in kinds
    with TestClient(home.app).websocket_connect(f"/ws/rooms/{room}") as socket:  # a guest
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["seat"] is None


def test_a_replay_names_the_players_of_its_record(client):
    record = {
        "game": "pile",
        "options": {"start": 3},
        "actions": ["take:1"],
        "meta": {"players": ["Ana", "Bob"]},
    }
    step = client.post("/api/replay", json={"record": record, "step": 1}).json()
    assert step["observation"]["log"][-1]["text"]["text"].startswith("Ana")
    record["meta"]["players"] = [{"deep": 1}, "x"]  # names that do not fit: by seat colour
    step = client.post("/api/replay", json={"record": record, "step": 1}).json()
    assert step["observation"]["log"][-1]["text"]["text"].startswith("Red")


def test_a_replay_names_the_seats_as_their_room_did(client):
    """A guest who typed no name by its seat's colour (in the viewer's palette and language),
    bots of one level numbered: from the seats a room's record keeps, else from its players'
    names (a bot's spec among them)."""
    record = {"game": "pile", "options": {"start": 3}, "actions": ["take:1"]}
    seats = [
        {"seat": 0, "kind": "person", "bot": None, "name": ""},
        {"seat": 1, "kind": "bot", "bot": "random", "name": ""},
    ]
    for meta in ({"seats": seats, "players": ["x", "y"]}, {"players": ["", "random"]}):
        asked = {"record": {**record, "meta": meta}, "step": 1, "lang": "de"}
        step = client.post("/api/replay", json=asked).json()
        assert step["names"] == ["Rot", "Bot: Zufallszüge"]
        assert step["observation"]["log"][-1]["text"]["text"].startswith("Rot")
        step = client.post("/api/replay", json={**asked, "palette": "safe"}).json()
        assert step["names"][0] != "Rot"  # the seat's colour in that palette
    bots = [{**seats[1], "seat": seat} for seat in (0, 1)]
    asked = {"record": {**record, "meta": {"seats": bots}}, "step": 1}
    assert client.post("/api/replay", json=asked).json()["names"] == [
        "Bot: random moves (1)",
        "Bot: random moves (2)",
    ]
