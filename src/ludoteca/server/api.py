"""The JSON API as routers; each endpoint gets what it needs through dependencies."""

from __future__ import annotations

import asyncio
import html
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ludoteca import load_game
from ludoteca.engine import LANGUAGES, Record, RecordError
from ludoteca.engine.i18n import read_catalog
from ludoteca.engine.palette import DEFAULT
from ludoteca.engine.parts import Overlay

from . import commands, opening, words
from .accounts import Accounts, User
from .botrunner import bot_specs
from .config import Settings
from .decisions import decide
from .errors import RoomError
from .guard import SESSION_COOKIE, openapi_body, read_json
from .illustrations import illustrated
from .messages import Act, Claim, CreateRoom, Join, LobbyChat, Replay, Revoke, Undo
from .moderation import unblocked
from .presenter import described, picture
from .quotas import Quotas, address_key
from .room import make_game
from .rooms import Hub
from .table import CHAT_HISTORY, chat_text, new_token

# -- dependencies ----------------------------------------------------------------------------


def get_hub(request: Request) -> Hub:
    return request.app.state.hub


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_quotas(request: Request) -> Quotas:
    return request.app.state.hub.quotas


def get_lang(request: Request) -> str:
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    return words.pick_language(request.headers.get("accept-language"))


def get_address(request: Request) -> str:
    return address_key(request.client.host if request.client else None)


async def current_user(request: Request) -> User | None:
    """The account of the request's session cookie, if any."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    accounts: Accounts = request.app.state.accounts
    return await request.app.state.hub.db.run(accounts.session_user, token)


HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
QuotasDep = Annotated[Quotas, Depends(get_quotas)]
LangDep = Annotated[str, Depends(get_lang)]
AddressDep = Annotated[str, Depends(get_address)]
UserDep = Annotated[User | None, Depends(current_user)]


# -- the catalogue ---------------------------------------------------------------------------

catalogue = APIRouter(prefix="/api")


@catalogue.get("/games")
async def games(lang: LangDep) -> list[dict[str, Any]]:
    return words.games(lang)


@catalogue.get("/games/{game_id}/picture")
async def game_picture(game_id: str, request: Request, lang: LangDep) -> Response:
    """The game's own view of an opening position (the lobby's game cards), as SVG; 503 with
    ``Retry-After`` while it is being drawn (the card says it is getting ready)."""
    game_id = game_id[:40]
    if game_id not in {info["id"] for info in words.games(lang)}:
        raise RoomError(404, "web.error.no_game", {"game": game_id})
    ready, found = request.app.state.cards.picture(game_id, lang)
    if not ready:
        raise RoomError(503, "web.lobby.getting_ready", retry_after=2)
    if found is None:
        raise RoomError(404, "web.error.no_game", {"game": game_id})
    return Response(found, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


@catalogue.get("/bots")
async def bots() -> list[str]:
    return bot_specs()


@catalogue.get("/i18n/{lang}")
async def catalog(lang: str) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise RoomError(404, "web.error.no_language", {"lang": lang[:8]})
    return _catalog(lang)


@catalogue.get("/rules/{game_id}")
async def rules(game_id: str, hub: HubDep, lang: LangDep) -> dict[str, str]:
    try:
        game = load_game(game_id)
    except ValueError:
        raise RoomError(404, "web.error.no_game", {"game": game_id[:40]}) from None
    try:
        text = game.rules_text(lang)
    except OSError:
        raise RoomError(404, "web.error.no_rules", {"game": game_id}) from None
    await hub.bots.compiled(game_id)  # its pictures are drawn by its core
    page = await asyncio.to_thread(illustrated, _markdown(text), game_id, lang)
    return {"game": game_id, "lang": lang, "html": page}


# -- rooms -----------------------------------------------------------------------------------

rooms = APIRouter(prefix="/api/rooms")


@rooms.post("", openapi_extra=openapi_body(CreateRoom))
async def create_room(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    """A new room: ``{room, host, tokens}``. ``tokens`` are the invitations of the person
    seats (shown only now); ``host`` lets the host replace an invitation not yet opened."""
    body = await read_json(request, CreateRoom, settings.max_body)
    hub.quotas.hit("rooms", address)
    return await opening.create(hub, body, address)


@rooms.get("")
async def list_rooms(hub: HubDep) -> dict[str, list]:
    store = hub.db.store
    playing = await hub.db.run(store.rooms, "playing", 100)
    finished = await hub.db.run(store.rooms, "finished", 30)
    for row in playing:
        row["to_move"] = hub.to_move(row["id"], row["to_move"])  # the "your move" badges
    open_rooms = [r for r in playing if any(s["kind"] == "open" for s in r["seats"])]
    return {"open": open_rooms, "playing": playing, "finished": finished}


@rooms.get("/{room_id}")
async def room(room_id: str, hub: HubDep) -> dict[str, Any]:
    """The room; ``status`` is playing, finished, abandoned or broken."""
    return await hub.info(room_key(room_id))


@rooms.get("/{room_id}/view")
async def view(room_id: str, request: Request, hub: HubDep, lang: LangDep) -> Response:
    """The room as a seat's holder (header ``X-Seat-Token``) or a spectator sees it."""
    live = await hub.room(room_key(room_id))
    token = request.headers.get("x-seat-token")
    seat = await hub.seat_of(live, token) if token is not None else None
    return Response(hub.publisher.view_text(live, seat, lang), media_type="application/json")


