"""The ASGI app: the JSON API, the WebSocket of each room and the static client."""

from __future__ import annotations

import asyncio
import html
import json
import logging
import os
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ludoteca import load_game
from ludoteca.engine import LANGUAGES, Record, RecordError
from ludoteca.engine.i18n import read_catalog
from ludoteca.web import STATIC

from . import words, workers
from .db import Store
from .rooms import Hub, RoomError, Watcher, bot_specs, picture

log = logging.getLogger("ludoteca.server")

MAX_MESSAGE = 64 * 1024


@dataclass
class Settings:
    """Where the data lives and how bots run. ``database`` wins over ``data_dir``."""

    database: str | None = None
    data_dir: str | Path | None = None
    bot_workers: int | None = None  # processes for bots and hints; 0 = threads (tests)
    bot_delay: float = 0.0  # seconds a bot waits before moving, so people can follow

    def database_url(self) -> str:
        if self.database:
            return self.database
        folder = Path(self.data_dir or os.environ.get("LUDOTECA_DATA", "data")).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'ludoteca.sqlite3'}"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store(settings.database_url())
    workers_count = (
        workers.default_workers() if settings.bot_workers is None else settings.bot_workers
    )
    hub = Hub(store, workers_count, settings.bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        hub.warm()
        asyncio.get_running_loop().create_task(_resume(hub))
        yield
        hub.close()

    app = FastAPI(title="Ludoteca", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.state.settings = settings

    @app.exception_handler(RoomError)
    async def room_error(request: Request, error: RoomError) -> JSONResponse:
        lang = _lang(request)
        body = error.to_json(lang)
        return JSONResponse(body, status_code=error.status)

    # -- pages ---------------------------------------------------------------------------

    def shell(request: Request) -> HTMLResponse:
        lang = words.pick_language(request.headers.get("accept-language"))
        html = _shell_text().replace("{{lang}}", lang)
        return HTMLResponse(html, headers={"Cache-Control": "no-cache"})

    for path in ("/", "/room/{room_id}", "/replay", "/replay/{room_id}", "/rules/{game_id}"):
        app.add_api_route(path, shell, methods=["GET"], include_in_schema=False)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    # -- the catalogue -------------------------------------------------------------------

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        return words.games(_lang(request))

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return bot_specs()

    @app.get("/api/i18n/{lang}")
    async def catalog(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise RoomError(404, "web.error.no_language", {"lang": lang[:8]})
        return _catalog(lang)

    @app.get("/api/rules/{game_id}")
    async def rules(game_id: str, request: Request) -> dict[str, str]:
        lang = _lang(request)
        try:
            game = load_game(game_id)
        except ValueError:
            raise RoomError(404, "web.error.no_game", {"game": game_id[:40]}) from None
        try:
            text = game.rules_text(lang)
        except OSError:
            raise RoomError(404, "web.error.no_rules", {"game": game_id}) from None
        return {"game": game_id, "lang": lang, "html": _markdown(text)}

    # -- rooms ---------------------------------------------------------------------------

    @app.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await hub.create(body.get("game"), body.get("options") or {}, body.get("seats"))

    @app.get("/api/rooms")
    async def list_rooms() -> dict[str, list]:
        playing = await hub.db(store.rooms, "playing", 100)
        finished = await hub.db(store.rooms, "finished", 30)
        open_rooms = [r for r in playing if any(s["kind"] == "open" for s in r["seats"])]
        return {"open": open_rooms, "playing": playing, "finished": finished}

    @app.get("/api/rooms/{room_id}")
    async def room(room_id: str) -> dict[str, Any]:
        return (await hub.room(room_id)).public()

    @app.get("/api/rooms/{room_id}/view")
    async def view(room_id: str, request: Request) -> dict[str, Any]:
        """The room as a seat's holder (header ``X-Seat-Token``) or a spectator sees it."""
        live = await hub.room(room_id)
        token = request.headers.get("x-seat-token")
        seat = hub.seat_of(live, token) if token else None
        watcher = Watcher(send=_nowhere, seat=seat, lang=_lang(request))
        return hub.view(live, live.state, live.version, watcher, None)

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await hub.claim(room_id, body.get("seat"), body.get("name"))

    @app.post("/api/rooms/{room_id}/actions")
    async def act(room_id: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        live = await hub.room(room_id)
        seat = hub.authorize(live, body.get("seat"), body.get("token"))
        move = await hub.act(live, seat, body.get("action"), body.get("move"))
        return {"ok": True, "move": move}

    @app.post("/api/rooms/{room_id}/undo")
    async def undo(room_id: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        live = await hub.room(room_id)
        seat = hub.authorize(live, body.get("seat"), body.get("token"))
        return {"ok": True, "move": await hub.undo(live, seat, body.get("move"))}

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> dict[str, Any]:
        found = await hub.db(store.record, room_id)
        if found is None:
            await hub.room(room_id)  # 404 when there is no such room
            raise RoomError(409, "web.error.not_finished")
        return found

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        """One step of a record (any record: uploaded or of a finished room), as spectators
        see it: ``{record, step, lang}``."""
        body = await _body(request)
        lang = words.language(body.get("lang"))
        try:
            record = Record.from_json(body.get("record"))
            game = load_game(record.game, **record.options)
            step = body.get("step", 0)
            if not isinstance(step, int) or isinstance(step, bool):
                raise RoomError(400, "web.error.malformed", {"detail": "step"})
            step = max(0, min(step, len(record.actions)))
            state = game.replay(record.actions[:step])
        except (RecordError, ValueError) as error:
            raise RoomError(400, "web.error.bad_record", {"detail": str(error)}) from None
        svg = picture(game, state, None, lang, None)
        return {
            "step": step,
            "steps": len(record.actions),
            "observation": words.translated(state.observation(None), lang),
            "svg": svg,
        }

    # -- the live connection -------------------------------------------------------------

    @app.websocket("/ws/rooms/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        lock = asyncio.Lock()

        async def send(message: dict[str, Any]) -> None:
            async with lock:
                await websocket.send_text(json.dumps(message, ensure_ascii=False))

        watcher = Watcher(send=send)
        live = None
        try:
            live = await hub.room(room_id)
            while True:
                text = await websocket.receive_text()
                try:
                    await _handle(hub, live, watcher, text)
                except RoomError as error:
                    await send(error.to_json(watcher.lang))
                    if error.status == 403 and watcher not in live.watchers:
                        await websocket.close(code=4403)
                        return
        except RoomError as error:
            await send(error.to_json(watcher.lang))
            await websocket.close(code=4000 + error.status)
        except WebSocketDisconnect:
            pass
        finally:
            if live is not None:
                hub.leave(live, watcher)

    return app


async def _handle(hub: Hub, live, watcher: Watcher, text: str) -> None:
    """One message of a client: hello, act, undo, hints or lang."""
    if len(text) > MAX_MESSAGE:
        raise RoomError(400, "web.error.malformed", {"detail": "size"})
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        raise RoomError(400, "web.error.malformed", {"detail": "JSON"}) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise RoomError(400, "web.error.malformed", {"detail": "type"})
    kind = message["type"]
    if kind == "hello":
        watcher.lang = words.language(message.get("lang"))
        watcher.views = message.get("views", True) is not False
        token = message.get("token")
        if token is not None:
            watcher.seat = hub.seat_of(live, token)
        await watcher.send({"type": "welcome", "seat": watcher.seat, "room": live.public()})
        await hub.join(live, watcher)
        return
    if watcher not in live.watchers:
        raise RoomError(400, "web.error.hello_first")
    if kind == "lang":
        watcher.lang = words.language(message.get("lang"))
        await hub.send_view(live, watcher, force=True)
    elif kind == "hints":
        watcher.hints = bool(message.get("on"))
        await hub.send_view(live, watcher, force=True)
    elif kind in ("act", "undo"):
        if watcher.seat is None:
            raise RoomError(403, "web.error.spectator")
        if kind == "act":
            move = await hub.act(live, watcher.seat, message.get("action"), message.get("move"))
        else:
            move = await hub.undo(live, watcher.seat, message.get("move"))
        await watcher.send({"type": "ack", "move": move, "action": message.get("action")})
    else:
        raise RoomError(400, "web.error.malformed", {"detail": kind[:20]})


async def _resume(hub: Hub) -> None:
    """After a restart, let chance and bots go on in rooms left waiting for them."""
    try:
        for room in await hub.db(hub.store.rooms, "playing", 500):
            await hub.room(room["id"])
    except Exception:
        log.exception("resuming rooms failed")


async def _nowhere(_message: dict[str, Any]) -> None:
    return None


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 4 * MAX_MESSAGE:
        raise RoomError(400, "web.error.malformed", {"detail": "size"})
    try:
        body = json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise RoomError(400, "web.error.malformed", {"detail": "JSON"}) from None
    if not isinstance(body, dict):
        raise RoomError(400, "web.error.malformed", {"detail": "object"})
    return body


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    return words.pick_language(request.headers.get("accept-language"))


@cache
def _shell_text() -> str:
    return (STATIC / "index.html").read_text("utf-8")


@cache
def _catalog(lang: str) -> dict[str, str]:
    found = {}
    for message in read_catalog("web", lang):
        if message.id and isinstance(message.id, str):
            found[message.id] = message.string
        elif message.id:
            found[message.id[0]] = message.string[0]
            found[message.id[0] + "#plural"] = list(message.string)
    return found


@cache
def _renderer():
    try:
        from markdown_it import MarkdownIt
    except ImportError:  # the page still shows, as plain text
        return None
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _markdown(text: str) -> str:
    """Rules pages are Markdown (raw HTML in them is not passed through)."""
    renderer = _renderer()
    if renderer is None:
        return f"<pre>{html.escape(text)}</pre>"
    return renderer.render(text)
