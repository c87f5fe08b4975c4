"""Schema migrations (Alembic): the server brings its database up to date when it starts.

``upgrade(engine)`` runs every revision not yet applied, inside one transaction where the
database allows it. The first revision (``0001_baseline``) is the schema of the release before
accounts: it creates the tables of a new database and leaves those of an existing one as they
are (adding the columns older versions lacked), so any earlier database upgrades in place.
How to add a revision: docs/accounts.md.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

FOLDER = Path(__file__).resolve().parent


def config() -> Config:
    found = Config()
    found.set_main_option("script_location", str(FOLDER))
    return found


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the revisions up to ``revision`` (the newest by default)."""
    found = config()
    with engine.begin() as connection:
        found.attributes["connection"] = connection
        command.upgrade(found, revision)


def current(engine: Engine) -> str | None:
    """The revision the database is at (None for a database never migrated)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found
