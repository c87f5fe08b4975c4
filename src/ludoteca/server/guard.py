"""What stands between the network and the rooms: origins, headers, body sizes.

- Unsafe requests and WebSocket upgrades from a page of another site are refused (the
  ``Origin`` header, when a browser sends one, must be this server or an allowed origin).
- Every HTTP answer carries a strict Content-Security-Policy (no inline script, no framing),
  ``nosniff`` and ``Referrer-Policy: no-referrer``.
- A request body must be JSON (``Content-Type: application/json``) and is read with a cap:
  a larger body is refused as soon as the cap is passed, before the rest is read.
- Over HTTPS (directly, or as a trusted proxy says) answers carry HSTS; answers of the API
  carry ``Cache-Control: no-store`` (they hold seat tokens and private state).
- CSRF (double submit): every answer sets a random ``CSRF_COOKIE`` when the browser has none;
  an unsafe request that carries the session cookie, and every unsafe request to
  ``/api/account``, must repeat that cookie's value in the ``X-CSRF-Token`` header. A page of
  another site can neither read the cookie nor set the header.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Iterable
from http.cookies import CookieError, SimpleCookie
from typing import Any, TypeVar
from urllib.parse import urlsplit

from pydantic import BaseModel
from starlette.requests import ClientDisconnect, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import words
from .errors import RoomError
from .messages import parse

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
SESSION_COOKIE = "ludoteca_session"
CSRF_COOKIE = "ludoteca_csrf"
CSRF_HEADER = b"x-csrf-token"
ACCOUNT_PATHS = "/api/account"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")
NO_STORE = (b"cache-control", b"no-store")

Model = TypeVar("Model", bound=BaseModel)


class Guard:
    """ASGI middleware: the origin check and the security headers."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()):
        self.app = app
        self.allowed = {origin.rstrip("/").lower() for origin in allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self.origin_ok(scope):
                await receive()  # the connect event; refusing now answers the handshake 403
                await send({"type": "websocket.close", "code": 4403})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and not self.origin_ok(scope):
            await refuse(scope, send, RoomError(403, "web.error.cross_site"))
            return
        cookies = request_cookies(scope)
        if scope["method"] not in SAFE_METHODS and not csrf_ok(scope, cookies):
            await refuse(scope, send, RoomError(403, "web.error.csrf"))
            return
        extra = [] if cookies.get(CSRF_COOKIE) else [csrf_cookie(scope)]
        if scope.get("scheme") == "https":
            extra.append(HSTS)
        private = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *HEADERS, *extra]
                if private and not any(name.lower() == NO_STORE[0] for name, _ in headers):
                    headers.append(NO_STORE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def origin_ok(self, scope: Scope) -> bool:
        """No Origin (not a browser page) or this server's own, or an allowed one."""
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1").rstrip("/").lower()
        if self.allowed:
            return text in self.allowed
        host = headers.get(b"host", b"").decode("latin-1").lower()
        parts = urlsplit(text)
        return parts.scheme in ("http", "https") and bool(host) and parts.netloc == host


def request_cookies(scope: Scope) -> dict[str, str]:
    headers = dict(scope.get("headers") or [])
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get(b"cookie", b"").decode("latin-1"))
    except CookieError:
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


def csrf_ok(scope: Scope, cookies: dict[str, str]) -> bool:
    """An unsafe request that needs the CSRF header has it, equal to the CSRF cookie."""
    needed = SESSION_COOKIE in cookies or scope["path"].startswith(ACCOUNT_PATHS)
    if not needed:
        return True
    expected = cookies.get(CSRF_COOKIE, "")
    given = dict(scope.get("headers") or []).get(CSRF_HEADER, b"").decode("latin-1")
    return bool(expected) and hmac.compare_digest(expected, given)


def csrf_cookie(scope: Scope) -> tuple[bytes, bytes]:
    """A new CSRF cookie (readable by the page's script: it sends it back as a header)."""
    secure = "; Secure" if scope.get("scheme") == "https" else ""
    value = f"{CSRF_COOKIE}={secrets.token_urlsafe(24)}; Path=/; SameSite=Lax{secure}"
    return (b"set-cookie", value.encode("latin-1"))


async def refuse(scope: Scope, send: Send, error: RoomError) -> None:
    headers = dict(scope.get("headers") or [])
    lang = words.pick_language(headers.get(b"accept-language", b"").decode("latin-1"))
    body = json.dumps(error.to_json(lang), ensure_ascii=False).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def read_json(request: Request, model: type[Model], limit: int) -> Model:
    """The body as ``model``: JSON only, at most ``limit`` bytes, refused as soon as it is
    known to be larger (by its Content-Length, or while it streams in)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RoomError(415, "web.error.json_only")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise too_large(limit)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_large(limit)
            chunks.append(chunk)
    except ClientDisconnect:  # the page was left mid-request: a refusal, not a traceback
        raise RoomError(400, "web.error.malformed", {"detail": "body cut short"}) from None
    return parse(model, b"".join(chunks))


def too_large(limit: int) -> RoomError:
    return RoomError(413, "web.error.too_large", {"n": limit // 1024})


def openapi_body(model: type[BaseModel]) -> dict[str, Any]:
    """The request body of an endpoint for the OpenAPI schema (bodies are read by
    ``read_json``, not by FastAPI, so the schema is given here)."""
    return {
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": model.model_json_schema(ref_template="#/components/schemas/{model}")
                }
            },
        }
    }
