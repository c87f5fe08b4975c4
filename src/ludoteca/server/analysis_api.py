"""The endpoints of finished games' analyses and of the puzzles made from their mistakes:

- ``GET /api/rooms/<id>/analysis``: the finished room's analysis, or how far it is
  (``AnalysisStatus``: ``state`` "none", "queued", "running", "done" or "failed");
  ``POST`` starts it (quota ``analyses``; 404 no such room, 409 not finished, 429 quota);
- ``POST /api/analysis`` ``{record}``: an uploaded record's analysis, started or as far as
  it is (its ``key``); ``GET /api/analysis/<key>``: how far it is, or the analysis;
- ``GET /api/rooms/<id>/puzzles``: the analysed room's worst moves as puzzles;
  ``GET /api/rooms/<id>/puzzles/<n>``: the position before puzzle ``n``'s mistake as its mover
  saw it, with the legal moves; ``POST …/puzzles/<n>/try`` ``{action}``: right or wrong, and
  the best move.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from ludoteca.bots.analysis import Analysis, Judged, verdict_label
from ludoteca.engine import Record, RecordError, Seat, State
from ludoteca.engine.parts import Overlay

from . import words, workers
from .analyses import LEAST_BUDGET, PUZZLES, Analyses, AnalysisStatus, stored_analysis
from .api import AddressDep, HubDep, LangDep, SettingsDep, record_names, room_key
from .errors import RoomError
from .guard import openapi_body, read_json
from .messages import DEFAULT_PALETTE, Action, Body, Palette, RecordBody
from .presenter import described, picture
from .room import make_game
from .rooms import Hub


def get_analyses(request: Request) -> Analyses:
    return request.app.state.analyses


AnalysesDep = Annotated[Analyses, Depends(get_analyses)]


class AnalyseRecord(Body):
    record: RecordBody


class Try(Body):
    action: Action


class Puzzle(BaseModel):
    """One puzzle of a room: the ``ply`` (0-based action) where ``seat`` played ``played``
    and lost ``loss`` (its ``verdict``, and that in words)."""

    n: int
    seat: int
    ply: int
    played: str
    loss: float
    verdict: str
    verdict_words: str


class Puzzles(BaseModel):
    room: str
    game: str
    puzzles: list[Puzzle]
    names: list[str]


class PuzzleView(BaseModel):
    """The position before the mistake as its mover saw it (``observation`` with ``legal``)."""

    puzzle: Puzzle
    of: int
    game: str
    observation: dict[str, Any]
    svg: str | None
    names: list[str]


class Tried(BaseModel):
    """``right``: the move tried is the best move found (or as good); ``best`` that move."""

    right: bool
    action: str
    best: str
    played: str
    svg: str | None  # the position with the best move marked


analysis = APIRouter(prefix="/api")


@analysis.get("/rooms/{room_id}/analysis")
async def room_analysis(room_id: str, analyses: AnalysesDep, lang: LangDep) -> AnalysisStatus:
    return await analyses.of_room(room_key(room_id), lang)


@analysis.post("/rooms/{room_id}/analysis")
async def analyse_room(
    room_id: str, analyses: AnalysesDep, lang: LangDep, address: AddressDep
) -> AnalysisStatus:
    return await analyses.start_room(room_key(room_id), address, lang)


@analysis.post("/analysis", openapi_extra=openapi_body(AnalyseRecord))
async def analyse_record(
    request: Request,
    hub: HubDep,
    analyses: AnalysesDep,
    settings: SettingsDep,
    lang: LangDep,
    address: AddressDep,
) -> AnalysisStatus:
    body = await read_json(request, AnalyseRecord, settings.max_body)
    record = await finished(hub, body.record)
    return analyses.start_record(record, address, lang)


@analysis.get("/analysis/{key}")
async def record_analysis(key: str, analyses: AnalysesDep, lang: LangDep) -> AnalysisStatus:
    return analyses.of_record(key[:64], lang)


async def finished(hub: Hub, body: RecordBody) -> Record:
    """The uploaded record, if it is a finished game (400: not a game; 409: unfinished)."""
    try:
        record = Record.from_json(body.model_dump())
    except RecordError as error:
        raise RoomError(400, "web.error.bad_record", {"detail": str(error)[:200]}) from None
    await hub.bots.compiled(record.game)
    state = await asyncio.to_thread(replayed, record, len(record.actions))
    if not state.is_terminal():
        raise RoomError(409, "web.error.not_finished")
    return record


def replayed(record: Record, step: int) -> State:
    try:
        return make_game(record.game, record.options).replay(record.actions[:step])
    except (RecordError, ValueError) as error:
        raise RoomError(400, "web.error.bad_record", {"detail": str(error)[:200]}) from None


# -- puzzles ---------------------------------------------------------------------------------


@analysis.get("/rooms/{room_id}/puzzles")
async def puzzles(room_id: str, hub: HubDep, analyses: AnalysesDep, lang: LangDep) -> Puzzles:
    """The room's worst moves, the worst first (404 before its analysis is done)."""
    room_id = room_key(room_id)
    found, record = await mistakes(hub, analyses, room_id)
    return Puzzles(
        room=room_id,
        game=record.game,
        puzzles=[as_puzzle(n, judged, lang) for n, judged in enumerate(found)],
        names=seat_names(record, lang),
    )


