"""The parts of a game, as the registry loads them: rules, view, knowledge and traits.

- **rules**: a :class:`~ludoteca.engine.core.Game` subclass and its states (``game.py``);
- **view**: a :class:`View`, the pictures of a state (``view.py``);
- **knowledge**: a :class:`Knowledge`, what the bots may use (``knowledge.py``);
- **traits**: a :class:`~ludoteca.engine.traits.Traits`, what the table, the profiles and the
  lab need to know of it (draws, progress, analyses).

A game package exports them as ``GAME``, ``VIEW``, ``KNOWLEDGE`` and (optionally) ``TRAITS``. The rules never import
the view or the knowledge; the view and the knowledge import the rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from .i18n import Message, Seat
from .palette import DEFAULT, seat_colour
from .traits import NO_TRAITS, Traits

if TYPE_CHECKING:
    from .core import Game, State

S = TypeVar("S", bound="State")
S_contra = TypeVar("S_contra", bound="State", contravariant=True)


@dataclass(frozen=True)
class Overlay:
    """What a view may draw over the board: seat names and a hint; every field is optional.

    ``names`` are the seats' names (account, guest or bot) in seat order; a view draws them
    where it would otherwise write "Player 1" (empty: the view's own "Player N"). ``action`` is the advised action (views mark the elements a person clicks for it);
    ``values`` an estimated value per action; ``arrows`` pairs of squares or pits (from, to);
    ``marks`` squares or pits to ring. A view may also draw aids of its own whenever it is
    given an overlay (a hunter's reach and where the hunted can go). ``narrow``:
    the picture is shown on a narrow screen (a phone); a view whose picture is wide may lay
    it out in one column there (several parks side by side). ``palette``: the viewer's seat
    palette (:mod:`ludoteca.engine.palette`); a view colours every seat with :meth:`colour`."""

    action: str | None = None
    values: Mapping[str, float] = field(default_factory=dict)
    arrows: tuple[tuple[str, str], ...] = ()
    marks: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    narrow: bool = False
    palette: str = DEFAULT

    def colour(self, seat: int) -> str:
        """Seat ``seat``'s colour in the viewer's palette."""
        return seat_colour(seat, self.palette)

    def name(self, seat: int, lang: str = "en") -> str:
        """Seat ``seat``'s name, or the localized "Player N" when none was given."""
        return Seat(seat).text(lang, self.names)

    def said(self, message: Message, lang: str = "en") -> str:
        """``message`` in ``lang`` with each seat it names written as the seat's name (its
        ``Seat`` parameters; and, until every game's words name seats so, each "Player N"
        of its text)."""
        words = message.text(lang, self.names)
        if not any(name.strip() for name in self.names):
            return words
        phrase = Message("core.player", {"player": 987654}).text(lang)
        before, _, after = phrase.partition("987654")
        pattern = re.compile(
            r"\b" + re.escape(before) + r"(\d+)\b" + re.escape(after), re.IGNORECASE
        )
        return pattern.sub(lambda found: self.name(int(found.group(1)) - 1, lang), words)

    def aids(self) -> bool:
        """Whether the overlay asks for more than the names, the screen and the palette (an
        empty one asks for aids)."""
        plain = replace(self, names=(), narrow=False, palette=DEFAULT)
        return self == Overlay() or plain != Overlay()


@dataclass(frozen=True)
class Hint:
    """Advice for the seat to move: the action, its expected result and why, and what to draw.

    ``value``: the expected result of the seat after the action (win chance, expected score or
    the game's own measure, see the game's knowledge); ``score``: an expected raw score where
    a search estimated one; ``source``: ``"game"`` (the game's own advice) or ``"mcts"``."""

    action: str
    reason: Message
    value: float | None = None
    score: float | None = None
    overlay: Overlay = field(default_factory=Overlay)
    source: str = "game"


@dataclass(frozen=True)
class SearchSettings:
    """How a tree search plays one game. ``budgets``: iterations per move of each level."""

    budgets: Mapping[str, int] = field(
        default_factory=lambda: {"easy": 40, "medium": 250, "hard": 1200}
    )
    exploration: float = 0.9  # UCB1 constant for returns in [0, 1]
    heuristic: bool = True  # roll out with the knowledge's rollout policy (when it has one)
    epsilon: float = 0.15  # chance of a uniformly random rollout action instead
    rollout_cut: int = 12  # decisions rolled out before the evaluation scores the position
    solver_hint: bool = False  # the hint is an exact solver: play its action, no search


@dataclass(frozen=True)
class Values:
    """The exact value of every legal action for the seat to move, as the game computes it:
    its win share (ties shared) with several seats, its final score normalised by the game's
    ``score_range`` in a one-seat game; each in [0, 1]. ``method`` names how they were found,
    one of the analysis's words (``"solver"``, ``"expectation"``, ``"endgame"``)."""

    values: Mapping[str, float]
    method: str


@dataclass(frozen=True)
class Knowledge(Generic[S]):
    """What a game tells the bots; a part left None means "none here".

    ``rollout(state, rng)``: a quick, reasonable action for the seat to move (None: no
    advice here); ``evaluate(state)``: the estimated final result of each seat in [0, 1];
    ``hint(state, seat)``: the game's own advice; ``search``: its search settings.

    ``playout(state, rng, epsilon, cut)``: a whole search rollout in one call, by a compiled
    core (no Python work per action): the ``rollout`` policy, a uniformly random action with
    probability ``epsilon`` (1: always), cut after ``cut`` decisions and scored by ``evaluate``
    (None: played to the end). It returns (the cut position's ``evaluate``, its scores), or
    (None, the final scores) when the game ended; or None where it cannot play (the search
    then rolls out action by action).

    ``exact(state)``: the exact :class:`Values` of the legal actions where the game can
    compute them (an exact solver, an expectation over every outcome of chance, an end-game
    search), None elsewhere; the analysis of a finished game uses them before any search."""

    rollout: Callable[[S, random.Random], str | None] | None = None
    evaluate: Callable[[S], list[float] | None] | None = None
    hint: Callable[[S, int], Hint | None] | None = None
    search: SearchSettings = field(default_factory=SearchSettings)
    playout: (
        Callable[
            [S, random.Random, float, int | None], tuple[list[float] | None, list[float]] | None
        ]
        | None
    ) = None
    exact: Callable[[S], Values | None] | None = None


NO_KNOWLEDGE: Knowledge[State] = Knowledge()


class View(Protocol[S_contra]):
    """The pictures of a game's states."""

    def svg(
        self, state: S_contra, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
    ) -> str:
        """The picture of ``state`` as ``seat`` sees it (None: a spectator), in ``lang``, with
        clickable element ids (the ``clicks`` of the observation) and ``overlay`` drawn."""
        ...


@dataclass(frozen=True)
class Picture:
    """A picture for a game's rules page, drawn by its view from a real position (replayed
    from actions). ``name`` is its place in the rules text: a paragraph ``[picture: name]``."""

    name: str
    caption: Message
    svg: str


@runtime_checkable
class Illustrated(Protocol):
    """A view that draws pictures for its game's rules page."""

    def pictures(self, lang: str = "en") -> list[Picture]:
        """The rules page's pictures in ``lang``, in the order they appear."""
        ...


@dataclass(frozen=True)
class Parts(Generic[S]):
    """A registered game's parts."""

    game: type[Game[S]]
    view: View[S] | None
    knowledge: Knowledge[S]
    traits: Traits[S] = NO_TRAITS
