"""The ASGI app: the JSON API, the WebSocket of each room and the static client."""

from __future__ import annotations

import asyncio
import logging
import mimetypes
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import cache
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError, WebSocketRequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ludoteca import web

from . import (
    account_api,
    analysis_api,
    api,
    health,
    lessons_api,
    lobby_api,
    manners_api,
    moderation_api,
    recovery_api,
    socket,
    words,
    workers,
)
from .accounts import Accounts, HashPool
from .analyses import Analyses
from .botrunner import BotRunner
from .bus import make_bus
from .cards import Cards
from .config import Settings
from .db import Database, Store
from .errors import RoomError, malformed
from .guard import Guard
from .lag import LoopLag
from .learners import Learners
from .leases import Leases, SoleLeases
from .logins import LoginGuard
from .mail import Mailer
from .metrics import Metrics, Observe
from .online import Online
from .privacy import Privacy
from .profiles import Profiles
from .quotas import Quotas
from .recovery import Recovery
from .reminders import Reminders
from .rooms import Hub
from .seeks import Seeks

log = logging.getLogger("ludoteca.server")

PAGES = (
    "/",
    "/room/{room_id}",
    "/replay",
    "/replay/{room_id}",
    "/puzzles/{room_id}/{n}",
    "/rules/{game_id}",
    "/learn/{game_id}",
    "/player/{name}",
    "/leaderboard",
    "/leaderboard/{game_id}",
    "/account",
    "/account/verify",
    "/account/reset",
    "/admin",
    "/account/unsubscribe",
)
HTTP_KEYS = {404: "web.error.not_found", 405: "web.error.method"}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store(settings.database_url())
    count = workers.default_workers() if settings.bot_workers is None else settings.bot_workers
    bus = make_bus(store.url, settings.instance)
    leases = (
        Leases(store.engine, bus.instance, settings.lease_seconds)
        if store.shared
        else SoleLeases(bus.instance)
    )
    metrics = Metrics()
    hub = Hub(
        Database(store, metrics.database),
        BotRunner(count, settings.bot_delay),
        Quotas(settings.limits),
        bus,
        leases,
    )
    metrics.watch(lambda: len(hub.rooms), lambda: hub.bots.busy)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.bots.warm()
        await hub.start(settings.idle_rooms)
        tasks = [
            asyncio.create_task(app.state.lag.run()),
            asyncio.create_task(hub.resume()),
            asyncio.create_task(_sweep(hub, settings)),
            asyncio.create_task(app.state.seeks.run()),
            asyncio.create_task(app.state.online.run()),
        ]
        yield
        app.state.stopping = True
        for task in tasks:
            task.cancel()
        await hub.stop()  # the rooms this instance drove go to the others at once
        app.state.analyses.close()
        hub.close()

    docs = "/api/docs" if settings.api_docs else None
    schema = "/api/openapi.json" if settings.api_docs else None
    app = FastAPI(
        title="Ludoteca", lifespan=lifespan, docs_url=docs, redoc_url=None, openapi_url=schema
    )
    app.state.hub = hub
    app.state.metrics = metrics
    app.state.settings = settings
    app.state.stopping = False
    app.state.lag = LoopLag(observe=metrics.lag)
    app.state.cards = Cards(hub.bots)
    app.state.accounts = Accounts(store)
    app.state.logins = LoginGuard(store)
    app.state.privacy = Privacy(store)
    app.state.learners = Learners(store)
    app.state.recovery = Recovery(store)
    app.state.mailer = Mailer(settings.smtp, settings.mail_from)
    hub.reminders = Reminders(hub.db, app.state.mailer, settings.public_url)
    app.state.hashing = HashPool()
    app.state.profiles = Profiles(store)
    app.state.seeks = Seeks(hub)
    app.state.online = Online(hub)
    app.state.analyses = Analyses(hub.db, hub.bots, hub.quotas)
    _errors(app)
    app.include_router(api.catalogue)
    app.include_router(api.rooms)
    app.include_router(api.replay)
    app.include_router(lessons_api.lessons)
    app.include_router(analysis_api.analysis)
    app.include_router(api.lobby)
    app.include_router(lobby_api.seeks)
    app.include_router(lobby_api.people)
    app.include_router(account_api.account)
    app.include_router(recovery_api.recovery)
    app.include_router(manners_api.reminders)
    app.include_router(manners_api.pace)
    app.include_router(account_api.players)
    app.include_router(moderation_api.admin_api)
    app.include_router(moderation_api.players)
    app.include_router(socket.router)
    app.include_router(health.router)
    for path in PAGES:
        app.add_api_route(path, _shell, methods=["GET"], include_in_schema=False)
    app.add_api_route("/favicon.ico", _favicon, methods=["GET"], include_in_schema=False)
    # The client's modules must be served as JavaScript (with nosniff, a browser runs a module
    # only with a JavaScript type); some systems' MIME tables say text/plain for .js.
    mimetypes.add_type("text/javascript", ".js")
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")
    app.add_middleware(Guard, allowed_origins=settings.allowed_origins)
    app.add_middleware(moderation_api.BannedAddresses, hub=hub)
    # outside the Guard (its refusals are counted too), inside the proxy headers (real clients)
    app.add_middleware(Observe, metrics=metrics, allowed=settings.metrics_from)
    if settings.trusted_proxies:  # outermost: the Guard and the routes see the real client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _errors(app: FastAPI) -> None:
    """Every refusal in one shape: ``{type: "error", code, key, message}``."""

    def answer(request: Request, error: RoomError) -> JSONResponse:
        body = error.to_json(api.get_lang(request))
        return JSONResponse(body, status_code=error.status, headers=error.headers())

    @app.exception_handler(RoomError)
    async def room_error(request: Request, error: RoomError) -> JSONResponse:
        return answer(request, error)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        if error.status_code == 404 and _wants_page(request):
            return _page(request, 404)  # the client's "page not found"
        key = HTTP_KEYS.get(error.status_code, "web.error.http")
        return answer(request, RoomError(error.status_code, key, {"code": error.status_code}))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()))
        return answer(request, malformed(where or "request"))

    @app.exception_handler(WebSocketRequestValidationError)
    async def invalid_socket(request: Request, error: Exception) -> Response:
        return answer(request, malformed("request"))


