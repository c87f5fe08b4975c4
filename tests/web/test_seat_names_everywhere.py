"""Where a person sees a seat, the seat's name is written, never "Player N": prompts, status
lines, log lines, end reasons, labels, the text board (for screen readers) and the pictures,
in every language, from the first move to the end, in every game at its largest player count.
The names travel as ``Seat`` parameters of the games' messages: no pass over the finished
texts rewrites "Player N"."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca import list_games, load_game
from ludoteca.engine import LANGUAGES, Message, Seat
from ludoteca.engine.parts import Overlay
from ludoteca.games import registry
from ludoteca.server.presenter import described
from ludoteca.server.words import names_no_seat, translated, with_names

# "Player 2" in any of our languages, any case and grammatical case
PLAYER_N = re.compile(r"(player|spieler\w*|joueu\w*|игрок\w*)\s*\d", re.IGNORECASE)
LARGEST = {game["id"]: game["max_players"] for game in list_games()}
EVERY = {"habitats": 60, "bohnen": 15}  # positions looked at: every this many actions


def shown(data: object) -> list[str]:
    """The texts of the messages a page shows (a message's params are not shown)."""
    if isinstance(data, dict):
        if "key" in data and "text" in data:
            return [data["text"]]
        return [text for value in data.values() for text in shown(value)]
    if isinstance(data, list):
        return [text for value in data for text in shown(value)]
    return []


def positions(game_id: str, every: int, seed: int = 5):
    game = load_game(game_id, players=LARGEST[game_id])
    rng = random.Random(seed)
    state, step = game.new_initial_state(), 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state = state.successor(rng.choices(actions, odds)[0])
        else:
            state = state.successor(rng.choice(state.legal_actions()))
        step += 1


def named_views(state, lang: str, names: list[str]):
    """(seat, the observation as the page gets it with the seats' names, the text board)."""
    for seat in (None, *range(state.game.num_players)):
        observation = described(state, translated(state.observation(seat), lang), lang, names=names)
        observation = with_names(observation, names, lang)
        yield seat, observation, observation.pop("text")


@pytest.mark.parametrize("game_id", sorted(LARGEST))
def test_no_player_n_where_the_seats_have_names(game_id):
    view = registry.view(game_id)
    found = set()
    for state in positions(game_id, every=EVERY.get(game_id, 12)):
        names = [f"Zed{i}" for i in range(state.game.num_players)]
        for lang in LANGUAGES:
            for seat, observation, board in named_views(state, lang, names):
                picture = view.svg(state, seat, lang=lang, overlay=Overlay(names=tuple(names)))
                for where, words in (("shown", "\n".join(shown(observation))), ("svg", picture)):
                    found |= {(lang, where, m.group(0)) for m in PLAYER_N.finditer(words)}
                # the text board's legend may speak of "the figure of player 2" (Habitats)
                found |= {
                    (lang, "board", line)
                    for line in board.splitlines()
                    if PLAYER_N.match(line.strip())
                }
    assert not found, sorted(found)[:12]


SEVERAL = sorted(game_id for game_id, most in LARGEST.items() if most > 1)


@pytest.mark.parametrize("game_id", SEVERAL)
def test_a_named_seat_is_named_in_the_log_the_prompt_the_end_and_the_text_board(game_id):
    """Each seat's own name (not "Player N") in each of the four languages: in a log line, in
    a spectator's prompt (who is to move), in the end's words (who won) and on the text board
    (every seat), in a game played to its end at the game's largest player count."""
    missing = []
    for lang in LANGUAGES:
        seen: dict[str, set[str]] = {"log": set(), "prompt": set(), "end": set()}
        for state in positions(game_id, every=EVERY.get(game_id, 12)):
            names = [f"Zed{i}" for i in range(state.game.num_players)]
            for seat, observation, board in named_views(state, lang, names):
                found = set(re.findall(r"Zed\d", board))
                if found != set(names):
                    missing.append((lang, "board", len(state), sorted(set(names) - found)))
                for line in observation["log"]:
                    seen["log"] |= set(re.findall(r"Zed\d", line["text"]["text"]))
                if seat is None:
                    where = "end" if state.is_terminal() else "prompt"
                    seen[where] |= set(re.findall(r"Zed\d", observation["prompt"]["text"]))
        everyone = {f"Zed{i}" for i in range(LARGEST[game_id])}
        if everyone - seen["log"]:
            missing.append((lang, "log", sorted(everyone - seen["log"])))
        if not seen["prompt"] or not seen["end"]:
            missing.append((lang, "prompt or end", seen["prompt"], seen["end"]))
    assert not missing, missing[:8]


def test_a_list_of_seats_is_their_names_joined_and_travels_as_json():
    tie = Message("core.end.tie", {"players": (Seat(0), Seat(2)), "score": "7"})
    assert tie.text("en") == "Player 1, Player 3 share the win with 7 points."
    assert tie.text("de", ["Ana", "Bo", "Cy"]) == "Ana, Cy teilen sich den Sieg mit 7 Punkten."
    data = tie.to_json()
    assert data["params"]["players"] == [{"seat": 0}, {"seat": 2}]
    assert with_names(data, ["Ana", "Bo", "Cy"], "en")["text"].startswith("Ana, Cy share")


@pytest.mark.parametrize("game_id", sorted(LARGEST))
def test_a_part_read_as_naming_no_seat_is_the_same_named(game_id):
    """The presenter sends an English part that ``names_no_seat`` as it is: naming its seats
    would change nothing; and the parts that name one are found (the log's lines)."""
    named = 0
    for state in positions(game_id, every=EVERY.get(game_id, 12)):
        names = [f"Zed{i}" for i in range(state.game.num_players)]
        for seat in (None, *range(state.game.num_players)):
            for part in state.observation(seat).values():
                if names_no_seat(part):
                    assert with_names(part, names, "en") == part
                else:
                    named += 1
    assert named
    tie = Message("core.end.tie", {"players": (Seat(0), Seat(2)), "score": "7"})
    assert not names_no_seat([{"line": tie.to_json()}])
    assert names_no_seat({"key": "k", "params": {"n": 3, "seat_count": 2}, "text": "3"})
