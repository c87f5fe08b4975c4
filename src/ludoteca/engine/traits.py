"""What a game declares about itself beyond its rules, view and knowledge: its traits.

A game package exports them as ``TRAITS`` (optional; a package without it has the defaults),
and the registry loads them with the other parts. Facts of a game are data here, as in
OpenSpiel's ``GameType``: the server, the lab and the web client read a game's traits and never
ask which game it is.

- ``draws``: a draw may be agreed at the table (the rules know a shared win);
- ``progress``: what a player's finished games of it add up to on the player's profile (stars
  per level, best scores), see :class:`Progress`;
- ``analysis``: the lab's component rows of a finished game, see :class:`Use`;
- ``ends``: every end condition the game can name (``State.end_reason()``), so the lab counts
  each one, even one that never happened;
- ``move_kind``: the kind of a seat's action (the game's own move types: a harvest, a draw, a
  sowing); the default is the action's text before its first ``:``.
- ``rated_decisions``: the decisions each seat must have made for a game to count for the
  ratings (a shorter game, a resignation at move 0 among them, is not rated).
- ``lesson``: the game's guided first game (:mod:`ludoteca.engine.lessons`), or None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, cast

from .lessons import Lesson

if TYPE_CHECKING:
    from .core import State

S = TypeVar("S", bound="State")


class Use(NamedTuple):
    """One use of a component by a seat in a finished game, and what it was worth there
    (a tile and the points it scored, a level card and the share of mistakes)."""

    component: str
    name: str
    seat: int
    value: float


@dataclass(frozen=True)
class Finished:
    """A finished game as a player's progress reads it: the player's seat, the game's options,
    its final scores and when it ended (ISO 8601)."""

    seat: int
    options: Mapping[str, Any]
    scores: Sequence[float]
    finished_at: str


@dataclass(frozen=True)
class Item:
    """One entry of a player's progress, for one value of the progress option (a level, a
    number of pieces). ``stars``: the best stars won there; ``best`` and ``history`` (when,
    score): the scores played there. Every item is open to play (a player may skip ahead)."""

    key: str
    stars: int = 0
    best: float | None = None
    history: tuple[tuple[str, float], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "stars": self.stars,
            "best": self.best,
            "history": [{"at": at, "score": score} for at, score in self.history],
        }


@dataclass(frozen=True)
class Progress:
    """A player's progress in a game, shown by one generic part of the web client: ``items``
    per value of the game's option ``option`` (None: the game as a whole, one item with the
    key ""), each with up to ``stars`` stars (0: the game gives no stars, its items show
    scores)."""

    items: tuple[Item, ...]
    option: str | None = None
    stars: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "option": self.option,
            "stars": self.stars,
            "total": sum(item.stars for item in self.items),
            "of": self.stars * len(self.items),
            "items": [item.to_json() for item in self.items],
        }


HISTORY = 200  # scores an item keeps, the latest


def scores_by(finished: Sequence[Finished], key: Callable[[Finished], int]) -> tuple[Item, ...]:
    """Items of the best score and the history of scores of seat 0 (a one-seat game's player)
    per ``key`` of a finished game, in the keys' order; the latest ``HISTORY`` scores each."""
    found: dict[int, list[tuple[str, float]]] = {}
    for game in finished:
        if game.seat == 0:
            found.setdefault(key(game), []).append((game.finished_at, float(game.scores[0])))
    return tuple(
        Item(str(k), best=max(s for _, s in scores), history=tuple(sorted(scores)[-HISTORY:]))
        for k, scores in sorted(found.items())
    )


@dataclass(frozen=True)
class Traits(Generic[S]):
    """A game's traits (see the module's docstring); the defaults declare none."""

    draws: bool = False
    progress: Callable[[Sequence[Finished]], Progress] | None = None
    analysis: Callable[[S], list[Use]] | None = None
    ends: tuple[str, ...] = ()
    move_kind: Callable[[str], str] = lambda action: action.partition(":")[0]
    rated_decisions: int = 3
    lesson: Lesson | None = None


NO_TRAITS: Traits[Any] = Traits()


def steps(final: S) -> Iterator[tuple[S, str, S]]:
    """(state, action, next state) for every action of the game that led to ``final``."""
    states = cast(list[S], list(final.game.replay_states(final.history())))
    yield from zip(states, final.history(), states[1:], strict=False)
