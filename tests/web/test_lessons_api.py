"""The lessons' API (server/lessons_api.py): a game's lesson, and the stateless try that
replays it to a step, judges the action tried and answers the picture, the words or the
refusal; bad input gets a clear 4xx."""

from __future__ import annotations

import pytest

from ludoteca.games import registry

from .test_accounts import PASSWORD, csrf, sign_up


@pytest.fixture
def hexlet():
    registry.add("hexlet", "tests.hexlet")
    yield "hexlet"
    registry.remove("hexlet")


def _try(client, game="hexlet", **body):
    return client.post(f"/api/lessons/{game}/try", json=body)


def test_the_lesson_of_a_game_says_its_steps_and_the_game_after_it(client, hexlet):
    found = client.get("/api/lessons/hexlet?lang=de").json()
    assert found["title"] == "Ihre erste Partie Hexlet"
    assert found["steps"] == 5 and found["asks"] == [False, True, True, True, False]
    assert found["players"] == 2 and found["learner"] == 0


def test_a_step_shows_its_position_words_marks_and_moves(client, hexlet):
    shown = _try(client, step=1, actions=[], lang="fr").json()
    assert shown["accepted"] is None and shown["asks"]
    assert shown["say"].startswith("Prenez le centre")
    assert {entry["action"] for entry in shown["observation"]["legal"]} >= {"b2", "a1"}
    assert "<svg" in shown["svg"]


def test_the_asked_move_is_accepted_and_another_refused_with_a_reason(client, hexlet):
    done = _try(client, step=2, actions=["b2"], action="c1").json()
    assert done["accepted"] and done["action"] == "c1"
    assert done["observation"]["legal"] == []  # the step is done
    assert done["observation"]["move_number"] == 3
    own = _try(client, step=2, actions=["b2"], action="a1", lang="de").json()
    assert (
        own["accepted"] is False and own["refusal"] == "a1 liegt in Reihe 1, berührt b2 aber nicht."
    )
    other = _try(client, step=2, actions=["b2"], action="c3").json()
    assert other["accepted"] is False and "not the one this step asks for" in other["refusal"]
    taken = _try(client, step=2, actions=["b2"], action="a2").json()
    assert taken["accepted"] is False and "a2 is already taken" in taken["refusal"]
    assert taken["observation"]["legal"]  # still the learner's move


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/lessons/nogame/try", {"step": 0}, 404),
        ("/api/lessons/hexlet/try", {"step": 7}, 400),
        ("/api/lessons/hexlet/try", {"step": 2, "actions": []}, 400),
        ("/api/lessons/hexlet/try", {"step": 3, "actions": ["a1", "b1"]}, 400),
        ("/api/lessons/hexlet/try", {"step": "x"}, 400),
        ("/api/lessons/hexlet/try", {"step": 1, "actions": "b2"}, 400),
        ("/api/lessons/hexlet/try", {"step": 1, "action": ""}, 400),
    ],
)
def test_bad_input_is_refused_clearly(client, hexlet, path, body, status):
    response = client.post(path, json=body)
    assert response.status_code == status
    assert response.json()["message"]


def test_a_game_without_a_lesson_says_so(client, hexlet):
    response = client.get("/api/lessons/count")
    assert response.status_code == 404 and "no guided game" in response.json()["message"]


# -- a signed-in learner's place, kept on the account (server/learners.py) -------------------


def _keep(client, game="hexlet", **body):
    return client.put(f"/api/lessons/{game}/progress", json=body, headers=csrf(client))


def test_a_signed_in_learner_finds_their_place_on_any_browser(client, hexlet):
    sign_up(client, "Lena")
    assert client.get("/api/account").json()["lessons"] == {}
    kept = _keep(client, step=2, actions=["b2"])
    assert kept.status_code == 200, kept.text
    assert kept.json() == {"step": 2, "actions": ["b2"], "done": False}
    # this step's own move, once accepted, travels with it
    assert _keep(client, step=2, actions=["b2", "c1"]).status_code == 200
    client.cookies.clear()  # another browser: no cookie, no session
    assert client.get("/api/account").json()["lessons"] == {}
    body = {"name": "Lena", "password": PASSWORD}
    login = client.post("/api/account/login", json=body, headers=csrf(client))
    assert login.status_code == 200, login.text
    lessons = client.get("/api/account").json()["lessons"]
    assert lessons == {"hexlet": {"step": 2, "actions": ["b2", "c1"], "done": False}}


def test_a_lesson_finished_once_stays_finished(client, hexlet):
    sign_up(client, "Finn")
    assert _keep(client, step=4, actions=["b2", "c1", "a3"], done=True).status_code == 200
    again = _keep(client, step=0, actions=[], done=False).json()  # started over, to look again
    assert again == {"step": 0, "actions": [], "done": True}
    exported = client.get("/api/account/export", headers=csrf(client)).json()
    assert exported["lessons"] == {"hexlet": again}


def test_lesson_progress_is_refused_clearly_when_it_does_not_fit(client, hexlet):
    guest = _keep(client, step=1, actions=[])
    assert guest.status_code == 401 and guest.json()["message"]
    sign_up(client, "Ola")
    for game, body, status in [
        ("nogame", {"step": 0}, 404),
        ("count", {"step": 0}, 404),  # a game without a lesson
        ("hexlet", {"step": 9}, 400),
        ("hexlet", {"step": 2, "actions": []}, 400),
        ("hexlet", {"step": 2, "actions": ["a1"]}, 400),  # not the move step 2 asked for
        ("hexlet", {"step": 1, "actions": "b2"}, 400),
        ("hexlet", {"step": 1, "done": "yes"}, 400),
    ]:
        refused = _keep(client, game, **body)
        assert refused.status_code == status, (game, body, refused.text)
        assert refused.json()["message"]
    assert client.get("/api/account").json()["lessons"] == {}


def test_deleting_the_account_deletes_its_lessons(client, hexlet):
    sign_up(client, "Mira")
    assert _keep(client, step=1, actions=[]).status_code == 200
    gone = client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client))
    assert gone.status_code == 200, gone.text
    sign_up(client, "Mira")  # the name is free again, and the new account starts afresh
    assert client.get("/api/account").json()["lessons"] == {}
