"""``/healthz`` (the process answers, with its event loop's lag) and ``/readyz`` (it can serve rooms: its database
answers, it hears the other instances, it is not stopping), for a load balancer or an
orchestrator. Neither is counted against a quota nor logged."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

from .errors import RoomError
from .rooms import Hub

router = APIRouter()

CHECK_TIMEOUT = 2.0  # seconds the database may take to answer ``SELECT 1``


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request) -> dict[str, Any]:
    hub: Hub = request.app.state.hub
    lag = request.app.state.lag.report()
    return {"status": "ok", "instance": hub.bus.instance, "rooms": len(hub.rooms), "loop_lag": lag}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    checks = {
        "database": await _database(hub),
        "bus": "ok" if hub.bus.ready else "down",
        "serving": "stopping" if request.app.state.stopping else "ok",
    }
    body: dict[str, Any] = {"instance": hub.bus.instance, "checks": checks}
    failed = [name for name, state in checks.items() if state != "ok"]
    if not failed:
        return JSONResponse({"status": "ready", **body})
    lang = _lang(request)
    error = RoomError(503, "web.error.not_ready", {"detail": ", ".join(failed)})
    return JSONResponse({**error.to_json(lang), **body}, status_code=503)


async def _database(hub: Hub) -> str:
    def ping() -> None:
        with hub.db.store.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        # its own thread: a check never waits behind the rooms' writes
        await asyncio.wait_for(asyncio.to_thread(ping), CHECK_TIMEOUT)
        return "ok"
    except Exception:
        return "down"


def _lang(request: Request) -> str:
    from .api import get_lang

    return get_lang(request)