async def _shell(request: Request) -> HTMLResponse:
    return _page(request, 200)


def _page(request: Request, status: int) -> HTMLResponse:
    lang = words.pick_language(request.headers.get("accept-language"))
    page = _shell_text().replace("{{lang}}", lang)
    return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-cache"})


def _wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, a socket or a file): it gets the client,
    which says the page was not found, instead of a JSON error."""
    path = request.url.path
    if request.method != "GET" or path.startswith(("/api/", "/ws/", "/static/")):
        return False
    return "text/html" in request.headers.get("accept", "")


async def _favicon() -> Response:
    return Response((web.STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")


@cache
def _shell_text() -> str:
    return (web.STATIC / "index.html").read_text("utf-8")


async def _sweep(hub: Hub, settings: Settings) -> None:
    """Close rooms left without a move for ``settings.abandon_after`` seconds."""
    pause = max(0.05, min(60.0, settings.abandon_after / 4))
    while True:
        with suppress(Exception):
            await hub.close_idle(settings.abandon_after)
        await asyncio.sleep(pause)


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema with the bodies' model definitions moved where their refs point."""
    if app.openapi_schema:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    schema = get_openapi(title=app.title, version="1", routes=app.routes)
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            content = operation.get("requestBody", {}).get("content", {})
            for media in content.values():
                body = media.get("schema", {})
                components.update(body.pop("$defs", {}))
                if "title" in body:
                    components[body["title"]] = dict(body)
                    media["schema"] = {"$ref": f"#/components/schemas/{body['title']}"}
    app.openapi_schema = schema
    return schema
