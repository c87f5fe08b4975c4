"""Quick pairing (seeks), who is online and the lobby of an account: matching, lapsing, bots
filling a seek, rating ranges, quotas, guests, and claims that race across instances."""

from __future__ import annotations

import os
import threading
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, select, text
from starlette.testclient import TestClient

from ludoteca.server import Limits, Settings, create_app
from ludoteca.server.db import RatingRow, SeekRow, UserRow
from ludoteca.server.seeks import LAPSE_SECONDS, SeekStore

from .test_accounts import csrf, sign_up

PILE = {"game": "pile", "options": {"start": 9}}


def seek(client: TestClient, status: int = 200, **extra) -> dict:
    response = client.post("/api/seeks", json={**PILE, **extra}, headers=csrf(client))
    assert response.status_code == status, response.text
    return response.json()


def poll(client: TestClient, found: dict, wait: bool = False) -> dict:
    response = client.get(
        f"/api/seeks/{found['seek']}",
        params={"wait": wait},
        headers={"X-Seek-Token": found["token"]},
    )
    assert response.status_code == 200, response.text
    return response.json()


def view(client: TestClient, room: str, token: str) -> dict:
    return client.get(f"/api/rooms/{room}/view", headers={"X-Seat-Token": token}).json()


@pytest.fixture
def other(app, client):
    """A second browser on the same server (a cookie jar of its own)."""
    return TestClient(app)


@pytest.fixture(autouse=True)
def still(request):
    """The seeks' clock stands still unless a test moves it (``later``): a seek lapses 20 s
    after its page last asked, and on a crowded machine a few sign-ups can take that long."""
    if "app" in request.fixturenames:
        seeks = request.getfixturevalue("app").state.seeks
        now = seeks.clock()
        seeks.clock = lambda: now


def later(app, seconds: float) -> None:
    """The seeks' clock moved on (as if that many seconds passed)."""
    seeks = app.state.seeks
    now = seeks.clock()
    seeks.clock = lambda: now + timedelta(seconds=seconds)


def test_two_guests_asking_for_the_same_game_sit_together(client, other):
    ann = seek(client, name="Ann")
    assert ann["status"] == "open" and ann["room"] is None
    listed = client.get("/api/seeks").json()["seeks"]
    assert [s["id"] for s in listed] == [ann["seek"]]
    assert listed[0]["name"] == "Ann" and "token" not in listed[0] and "address" not in listed[0]
    bob = seek(other, name="Bob", join=ann["seek"])
    assert bob["status"] == "paired"
    found = poll(client, ann)
    assert found["status"] == "paired" and found["room"] == bob["room"]
    assert {found["seat"], bob["seat"]} == {0, 1}
    # each seeker's secret holds its seat; the seats carry their names
    assert view(client, found["room"], ann["token"])["seat"] == found["seat"]
    assert view(other, bob["room"], bob["token"])["seat"] == bob["seat"]
    room = client.get(f"/api/rooms/{bob['room']}").json()
    names = {s["seat"]: s["name"] for s in room["seats"]}
    assert names[found["seat"]] == "Ann" and names[bob["seat"]] == "Bob"
    assert client.get("/api/seeks").json()["seeks"] == []


def test_different_options_clocks_or_rated_never_pair(client, other):
    sign_up(client, "Ana")
    sign_up(other, "Ben")
    seek(client)
    assert seek(other, options={"start": 7})["status"] == "open"
    assert seek(other, table={"clock": "fischer", "base": 180, "increment": 2})["status"] == "open"
    assert seek(other, rated=True)["status"] == "open"
    assert len(client.get("/api/seeks").json()["seeks"]) == 4


def test_a_waiting_poll_answers_as_soon_as_the_seek_is_paired(app, client, other):
    ann = seek(client)
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(poll(client, ann, wait=True)))
    waiting.start()
    bob = seek(other)
    waiting.join(timeout=120)  # it answers at once; the bound is for a crowded machine
    assert answers and answers[0]["status"] == "paired" and answers[0]["room"] == bob["room"]


def test_one_account_never_sits_against_itself(client):
    sign_up(client, "Solo")
    first = seek(client)
    second = seek(client)
    assert first["status"] == second["status"] == "open"


def test_a_withdrawn_seek_is_gone_and_a_wrong_token_is_refused(client, other):
    ann = seek(client)
    bad = client.get(f"/api/seeks/{ann['seek']}", headers={"X-Seek-Token": "not-it"})
    assert bad.status_code == 404 and bad.json()["key"] == "web.error.no_seek"
    wrong = client.post(
        f"/api/seeks/{ann['seek']}/withdraw", json={"token": "not-it"}, headers=csrf(client)
    )
    assert wrong.json() == {"ok": False}
    done = client.post(
        f"/api/seeks/{ann['seek']}/withdraw", json={"token": ann["token"]}, headers=csrf(client)
    )
    assert done.json() == {"ok": True}
    assert poll(client, ann)["status"] == "withdrawn"
    assert seek(other)["status"] == "open"


