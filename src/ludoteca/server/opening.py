"""Opening rooms: a new one from the lobby's form, and the rematch of a finished one."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from ludoteca.bots import make_bot

from .commands import LinkRematch
from .db import SeatInfo
from .errors import RoomError
from .messages import CreateRoom
from .room import Room, make_game
from .table import hash_token, new_token, rematch_seats

if TYPE_CHECKING:
    from .rooms import Hub


async def create(hub: Hub, body: CreateRoom, address: str) -> dict[str, Any]:
    """A new room; returns its id, the host's token and every person's invitation."""
    await hub.bots.compiled(body.game)  # loading a game may compile its core
    try:
        # in a thread: the first game of a kind loads its compiled core from numba's cache
        # (half a second and more), which held the event loop (issue 30)
        game = await asyncio.to_thread(make_game, body.game, dict(body.options))
    except ValueError as error:
        raise RoomError(400, "web.error.bad_game", {"detail": str(error)}) from None
    if len(body.seats) != game.num_players:
        raise RoomError(400, "web.error.bad_seats", {"n": game.num_players})
    infos, tokens = [], {}
    for number, seat in enumerate(body.seats):
        name = seat.name.strip()
        if seat.kind == "bot":
            infos.append(SeatInfo(number, "bot", bot_spec(seat.bot or "random"), name, None))
        elif seat.kind == "person":
            tokens[str(number)] = token = new_token()
            infos.append(SeatInfo(number, "person", None, name, hash_token(token)))
        else:
            infos.append(SeatInfo(number, "open", None, name, None))
    bot_spec(body.table.takeover)
    host = new_token()
    table = body.table.model_dump()
    room_id = await hub.open(
        game.id, dict(game.options), infos, table, address, hash_token(host), body.rated
    )
    return {"room": room_id, "host": host, "tokens": tokens}


async def open_rematch(hub: Hub, room: Room, address: str) -> None:
    """The same game and table, every seat moved one on; linked to the old room."""
    seed = secrets.token_hex(16)
    infos = rematch_seats(room.seats, room.id, seed)
    options, table = dict(room.game.options), room.table.model_dump()
    new_id = await hub.open(room.game.id, options, infos, table, address, None, room.rated, seed)
    await hub.apply(room, LinkRematch(new_id))


def bot_spec(spec: str) -> str:
    """A bot spec a seat may hold (400 for another)."""
    try:
        make_bot(spec, 0)
    except (ValueError, TypeError) as error:
        raise RoomError(400, "web.error.bad_bot", {"detail": str(error)}) from None
    return spec
