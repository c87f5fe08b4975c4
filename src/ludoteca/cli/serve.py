"""``ludoteca serve``: the web app (lobby, rooms, online play) on one address."""

from __future__ import annotations

import argparse
import os
import sys

from .common import add_language, say


def register(subparsers: argparse._SubParsersAction, lang: str = "en") -> None:
    parser = subparsers.add_parser(
        "serve",
        help="start the web app and print its address",
        description="Start the Ludoteca web app: play every game in the browser, against bots "
        "or people you invite by a link.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000; 0 picks a free one)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/ludoteca "
        "(default: $LUDOTECA_DATABASE_URL, else SQLite in the data folder); its password may "
        "come from $LUDOTECA_DATABASE_PASSWORD or the file $LUDOTECA_DATABASE_PASSWORD_FILE "
        "instead, so that it does not show in the process list",
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        help="folder of the SQLite database (default: $LUDOTECA_DATA or ./data)",
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="processes for bots and hints (default: cores-1)"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        help="seconds a bot waits before it moves in a room at the normal pace, a little "
        "longer than the page's animation of a move (0.8; a room's host may pick quick or slow)",
    )
    parser.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=RATE",
        help="a quota, e.g. rooms=20/minute;300/day or mcts_rooms=3 (also $LUDOTECA_LIMIT_NAME; "
        "an unknown name is answered with the list of names; docs/web.md explains each)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site whose pages may use this server, e.g. https://games.example.org "
        "(default: only this server's own pages)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="CIDR",
        help="a reverse proxy (address or network, e.g. 127.0.0.1 or 10.0.0.0/8) whose "
        "X-Forwarded-For and X-Forwarded-Proto are believed: quotas count the client behind it "
        "and https turns on Secure cookies and HSTS (also $LUDOTECA_TRUSTED_PROXIES, "
        "comma-separated; default: none)",
    )
    parser.add_argument(
        "--smtp",
        metavar="URL",
        help="the SMTP server the site mails through (account recovery), e.g. "
        "smtp://127.0.0.1:25, smtp+starttls://user:pw@mail.example.org or smtps://… (also "
        "$LUDOTECA_SMTP; default: no mail, no recovery)",
    )
    parser.add_argument(
        "--mail-from",
        metavar="ADDRESS",
        help="the sender of the site's mails (also $LUDOTECA_MAIL_FROM; ludoteca@localhost)",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the site's address as its players reach it, for links in mails, e.g. "
        "https://games.example.org (also $LUDOTECA_PUBLIC_URL; default: the address a request "
        "came to, on this machine only)",
    )
    parser.add_argument(
        "--metrics-from",
        action="append",
        default=[],
        metavar="CIDR",
        help="an address or network whose requests for /metrics are answered (also "
        "$LUDOTECA_METRICS_FROM, comma-separated; default: loopback only)",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=24 * 3600,
        metavar="SECONDS",
        help="close a room as abandoned after this long without a move (86400)",
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="several instances on one PostgreSQL database: an instance silent this long is "
        "taken for gone and its rooms go on at another (5)",
    )
    parser.add_argument(
        "--idle-rooms",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="several instances on one PostgreSQL database: a room no socket of this instance "
        "has watched for this long leaves its memory (300)",
    )
    parser.add_argument(
        "--instance", metavar="NAME", help="this instance's name in logs (default: host-pid-random)"
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="the server's log lines on stderr: text, or one JSON object per line (text)",
    )
    parser.add_argument("--api-docs", action="store_true", help="serve /api/docs")
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here: every other command (``ludoteca play``) starts without them
    import asyncio
    import contextlib
    import gc
    import signal

    import uvicorn

    from ludoteca.server import Limits, Settings, create_app, logs
    from ludoteca.server.config import trusted_networks

    try:
        limits = Limits.from_environment().with_overrides(dict(_pairs(args.limit)))
        proxies = trusted_networks(tuple(args.trusted_proxy) or _listed("LUDOTECA_TRUSTED_PROXIES"))
        watchers = (
            trusted_networks(tuple(args.metrics_from) or _listed("LUDOTECA_METRICS_FROM"))
            or Settings.metrics_from
        )
    except ValueError as error:
        print(say(args.lang, "web.serve.bad_limit", detail=str(error)), file=sys.stderr)
        return 2
    origins = tuple(args.allow_origin) or _listed("LUDOTECA_ALLOWED_ORIGINS")
    settings = Settings(
        database=args.database or os.environ.get("LUDOTECA_DATABASE_URL") or None,
        trusted_proxies=proxies,
        metrics_from=watchers,
        smtp=args.smtp or os.environ.get("LUDOTECA_SMTP") or None,
        mail_from=args.mail_from or os.environ.get("LUDOTECA_MAIL_FROM") or Settings.mail_from,
        public_url=args.public_url or os.environ.get("LUDOTECA_PUBLIC_URL") or None,
        data_dir=args.data,
        bot_workers=args.workers,
        bot_delay=max(0.0, args.bot_delay),
        limits=limits,
        allowed_origins=origins,
        api_docs=args.api_docs,
        abandon_after=max(1.0, args.abandon_after),
        lease_seconds=max(0.5, args.lease),
        instance=args.instance,
        idle_rooms=max(1.0, args.idle_rooms),
    )
    try:
        app = create_app(settings)
    except ValueError as error:  # a database password file that cannot be read, a bad SMTP URL
        print(say(args.lang, "web.serve.bad_limit", detail=str(error)), file=sys.stderr)
        return 2
    hub = app.state.hub
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=args.host,
            port=args.port,
            log_level="warning",
            ws="auto",
            # forwarded headers are believed by the app, and only from --trusted-proxy
            proxy_headers=False,
            # Compressing costs each socket its own deflate of every view (measured: 60 against
            # 25 ms of server CPU per move with 100 spectators); CPU is what runs out first.
            ws_per_message_deflate=False,
            # A frame larger than this closes the socket (1009) before it is read whole; the
            # app answers messages over its own, smaller limit with an error.
            ws_max_size=1024 * 1024,
        )
    )
    logs.configure(args.log_format, hub.bus.instance)  # after uvicorn set up its own

    async def serve() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            port = server.servers[0].sockets[0].getsockname()[1]
            host = args.host if ":" not in args.host else f"[{args.host}]"
            url = f"http://{host}:{port}/"
            print(say(args.lang, "web.serve.running", url=url), flush=True)
            if hub.bus.shared:
                print(say(args.lang, "web.serve.shared", instance=hub.bus.instance), flush=True)
        await task
        if server.started and hub.bus.shared:
            print(say(args.lang, "web.serve.stopping"), flush=True)

    # uvicorn shuts down on Ctrl-C or SIGTERM, then passes the signal on: Ctrl-C ends in
    # KeyboardInterrupt (suppressed), SIGTERM (an orchestrator's stop) in the handler below,
    # so the lines below are all that shows either way
    with contextlib.suppress(ValueError):  # not the main thread: signals are not ours
        signal.signal(signal.SIGTERM, lambda _signal, _frame: None)
    # What start-up made (modules, the app) lives as long as the process: frozen out of the
    # collector's sight, a full collection walks only what came after (it walked all of it,
    # 0.3-2 s on the event loop, every few seconds of play; issue 30)
    gc.freeze()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve())
    if server.started:
        print(say(args.lang, "web.serve.stopped"), flush=True)
        return 0
    return 1


def _listed(variable: str) -> tuple[str, ...]:
    """The comma-separated items of an environment variable."""
    return tuple(item.strip() for item in os.environ.get(variable, "").split(",") if item.strip())


def _pairs(items: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{item!r}: expected NAME=RATE")
        pairs.append((name.strip(), value.strip()))
    return pairs