@rooms.post("/{room_id}/join", openapi_extra=openapi_body(Join))
async def join(
    room_id: str,
    request: Request,
    hub: HubDep,
    settings: SettingsDep,
    address: AddressDep,
    user: UserDep,
) -> dict[str, Any]:
    """Take an open seat: ``{room, seat, token}`` (a logged-in account's, under its name)."""
    body = await read_json(request, Join, settings.max_body)
    hub.quotas.hit("joins", address)
    held = (user.id, user.name) if user else None
    live, token = await hub.room(room_key(room_id)), new_token()
    await hub.apply(live, commands.TakeSeat(body.seat, body.name.strip(), token, held))
    return {"room": live.id, "seat": body.seat, "token": token}


@rooms.post("/{room_id}/claim", openapi_extra=openapi_body(Claim))
async def claim(
    room_id: str,
    request: Request,
    hub: HubDep,
    settings: SettingsDep,
    address: AddressDep,
    user: UserDep,
) -> dict[str, Any]:
    """Open an invitation: its token is exchanged for a fresh one, ``{room, seat, token}``;
    the invitation then stops working (also for whoever created the room). A logged-in
    account takes the seat under its name."""
    body = await read_json(request, Claim, settings.max_body)
    hub.quotas.hit("joins", address)
    held = (user.id, user.name) if user else None
    live, fresh = await hub.room(room_key(room_id)), new_token()
    name = body.name.strip() if body.name else None
    await hub.apply(live, commands.Exchange(body.seat, body.token, fresh, name, held))
    return {"room": live.id, "seat": body.seat, "token": fresh}


