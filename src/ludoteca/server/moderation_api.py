"""Moderation as JSON endpoints: the administrators' (``/api/admin``, 403 for anyone else),
players' reports (``/api/reports``) and blocks (``/api/account/blocks``); and the middleware that
refuses what a banned guest's address asks to change (moderation.py holds the rules)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import Field, StrictBool, StrictInt, StrictStr
from starlette.types import ASGIApp, Receive, Scope, Send

from .accounts import User
from .api import AddressDep, HubDep, SettingsDep, UserDep
from .commands import CloseRoom, HideChat
from .errors import RoomError
from .guard import SAFE_METHODS, openapi_body, read_json, refuse
from .messages import Body, Name
from .quotas import address_key
from .rooms import Hub

Reason = Annotated[StrictStr, Field(max_length=500)]
RoomId = Annotated[StrictStr, Field(max_length=32)]
ChatId = Annotated[StrictInt, Field(ge=1, le=2**62)]


class Someone(Body):
    """An account, and whether the measure is taken (True) or lifted."""

    name: Name
    on: StrictBool = True


class Address(Body):
    """A guest's address as the admin page lists it ("addr:…")."""

    address: Annotated[StrictStr, Field(min_length=1, max_length=80)]
    on: StrictBool = True


class Line(Body):
    chat: ChatId


class RoomBody(Body):
    room: RoomId


class ReportId(Body):
    report: ChatId


class Report(Body):
    """A report of a chat line (its room, "" for the lobby, and id) or of a player (a name)."""

    room: RoomId = ""
    chat: ChatId | None = None
    player: Name | None = None
    reason: Reason = ""


async def admin(request: Request, hub: HubDep, user: UserDep) -> User:
    """The administrator asking; 403 for anyone else (guests included)."""
    if user is None or not await hub.db.run(hub.moderation.is_admin, user):
        raise RoomError(403, "web.mod.not_admin")
    return user


AdminDep = Annotated[User, Depends(admin)]

admin_api = APIRouter(prefix="/api/admin")


@admin_api.get("")
async def overview(hub: HubDep, _admin: AdminDep) -> dict[str, Any]:
    """What the admin page lists: open reports, rooms in play, the latest chat, the audit."""
    found = await hub.db.run(hub.moderation.overview)
    rooms = await hub.db.run(hub.db.store.rooms, "playing", 50)
    for row in rooms:
        live = hub.rooms.get(row["id"])
        row["watching"] = len(live.watchers) if live is not None else 0
    return {**found, "rooms": rooms}


