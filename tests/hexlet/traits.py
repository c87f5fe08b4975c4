"""What Hexlet declares beyond its rules: a draw may be agreed (two people may share the game
they agree to stop), a player's progress: a star per game won, up to three, and a lesson."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.traits import Finished, Item, Progress, Traits

from .game import HexletState
from .lessons import LESSON

STARS = 3


def progress(finished: Sequence[Finished]) -> Progress:
    won = sum(game.scores[game.seat] == 1.0 for game in finished)
    return Progress((Item("", stars=min(STARS, won)),), stars=STARS)


TRAITS = Traits[HexletState](draws=True, progress=progress, lesson=LESSON)
