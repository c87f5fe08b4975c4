"""Account recovery's endpoints (recovery.py has the rules, mail.py the sending):

- ``POST /api/account/email`` ``{email}``: the logged-in account's address, unverified until
  the link mailed to it is opened (``/account/verify?token=…``, which posts it to
  ``POST /api/account/verify`` ``{token}``);
- ``POST /api/account/reset`` ``{name}``: mails a reset link to the account's verified address
  (the answer is the same whether there is one or not);
- ``POST /api/account/reset/confirm`` ``{token, password}``: sets the password; every session
  of the account ends, the old password stops working.

Links point at ``--public-url``; without it, at the address the request came to when that is
this machine's own (a link built from any other Host header could send a token elsewhere)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from ludoteca.engine import translate

from .account_api import HashingDep, SignedInDep
from .accounts import name_key
from .api import AddressDep, HubDep, SettingsDep, get_lang
from .config import Settings
from .errors import RoomError
from .guard import openapi_body, read_json
from .mail import Mailer
from .messages import ConfirmReset, MailToken, RequestReset, SetEmail
from .recovery import RESET_FOR, VERIFY_FOR, Recovery

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def get_recovery(request: Request) -> Recovery:
    return request.app.state.recovery


def get_mailer(request: Request) -> Mailer:
    return request.app.state.mailer


RecoveryDep = Annotated[Recovery, Depends(get_recovery)]
MailerDep = Annotated[Mailer, Depends(get_mailer)]

recovery = APIRouter(prefix="/api/account")


def _base(request: Request, settings: Settings) -> str:
    if settings.public_url:
        return settings.public_url.rstrip("/")
    if request.url.hostname in LOCAL_HOSTS:
        return f"{request.url.scheme}://{request.url.netloc}"
    raise RoomError(503, "web.account.no_public_url")


async def _mail(
    request: Request, mailer: Mailer, to: str, kind: str, params: dict[str, Any], link: str
) -> None:
    """Mail ``kind`` (``web.mail.<kind>.subject`` and ``.body``) in the reader's language."""
    lang = get_lang(request)
    await mailer.send(
        to,
        translate(f"web.mail.{kind}.subject", lang),
        translate(f"web.mail.{kind}.body", lang, {**params, "link": link}),
    )


def _needs_mail(mailer: Mailer) -> None:
    if not mailer.enabled:
        raise RoomError(503, "web.account.no_mail")


@recovery.post("/email", openapi_extra=openapi_body(SetEmail))
async def set_email(
    request: Request,
    hub: HubDep,
    recovery: RecoveryDep,
    mailer: MailerDep,
    settings: SettingsDep,
    address: AddressDep,
    user: SignedInDep,
) -> dict[str, Any]:
    """Keep an address for recovery and mail it a link to verify it."""
    body = await read_json(request, SetEmail, settings.max_body)
    _needs_mail(mailer)
    hub.quotas.hit("logins", address, f"name:{name_key(user.name)}")
    base = _base(request, settings)
    token = await hub.db.run(recovery.set_email, user.id, body.email)
    await hub.db.run(hub.reminders.store.speaks, user.id, get_lang(request))  # the mails'
    hours = int(VERIFY_FOR.total_seconds() // 3600)
    await _mail(
        request,
        mailer,
        body.email.strip(),
        "verify",
        {"name": user.name, "hours": hours},
        f"{base}/account/verify?token={token}",
    )
    return {"email": body.email.strip(), "email_verified": False}


@recovery.post("/verify", openapi_extra=openapi_body(MailToken))
async def verify(
    request: Request, hub: HubDep, recovery: RecoveryDep, settings: SettingsDep
) -> dict[str, Any]:
    body = await read_json(request, MailToken, settings.max_body)
    return {"name": await hub.db.run(recovery.verify, body.token), "email_verified": True}


@recovery.post("/reset", openapi_extra=openapi_body(RequestReset))
async def request_reset(
    request: Request,
    hub: HubDep,
    recovery: RecoveryDep,
    mailer: MailerDep,
    settings: SettingsDep,
    address: AddressDep,
) -> dict[str, Any]:
    """Mail a reset link to the account's verified address, if it has one (the answer says
    the same either way)."""
    body = await read_json(request, RequestReset, settings.max_body)
    _needs_mail(mailer)
    hub.quotas.hit("logins", address, f"name:{name_key(body.name)}")
    base = _base(request, settings)
    found = await hub.db.run(recovery.begin_reset, body.name)
    if found is not None:
        email, token, name = found
        minutes = int(RESET_FOR.total_seconds() // 60)
        await _mail(
            request,
            mailer,
            email,
            "reset",
            {"name": name, "minutes": minutes},
            f"{base}/account/reset?token={token}",
        )
    return {"sent": True}


@recovery.post("/reset/confirm", openapi_extra=openapi_body(ConfirmReset))
async def confirm_reset(
    request: Request,
    hub: HubDep,
    recovery: RecoveryDep,
    hashing: HashingDep,
    settings: SettingsDep,
    address: AddressDep,
) -> dict[str, Any]:
    body = await read_json(request, ConfirmReset, settings.max_body)
    hub.quotas.hit("logins", address)
    name = await hashing.run(recovery.reset, body.token, body.password)
    return {"name": name}
