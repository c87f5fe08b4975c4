"""The endpoints of the manners between a site and its players:

- ``GET /api/account/reminders``: whether the logged-in account gets "your move" mails, and
  whether the site can send them; ``POST`` ``{on}`` chooses (the mails will be in the language
  of the page that chose);
- ``POST /api/account/unsubscribe`` ``{token}``: the one-click unsubscribe of a mail's link
  (``/account/unsubscribe?token=…``), no log-in needed (the token is signed, reminders.py);
- ``POST /api/rooms/<id>/pace`` ``{host, pace}``: the host sets how fast the room's bots move
  (pace.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field, StrictBool, StrictStr

from . import commands
from .account_api import SignedInDep
from .api import AddressDep, HubDep, LangDep, SettingsDep
from .guard import openapi_body, read_json
from .messages import Body, Token


class ReminderChoice(Body):
    on: StrictBool


class Unsubscribe(Body):
    token: Annotated[StrictStr, Field(min_length=1, max_length=100)]


class Pace(Body):
    host: Token
    pace: Literal["quick", "normal", "slow"]


reminders = APIRouter(prefix="/api/account")
pace = APIRouter(prefix="/api/rooms")


@reminders.get("/reminders")
async def reminder_setting(hub: HubDep, user: SignedInDep) -> dict[str, Any]:
    on = await hub.db.run(hub.reminders.store.setting, user.id)
    return {"on": on, "available": hub.reminders.enabled}


@reminders.post("/reminders", openapi_extra=openapi_body(ReminderChoice))
async def choose_reminders(
    request: Request, hub: HubDep, settings: SettingsDep, lang: LangDep, user: SignedInDep
) -> dict[str, Any]:
    body = await read_json(request, ReminderChoice, settings.max_body)
    await hub.db.run(hub.reminders.store.choose, user.id, body.on, lang)
    return {"on": body.on}


@reminders.post("/unsubscribe", openapi_extra=openapi_body(Unsubscribe))
async def unsubscribe(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    body = await read_json(request, Unsubscribe, settings.max_body)
    hub.quotas.hit("logins", address)
    return {"name": await hub.db.run(hub.reminders.store.unsubscribe, body.token), "on": False}


@pace.post("/{room_id}/pace", openapi_extra=openapi_body(Pace))
async def set_pace(
    room_id: str, request: Request, hub: HubDep, settings: SettingsDep
) -> dict[str, Any]:
    body = await read_json(request, Pace, settings.max_body)
    live = await hub.room(room_id[:40])
    await hub.apply(live, commands.SetPace(body.host, body.pace))
    return {"room": live.id, "pace": live.table.pace}
