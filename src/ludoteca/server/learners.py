"""Where each account stands in the games' guided first games (``lessons_api.py``), so that
a learner who signs in on another browser goes on where they stopped. The browser keeps its
own copy and sends each change; a lesson finished once stays finished."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from .db import LessonRow, Store


def _entry(row: LessonRow) -> dict[str, Any]:
    return {"step": row.step, "actions": list(row.actions), "done": row.done}


class Learners:
    """The lessons table, read and written in the store's synchronous sessions."""

    def __init__(self, store: Store):
        self.store = store

    def of(self, user_id: int) -> dict[str, dict[str, Any]]:
        """Per game id: ``{step, actions, done}``."""
        with self.store.sessions() as session:
            rows = session.scalars(select(LessonRow).where(LessonRow.user_id == user_id))
            return {row.game: _entry(row) for row in rows}

    def keep(
        self, user_id: int, game: str, step: int, actions: list[str], done: bool
    ) -> dict[str, Any]:
        """Stores where the learner stands now (checked by the caller) and answers the entry
        as kept: ``done`` stays true once it was."""
        with self.store.sessions.begin() as session:
            row = session.get(LessonRow, (user_id, game))
            if row is None:
                row = LessonRow(user_id=user_id, game=game, done=False)
                session.add(row)
            row.step, row.actions, row.done = step, list(actions), row.done or done
            row.updated_at = datetime.now(UTC).replace(tzinfo=None)
            return _entry(row)
