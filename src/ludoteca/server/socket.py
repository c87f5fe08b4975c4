"""The live connection of a room: ``/ws/rooms/<id>``.

Every message is checked (``messages.ClientMessage``) and counted against the quotas; a
refusal is an ``error`` message and the socket stays open, except for a refused seat token
(closed with 4403) and a client that keeps going over its quota (closed with 4429)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import words
from .commands import Act, Decision, Rematch, Say, TableMove, Takeback, Undo, Unwatch, Watch
from .decisions import decide
from .errors import RoomError, malformed
from .guard import SESSION_COOKIE
from .messages import (
    ActMessage,
    ChatMessage,
    ClientMessage,
    Hello,
    HintsMessage,
    LangMessage,
    TableMessage,
    TakebackMessage,
    UndoMessage,
    parse_message,
)
from .presenter import dumps
from .quotas import address_key, seat_key
from .room import Room
from .rooms import Hub
from .watchers import Outbox, Watcher

STRIKES = 5  # refusals for a quota in a row before the socket is closed
INTERNAL_ERROR = 1011  # the close code of a message the server failed to handle

log = logging.getLogger("ludoteca.server")

router = APIRouter()


@router.websocket("/ws/rooms/{room_id}")
async def socket(websocket: WebSocket, room_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    limit: int = websocket.app.state.settings.max_message
    await websocket.accept()
    outbox = Outbox(websocket.send_text)

    async def close(code: int) -> None:
        await websocket.close(code=code)

    writer = asyncio.create_task(outbox.run(close))
    address = address_key(websocket.client.host if websocket.client else None)
    watcher = Watcher(outbox=outbox, address=address)
    watcher.user_id = await _account(websocket)
    watcher.blocked = await hub.db.run(hub.moderation.blocked_by, watcher.user_id)
    room: Room | None = None
    try:
        room = await hub.room(room_id[:40])
        while not outbox.closed and outbox.close_code is None:
            try:
                event = await websocket.receive()
            except RuntimeError:  # the client went away mid-receive
                break
            if event["type"] == "websocket.disconnect":
                break
            await _one(hub, room, watcher, event, limit)
    except RoomError as error:  # no such room
        outbox.put("error", dumps(error.to_json(watcher.lang)))
        outbox.close(4000 + error.status)
    except WebSocketDisconnect:
        pass
    except Exception:
        # a fault of the server's own: the client is told by the close code, rather than
        # left waiting for ever for the answer to its message
        log.exception("room %s: a socket's message failed", room_id[:40])
        outbox.close(INTERNAL_ERROR)
    finally:
        if room is not None:
            with contextlib.suppress(Exception):  # it is gone whatever happens
                await hub.apply(room, Unwatch(watcher))
        if outbox.close_code is None:
            outbox.closed = True
            writer.cancel()
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(writer, timeout=5)


async def _account(websocket: WebSocket) -> int | None:
    """The account of the socket's session cookie (the Origin was checked by the guard)."""
    token = websocket.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    hub: Hub = websocket.app.state.hub
    user = await hub.db.run(websocket.app.state.accounts.session_user, token)
    return None if user is None else user.id


async def _one(hub: Hub, room: Room, watcher: Watcher, event: Any, limit: int) -> None:
    """One frame of the client; a refusal goes back as an ``error`` message."""
    try:
        await _handle(hub, room, watcher, _parse(hub, watcher, event.get("text"), limit))
        watcher.strikes = 0
    except RoomError as error:
        watcher.outbox.put("error", dumps(error.to_json(watcher.lang)))
        if error.status == 429:
            watcher.strikes += 1
            if watcher.strikes >= STRIKES:
                watcher.outbox.close(4429)
        elif error.status == 403 and watcher not in room.watchers:
            watcher.outbox.close(4403)


def _parse(hub: Hub, watcher: Watcher, text: str | None, limit: int) -> ClientMessage:
    """The frame as a message; a bad frame counts against the sender's messages quota."""
    try:
        if text is None:
            raise malformed("binary frame")
        if len(text) > limit:
            raise malformed("size")
        return parse_message(text)
    except RoomError:
        hub.quotas.hit("messages", watcher.address)  # 429 once bad frames come too fast
        raise


async def _handle(hub: Hub, room: Room, watcher: Watcher, message: object) -> None:
    quotas = hub.quotas
    if isinstance(message, Hello):
        watcher.lang = words.language(message.lang)
        quotas.hit("hellos", watcher.address)
        if message.token is not None:
            seat: int | None = await hub.seat_of(room, message.token)
        else:  # an account plays its seats from any browser it is logged in on
            seat = room.account_seat(watcher.user_id)
        watcher.views = message.views
        watcher.narrow = message.narrow
        watcher.palette = message.palette
        await hub.apply(room, Watch(watcher, seat))
        return
    if isinstance(message, ActMessage | UndoMessage | TableMessage | TakebackMessage):
        await _decide(hub, room, watcher, message)
        return
    keys = [watcher.address]
    if watcher.seat is not None and watcher in room.watchers:
        keys.append(seat_key(room.id, watcher.seat))
    quotas.hit("messages", *keys)
    if watcher not in room.watchers:
        raise RoomError(400, "web.error.hello_first")
    if isinstance(message, LangMessage):
        watcher.lang = words.language(message.lang)
        await hub.publisher.send_view(room, watcher)
    elif isinstance(message, HintsMessage):
        watcher.hints = message.on
        await hub.publisher.send_view(room, watcher)
    elif isinstance(message, ChatMessage):
        quotas.hit("chat", *keys)
        seat_user = room.seats[watcher.seat].user_id if watcher.seat is not None else None
        writers = {watcher.user_id, seat_user}
        await hub.moderation.refuse_chat(hub.db, writers, watcher.address)
        await hub.apply(room, Say(watcher.seat, message.text, watcher.user_id, watcher.address))


async def _decide(
    hub: Hub,
    room: Room,
    watcher: Watcher,
    message: ActMessage | UndoMessage | TableMessage | TakebackMessage,
) -> None:
    """A seat's decision, through the entry the API shares; acknowledged to this socket."""
    seat = -1 if watcher.seat is None else watcher.seat  # the hello's seat (checked there)
    ack: dict[str, Any] = {"type": "ack"}
    decision: Decision
    if isinstance(message, ActMessage):
        ack["action"] = message.action
        decision = Act(seat, message.action, message.move)
    elif isinstance(message, UndoMessage):
        ack["action"] = None
        decision = Undo(seat, message.move)
    elif isinstance(message, TakebackMessage):
        ack["takeback"] = message.do
        decision = Takeback(seat, message.do, message.move)
    elif message.do in ("rematch", "no_rematch"):
        ack["table"] = message.do
        decision = Rematch(seat, message.do == "rematch", watcher.address)
    else:
        ack["table"] = message.do
        decision = TableMove(seat, {"draw": "offer"}.get(message.do, message.do), message.move)
    ack["move"] = await decide(hub, room, watcher, decision, watcher.address)
    watcher.outbox.put("ack", dumps(ack))