def test_a_seek_whose_page_is_gone_lapses(app, client, other):
    ann = seek(client)
    later(app, LAPSE_SECONDS + 1)
    client.portal.call(app.state.seeks.sweep)
    assert poll(client, ann)["status"] == "lapsed"
    assert client.get("/api/seeks").json()["seeks"] == []
    assert seek(other)["status"] == "open"  # nobody to pair with


def test_bots_take_the_seats_nobody_took_in_time(app, client):
    ann = seek(client, bots_after=30, bot="random")
    client.portal.call(app.state.seeks.sweep)
    assert poll(client, ann)["status"] == "open"  # not yet
    later(app, 31)
    poll(client, ann)  # the page is still there
    client.portal.call(app.state.seeks.sweep)
    found = poll(client, ann)
    assert found["status"] == "paired"
    seats = client.get(f"/api/rooms/{found['room']}").json()["seats"]
    assert [s["kind"] for s in seats].count("bot") == 1
    assert seats[found["seat"]]["kind"] == "person"


def test_a_seek_without_bots_waits_for_people(app, client):
    ann = seek(client)
    later(app, 10)
    poll(client, ann)
    client.portal.call(app.state.seeks.sweep)
    assert poll(client, ann)["status"] == "open"


def set_rating(app, name: str, mu: float) -> None:
    with app.state.hub.db.store.sessions.begin() as session:
        user_id = session.scalar(select(UserRow.id).where(UserRow.name == name))
        session.add(RatingRow(user_id=user_id, game="pile", mu=mu, sigma=3.0, games=9))


def test_a_rating_range_keeps_far_ratings_apart_both_ways(app, client, other):
    sign_up(client, "Strong")
    sign_up(other, "Weak")
    set_rating(app, "Strong", 40.0)  # shown 2100
    set_rating(app, "Weak", 25.0)  # shown 1500
    strong = seek(client, rated=True, rating_range=200)
    assert seek(other, rated=True)["status"] == "open"  # Weak is out of Strong's range
    third = TestClient(app)
    sign_up(third, "Close")
    set_rating(app, "Close", 38.0)  # shown 2020
    close = seek(third, rated=True)
    assert close["status"] == "paired"
    assert poll(client, strong)["room"] == close["room"]


def test_guests_may_not_ask_for_rated_games_or_ranges(client):
    assert seek(client, 403, rated=True)["key"] == "web.error.seek_account"
    assert seek(client, 403, rating_range=100)["key"] == "web.error.seek_account"


def test_a_guest_and_a_ranged_seek_do_not_pair(client, other):
    sign_up(client, "Picky")
    seek(client, rating_range=300)
    assert seek(other)["status"] == "open"


def test_solitaires_and_bad_input_are_refused_clearly(client):
    assert seek(client, 400, game="count", options={})["key"] == "web.error.seek_solo"
    assert seek(client, 400, game="no-such-game")["key"] == "web.error.bad_game"
    assert seek(client, 400, bots_after=10, bot="no-such-bot")["key"] == "web.error.bad_bot"
    assert seek(client, 400, bots_after=1)["key"] == "web.error.malformed"


@pytest.mark.parametrize("app", [{"limits": Limits(open_seeks=2)}], indirect=True)
def test_open_seeks_per_address_are_capped(client):
    seek(client, options={"start": 5})
    seek(client, options={"start": 6})
    refused = seek(client, 429, options={"start": 7})
    assert refused["key"] == "web.error.too_many_seeks"


@pytest.mark.parametrize("app", [{"limits": Limits(seeks="2/minute")}], indirect=True)
def test_seeks_made_are_counted_by_the_quotas(client):
    seek(client, options={"start": 5})
    seek(client, options={"start": 6})
    assert seek(client, 429, options={"start": 7})["key"] == "web.error.too_many"


def test_a_claim_taken_meanwhile_leaves_nothing_claimed(app, client, other):
    """Two pairings racing for one seek: the second finds it taken and claims nothing."""
    ann = seek(client)
    rows = SeekStore(app.state.hub.db.store)
    now = app.state.seeks.clock()
    with app.state.hub.db.store.sessions.begin() as session:
        session.get(SeekRow, ann["seek"]).status = "pairing"  # another instance's claim
    bob = seek(other)
    assert bob["status"] == "open"
    assert rows.claim(bob["seek"], None, now, False) is None
    with app.state.hub.db.store.sessions() as session:
        assert session.get(SeekRow, bob["seek"]).status == "open"


