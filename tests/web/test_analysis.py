"""A finished game's analysis through the API (computed in a bot worker, kept once per room)
and the puzzles made of its mistakes. The game: the pile of 4 without refills, where the
first seat blunders (takes 2, leaving 2) and the second takes the rest."""

from __future__ import annotations

import pytest

from ludoteca.server import Limits
from ludoteca.server.db import AnalysisRow

from ..waiting import wait_until
from .test_api import TWO_PEOPLE, act, create

BLUNDER = ["take:2", "take:2"]  # take:1 would have won: it leaves the second seat 3


def finished_room(client, actions=BLUNDER):
    made = create(client, options={"start": 4, "refill": False}, seats=TWO_PEOPLE)
    room = made["room"]
    for move, action in enumerate(actions):
        seat = move % 2
        response = act(client, room, seat, made["tokens"][str(seat)], action, move)
        assert response.status_code == 200, response.text
    return room


def analysed(client, room):
    started = client.post(f"/api/rooms/{room}/analysis")
    assert started.status_code == 200, started.text
    assert started.json()["state"] in ("queued", "running", "done")
    return wait_until(
        lambda: client.get(f"/api/rooms/{room}/analysis").json(),
        "the analysis is done",
        ready=lambda status: status["state"] in ("done", "failed"),
    )


def test_a_finished_rooms_analysis_is_computed_once_kept_and_shown_at_once(app, client):
    room = finished_room(client)
    assert client.get(f"/api/rooms/{room}/analysis").json()["state"] == "none"
    status = analysed(client, room)
    assert status["state"] == "done", status
    moves = status["analysis"]["moves"]
    assert [(m["ply"], m["seat"], m["action"]) for m in moves] == [
        (0, 0, "take:2"),
        (1, 1, "take:2"),
    ]
    assert moves[0]["best"] == "take:1" and moves[0]["verdict"] == "blunder"
    assert moves[1]["verdict"] == "best"
    assert status["accuracy"]["1"] == 100.0 and status["accuracy"]["0"] < 10
    assert status["marks"]["blunder"] == "??" and status["puzzles"] == 1
    assert status["done"] == status["total"] == 2
    with app.state.hub.db.store.sessions() as session:
        assert session.get(AnalysisRow, room) is not None
    again = client.post(f"/api/rooms/{room}/analysis").json()  # nothing started, no quota
    assert again["state"] == "done" and again["analysis"] == status["analysis"]


def test_the_words_of_an_analysis_are_in_the_readers_language(client):
    room = finished_room(client)
    analysed(client, room)
    english = client.get(f"/api/rooms/{room}/analysis?lang=en").json()
    german = client.get(f"/api/rooms/{room}/analysis?lang=de").json()
    assert english["verdicts"]["blunder"] != german["verdicts"]["blunder"]
    assert english["evaluator"] and german["evaluator"]


def test_an_analysis_of_no_room_or_of_a_game_in_play_is_refused(client):
    assert client.post("/api/rooms/nosuchroom/analysis").status_code == 404
    assert client.get("/api/rooms/nosuchroom/analysis").status_code == 404
    room = create(client, options={"start": 4, "refill": False})["room"]
    refused = client.post(f"/api/rooms/{room}/analysis")
    assert refused.status_code == 409 and refused.json()["key"] == "web.error.not_finished"
    assert client.get(f"/api/rooms/{room}/puzzles").status_code == 409


@pytest.mark.parametrize("app", [{"limits": Limits(analyses="1/minute")}], indirect=True)
def test_starting_analyses_has_a_quota(client):
    first, second = finished_room(client), finished_room(client)
    assert client.post(f"/api/rooms/{first}/analysis").status_code == 200
    refused = client.post(f"/api/rooms/{second}/analysis")
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert client.get(f"/api/rooms/{first}/analysis").status_code == 200  # asking is free


def test_an_uploaded_record_is_analysed_under_its_key(client):
    room = finished_room(client)
    record = client.get(f"/api/rooms/{room}/record").json()
    started = client.post("/api/analysis", json={"record": record})
    assert started.status_code == 200, started.text
    key = started.json()["key"]
    status = wait_until(
        lambda: client.get(f"/api/analysis/{key}").json(),
        "the uploaded record's analysis is done",
        ready=lambda found: found["state"] in ("done", "failed"),
    )
    assert status["state"] == "done" and status["analysis"]["moves"][0]["best"] == "take:1"
    unfinished = {**record, "actions": record["actions"][:1]}
    assert client.post("/api/analysis", json={"record": unfinished}).status_code == 409
    assert client.get("/api/analysis/nosuchkey").status_code == 404


def test_a_mistake_is_a_puzzle_checked_on_the_server(client):
    room = finished_room(client)
    assert client.get(f"/api/rooms/{room}/puzzles").status_code == 404  # not analysed yet
    analysed(client, room)
    puzzles = client.get(f"/api/rooms/{room}/puzzles").json()["puzzles"]
    assert [(p["seat"], p["ply"], p["played"], p["verdict"]) for p in puzzles] == [
        (0, 0, "take:2", "blunder")
    ]
    shown = client.get(f"/api/rooms/{room}/puzzles/0?narrow=true&palette=safe").json()
    assert {e["action"] for e in shown["observation"]["legal"]} == {"take:1", "take:2"}
    assert shown["svg"].startswith("<svg") and shown["of"] == 1
    tried = f"/api/rooms/{room}/puzzles/0/try?narrow=false"
    wrong = client.post(tried, json={"action": "take:2"}).json()
    assert wrong["right"] is False and wrong["best"] == "take:1"
    right = client.post(tried, json={"action": "take:1"}).json()
    assert right["right"] is True
    illegal = client.post(tried, json={"action": "take:3"})
    assert illegal.status_code == 400 and illegal.json()["key"] == "web.puzzle.not_legal"
    assert client.get(f"/api/rooms/{room}/puzzles/1").status_code == 404


def test_a_replay_step_draws_a_mark_only_where_it_is_legal(client):
    room = finished_room(client)
    record = client.get(f"/api/rooms/{room}/record").json()
    body = {"record": record, "step": 0}
    plain = client.post("/api/replay", json=body).json()["svg"]
    ignored = client.post("/api/replay", json={**body, "mark": "take:9"})
    assert ignored.status_code == 200 and ignored.json()["svg"] == plain


def test_a_puzzle_move_neither_best_nor_played_is_judged_in_a_worker(app, client):
    import asyncio
    from dataclasses import replace

    from ludoteca.bots.analysis import Analysis
    from ludoteca.engine import Record
    from ludoteca.server.analysis_api import no_worse

    room = finished_room(client)
    found = Analysis.from_json(analysed(client, room)["analysis"])
    record = Record.from_json(client.get(f"/api/rooms/{room}/record").json())
    blunder = found.moves[0]
    unknown = replace(blunder, best="take:9", action="take:8")  # take:1 now neither of them
    hub = app.state.hub
    assert asyncio.run(no_worse(hub, found, record, unknown, "take:1")) is True
    assert (
        asyncio.run(no_worse(hub, found, record, replace(unknown, best="take:1"), "take:2"))
        is False
    )
