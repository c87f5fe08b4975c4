"""What an operator watches: ``/metrics`` in the Prometheus text format, and a line in the
access log for every request.

- ``/metrics`` answers only clients from ``Settings.metrics_from`` (loopback by default; behind
  a trusted proxy, the client's own address counts, so the proxy's public side is refused).
- The access log (logger ``ludoteca.access``; one JSON object a line with ``--log-format json``)
  names the method, the route's path without its query (no token ever travels in a path), the
  status, the seconds taken and the client address; never a header, a cookie or a body.

Each app has a registry of its own (tests make several apps in one process).
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from starlette.types import ASGIApp, Message, Receive, Scope, Send

access = logging.getLogger("ludoteca.access")

SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The collectors of one app."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter(
            "ludoteca_http_requests",
            "HTTP requests answered",
            ["route", "method", "status"],
            registry=r,
        )
        self.request_seconds = Histogram(
            "ludoteca_http_request_seconds",
            "Time to answer an HTTP request",
            ["route"],
            buckets=SECONDS,
            registry=r,
        )
        self.sockets = Gauge("ludoteca_websockets", "WebSockets open", registry=r)
        self.socket_messages = Counter(
            "ludoteca_websocket_messages", "WebSocket messages received", registry=r
        )
        self.actions = Counter(
            "ludoteca_actions", "Actions stored (moves, undos, table moves)", registry=r
        )
        self.database_seconds = Histogram(
            "ludoteca_database_seconds",
            "Time of one database operation",
            ["operation"],
            buckets=SECONDS,
            registry=r,
        )
        self.loop_lag = Histogram(
            "ludoteca_event_loop_lag_seconds",
            "How late the event loop ran a short timer (the time it spent on other work)",
            buckets=SECONDS,
            registry=r,
        )
        self.worst_lag = Gauge(
            "ludoteca_event_loop_lag_worst_seconds", "The worst lag since start", registry=r
        )
        self.rooms = Gauge("ludoteca_rooms_live", "Rooms in this instance's memory", registry=r)
        self._worst = 0.0
        self.bot_rooms = Gauge(
            "ludoteca_bot_rooms",
            "Rooms whose chance or bots are to move (the bots' queue)",
            registry=r,
        )

    def watch(self, rooms: Callable[[], int], bot_rooms: Callable[[], int]) -> None:
        """Read these gauges from the hub whenever /metrics is asked."""
        self.rooms.set_function(rooms)
        self.bot_rooms.set_function(bot_rooms)

    def database(self, operation: str, seconds: float) -> None:
        self.database_seconds.labels(operation).observe(seconds)
        if operation == "append":
            self.actions.inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)

    def lag(self, seconds: float) -> None:
        """One measurement of the event loop's lag (lag.py measures it)."""
        self.loop_lag.observe(seconds)
        if seconds > self._worst:
            self._worst = seconds
            self.worst_lag.set(seconds)


class Observe:
    """ASGI middleware: count and time every request, keep the socket gauge, write the access
    log, and answer ``/metrics`` to the allowed addresses."""

    def __init__(self, app: ASGIApp, metrics: Metrics, allowed: tuple[str, ...]):
        self.app = app
        self.metrics = metrics
        self.allowed = [ipaddress.ip_network(network, strict=False) for network in allowed]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] == "/metrics":
            await self._answer_metrics(scope, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets if the app fails before it answers

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self._count(scope, status, time.perf_counter() - started)

    def _count(self, scope: Scope, status: int, seconds: float) -> None:
        route = _route(scope)
        self.metrics.requests.labels(route, scope["method"], str(status)).inc()
        self.metrics.request_seconds.labels(route).observe(seconds)
        if route in ("/healthz", "/readyz"):
            return  # a load balancer asks every few seconds: not worth a line
        access.info(
            "%s %s %d %.1f ms",
            scope["method"],
            scope["path"],
            status,
            seconds * 1000,
            extra={
                "method": scope["method"],
                "path": scope["path"],
                "route": route,
                "status": status,
                "ms": round(seconds * 1000, 1),
                "client": _client(scope),
            },
        )

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        opened = False

        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "websocket.receive":
                self.metrics.socket_messages.inc()
            return message

        async def sending(message: Message) -> None:
            nonlocal opened
            if message["type"] == "websocket.accept" and not opened:
                opened = True
                self.metrics.sockets.inc()
            await send(message)

        try:
            await self.app(scope, receiving, sending)
        finally:
            if opened:
                self.metrics.sockets.dec()

    async def _answer_metrics(self, scope: Scope, send: Send) -> None:
        if not self._allowed(_client(scope)):
            await _plain(send, 403, b"metrics are not served to this address\n")
            return
        await _plain(send, 200, self.metrics.text(), CONTENT_TYPE_LATEST.encode())

    def _allowed(self, client: str | None) -> bool:
        try:
            address = ipaddress.ip_address(client or "")
        except ValueError:
            return False
        return any(address in network for network in self.allowed)


def _route(scope: Scope) -> str:
    """The route's template (``/api/rooms/{room_id}``): a label of few values, unlike paths."""
    route: Any = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    return "/static" if scope["path"].startswith("/static/") else "unmatched"


def _client(scope: Scope) -> str | None:
    client = scope.get("client")
    return client[0] if client else None


async def _plain(send: Send, status: int, body: bytes, kind: bytes = b"text/plain") -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
