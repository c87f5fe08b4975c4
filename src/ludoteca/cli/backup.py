"""``ludoteca backup FILE`` and ``ludoteca restore FILE``: the site's SQLite database, copied
while the server runs.

A backup goes through SQLite's online backup API, page by page inside one read transaction, so
it is the database as it stood at one moment: every action acknowledged before the backup
began is in it (the server commits an action before it acknowledges it), whatever the server
does meanwhile. The copy is checked (``PRAGMA integrity_check``) and then renamed into place,
so a FILE that exists is always a whole backup. A PostgreSQL site is backed up with its own
tools (``pg_dump``/``pg_restore``: docs/deploy.md).

A restore replaces the data folder's database with FILE (checked first: a SQLite database of
this site, whole), keeping the database it replaces beside it; the server, started again,
upgrades its schema if the backup is older and resumes every room. Stop the server first.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

from .common import add_language, say

DATABASE = "ludoteca.sqlite3"


def register(subparsers: argparse._SubParsersAction, lang: str = "en") -> None:
    for name, run, help_text in (
        ("backup", backup, "copy the site's database to FILE while the server runs"),
        ("restore", restore, "replace the site's database with a backup (stop the server first)"),
    ):
        parser = subparsers.add_parser(name, help=help_text, description=help_text)
        parser.add_argument("file", metavar="FILE", type=Path)
        parser.add_argument(
            "--data",
            metavar="DIR",
            help="folder of the SQLite database (default: $LUDOTECA_DATA or ./data)",
        )
        if name == "backup":
            parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
        add_language(parser)
        parser.set_defaults(run=run)


def _database(args: argparse.Namespace) -> Path:
    folder = Path(args.data or os.environ.get("LUDOTECA_DATA", "data"))
    return folder / DATABASE


def backup(args: argparse.Namespace) -> int:
    if os.environ.get("LUDOTECA_DATABASE_URL", "").startswith("postgresql"):
        return _refuse(args.lang, "cli.backup.postgres")
    source, target = _database(args), Path(args.file)
    if not source.is_file():
        return _refuse(args.lang, "cli.backup.no_database", path=str(source))
    if target.exists() and not args.force:
        return _refuse(args.lang, "cli.backup.exists", path=str(target))
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    started = time.monotonic()
    try:
        copy(source, partial)
        problem = check(partial)
        if problem:
            return _refuse(args.lang, "cli.backup.bad_copy", detail=problem)
        partial.chmod(0o600)  # room seeds and token hashes: its owner's only
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        return _refuse(args.lang, "cli.backup.failed", detail=str(error))
    finally:
        partial.unlink(missing_ok=True)
    rooms, actions = _counts(target)
    print(
        say(
            args.lang,
            "cli.backup.done",
            path=str(target),
            rooms=rooms,
            actions=actions,
            kb=max(1, target.stat().st_size // 1024),
            seconds=f"{time.monotonic() - started:.1f}",
        )
    )
    return 0


def restore(args: argparse.Namespace) -> int:
    source, target = Path(args.file), _database(args)
    if not source.is_file():
        return _refuse(args.lang, "cli.restore.no_file", path=str(source))
    problem = check(source)
    if problem:
        return _refuse(args.lang, "cli.restore.bad_file", path=str(source), detail=problem)
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    kept = None
    if target.exists():
        kept = target.with_name(f"{DATABASE}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):  # the old database whole, its log included
            old = Path(f"{target}{suffix}")
            if old.exists():
                os.replace(old, Path(f"{kept}{suffix}"))
    try:
        copy(source, target)
        target.chmod(0o600)
    except (OSError, sqlite3.Error) as error:
        return _refuse(args.lang, "cli.backup.failed", detail=str(error))
    rooms, actions = _counts(target)
    print(say(args.lang, "cli.restore.done", path=str(target), rooms=rooms, actions=actions))
    if kept:
        print(say(args.lang, "cli.restore.kept", path=str(kept)))
    return 0


def copy(source: Path, target: Path) -> None:
    """``source`` into ``target`` through SQLite's online backup: the server's database is in
    WAL mode, where a reader sees one moment while writers go on, undisturbed."""
    reading, writing = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reading.backup(writing)  # in one step: one read transaction, one moment
    finally:
        writing.close()
        reading.close()


def check(path: Path) -> str | None:
    """Why ``path`` is not a whole database of this site, or None."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
            verdict = database.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                return str(verdict)
            tables = {row[0] for row in database.execute("SELECT name FROM sqlite_master")}
        database.close()
    except sqlite3.Error as error:
        return str(error)
    missing = {"alembic_version", "rooms", "actions"} - tables
    return f"not a Ludoteca database (no table {', '.join(sorted(missing))})" if missing else None


def _counts(path: Path) -> tuple[int, int]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
        rooms = database.execute("SELECT count(*) FROM rooms").fetchone()[0]
        actions = database.execute("SELECT count(*) FROM actions").fetchone()[0]
    database.close()
    return rooms, actions


def _refuse(lang: str, key: str, **params: str) -> int:
    print(say(lang, key, **params), file=sys.stderr)
    return 2
