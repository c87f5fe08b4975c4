"""Two accounts of one person farming a rating: rated games resigned at once, one after
another, and then the shortest games that count. Their ratings move no more often than the
rules allow (docs/accounts.md): never for a resignation at move 0, three times a day for one
pair; and each rematch asked counts against the rooms quota."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from ludoteca.server.config import Limits

from .test_accounts import claim, play_pile, room_with, sign_up
from .test_api import hello, receive_until

ATTEMPTS = 24
# room quotas out of the way, to see what the rating rules alone allow
ROOMY = Limits(rooms="1000/minute", joins="1000/minute", messages="1000/second")


def send(ws, **message):
    ws.send_text(json.dumps(message))


def rated_games(client: TestClient, name: str) -> int:
    found = client.get(f"/api/players/{name}").json()["ratings"].get("pile")
    return found["games"] if found else 0


def farm(ana: TestClient, bob: TestClient, decisions: int) -> tuple[int, list[int]]:
    """``ATTEMPTS`` rated games one after another: every seat makes ``decisions`` decisions,
    then seat 0 resigns (the two take turns at seat 0). Returns (rating changes, Ana's
    ratings). (Each rematch would open the same room, counted against the quota below.)"""
    changes, shown = 0, []
    for attempt in range(ATTEMPTS):
        first, second = (ana, bob) if attempt % 2 == 0 else (bob, ana)
        room, invitations = room_with(
            first, "pile", [{"kind": "person"}, {"kind": "person"}], start=30, refill=False
        )
        tokens = {
            0: claim(first, room, 0, invitations["0"]),
            1: claim(second, room, 1, invitations["1"]),
        }
        before = rated_games(ana, "Ana")
        play_pile(first, room, tokens, [1] * (2 * decisions))
        with first.websocket_connect(f"/ws/rooms/{room}") as socket:
            _, state = hello(socket, tokens[0])
            send(socket, type="table", do="resign", move=state["move"])
            receive_until(socket, lambda m: m["type"] == "state" and m["room"]["result"])
        changes += rated_games(ana, "Ana") != before
        shown.append(ana.get("/api/players/Ana").json()["ratings"].get("pile", {}).get("rating"))
    return changes, shown


@pytest.mark.parametrize("app", [{"limits": ROOMY}], indirect=True)
def test_resigning_at_move_0_rematch_after_rematch_moves_no_rating(app):
    with TestClient(app) as ana:
        bob = TestClient(app)
        sign_up(ana, "Ana")
        sign_up(bob, "Bob")
        changes, shown = farm(ana, bob, decisions=0)
    assert changes == 0 and set(shown) == {None}, shown


@pytest.mark.parametrize("app", [{"limits": ROOMY}], indirect=True)
def test_the_shortest_games_that_count_move_a_pair_three_times_a_day(app):
    with TestClient(app) as ana:
        bob = TestClient(app)
        sign_up(ana, "Ana")
        sign_up(bob, "Bob")
        changes, shown = farm(ana, bob, decisions=3)
    assert changes == 3, shown
    assert len(set(shown[2:])) == 1  # from the third game on, nothing moves
    print(f"farming: {ATTEMPTS} attempts, Ana's rating changed {changes} times: {shown[:4]}…")


@pytest.mark.parametrize(
    "app", [{"limits": Limits(rooms="3/minute", messages="1000/second")}], indirect=True
)
def test_asking_for_a_rematch_counts_against_the_rooms_quota(app):
    with TestClient(app) as ana:
        bob = TestClient(app)
        room, invitations = room_with(  # one room of the three
            ana, "pile", [{"kind": "person"}, {"kind": "person"}], start=5, refill=False
        )
        tokens = {
            0: claim(ana, room, 0, invitations["0"]),
            1: claim(bob, room, 1, invitations["1"]),
        }
        with (
            ana.websocket_connect(f"/ws/rooms/{room}") as first,
            bob.websocket_connect(f"/ws/rooms/{room}") as second,
        ):
            _, state = hello(first, tokens[0])
            hello(second, tokens[1])
            send(first, type="table", do="resign", move=0)
            receive_until(first, lambda m: m["type"] == "state" and m["room"]["result"])
            send(first, type="table", do="rematch", move=1)  # two
            receive_until(first, lambda m: m["type"] == "rematch_votes")
            send(second, type="table", do="rematch", move=1)  # three: the rematch opens
            receive_until(second, lambda m: m["type"] == "rematch")
        refused = ana.post(
            "/api/rooms",
            json={"game": "pile", "options": {}, "seats": [{"kind": "person"}] * 2},
        )
        assert refused.status_code == 429
