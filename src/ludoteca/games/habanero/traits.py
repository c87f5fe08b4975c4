"""What Habanero declares beyond its rules: the best score per number of campesinos on a
player's profile, and the lab's final score per campesinos still in play."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.traits import Finished, Progress, Traits, Use, scores_by

from .game import ENDS, HabaneroState
from .lessons import LESSON
from .moves import Move

CAMPESINOS = 4  # the option's default, for records from before it was written down


def progress(finished: Sequence[Finished]) -> Progress:
    """The best score and the scores per number of campesinos the game was played with."""
    items = scores_by(finished, lambda game: int(game.options.get("campesinos", CAMPESINOS)))
    return Progress(items, option="campesinos")


def campesinos_left(final: HabaneroState) -> list[Use]:
    return [Use("campesinos", str(len(final.campesinos)), 0, float(final.scores()[0]))]


TRAITS = Traits[HabaneroState](
    progress=progress,
    analysis=campesinos_left,
    ends=ENDS,
    move_kind=lambda action: Move.parse(action).kind,
    lesson=LESSON,
)
