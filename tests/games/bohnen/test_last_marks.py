"""Bohnen's last-move marks: a grand slam's choice (the pit left untouched) is marked like
the sowing and the captures."""

from __future__ import annotations

import random
import re

from ludoteca import load_game
from ludoteca.games import registry
from ludoteca.games.bohnen.game import LEAVE


def grand_slam_decided(seed_limit: int = 400):
    """A position just after a grand-slam choice (found by random play), and that choice."""
    game = load_game("bohnen", players=2)
    for seed in range(seed_limit):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state = state.successor(action)
            if action.startswith(LEAVE):
                return state, action
    raise AssertionError("no grand slam in the games played")


def test_the_pit_a_grand_slam_left_untouched_is_marked_in_the_movers_colour():
    state, action = grand_slam_decided()
    mover = state.last[0]  # the choice finished the mover's turn
    pit = action[len(LEAVE) :]
    picture = registry.view("bohnen").svg(state, 1 - mover, lang="en")
    tag = re.search(rf'<g [^>]*id="last-kept-{pit}"[^>]*>', picture)
    assert tag, "the pit left untouched has no mark"
    assert f'data-seat="{mover}"' in tag.group(0) and 'data-what="kept"' in tag.group(0)
    assert 'data-last="1"' in tag.group(0)
    # the mover's own view does not mark its own turn (as with every move)
    assert f'id="last-kept-{pit}"' not in registry.view("bohnen").svg(state, mover, lang="en")
