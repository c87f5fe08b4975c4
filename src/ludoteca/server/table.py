"""The table around a game: how it ends when not by the rules (resign, time, a draw agreed,
abandon), chat text, and the seat tokens of a rematch. (Whether a game allows a draw is its own
trait, ``Traits.draws``.)

Log entries of the table (beside ``act`` and ``undo``), each by a seat:

- ``resign``, ``timeout``: in a game of one or two seats the game ends and the other seat
  wins (a solitaire game ends lost); with three or more seats the room's takeover bot plays
  the seat from then on and the game goes on.
- ``offer``, ``agree``, ``decline``: a draw is offered, agreed to, declined; once every seat
  has agreed the game ends with every seat sharing the win. Any move by a seat that has not
  agreed declines it too.
- ``abandon``: the room is given up without a result.
- ``close``: an administrator closed the room (by no seat, -1): it ends without a result,
  unrated, "closed by an administrator".
- ``forfeit``: the seat left a game that counts for the ratings and loses it as if it
  resigned: it abandoned after its own first decision, or another seat claimed it (gone for
  ``CLAIM_AWAY`` seconds, or no move for ``CLAIM_STALL``), or the room was closed for having
  no move for too long while it was the seat's move.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import unicodedata
from typing import Any

from .db import SeatInfo
from .errors import RoomError

TABLE_KINDS = frozenset(
    {"resign", "timeout", "offer", "agree", "decline", "abandon", "close", "forfeit"}
)
LEAVING = frozenset({"resign", "timeout", "forfeit"})  # a seat leaves the game (and loses)
CLAIM_AWAY = 60.0  # seconds a seat to move may be disconnected before its loss is claimed
CLAIM_STALL = 600.0  # seconds a seat to move may sit without moving before the same

CHAT_LENGTH = 500  # characters of one chat message
CHAT_HISTORY = 100  # messages a newcomer is sent


def hash_token(token: str) -> str:
    """What the database keeps of a seat's token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def chat_text(text: str) -> str:
    """The message as it is kept: control characters dropped, spaces trimmed; a clear refusal
    when nothing is left or it is too long. (It is shown as text, never as markup.)"""
    kept = "".join(
        ch for ch in text if ch == "\n" or not unicodedata.category(ch).startswith("C")
    ).strip()
    if not kept:
        raise RoomError(400, "web.error.chat_empty")
    if len(kept) > CHAT_LENGTH:
        raise RoomError(400, "web.error.chat_long", {"n": CHAT_LENGTH})
    return kept


def rematch_token(seed: str, room_id: str, seat: int, token_hash: str) -> str:
    """The seat token of a rematch for the holder of ``seat`` of ``room_id``: derived from the
    new room's secret seed and the old seat's token hash, so the server can tell it again to
    whoever comes back with the old seat's token, without keeping it."""
    message = f"{room_id}/{seat}/{token_hash}".encode()
    digest = hmac.new(seed.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def rotated(count: int, new_seat: int) -> int:
    """The old seat that sits at ``new_seat`` in a rematch: everyone moves one seat on."""
    return (new_seat - 1) % count


def rematch_seats(seats: list[SeatInfo], room_id: str, seed: str) -> list[SeatInfo]:
    """The seats of the rematch of ``room_id`` (its new secret ``seed``): every holder moved
    one seat on, each person's token the one ``rematch_token`` derives."""
    count, infos = len(seats), []
    for seat in range(count):
        old = seats[rotated(count, seat)]
        token_hash = None
        if old.kind == "person" and old.token_hash:
            token_hash = hash_token(rematch_token(seed, room_id, old.seat, old.token_hash))
        kind = "open" if old.kind == "open" else old.kind
        infos.append(
            SeatInfo(seat, kind, old.bot, old.name, token_hash, kind == "person", old.user_id)
        )
    return infos


def rematch_seat(
    seats: list[SeatInfo], room_id: str, new_id: str, new_seed: str, seat: int | None
) -> dict[str, Any] | None:
    """The rematch's room, seat and token of the holder of ``seat`` (None: not a person)."""
    if seat is None:
        return None
    old = seats[seat]
    if old.kind != "person" or not old.token_hash:
        return None
    count = len(seats)
    new_seat = next(s for s in range(count) if rotated(count, s) == seat)
    token = rematch_token(new_seed, room_id, seat, old.token_hash)
    return {"room": new_id, "seat": new_seat, "token": token}
