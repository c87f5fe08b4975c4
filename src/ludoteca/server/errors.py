"""Refusals: one shape for every error the server gives, in the reader's language."""

from __future__ import annotations

from typing import Any

from ludoteca.engine import Message
from ludoteca.engine.i18n import translate


class RoomError(Exception):
    """A refused request: an HTTP-like status and a message of the ``web`` catalog.

    ``retry_after`` (seconds) is set on 429: the client may try again after it."""

    def __init__(
        self,
        status: int,
        key: str,
        params: dict[str, Any] | None = None,
        retry_after: int | None = None,
    ):
        self.status = status
        self.key = key
        self.params = dict(params or {})
        self.retry_after = retry_after
        self.news: list[Any] = []  # a room's events of what changed before it refused
        super().__init__(f"{status} {key} {self.params}")

    def message(self, lang: str) -> str:
        params = {
            name: value.text(lang) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }
        return translate(self.key, lang, params)

    def to_json(self, lang: str) -> dict[str, Any]:
        body: dict[str, Any] = {
            "type": "error",
            "code": self.status,
            "key": self.key,
            "message": self.message(lang),
        }
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
        return body

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)} if self.retry_after is not None else {}


def malformed(detail: str) -> RoomError:
    return RoomError(400, "web.error.malformed", {"detail": detail[:80]})
