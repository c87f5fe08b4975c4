"""Where a person sees a seat, the seat's name is written, never "Player N": prompts, status
lines, log lines, labels, the text board (for screen readers) and the pictures, in every
language, from the first move to the end."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca import load_game
from ludoteca.engine import LANGUAGES
from ludoteca.engine.parts import Overlay
from ludoteca.games import registry
from ludoteca.server.presenter import described
from ludoteca.server.words import translated, with_names

# "Player 2" in any of our languages, any case and grammatical case
PLAYER_N = re.compile(r"(player|spieler\w*|joueu\w*|игрок\w*)\s*\d", re.IGNORECASE)
MANY_SEATS = {"potager": {"players": 2}, "bohnen": {"players": 2}, "habitats": {"players": 3}}


def shown(data: object) -> list[str]:
    """The texts of the messages a page shows (a message's params are not shown)."""
    if isinstance(data, dict):
        if "key" in data and "text" in data:
            return [data["text"]]
        return [text for value in data.values() for text in shown(value)]
    if isinstance(data, list):
        return [text for value in data for text in shown(value)]
    return []


def positions(game_id: str, every: int):
    game = load_game(game_id, **MANY_SEATS[game_id])
    rng = random.Random(5)
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


@pytest.mark.parametrize("game_id", sorted(MANY_SEATS))
def test_no_player_n_where_the_seats_have_names(game_id):
    view = registry.view(game_id)
    found = set()
    for state in positions(game_id, every={"habitats": 40}.get(game_id, 12)):
        names = [f"Zed{i}" for i in range(state.game.num_players)]
        for lang in LANGUAGES:
            for seat in (None, 0, 1):
                observation = described(state, translated(state.observation(seat), lang), lang)
                observation = with_names(observation, names, lang)
                board = observation.pop("text")
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
