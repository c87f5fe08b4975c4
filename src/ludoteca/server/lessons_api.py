"""The guided first games (engine/lessons.py) over HTTP, stateless: the browser holds the
learner's progress (the step and the actions accepted so far) and sends it with every try;
the server replays the lesson up to the step, judges the action tried against it and answers
the picture, the step's words or the refusal. Replays and pictures run off the event loop."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from ludoteca.engine import Message, State
from ludoteca.engine.lessons import Lesson, LessonError, check_progress, judge, position
from ludoteca.engine.parts import Overlay
from ludoteca.games import registry

from . import words
from .account_api import SignedInDep
from .api import AddressDep, HubDep, LangDep, SettingsDep
from .errors import RoomError
from .guard import openapi_body, read_json
from .messages import LessonProgress, LessonTry
from .presenter import described
from .room import make_game

lessons = APIRouter(prefix="/api/lessons")


@lessons.get("/{game_id}")
async def lesson(game_id: str, lang: LangDep) -> dict[str, Any]:
    """A game's lesson: ``{game, title, steps, asks, learner, options, then, players}``
    (``asks``: per step, whether it waits for a move; ``then``: the options of the game
    against the easiest bot that follows it; ``players``: that game's seats)."""
    found = _lesson(game_id)
    then = make_game(game_id, dict(found.then))
    return {
        "game": game_id,
        "title": found.title.text(lang),
        "steps": len(found.steps),
        "asks": [bool(step.expect) for step in found.steps],
        "learner": found.learner,
        "options": dict(found.options),
        "then": dict(then.options),
        "players": then.num_players,
    }


@lessons.post("/{game_id}/try", openapi_extra=openapi_body(LessonTry))
async def attempt(
    game_id: str, request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    """One step of a lesson: ``{step, actions, action, lang, narrow, palette}``, with
    ``actions`` the learner's moves accepted at the earlier steps. Without ``action``: the
    step's position. With one: ``accepted`` and the position after it, or ``refusal`` (why
    not) and the same position. Either way ``say`` (the step's words), ``svg`` (the game's
    picture with the step's marks) and ``observation`` (its ``legal`` moves while the step
    waits for one)."""
    body = await read_json(request, LessonTry, settings.max_body)
    hub.quotas.hit("messages", address)
    found = _lesson(game_id)
    await hub.bots.compiled(game_id)
    return await asyncio.to_thread(_tried, game_id, found, body)


@lessons.put("/{game_id}/progress", openapi_extra=openapi_body(LessonProgress))
async def keep_progress(
    game_id: str,
    request: Request,
    hub: HubDep,
    settings: SettingsDep,
    address: AddressDep,
    user: SignedInDep,
) -> dict[str, Any]:
    """Where the signed-in learner stands in the game's lesson, kept on the account (the
    account page's ``lessons`` answers it on every browser): ``{step, actions, done}``, as a
    try's; answers the entry as kept (a lesson finished once stays finished)."""
    body = await read_json(request, LessonProgress, settings.max_body)
    hub.quotas.hit("messages", address)
    found = _lesson(game_id)
    before = range(min(body.step, len(found.steps)))
    answered = len(body.actions) > sum(found.asks(i) for i in before)
    try:
        check_progress(found, body.step, body.actions, answered)
    except LessonError as refused:
        raise RoomError(400, refused.reason.key, refused.reason.params) from None
    learners = request.app.state.learners
    args = (user.id, game_id, body.step, body.actions, body.done)
    return await hub.db.run(learners.keep, *args)


def _lesson(game_id: str) -> Lesson:
    try:
        found = registry.traits(game_id[:40]).lesson
    except ValueError:
        raise RoomError(404, "web.error.no_game", {"game": game_id[:40]}) from None
    if found is None:
        raise RoomError(404, "web.error.no_lesson", {"game": game_id[:40]})
    return found


def _tried(game_id: str, found: Lesson, body: LessonTry) -> dict[str, Any]:
    lang = words.language(body.lang)
    game = make_game(game_id, dict(found.options))
    try:
        state = position(game, found, body.step, body.actions)
    except LessonError as refused:
        raise RoomError(400, refused.reason.key, refused.reason.params) from None
    asked = found.steps[body.step]
    answer: dict[str, Any] = {"step": body.step, "steps": len(found.steps), "accepted": None}
    answer["say"] = asked.say.text(lang)
    answer["asks"] = bool(asked.expect)
    if body.action is not None:
        verdict = judge(state, found, body.step, body.action)
        answer["accepted"], answer["action"] = verdict.accepted, verdict.action
        if verdict.reason is not None:
            answer["refusal"] = verdict.reason.text(lang)
        if verdict.after is not None:
            state = verdict.after
    waiting = answer["asks"] and not answer["accepted"]
    names = _names(game.num_players, found.learner, lang)
    overlay = Overlay(
        marks=asked.marks, names=tuple(names), narrow=body.narrow, palette=body.palette
    )
    answer["svg"] = _picture(game_id, state, found.learner, lang, overlay)
    observed = words.translated(state.observation(found.learner), lang)
    if not waiting:
        observed["legal"] = []  # the step is done or only explains: nothing to play
    seen = described(state, observed, lang, names=names)
    answer["observation"] = words.with_names(seen, names, lang)
    return answer


def _names(players: int, learner: int, lang: str) -> list[str]:
    """The seats' names on the lesson's picture: "You" for the learner, "Opponent" for the
    others (none in a game of one seat)."""
    if players == 1:
        return []
    you, other = (Message(f"web.learn.{who}").text(lang) for who in ("you", "opponent"))
    return [you if seat == learner else other for seat in range(players)]


def _picture(game_id: str, state: State, seat: int | None, lang: str, overlay: Overlay) -> Any:
    view = registry.view(game_id)
    return None if view is None else view.svg(state, seat, lang=lang, overlay=overlay)
