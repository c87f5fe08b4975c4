"""Analyses of finished games (``ludoteca.bots.analysis``): asked for from the replay page,
computed in a bot worker of their own, kept once per finished room.

An analysis is a job: the first request starts it (and counts against the ``analyses``
quota), later ones see how far it is (``done`` of ``total`` decisions judged) until it is done.
A finished room's analysis is then stored (table ``analyses``), so every later visit gets it
at once; an uploaded record's is kept in memory for a while, under the digest of its rules,
options and actions. The worker reports its progress through a small file that the server
reads when asked (it is another process). Each analysis stops after ``SECONDS``."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import shutil
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ludoteca.bots.analysis import BELOW, MARKS, VERDICTS, Analysis, verdict_label
from ludoteca.engine import Record

from . import workers
from .botrunner import BotRunner
from .db import AnalysisRow, Database, Store
from .errors import RoomError
from .quotas import Quotas

log = logging.getLogger("ludoteca.server")

SECONDS = 240.0  # an analysis stops after this long in its worker
MOVE_BUDGET = 2_000  # search iterations per decision at most
GAME_BUDGET = 120_000  # ... and over the whole game: a long game gets fewer a decision
LEAST_BUDGET = 200
PUZZLES = 10  # the worst moves of a game offered as puzzles
KEPT = 64  # uploaded records' analyses kept in memory (the oldest go first)


class AnalysisStatus(BaseModel):
    """What the replay page is told: ``state`` is "none" (never asked for), "queued",
    "running", "done" or "failed" (``message`` says why, in the reader's language)."""

    state: str
    done: int = 0
    total: int = 0
    key: str | None = None  # an uploaded record's job, to ask again
    analysis: dict[str, Any] | None = None  # Analysis.to_json
    accuracy: dict[str, float] = {}  # by seat (as a string), 0..100 (docs/bots.md)
    evaluator: list[str] = []  # what judged the moves, in words
    verdicts: dict[str, str] = {}  # each verdict in words ("blunder": "Blunder")
    marks: dict[str, str] = {}  # each verdict's mark ("blunder": "??")
    limits: dict[str, int] = {}  # the loss (percentage points) below which each verdict is given
    puzzles: int = 0  # the worst moves offered as puzzles (a room's)
    message: str | None = None


@dataclass
class Job:
    key: str
    progress: Path
    uploaded: bool  # an uploaded record's (asked for by its key), not a room's
    task: asyncio.Task | None = None
    result: dict[str, Any] | None = None
    error: RoomError | None = None

    def figures(self) -> tuple[int, int]:
        """Decisions judged and to judge, as the worker last wrote them ((0, 0): not begun)."""
        try:
            found = json.loads(self.progress.read_text("utf-8"))
            return int(found["done"]), int(found["total"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0, 0


def budget_for(actions: int) -> int:
    """Search iterations a decision: the game's budget shared by its actions (a long game's
    analysis takes no longer than a short one's), within bounds."""
    return max(LEAST_BUDGET, min(MOVE_BUDGET, GAME_BUDGET // max(1, actions)))


def record_key(record: Record) -> str:
    """An uploaded record's key: the digest of what decides its analysis."""
    text = json.dumps([record.game, record.options, record.actions], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Analyses:
    def __init__(self, db: Database, bots: BotRunner, quotas: Quotas):
        self.db, self.bots, self.quotas = db, bots, quotas
        self.jobs: dict[str, Job] = {}  # running, and failed until asked again
        self.uploaded: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-analyses-"))

    def close(self) -> None:
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- a finished room -----------------------------------------------------------------

    async def of_room(self, room_id: str, lang: str) -> AnalysisStatus:
        """The room's analysis, or how far it is (404: no such room; 409: not finished)."""
        stored = await self.db.run(stored_analysis, self.db.store, room_id)
        if stored is not None:
            return done(stored, lang)
        job = self.jobs.get(room_id)
        if job is not None:
            return status(job, lang)
        await self.finished_record(room_id)
        return AnalysisStatus(state="none")

    async def start_room(self, room_id: str, address: str, lang: str) -> AnalysisStatus:
        """Start the room's analysis unless it is stored or under way."""
        found = await self.of_room(room_id, lang)
        if found.state not in ("none", "failed"):
            return found
        record = await self.finished_record(room_id)
        self.quotas.hit("analyses", address)
        job = self._start(Job(room_id, self.folder / f"{room_id}.json", False), record)
        return status(job, lang)

    async def finished_record(self, room_id: str) -> Record:
        """The room's record (404: no such room; 409: it is not finished)."""
        found = await self.db.run(self.db.store.record, room_id)
        if found is None:
            if await self.db.run(self.db.store.room_row, room_id) is None:
                raise RoomError(404, "web.error.no_room", {"room": room_id})
            raise RoomError(409, "web.error.not_finished")
        return Record(found["game"], found["options"], found["actions"], found["meta"])

    # -- an uploaded record --------------------------------------------------------------

    def of_record(self, key: str, lang: str) -> AnalysisStatus:
        if key in self.uploaded:
            return done(self.uploaded[key], lang, key)
        job = self.jobs.get(key)
        if job is None:
            raise RoomError(404, "web.error.no_analysis")
        return status(job, lang)

    def start_record(self, record: Record, address: str, lang: str) -> AnalysisStatus:
        key = record_key(record)
        if key in self.uploaded or (key in self.jobs and self.jobs[key].error is None):
            return self.of_record(key, lang)
        self.quotas.hit("analyses", address)
        return status(self._start(Job(key, self.folder / f"{key}.json", True), record), lang)

    def _keep(self, key: str, analysis: dict[str, Any]) -> None:
        self.uploaded[key] = analysis
        while len(self.uploaded) > KEPT:
            self.uploaded.popitem(last=False)

    # -- the jobs ------------------------------------------------------------------------

    def _start(self, job: Job, record: Record) -> Job:
        self.jobs[job.key] = job
        job.progress.unlink(missing_ok=True)
        job.task = asyncio.get_running_loop().create_task(self._run(job, record))
        return job

    async def _run(self, job: Job, record: Record) -> None:
        call = partial(
            workers.analysis_of,
            record.game,
            dict(record.options),
            list(record.actions),
            budget_for(len(record.actions)),
            SECONDS,
            str(job.progress),
        )
        try:
            await self.bots.compiled(record.game)
            job.result = await self.bots.study(call)
            if job.uploaded:
                self._keep(job.key, job.result)
            else:
                await self.db.run(keep_analysis, self.db.store, job.key, job.result)
            del self.jobs[job.key]  # kept where it is asked for from now on
        except workers.TooLong:
            job.error = RoomError(503, "web.analysis.too_long", {"seconds": int(SECONDS)})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("analysis %s failed", job.key)
            job.error = RoomError(500, "web.analysis.failed")
        finally:
            job.progress.unlink(missing_ok=True)


def status(job: Job, lang: str) -> AnalysisStatus:
    key = job.key if job.uploaded else None
    if job.error is not None:
        return AnalysisStatus(state="failed", key=key, message=job.error.message(lang))
    if job.result is not None:
        return done(job.result, lang, key)
    finished, total = job.figures()
    return AnalysisStatus(
        state="running" if total else "queued", done=finished, total=total, key=key
    )


def done(analysis: dict[str, Any], lang: str, key: str | None = None) -> AnalysisStatus:
    """A finished analysis with each seat's accuracy and its words in ``lang``."""
    found = Analysis.from_json(analysis)
    total = len(found.moves)
    return AnalysisStatus(
        state="done",
        done=total,
        total=total,
        key=key,
        analysis=analysis,
        accuracy={str(seat): round(found.accuracy(seat), 1) for seat in found.seats()},
        evaluator=[message.text(lang) for message in found.describe()],
        verdicts={word: verdict_label(word).text(lang) for word in VERDICTS},
        marks=dict(MARKS),
        limits={word: round(100 * below) for below, word in BELOW},
        puzzles=len(found.mistakes(None, PUZZLES)),
    )


def stored_analysis(store: Store, room_id: str) -> dict[str, Any] | None:
    with store.sessions() as session:
        row = session.get(AnalysisRow, room_id)
        return None if row is None else dict(row.analysis)


def keep_analysis(store: Store, room_id: str, analysis: dict[str, Any]) -> None:
    """Store a room's analysis (once: a second one, from another instance, is dropped)."""
    with store.sessions.begin() as session:
        if session.get(AnalysisRow, room_id) is None:
            evaluator = str(analysis.get("evaluator", ""))[:200]
            session.add(AnalysisRow(room_id=room_id, evaluator=evaluator, analysis=analysis))
