"""Each seat sees its own pits in front of it: a seat of the top row gets the board turned."""

from __future__ import annotations

import re

import ludoteca
from ludoteca.games import registry


def _pit_y(picture: str, name: str) -> float:
    """The centre height of pit ``name``'s hollow (the first circle of its group)."""
    found = re.search(rf'<g id="pit-{name}"[^>]*><circle cx="[\d.]+" cy="([\d.]+)"', picture)
    assert found, name
    return float(found.group(1))


def test_the_second_seat_sees_its_pits_at_the_bottom_and_the_first_seat_its_own():
    state = ludoteca.load_game("bohnen", players=2).new_initial_state()
    view = registry.view("bohnen")
    first, second = view.svg(state, 0), view.svg(state, 1)
    assert _pit_y(first, "A") > _pit_y(first, "a")  # seat 1 owns A–F: at the bottom
    assert _pit_y(second, "a") > _pit_y(second, "A")  # seat 2 owns a–f: turned towards it
    assert view.svg(state, None) == view.svg(state, None)  # a spectator: as seat 1
    assert _pit_y(view.svg(state, None), "A") > _pit_y(view.svg(state, None), "a")
