"""Administrators and moderation: who administers and who is muted or banned, banned guest
addresses, the authors of chat lines and the lines hidden, players' reports and blocks, and
the audit log of what administrators did.

Revision ID: 0007_moderation
Revises: 0006_mail
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_moderation"
down_revision = "0006_mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("admin", sa.Boolean, nullable=True))
        users.add_column(sa.Column("muted", sa.Boolean, nullable=True))
        users.add_column(sa.Column("banned", sa.Boolean, nullable=True))
    with op.batch_alter_table("chat") as chat:
        chat.add_column(sa.Column("user_id", sa.Integer, nullable=True))
        chat.add_column(sa.Column("address", sa.String(80), nullable=True))
        chat.add_column(sa.Column("hidden", sa.Boolean, nullable=True))
    op.create_table(
        "banned_addresses",
        sa.Column("address", sa.String(80), primary_key=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, nullable=True),
        sa.Column("reporter_address", sa.String(80), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.Integer, nullable=True),
        sa.Column("target_id", sa.Integer, nullable=True),
        sa.Column("target_name", sa.String(64), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("resolved", sa.Boolean, nullable=False, index=True),
    )
    op.create_table(
        "blocks",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(120), nullable=False),
        sa.Column("at", sa.DateTime, nullable=False, index=True),
    )


def downgrade() -> None:
    for table in ("audit", "blocks", "reports", "banned_addresses"):
        op.drop_table(table)
    with op.batch_alter_table("chat") as chat:
        for column in ("hidden", "address", "user_id"):
            chat.drop_column(column)
    with op.batch_alter_table("users") as users:
        for column in ("banned", "muted", "admin"):
            users.drop_column(column)