@rooms.post("/{room_id}/revoke", openapi_extra=openapi_body(Revoke))
async def revoke(
    room_id: str, request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    """The host replaces the invitation of a seat not yet claimed: ``{room, seat, token}``
    with the new invitation; the old link stops working."""
    body = await read_json(request, Revoke, settings.max_body)
    hub.quotas.hit("joins", address)
    live, token = await hub.room(room_key(room_id)), new_token()
    await hub.apply(live, commands.ReplaceInvitation(body.seat, body.host, token))
    return {"room": live.id, "seat": body.seat, "token": token}


@rooms.post("/{room_id}/actions", openapi_extra=openapi_body(Act))
async def act(
    room_id: str, request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    body = await read_json(request, Act, settings.max_body)
    live = await hub.room(room_key(room_id))
    decision = commands.Act(body.seat, body.action, body.move)
    return {"ok": True, "move": await decide(hub, live, body.token, decision, address)}


@rooms.post("/{room_id}/undo", openapi_extra=openapi_body(Undo))
async def undo(
    room_id: str, request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    body = await read_json(request, Undo, settings.max_body)
    live = await hub.room(room_key(room_id))
    decision = commands.Undo(body.seat, body.move)
    return {"ok": True, "move": await decide(hub, live, body.token, decision, address)}


@rooms.get("/{room_id}/record")
async def record(room_id: str, hub: HubDep) -> dict[str, Any]:
    found = await hub.db.run(hub.db.store.record, room_key(room_id))
    if found is None:
        await hub.room(room_id)  # 404 when there is no such room
        raise RoomError(409, "web.error.not_finished")
    return found


# -- the lobby's chat ------------------------------------------------------------------------

lobby = APIRouter(prefix="/api/lobby")


@lobby.get("/chat")
async def lobby_messages(hub: HubDep, user: UserDep, after: int = 0) -> dict[str, list]:
    """The lobby's latest chat messages (after message id ``after``), but those of the
    players the account blocked; and ``hidden``, the ids of the latest lines an administrator
    hid, which a browser that shows them takes away."""
    after = max(0, min(after, 2**62))
    found = await hub.db.run(hub.db.store.chat, "", after, CHAT_HISTORY)
    hidden = await hub.db.run(hub.db.store.hidden_chat, "", CHAT_HISTORY)
    blocked = await hub.db.run(hub.moderation.blocked_by, user.id if user else None)
    return {"messages": await unblocked(hub.db, found, blocked), "hidden": hidden}


@lobby.post("/chat", openapi_extra=openapi_body(LobbyChat))
async def lobby_say(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep, user: UserDep
) -> dict[str, Any]:
    """Say something in the lobby: ``{name, text}``; answers the message as kept (refused
    to an account an administrator muted)."""
    body = await read_json(request, LobbyChat, settings.max_body)
    kept = chat_text(body.text)
    hub.quotas.hit("chat", address)
    author = user.id if user else None
    await hub.moderation.refuse_chat(hub.db, {author}, address)
    name = body.name.strip()[:40]
    return await hub.db.run(hub.db.store.add_chat, "", None, name, kept, author, address)


def room_key(room_id: str) -> str:
    if len(room_id) > 32 or not room_id.isascii() or not room_id.isprintable():
        raise RoomError(404, "web.error.no_room", {"room": room_id[:32]})
    return room_id


# -- replay ----------------------------------------------------------------------------------

replay = APIRouter(prefix="/api")


@replay.post("/replay", openapi_extra=openapi_body(Replay))
async def replay_step(
    request: Request, hub: HubDep, settings: SettingsDep, address: AddressDep
) -> dict[str, Any]:
    """One step of a record (any record: uploaded or of a finished room), as spectators
    see it: ``{record, step, lang}``. Replayed and drawn off the event loop."""
    body = await read_json(request, Replay, settings.max_body)
    hub.quotas.hit("messages", address)
    try:
        record = Record.from_json(body.record.model_dump())
    except RecordError as error:
        raise RoomError(400, "web.error.bad_record", {"detail": str(error)[:200]}) from None
    await hub.bots.compiled(record.game)
    return await asyncio.to_thread(_replayed, body, record)


def _replayed(body: Replay, record: Record) -> dict[str, Any]:
    lang = words.language(body.lang)
    try:
        game = make_game(record.game, record.options)
        step = min(body.step, len(record.actions))
        state = game.replay(record.actions[:step])
    except (RecordError, ValueError) as error:
        raise RoomError(400, "web.error.bad_record", {"detail": str(error)[:200]}) from None
    names = record_names(body.record.meta, game.num_players, lang, body.palette)
    mark = body.mark if body.mark in state.legal_actions() else None
    overlay = Overlay(action=mark) if mark else None
    svg = picture(game, state, None, lang, overlay, names, body.narrow, body.palette)
    observation = described(
        state, words.translated(state.observation(None), lang), lang, names=names
    )
    return {
        "step": step,
        "steps": len(record.actions),
        "names": names,
        "observation": words.with_names(observation, names, lang) if names else observation,
        "svg": svg,
    }


def record_names(meta: dict[str, Any], seats: int, lang: str, palette: str = DEFAULT) -> list[str]:
    """The seats' names as the record's room gave them (account, bot by level, guest by its
    colour in the viewer's ``palette``), from its meta; a game of one seat names none."""
    if seats < 2:
        return []
    return words.seat_names(words.record_seats(meta, seats, set(bot_specs())), lang, palette)


# -- helpers ---------------------------------------------------------------------------------


@cache
def _catalog(lang: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for message in read_catalog("web", lang):
        text = message.string
        if message.id and isinstance(message.id, str):
            found[message.id] = text
        elif message.id and isinstance(text, tuple | list):
            found[message.id[0]] = text[0]
            found[message.id[0] + "#plural"] = list(text)
    return found


@cache
def _renderer() -> Any:
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