@analysis.get("/rooms/{room_id}/puzzles/{n}")
async def puzzle(
    room_id: str,
    n: int,
    hub: HubDep,
    analyses: AnalysesDep,
    lang: LangDep,
    narrow: bool = False,
    palette: Palette = DEFAULT_PALETTE,
) -> PuzzleView:
    found, record = await mistakes(hub, analyses, room_key(room_id))
    judged = chosen(found, n)
    names = seat_names(record, lang)
    state = await asyncio.to_thread(replayed, record, judged.ply)
    game = state.game

    def view() -> tuple[dict[str, Any], str | None]:
        observed = words.translated(state.observation(judged.seat), lang)
        seen = described(state, observed, lang, names=names)
        svg = picture(game, state, judged.seat, lang, None, names, narrow, palette)
        return words.with_names(seen, names, lang), svg

    observation, svg = await asyncio.to_thread(view)
    return PuzzleView(
        puzzle=as_puzzle(n, judged, lang),
        of=len(found),
        game=record.game,
        observation=observation,
        svg=svg,
        names=names,
    )


@analysis.post("/rooms/{room_id}/puzzles/{n}/try", openapi_extra=openapi_body(Try))
async def try_move(
    room_id: str,
    n: int,
    request: Request,
    hub: HubDep,
    analyses: AnalysesDep,
    settings: SettingsDep,
    lang: LangDep,
    address: AddressDep,
    narrow: bool = False,
    palette: Palette = DEFAULT_PALETTE,
) -> Tried:
    """A move tried in puzzle ``n``: right when it is as good as the analysis's best move
    (400 for a move not legal there)."""
    body = await read_json(request, Try, settings.max_body)
    hub.quotas.hit("hints", address)  # a move other than the two known is searched
    analysis, record = await analysed(hub, analyses, room_key(room_id))
    judged = chosen(analysis.mistakes(None, PUZZLES), n)
    state = await asyncio.to_thread(replayed, record, judged.ply)
    if body.action not in state.legal_actions():
        raise RoomError(400, "web.puzzle.not_legal", {"action": body.action[:60]})
    names = seat_names(record, lang)
    overlay = Overlay(action=judged.best)
    svg = await asyncio.to_thread(
        picture, state.game, state, judged.seat, lang, overlay, names, narrow, palette
    )
    return Tried(
        right=await no_worse(hub, analysis, record, judged, body.action),
        action=body.action,
        best=judged.best,
        played=judged.action,
        svg=svg,
    )


async def no_worse(
    hub: Hub, analysis: Analysis, record: Record, judged: Judged, action: str
) -> bool:
    """Whether ``action`` is as good as the analysis's best move where ``judged`` was played:
    the best move is, the move played is not; any other is judged as the analysis judged the
    move played (in a bot worker) and is right when it loses nothing against the best."""
    if action in (judged.best, judged.action):
        return action == judged.best
    call = partial(
        workers.judged_move,
        record.game,
        dict(record.options),
        list(record.actions[: judged.ply]),
        action,
        analysis.budget or LEAST_BUDGET,
        analysis.seed,
    )
    tried = await hub.bots.run(call)
    return tried.loss == 0.0 or tried.after >= judged.before


async def analysed(hub: Hub, analyses: Analyses, room_id: str) -> tuple[Analysis, Record]:
    """The room's analysis and its record (404: no such room or no analysis yet; 409: not
    finished)."""
    record = await analyses.finished_record(room_id)
    stored = await hub.db.run(stored_analysis, hub.db.store, room_id)
    if stored is None:
        raise RoomError(404, "web.error.no_analysis")
    return Analysis.from_json(stored), record


async def mistakes(hub: Hub, analyses: Analyses, room_id: str) -> tuple[list[Judged], Record]:
    """The analysed room's worst moves (the puzzles) and its record."""
    analysis, record = await analysed(hub, analyses, room_id)
    return analysis.mistakes(None, PUZZLES), record


def chosen(found: list[Judged], n: int) -> Judged:
    if not 0 <= n < len(found):
        raise RoomError(404, "web.puzzle.none", {"n": n + 1})
    return found[n]


def as_puzzle(n: int, judged: Judged, lang: str) -> Puzzle:
    return Puzzle(
        n=n,
        seat=judged.seat,
        ply=judged.ply,
        played=judged.action,
        loss=round(judged.loss, 3),
        verdict=judged.verdict,
        verdict_words=verdict_label(judged.verdict).text(lang),
    )


def seat_names(record: Record, lang: str) -> list[str]:
    """The record's players' names (a bot's in words), or "Player N"."""
    game = make_game(record.game, record.options)
    found = record_names(record.meta, game.num_players, lang)
    return found or [Seat(seat).text(lang) for seat in range(game.num_players)]
