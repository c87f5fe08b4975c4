"""A game's guided first game, declared as data: a :class:`Lesson` of :class:`Step` s.

A step teaches one rule. Its ``setup`` is played from the position the previous step left (the
other seats' moves and chance: a roll or a draw is an action like any other), then the learner
plays one of the actions the step ``expect`` s (none: the step only explains, the learner reads
on). A game exports its lesson through its traits (``Traits.lesson``); the server, the web page
and the terminal read it there and never ask which game it is.

Everything here is a pure function of the game, the lesson and the learner's actions so far,
so that a client may hold the learner's progress and the server stays stateless: the position
of a step is replayed from the learner's earlier actions (:func:`position`), and an action tried
there is judged against the step (:func:`judge`). :func:`problems` walks every path of a lesson
through the real rules (the tests call it for every registered game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, LudotecaError
from .i18n import LANGUAGES, Message, has_key

if TYPE_CHECKING:
    from .core import Game, State

SIZES = range(5, 10)  # the steps of a game's lesson: one rule each, 5 to 9 of them
PATHS = 4096  # the paths a check walks at most (a step accepting several actions branches)


@dataclass(frozen=True)
class Step:
    """One rule taught: ``say`` it, play ``setup``, and accept one of ``expect`` from the
    learner (empty: an explanation only). ``refuse`` says why a given other legal action is
    not the one asked; ``marks`` are the squares or pits the picture rings (``Overlay.marks``)."""

    say: Message
    setup: tuple[str, ...] = ()
    expect: tuple[str, ...] = ()
    refuse: Mapping[str, Message] = field(default_factory=dict)
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A guided game: its ``title``, the game's ``options`` for it, its ``steps``, the
    ``learner`` 's seat, and ``then``: the options of the short game against the easiest bot
    that follows it."""

    title: Message
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    learner: int = 0
    then: Mapping[str, Any] = field(default_factory=dict)

    def asks(self, step: int) -> bool:
        """Whether step ``step`` waits for an action of the learner."""
        return bool(self.steps[step].expect)


def words(game_id: str) -> Callable[..., Message]:
    """The messages of a game's lesson by name: ``words("pile")("goal")`` is the message
    ``pile.lesson.goal`` (parameters as keywords)."""

    def say(name: str, **params: Any) -> Message:
        return Message(f"{game_id}.lesson.{name}", params)

    return say


class LessonError(LudotecaError, ValueError):
    """A request the lesson cannot answer (no such step, earlier actions it did not ask
    for); ``reason`` says why as a translatable message."""

    def __init__(self, reason: Message):
        self.reason = reason
        super().__init__(reason.text())


@dataclass(frozen=True)
class Verdict:
    """An action tried at a step: ``accepted`` (then ``action`` is its canonical form and
    ``after`` the position it leads to), else ``reason`` says why not."""

    action: str
    accepted: bool
    reason: Message | None = None
    after: State | None = None


def check_progress(lesson: Lesson, step: int, actions: Sequence[str], answered: bool) -> None:
    """Raises :class:`LessonError` unless a learner can stand at step ``step`` having played
    ``actions``: one per earlier step that asked for one, each among its ``expect``, and
    (``answered``) one more accepted at step ``step`` itself."""
    if not 0 <= step < len(lesson.steps):
        raise LessonError(Message("core.lesson.no_step", {"step": step + 1}))
    asked = sum(lesson.asks(i) for i in range(step + answered))
    if len(actions) != asked:
        raise LessonError(Message("core.lesson.actions", {"asked": asked, "given": len(actions)}))
    asking = (i for i in range(step + 1) if lesson.asks(i))
    for i, action in zip(asking, actions, strict=False):
        if action not in lesson.steps[i].expect:
            raise LessonError(Message("core.lesson.not_asked", {"step": i + 1}))


def position(game: Game[Any], lesson: Lesson, step: int, actions: Sequence[str]) -> State:
    """The position where step ``step`` waits for the learner (its setup played), given the
    learner's ``actions``: one per earlier step that asked for one, each among its ``expect``."""
    check_progress(lesson, step, actions, answered=False)
    played = iter(actions)
    state: State = game.new_initial_state()
    for i, each in enumerate(lesson.steps[: step + 1]):
        state = _played(state, each.setup)
        if i < step and each.expect:
            state = state.apply(next(played))
    return state


def judge(state: State, lesson: Lesson, step: int, action: str) -> Verdict:
    """Whether ``action``, tried by the learner in ``state`` (the step's :func:`position`), is
    what step ``step`` asks for; if not, why: the step's own word for it, the game's refusal of
    an illegal action, or the generic refusal that repeats what the step says."""
    asked = lesson.steps[step]
    if not asked.expect:
        return Verdict(action, False, Message("core.lesson.read_on"))
    legal = state.legal_actions_view()
    canonical = action if action in legal else state.canonical(action)
    if canonical in asked.expect:
        return Verdict(canonical, True, after=state.apply(canonical))
    if canonical in asked.refuse:
        return Verdict(canonical, False, asked.refuse[canonical])
    if canonical in legal:
        return Verdict(canonical, False, Message("core.lesson.other", {"say": asked.say}))
    try:
        state.apply(canonical)
    except IllegalAction as refused:
        return Verdict(canonical, False, Message(refused.key, refused.params))
    return Verdict(canonical, False, Message("core.lesson.other", {"say": asked.say}))


def paths(lesson: Lesson) -> Iterator[tuple[str, ...]]:
    """Every sequence of the learner's actions through the whole lesson (one of each asking
    step's ``expect``), the first choices first."""

    def walk(step: int, chosen: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if step == len(lesson.steps):
            yield chosen
            return
        for action in lesson.steps[step].expect or (None,):
            yield from walk(step + 1, chosen if action is None else (*chosen, action))

    return islice(walk(0, ()), PATHS)


def problems(game: Game[Any], lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson`` for ``game`` (empty: nothing): every step's setup and
    every expected action must be legal where it is played (on every path), the learner must
    be to move where a step asks, a refused action must be legal and not expected, and every
    message must be in all four catalogs."""
    found = [f"message {key} is missing in {lang}" for key, lang in _missing(lesson)]
    if not lesson.steps:
        return [*found, "the lesson has no steps"]
    for chosen in paths(lesson):
        found += _walked(game, lesson, chosen)
    return sorted(set(found))


def _walked(game: Game[Any], lesson: Lesson, chosen: tuple[str, ...]) -> list[str]:
    played = iter(chosen)
    state: State = game.new_initial_state()
    for i, step in enumerate(lesson.steps, start=1):
        try:
            state = _played(state, step.setup)
        except IllegalAction as refused:
            return [f"step {i} (after {list(chosen)}): setup: {refused}"]
        if not step.expect:
            continue
        if state.current_player != lesson.learner:
            return [f"step {i}: seat {state.current_player} is to move, not the learner"]
        legal = state.legal_actions()
        wrong = [a for a in (*step.expect, *step.refuse) if a not in legal]
        wrong += [a for a in step.refuse if a in step.expect]
        if wrong:
            return [f"step {i}: {wrong} expected or refused but not legal, or both"]
        state = state.apply(next(played))
    return []


def _played(state: State, actions: Sequence[str]) -> State:
    for action in actions:
        state = state.apply(action)
    return state


def _messages(lesson: Lesson) -> Iterator[Message]:
    yield lesson.title
    for step in lesson.steps:
        yield step.say
        yield from step.refuse.values()


def _missing(lesson: Lesson) -> Iterator[tuple[str, str]]:
    for message in _messages(lesson):
        for lang in LANGUAGES:
            if not has_key(message.key, lang):
                yield message.key, lang
