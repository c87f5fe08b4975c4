"""The lobby's routes beside the rooms': quick pairing (seeks), who is online, and the games
of the logged-in account (the lobby follows the account to every browser)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request

from .api import AddressDep, SettingsDep, UserDep
from .errors import RoomError
from .guard import openapi_body, read_json
from .messages import Seek, SeekToken
from .online import Online
from .seeks import Seeks

seeks = APIRouter(prefix="/api/seeks")
people = APIRouter(prefix="/api")


def get_seeks(request: Request) -> Seeks:
    return request.app.state.seeks


def get_online(request: Request) -> Online:
    return request.app.state.online


SeeksDep = Annotated[Seeks, Depends(get_seeks)]
OnlineDep = Annotated[Online, Depends(get_online)]


@seeks.post("", openapi_extra=openapi_body(Seek))
async def ask(
    request: Request,
    found: SeeksDep,
    online: OnlineDep,
    settings: SettingsDep,
    address: AddressDep,
    user: UserDep,
) -> dict[str, Any]:
    """Ask for a game: ``{seek, token, status, room, seat}``. ``token`` (shown only now) polls
    or withdraws the seek and, once it is paired, holds the seat in ``room``."""
    body = await read_json(request, Seek, settings.max_body)
    if user is not None:
        await online.seen([user.id])
    return await found.ask(body, address, user)


@seeks.get("")
async def listed(found: SeeksDep) -> dict[str, list]:
    """The open seeks, oldest first: the lobby's list to join one."""
    return {"seeks": await found.listed()}


@seeks.get("/{seek_id}")
async def poll(
    seek_id: str,
    found: SeeksDep,
    online: OnlineDep,
    user: UserDep,
    x_seek_token: Annotated[str | None, Header(max_length=64)] = None,
    wait: bool = False,
) -> dict[str, Any]:
    """Where a seek stands (header ``X-Seek-Token``): open, paired (with its room and seat),
    withdrawn or lapsed. ``wait``: an open seek's answer waits up to a second for a pairing.
    A seek nobody polls for a while lapses."""
    if not x_seek_token:
        raise RoomError(404, "web.error.no_seek")
    if user is not None:
        await online.seen([user.id])
    return await found.poll(seek_id[:24], x_seek_token, wait)


@seeks.post("/{seek_id}/withdraw", openapi_extra=openapi_body(SeekToken))
async def withdraw(
    seek_id: str, request: Request, found: SeeksDep, settings: SettingsDep
) -> dict[str, bool]:
    """Withdraw an open seek; ``ok`` is false when it was paired (or gone) already."""
    body = await read_json(request, SeekToken, settings.max_body)
    return {"ok": await found.withdraw(seek_id[:24], body.token)}


@people.get("/online")
async def who(online: OnlineDep, user: UserDep) -> dict[str, Any]:
    """How many accounts are online, their names and their games in play."""
    if user is not None:
        await online.seen([user.id])
    return await online.online()


@people.get("/account/games")
async def my_games(online: OnlineDep, user: UserDep) -> dict[str, Any]:
    """The logged-in account's games in play (its move first) and its latest finished ones
    (empty lists for a guest, whose games its browser remembers)."""
    if user is None:
        return {"playing": [], "finished": []}
    await online.seen([user.id])
    return await online.games_of(user.id)
