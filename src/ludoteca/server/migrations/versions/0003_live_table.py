"""The live table: a room's table options, clock and rematch; how a record ended; chat.

Revision ID: 0003_live_table
Revises: 0002_accounts
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_live_table"
down_revision = "0002_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("table", sa.JSON, nullable=True))
        rooms.add_column(sa.Column("clock", sa.JSON, nullable=True))
        rooms.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("records") as records:
        records.add_column(sa.Column("ending", sa.JSON, nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_chat_room_id", "chat", ["room_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_room_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("records") as records:
        records.drop_column("ending")
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("rematch")
        rooms.drop_column("clock")
        rooms.drop_column("table")
