"""``ludoteca admin grant NAME`` and ``ludoteca admin revoke NAME``: make an account an
administrator of the site, or no longer one (written to the audit log, as the command line).
An administrator sees the admin page (``/admin``) and moderates there (docs/moderation.md)."""

from __future__ import annotations

import argparse
import os
import sys

from .common import add_language, say


def register(subparsers: argparse._SubParsersAction, lang: str = "en") -> None:
    help_text = "make an account an administrator of the site, or no longer one"
    parser = subparsers.add_parser("admin", help=help_text, description=help_text)
    parser.add_argument("action", choices=("grant", "revoke"), help="grant or revoke")
    parser.add_argument("name", metavar="NAME", help="the account's name")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy database URL (default: $LUDOTECA_DATABASE_URL, else SQLite in the "
        "data folder)",
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        help="folder of the SQLite database (default: $LUDOTECA_DATA or ./data)",
    )
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ludoteca.server import Settings
    from ludoteca.server.db import Store
    from ludoteca.server.errors import RoomError
    from ludoteca.server.moderation import Moderation

    database = args.database or os.environ.get("LUDOTECA_DATABASE_URL") or None
    try:
        store = Store(Settings(database=database, data_dir=args.data).database_url())
    except Exception as error:  # a URL that does not parse, a server that does not answer
        print(say(args.lang, "cli.admin.no_database", detail=str(error)[:200]), file=sys.stderr)
        return 2
    try:
        name = Moderation(store).grant(args.name, args.action == "grant")
    except RoomError:
        print(say(args.lang, "cli.admin.no_account", name=args.name[:40]), file=sys.stderr)
        return 2
    finally:
        store.close()
    print(
        say(
            args.lang,
            {"grant": "cli.admin.granted", "revoke": "cli.admin.revoked"}[args.action],
            name=name,
        )
    )
    return 0
