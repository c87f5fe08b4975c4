"""Accounts, profiles, leaderboards and progress as JSON endpoints.

The session cookie (``SESSION_COOKIE``) is HttpOnly, SameSite=Lax and Secure when the request
came over HTTPS; every unsafe request carrying it, and every request to ``/api/account``, must
repeat the CSRF cookie in a header (guard.py checks it)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ludoteca import list_games

from .accounts import Accounts, User, name_key
from .api import AddressDep, HubDep, SettingsDep, UserDep
from .commands import AdoptSeat
from .errors import RoomError
from .guard import SESSION_COOKIE, openapi_body, read_json
from .messages import Adopt, ChangePassword, HeldSeat, LogIn, Progress, SignUp
from .profiles import Profiles
from .ratings import anchors
from .rooms import Hub

SESSION_SECONDS = 30 * 24 * 3600


class Me(BaseModel):
    """Who this browser is: an account's name, or null for a guest."""

    name: str | None
    adopted: int = 0


def get_accounts(request: Request) -> Accounts:
    return request.app.state.accounts


def get_profiles(request: Request) -> Profiles:
    return request.app.state.profiles


AccountsDep = Annotated[Accounts, Depends(get_accounts)]
ProfilesDep = Annotated[Profiles, Depends(get_profiles)]


async def signed_in(user: UserDep) -> User:
    if user is None:
        raise RoomError(401, "web.account.not_logged_in")
    return user


SignedInDep = Annotated[User, Depends(signed_in)]

account = APIRouter(prefix="/api/account")


@account.get("")
async def me(user: UserDep) -> Me:
    """The logged-in account (the CSRF cookie is set by this answer too, when missing)."""
    return Me(name=user.name if user else None)


@account.post("/signup", openapi_extra=openapi_body(SignUp))
async def sign_up(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    address: AddressDep,
) -> JSONResponse:
    """A new account, logged in at once; the guest's seats listed become its own."""
    body = await read_json(request, SignUp, settings.max_body)
    hub.quotas.hit("logins", address)
    user = await asyncio.to_thread(accounts.sign_up, body.name, body.password)
    return await _logged_in(request, hub, accounts, user, body.seats)


@account.post("/login", openapi_extra=openapi_body(LogIn))
async def log_in(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    address: AddressDep,
) -> JSONResponse:
    body = await read_json(request, LogIn, settings.max_body)
    hub.quotas.hit("logins", address, f"name:{name_key(body.name)}")
    user = await asyncio.to_thread(accounts.log_in, body.name, body.password)
    return await _logged_in(request, hub, accounts, user, body.seats)


@account.post("/logout")
async def log_out(request: Request, hub: HubDep, accounts: AccountsDep) -> JSONResponse:
    await hub.db.run(accounts.close_session, request.cookies.get(SESSION_COOKIE))
    answer = JSONResponse(Me(name=None).model_dump())
    answer.delete_cookie(SESSION_COOKIE, path="/")
    return answer


@account.post("/password", openapi_extra=openapi_body(ChangePassword))
async def change_password(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    address: AddressDep,
    user: SignedInDep,
) -> Me:
    body = await read_json(request, ChangePassword, settings.max_body)
    hub.quotas.hit("logins", address, f"name:{name_key(user.name)}")
    keep = request.cookies.get(SESSION_COOKIE)
    await asyncio.to_thread(accounts.change_password, user, body.old, body.new, keep)
    return Me(name=user.name)


@account.post("/adopt", openapi_extra=openapi_body(Adopt))
async def adopt(
    request: Request, hub: HubDep, accounts: AccountsDep, settings: SettingsDep, user: SignedInDep
) -> Me:
    """Seats this browser held as a guest become the account's (with their games)."""
    body = await read_json(request, Adopt, settings.max_body)
    return Me(name=user.name, adopted=await _adopt(hub, accounts, user, body.seats))


async def _logged_in(
    request: Request, hub: Hub, accounts: Accounts, user: User, seats: list[HeldSeat]
) -> JSONResponse:
    adopted = await _adopt(hub, accounts, user, seats)
    token = await hub.db.run(accounts.open_session, user)
    answer = JSONResponse(Me(name=user.name, adopted=adopted).model_dump())
    answer.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return answer


async def _adopt(hub: Hub, accounts: Accounts, user: User, seats: list[HeldSeat]) -> int:
    held = [(seat.room, seat.seat, seat.token) for seat in seats]
    taken = await hub.db.run(accounts.adopt, user, held) if held else []
    for room_id, number in taken:
        if room_id in hub.rooms:  # a live room shows the name
            await hub.apply(hub.rooms[room_id], AdoptSeat(number, user.id, user.name))
    return len(taken)


# -- players ---------------------------------------------------------------------------------

players = APIRouter(prefix="/api")


@players.get("/players/{name}")
async def profile(name: str, hub: HubDep, profiles: ProfilesDep, user: UserDep) -> dict[str, Any]:
    """A player's profile; your own also lists your rooms in play, your move first."""
    found = await hub.db.run(profiles.profile, name[:40])
    if found is None:
        raise RoomError(404, "web.account.no_player", {"name": name[:40]})
    own = user is not None and name_key(user.name) == name_key(found["name"])
    playing = found.pop("playing")
    if own:
        for room in playing:
            room["your_move"] = hub.to_move(room["room"]) == room["seat"]
        playing.sort(key=lambda room: not room["your_move"])
        found["playing"] = playing
    found["own"] = own
    return found


@players.get("/leaderboard/{game_id}")
async def leaderboard(game_id: str, hub: HubDep, profiles: ProfilesDep) -> dict[str, Any]:
    """The accounts rated in a game, best first, and the bots' fixed anchors."""
    if game_id not in {info["id"] for info in list_games()}:
        raise RoomError(404, "web.error.no_game", {"game": game_id[:40]})
    rows = await hub.db.run(profiles.leaderboard, game_id)
    return {"game": game_id, "players": rows, "anchors": anchors()}


@players.post("/progress", openapi_extra=openapi_body(Progress))
async def guest_progress(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    profiles: ProfilesDep,
    settings: SettingsDep,
    address: AddressDep,
    user: UserDep,
) -> dict[str, Any]:
    """Solo progress: the account's, or a guest's from the seats its browser holds."""
    body = await read_json(request, Progress, settings.max_body)
    hub.quotas.hit("messages", address)
    if user is not None:
        found = await hub.db.run(profiles.profile, user.name)
        assert found is not None
        return found["progress"]
    held = await hub.db.run(accounts.held, [(s.room, s.seat, s.token) for s in body.seats])
    return await hub.db.run(profiles.progress_of, held)
