"""``ludoteca serve``: the web app (lobby, rooms, online play) on one address."""

from __future__ import annotations

import argparse
import asyncio

import ludoteca.web  # noqa: F401  (the "web" catalogs)

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
        help="SQLAlchemy database URL, e.g. postgresql+psycopg://user:pw@host/ludoteca "
        "(default: SQLite in the data folder)",
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
        default=0.4,
        help="seconds a bot waits before it moves, so people can follow (0.4)",
    )
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ludoteca.server import Settings, create_app

    settings = Settings(
        database=args.database,
        data_dir=args.data,
        bot_workers=args.workers,
        bot_delay=max(0.0, args.bot_delay),
    )
    app = create_app(settings)
    server = uvicorn.Server(
        uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws="auto")
    )

    async def serve() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            port = server.servers[0].sockets[0].getsockname()[1]
            host = args.host if ":" not in args.host else f"[{args.host}]"
            url = f"http://{host}:{port}/"
            print(say(args.lang, "web.serve.running", url=url), flush=True)
        await task

    asyncio.run(serve())
    return 0 if server.started else 1
