"""The game log names every consequence: captures with their beans, points, goals, harvests."""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES, State

from .test_views import played


def until(state: State, seed: int, done, limit: int = 3000) -> State:
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            legal = state.legal_actions()
            state = state.apply(
                "roll" if "roll" in legal and len(state) < 30 else rng.choice(legal)
            )
    return state


def last_line(state: State, lang: str = "en") -> str:
    from ludoteca.server.words import translated

    return translated(state.observation(None), lang)["log"][-1]["text"]["text"]


def test_bohnen_names_the_capture_and_its_beans():
    start = load_game("bohnen", players=2).new_initial_state()
    state = until(start, 3, lambda s: bool(s.last and s.last[2] and not s.pending))
    mover, _, captured = state.last
    before = state.path()[-2]
    gain = state.captured[mover] - before.captured[mover]
    line = last_line(state)
    from ludoteca.games.bohnen.board import PIT_NAMES

    assert f"captures {gain} beans from" in line
    assert line.endswith(", ".join(PIT_NAMES[pit] for pit in captured))
    assert f"fängt {gain} Bohnen" in last_line(state, "de")


def test_habitats_names_the_tile_the_park_score_and_the_goals():
    start = load_game("habitats", players=2).new_initial_state()
    placed = until(start, 1, lambda s: len(s) > 8 and s.history()[-1].startswith("place:"))
    assert "park now" in last_line(placed) and "points (+" in last_line(placed)
    year_end = until(start, 1, lambda s: len(s.goal_points[0]) == 1)
    log = [entry["text"]["text"] for entry in year_end.observation(None)["log"]]
    assert any("goals of year 1 scored" in line for line in log)


def test_potager_names_the_points_scored():
    start = load_game("potager").new_initial_state()
    state = until(start, 2, lambda s: len(s) > 1 and s.points != s.path()[-2].points)
    assert "points," in last_line(state) and "in all" in last_line(state)


def test_habanero_names_the_harvest_and_what_a_stop_keeps():
    start = load_game("habanero").new_initial_state()
    state = until(start, 4, lambda s: s.held > 0 and "-" in s.history()[-1])
    assert "habanero harvested" in last_line(state)
    stopped = state
    while "stop" not in stopped.legal_actions():
        stopped = until(stopped, 5, lambda s: "stop" in s.legal_actions())
    assert "keeps" in last_line(stopped.apply("stop"))


def test_hares_names_a_hare_saved():
    start = load_game("hares", level=1).new_initial_state()
    state = until(start, 1, lambda s: s.position.saved > 0)
    assert "safe in a burrow" in last_line(state)


@pytest.mark.parametrize("game_id", ["bohnen", "habitats", "potager", "habanero", "hares"])
def test_every_log_line_is_whole_in_every_language(game_id):
    from ludoteca.server.words import translated

    state = played(game_id, {}, 120, 11)
    for lang in LANGUAGES:
        for entry in translated(state.observation(None), lang)["log"]:
            assert "{" not in entry["text"]["text"]


def test_a_hand_built_position_keeps_its_plain_log():
    from ludoteca.games.bohnen import BohnenState

    start = BohnenState.position(load_game("bohnen"), {"a": 2, "A": 1, "C": 4}, to_move=0)
    after = start.apply(start.legal_actions()[0])
    assert after.path() is None
    assert after.observation(None)["log"][-1]["text"]["key"] == "bohnen.log.move"
