"""Schema migrations: a new database gets exactly the models' schema, on SQLite and on
PostgreSQL (when LUDOTECA_TEST_POSTGRES holds a database URL)."""

from __future__ import annotations

import os
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from ludoteca.server import migrations
from ludoteca.server.db import Base

POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES")


def databases(tmp_path):
    yield f"sqlite:///{tmp_path / 'new.sqlite3'}"
    if POSTGRES:
        yield POSTGRES


@pytest.fixture
def fresh_postgres():
    """A schema of its own in the test database, dropped afterwards."""
    if not POSTGRES:
        pytest.skip("set LUDOTECA_TEST_POSTGRES to a database URL")
    schema = f"mig_{uuid.uuid4().hex[:10]}"
    admin = create_engine(POSTGRES)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    engine = create_engine(POSTGRES, connect_args={"options": f"-csearch_path={schema}"})
    yield engine
    engine.dispose()
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def differences(engine) -> list:
    with engine.connect() as connection:
        found = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    return found


def test_the_migrations_build_the_models_schema_on_sqlite(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    migrations.upgrade(engine)
    assert migrations.current(engine) == migrations.head()
    assert differences(engine) == []
    migrations.upgrade(engine)  # again: nothing to do
    engine.dispose()


def test_the_migrations_build_the_models_schema_on_postgres(fresh_postgres):
    migrations.upgrade(fresh_postgres)
    assert migrations.current(fresh_postgres) == migrations.head()
    assert differences(fresh_postgres) == []


def test_every_revision_goes_down_and_up_again(tmp_path):
    from alembic import command

    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    migrations.upgrade(engine)
    config = migrations.config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    assert migrations.current(engine) is None
    migrations.upgrade(engine)
    assert differences(engine) == []
    engine.dispose()
