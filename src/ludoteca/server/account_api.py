"""Accounts, profiles, leaderboards and progress as JSON endpoints.

The session cookie (``SESSION_COOKIE``) is HttpOnly, SameSite=Lax and Secure when the request
came over HTTPS; every unsafe request carrying it, and every request to ``/api/account``, must
repeat the CSRF cookie in a header (guard.py checks it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ludoteca import list_games

from .accounts import Accounts, HashPool, User, name_key
from .api import AddressDep, HubDep, SettingsDep, UserDep
from .commands import AdoptSeat
from .errors import RoomError
from .guard import SESSION_COOKIE, openapi_body, read_json
from .logins import KNOWN_COOKIE, KNOWN_DAYS, LoginGuard
from .messages import Adopt, ChangePassword, DeleteAccount, HeldSeat, LogIn, Progress, SignUp
from .privacy import Privacy
from .profiles import Profiles
from .ratings import anchors
from .rooms import Hub

SESSION_SECONDS = 30 * 24 * 3600


class Me(BaseModel):
    """Who this browser is: an account's name, or null for a guest; whether the site can mail
    (account recovery), and the account's recovery address."""

    name: str | None
    adopted: int = 0
    mail: bool = False
    email: str | None = None
    email_verified: bool = False
    admin: bool = False  # an administrator of the site (the admin page: moderation_api.py)
    # per game, where the account stands in its lesson (learners.py): {step, actions, done}
    lessons: dict[str, dict[str, Any]] = {}


def get_accounts(request: Request) -> Accounts:
    return request.app.state.accounts


def get_profiles(request: Request) -> Profiles:
    return request.app.state.profiles


def get_logins(request: Request) -> LoginGuard:
    return request.app.state.logins


def get_privacy(request: Request) -> Privacy:
    return request.app.state.privacy


def get_hashing(request: Request) -> HashPool:
    return request.app.state.hashing


AccountsDep = Annotated[Accounts, Depends(get_accounts)]
ProfilesDep = Annotated[Profiles, Depends(get_profiles)]
LoginsDep = Annotated[LoginGuard, Depends(get_logins)]
PrivacyDep = Annotated[Privacy, Depends(get_privacy)]
HashingDep = Annotated[HashPool, Depends(get_hashing)]


async def signed_in(user: UserDep) -> User:
    if user is None:
        raise RoomError(401, "web.account.not_logged_in")
    return user


SignedInDep = Annotated[User, Depends(signed_in)]

account = APIRouter(prefix="/api/account")


@account.get("")
async def me(request: Request, hub: HubDep, user: UserDep) -> Me:
    """The logged-in account (the CSRF cookie is set by this answer too, when missing)."""
    mail = request.app.state.mailer.enabled
    if user is None:
        return Me(name=None, mail=mail)
    contact = await hub.db.run(request.app.state.recovery.contact, user.id)
    admin = await hub.db.run(hub.moderation.is_admin, user)
    lessons = await hub.db.run(request.app.state.learners.of, user.id)
    return Me(
        name=user.name,
        mail=mail,
        email=contact.email,
        email_verified=contact.verified,
        admin=admin,
        lessons=lessons,
    )


@account.post("/signup", openapi_extra=openapi_body(SignUp))
async def sign_up(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    logins: LoginsDep,
    hashing: HashingDep,
    settings: SettingsDep,
    address: AddressDep,
) -> JSONResponse:
    """A new account, logged in at once; the guest's seats listed become its own."""
    body = await read_json(request, SignUp, settings.max_body)
    hub.quotas.hit("logins", address)
    user = await hashing.run(accounts.sign_up, body.name, body.password)
    return await _logged_in(request, hub, accounts, logins, user, body.seats)


@account.post("/login", openapi_extra=openapi_body(LogIn))
async def log_in(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    logins: LoginsDep,
    hashing: HashingDep,
    settings: SettingsDep,
    address: AddressDep,
) -> JSONResponse:
    """Log in; guessing is slowed down per address and per name (logins.py)."""
    body = await read_json(request, LogIn, settings.max_body)
    known = await hub.db.run(logins.known_user, request.cookies.get(KNOWN_COOKIE))
    attempt = await hub.db.run(logins.begin, address, name_key(body.name)[:80], known)
    user = await hashing.run(accounts.log_in, body.name, body.password)
    await hub.db.run(logins.succeeded, attempt)
    await hub.moderation.refuse_banned(hub.db, {user.id}, address)
    return await _logged_in(request, hub, accounts, logins, user, body.seats)


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
    hashing: HashingDep,
) -> Me:
    body = await read_json(request, ChangePassword, settings.max_body)
    hub.quotas.hit("logins", address, f"name:{name_key(user.name)}")
    keep = request.cookies.get(SESSION_COOKIE)
    await hashing.run(accounts.change_password, user, body.old, body.new, keep)
    return Me(name=user.name)


@account.get("/export")
async def export(hub: HubDep, privacy: PrivacyDep, user: SignedInDep) -> JSONResponse:
    """Everything the site holds about the account, as a JSON file to keep."""
    data = await hub.db.run(privacy.export, user.id)
    filename = f"ludoteca-{name_key(user.name)}.json".encode("ascii", "replace").decode()
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@account.post("/delete", openapi_extra=openapi_body(DeleteAccount))
async def delete_account(
    request: Request,
    hub: HubDep,
    accounts: AccountsDep,
    privacy: PrivacyDep,
    hashing: HashingDep,
    settings: SettingsDep,
    address: AddressDep,
    user: SignedInDep,
) -> JSONResponse:
    """Delete the account (its password again); its games stay, anonymised."""
    body = await read_json(request, DeleteAccount, settings.max_body)
    hub.quotas.hit("logins", address, f"name:{name_key(user.name)}")
    await hashing.run(accounts.confirm, user, body.password)
    await hub.db.run(privacy.forget, user.id)
    answer = JSONResponse(Me(name=None).model_dump())
    answer.delete_cookie(SESSION_COOKIE, path="/")
    answer.delete_cookie(KNOWN_COOKIE, path="/api/account")
    return answer


@account.post("/adopt", openapi_extra=openapi_body(Adopt))
async def adopt(
    request: Request, hub: HubDep, accounts: AccountsDep, settings: SettingsDep, user: SignedInDep
) -> Me:
    """Seats this browser held as a guest become the account's (with their games)."""
    body = await read_json(request, Adopt, settings.max_body)
    return Me(name=user.name, adopted=await _adopt(hub, accounts, user, body.seats))


async def _logged_in(
    request: Request,
    hub: Hub,
    accounts: Accounts,
    logins: LoginGuard,
    user: User,
    seats: list[HeldSeat],
) -> JSONResponse:
    adopted = await _adopt(hub, accounts, user, seats)
    token = await hub.db.run(accounts.open_session, user)
    answer = JSONResponse(Me(name=user.name, adopted=adopted).model_dump())
    secure = request.url.scheme == "https"
    answer.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )
    # This browser is known to the account from now on: a slow-down of its name does not
    # apply to it (logins.py)
    if await hub.db.run(logins.known_user, request.cookies.get(KNOWN_COOKIE)) != user.id:
        answer.set_cookie(
            KNOWN_COOKIE,
            await hub.db.run(logins.know, user.id),
            max_age=KNOWN_DAYS * 24 * 3600,
            path="/api/account",
            httponly=True,
            samesite="lax",
            secure=secure,
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
            room["your_move"] = hub.to_move(room["room"], room.pop("to_move")) == room["seat"]
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
