"""The lessons' API (server/lessons_api.py): a game's lesson, and the stateless try that
replays it to a step, judges the action tried and answers the picture, the words or the
refusal; bad input gets a clear 4xx."""

from __future__ import annotations

import pytest

from ludoteca.games import registry


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
