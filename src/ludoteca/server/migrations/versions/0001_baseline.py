"""The schema of the release before accounts (commit 17122be): rooms, seats, actions, records.

A new database gets these tables; an existing one keeps its own and gains any column that
versions older than that release lacked (all of them nullable or defaulted).

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def tables() -> list[sa.Table]:
    meta = sa.MetaData()
    return [
        sa.Table(
            "rooms",
            meta,
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("seed", sa.String(64), nullable=False),
            sa.Column("status", sa.String(16), nullable=False, index=True),
            sa.Column("host_hash", sa.String(64), nullable=True),
            sa.Column("created_at", sa.DateTime, nullable=False),
            sa.Column("updated_at", sa.DateTime, nullable=False),
        ),
        sa.Table(
            "seats",
            meta,
            sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("bot", sa.String(64), nullable=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("token_hash", sa.String(64), nullable=True),
            sa.Column("claimed", sa.Boolean, nullable=False),
        ),
        sa.Table(
            "actions",
            meta,
            sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
            sa.Column("number", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("action", sa.String(200), nullable=True),
            sa.Column("created_at", sa.DateTime, nullable=False),
        ),
        sa.Table(
            "records",
            meta,
            sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False, index=True),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("actions", sa.JSON, nullable=False),
            sa.Column("names", sa.JSON, nullable=False),
            sa.Column("scores", sa.JSON, nullable=False),
            sa.Column("winners", sa.JSON, nullable=False),
            sa.Column("finished_at", sa.DateTime, nullable=False, index=True),
        ),
    ]


def upgrade() -> None:
    bind = op.get_bind()
    found = sa.inspect(bind)
    for table in tables():
        if not found.has_table(table.name):
            table.create(bind)
            continue
        have = {column["name"] for column in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                # added as the versions before the baseline did: nullable, no default
                op.add_column(table.name, sa.Column(column.name, column.type, nullable=True))


def downgrade() -> None:
    for table in reversed(tables()):
        op.drop_table(table.name)
