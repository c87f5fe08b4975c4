"""Component strength: what each finished game says about the game's tiles, patterns, cards.

``analyse(state)`` turns a finished game into rows ``(component, name, seat, value)``: one row
per use of a component by a seat, with the value that use is worth. The study summary averages
the values per component name (with a 95% interval) and, in games of several players, gives the
win rate of the seats that used it. Each game declares its own analysis among its traits
(``Traits.analysis``, see ``ludoteca.engine.traits``); a game without one has no components.
"""

from __future__ import annotations

from ludoteca.engine import State
from ludoteca.engine.traits import Use
from ludoteca.games import registry


def analyse(final: State) -> list[Use]:
    """The component rows of a finished game ([] for a game without components, or unfinished)."""
    analysis = registry.traits(final.game.id).analysis
    if analysis is None or not final.is_terminal():
        return []
    return analysis(final)
