"""The one entry for a seat's decision (an action, an undo, a table move, a rematch), shared by
the WebSocket and the JSON API: the holder is checked, the quotas counted, then the room
handles it. Asking for a rematch counts against the quota of rooms created (it opens one)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .commands import Decision, Rematch
from .errors import RoomError
from .quotas import seat_key
from .room import Room
from .watchers import Watcher

if TYPE_CHECKING:
    from .rooms import Hub


async def decide(
    hub: Hub, room: Room, proof: str | Watcher | None, decision: Decision, address: str
) -> int:
    """Carry out ``decision`` for its seat once its holder is checked (``proof``: the seat's
    token, or the socket that said hello with it) and the quotas counted; the new log
    position. A refused holder counts against the address's quota too."""
    try:
        seat = await _holder(hub, room, proof, decision.seat)
    except RoomError:
        hub.quotas.hit("messages", address)
        raise
    hub.quotas.hit("messages", address, seat_key(room.id, seat))
    user = room.seats[seat].user_id
    await hub.moderation.refuse_banned(hub.db, {user}, address)
    if isinstance(decision, Rematch) and decision.yes and user is not None:
        others = {s.user_id for s in room.seats if s.user_id not in (None, user)}
        if await hub.db.run(hub.moderation.blocking, user, others):
            raise RoomError(403, "web.mod.blocked_offer")
    if isinstance(decision, Rematch) and decision.yes:
        hub.quotas.hit("rooms", address)  # asking for a rematch opens a room
    await hub.apply(room, replace(decision, seat=seat))
    return room.version


async def _holder(hub: Hub, room: Room, proof: str | Watcher | None, seat: int) -> int:
    if isinstance(proof, Watcher):
        if proof not in room.watchers:
            raise RoomError(400, "web.error.hello_first")
        if proof.seat is None:
            raise RoomError(403, "web.error.spectator")
        return proof.seat
    if proof is None or await hub.seat_of(room, proof) != seat:
        raise RoomError(403, "web.error.forbidden")
    return seat