# -- who is online, the lobby of an account -----------------------------------------------------


def test_who_is_online_lists_accounts_and_their_games_in_play(app, client, other):
    sign_up(client, "Olga")
    sign_up(other, "Pavel")
    olga = seek(client)
    pavel = seek(other)
    found = client.get("/api/online").json()
    assert found["count"] == 2
    games = {p["name"]: p["playing"] for p in found["players"]}
    assert games["Olga"] == games["Pavel"] == [{"room": pavel["room"], "game": "pile"}]
    assert poll(client, olga)["room"] == pavel["room"]
    guest = TestClient(app)
    assert guest.get("/api/online").json()["count"] == 2  # a guest is not counted


def test_the_lobby_of_an_account_is_the_same_on_every_browser(app, client, other):
    sign_up(client, "Vera")
    vera = seek(client)
    stranger = seek(other)
    elsewhere = TestClient(app)
    answer = elsewhere.post(
        "/api/account/login",
        json={"name": "Vera", "password": "sow-beans-in-autumn"},
        headers=csrf(elsewhere),
    )
    assert answer.status_code == 200, answer.text
    mine = elsewhere.get("/api/account/games").json()
    assert [g["room"] for g in mine["playing"]] == [stranger["room"]]
    entry = mine["playing"][0]
    assert entry["seats"] == [poll(client, vera)["seat"]]
    assert entry["your_move"] == (entry["to_move"] == entry["seats"][0])
    assert TestClient(app).get("/api/account/games").json() == {"playing": [], "finished": []}


POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES")


@pytest.fixture
def own_schema():
    """A database URL whose tables live in a schema of their own, dropped afterwards."""
    if not POSTGRES:
        pytest.skip("set LUDOTECA_TEST_POSTGRES to a database URL")
    schema = f"seeks_{uuid.uuid4().hex[:10]}"
    admin = create_engine(POSTGRES)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def test_two_instances_pairing_at_once_seat_every_seek_once(own_schema, test_games):
    """Two instances on one PostgreSQL database, many seeks at once: no seek is seated twice."""
    from concurrent.futures import ThreadPoolExecutor

    apps = [
        create_app(
            Settings(
                database=own_schema,
                bot_workers=0,
                instance=f"pair-{n}",
                limits=Limits(open_seeks=20),  # every browser here has one address
            )
        )
        for n in range(2)
    ]
    options = {"start": 9}
    try:
        with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
            browsers = [TestClient(apps[n % 2]) for n in range(12)]

            def ask(n: int) -> dict:
                found = seek(browsers[n], options=options)
                return {**found, "client": browsers[n]}

            with ThreadPoolExecutor(6) as pool:
                made = list(pool.map(ask, range(12)))
            standing = [poll(m["client"], m) for m in made]
            for _ in range(20):  # seekers who asked at the same moment are paired by a sweep
                if all(found["status"] == "paired" for found in standing):
                    break
                standing = [poll(m["client"], m, wait=True) for m in made]
            rooms: dict[str, list[int]] = {}
            for found in standing:
                if found["status"] == "paired":
                    rooms.setdefault(found["room"], []).append(found["seat"])
            assert all(sorted(seats) == [0, 1] for seats in rooms.values()), rooms
            assert all(found["status"] == "paired" for found in standing), standing
            assert one and two
    finally:
        for app in apps:
            app.state.hub.close()


def test_a_deleted_account_leaves_no_mark_and_no_seek(app, client):
    sign_up(client, "Gone")
    seek(client)
    client.get("/api/online")
    answer = client.post(
        "/api/account/delete", json={"password": "sow-beans-in-autumn"}, headers=csrf(client)
    )
    assert answer.status_code == 200, answer.text
    assert client.get("/api/online").json()["count"] == 0
    assert client.get("/api/seeks").json()["seeks"] == []


def test_seekers_who_passed_each_other_over_are_paired_by_the_sweep(app, client, other):
    """Two seeks asked at one moment each skip the other's locked row; the sweep seats them."""
    ann = seek(client)
    store = app.state.hub.db.store
    with store.sessions.begin() as session:
        session.get(SeekRow, ann["seek"]).status = "pairing"  # locked by its own asking
    bob = seek(other)
    assert bob["status"] == "open"
    with store.sessions.begin() as session:
        session.get(SeekRow, ann["seek"]).status = "open"
    client.portal.call(app.state.seeks.sweep)
    assert poll(client, ann)["status"] == poll(other, bob)["status"] == "paired"
