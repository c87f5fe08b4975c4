"""Alembic's environment: the server hands over its open connection (no alembic.ini)."""

from __future__ import annotations

from alembic import context


def run() -> None:
    connection = context.config.attributes["connection"]
    dialect = connection.dialect.name
    context.configure(connection=connection, render_as_batch=dialect == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (importing the module alone does nothing)
    run()