@admin_api.post("/mute", openapi_extra=openapi_body(Someone))
async def mute(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    body = await read_json(request, Someone, settings.max_body)
    name = await hub.db.run(hub.moderation.mute, who, body.name, body.on)
    return {"name": name, "muted": body.on}


@admin_api.post("/ban", openapi_extra=openapi_body(Someone))
async def ban(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    """Ban an account: its sessions end, its sockets here are closed, it may not log in."""
    body = await read_json(request, Someone, settings.max_body)
    name, user_id = await hub.db.run(hub.moderation.ban, who, body.name, body.on)
    if body.on:
        hub.publisher.turn_away({"user": user_id})
    return {"name": name, "banned": body.on}


@admin_api.post("/address", openapi_extra=openapi_body(Address))
async def ban_address(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    """Ban a guest's address: it may no longer chat, play or change anything."""
    body = await read_json(request, Address, settings.max_body)
    await hub.db.run(hub.moderation.ban_address, who, body.address, body.on)
    if body.on:
        hub.publisher.turn_away({"address": body.address})
    return {"address": body.address, "banned": body.on}


@admin_api.post("/hide", openapi_extra=openapi_body(Line))
async def hide(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    """Hide a chat line: the room's goes from every watcher's chat at once."""
    body = await read_json(request, Line, settings.max_body)
    room_id = await hub.db.run(hub.moderation.chat_room, body.chat)
    if room_id is None:
        raise RoomError(404, "web.mod.no_line")
    if room_id:
        await hub.apply(await hub.room(room_id), HideChat(body.chat))
    else:  # the lobby's: its chat is read afresh by each browser
        await hub.db.run(hub.db.store.hide_chat, "", body.chat)
    await hub.db.run(hub.moderation.log, who, "hide", f"#{body.chat} {room_id or 'lobby'}")
    return {"chat": body.chat, "hidden": True}


@admin_api.post("/close", openapi_extra=openapi_body(RoomBody))
async def close(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    """Close a room in play: it ends, unrated, "closed by an administrator"."""
    body = await read_json(request, RoomBody, settings.max_body)
    live = await hub.room(body.room)
    await hub.apply(live, CloseRoom())
    await hub.db.run(hub.moderation.log, who, "close", live.id)
    return {"room": live.id, "status": live.status}


@admin_api.post("/resolve", openapi_extra=openapi_body(ReportId))
async def resolve(request: Request, hub: HubDep, settings: SettingsDep, who: AdminDep) -> dict:
    body = await read_json(request, ReportId, settings.max_body)
    await hub.db.run(hub.moderation.resolve, who, body.report)
    return {"report": body.report, "resolved": True}


# -- players ---------------------------------------------------------------------------------

players = APIRouter(prefix="/api")


@players.post("/reports", openapi_extra=openapi_body(Report))
async def report(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep, user: UserDep
) -> dict[str, Any]:
    """Report a chat line or a player to the administrators (guests may too)."""
    body = await read_json(request, Report, settings.max_body)
    keys = [address] + ([f"user:{user.id}"] if user else [])
    hub.quotas.hit("reports", *keys)
    found = await hub.db.run(
        hub.moderation.report, user, address, body.room, body.chat, body.player, body.reason
    )
    return {"report": found}


@players.get("/account/blocks")
async def blocks(hub: HubDep, user: UserDep) -> dict[str, list[str]]:
    """The players the account blocked."""
    return {"blocked": await hub.db.run(hub.moderation.blocks, _signed_in(user).id)}


@players.post("/account/blocks", openapi_extra=openapi_body(Someone))
async def block(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep, user: UserDep
) -> dict[str, Any]:
    """Block a player (``on``) or undo it: their chat no longer reaches you, nor their
    rematch offers. The account's sockets here follow at once."""
    body = await read_json(request, Someone, settings.max_body)
    me = _signed_in(user)
    hub.quotas.hit("messages", address)
    name = await hub.db.run(hub.moderation.block, me, body.name, body.on)
    blocked = await hub.db.run(hub.moderation.blocked_by, me.id)
    for room in hub.rooms.values():
        for watcher in room.watchers:
            if watcher.user_id == me.id:
                watcher.blocked = blocked
    return {"name": name, "blocked": await hub.db.run(hub.moderation.blocks, me.id)}


def _signed_in(user: User | None) -> User:
    if user is None:
        raise RoomError(401, "web.account.not_logged_in")
    return user


# -- banned addresses ------------------------------------------------------------------------


class BannedAddresses:
    """ASGI middleware: a banned address's requests that would change something (any method
    but GET, HEAD and OPTIONS) are refused with 403, but the administrators' own (an
    administrator behind that address may lift the ban). Inside the proxy headers: the
    address is the client's as a trusted proxy gives it, as the quotas count it."""

    def __init__(self, app: ASGIApp, hub: Hub):
        self.app = app
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and not scope["path"].startswith(admin_api.prefix)
        ):
            client = scope.get("client")
            address = address_key(client[0] if client else None)
            hub = self.hub
            if address in (await hub.moderation.sanctions(hub.db)).addresses:
                await refuse(scope, send, RoomError(403, "web.mod.banned_address"))
                return
        await self.app(scope, receive, send)
