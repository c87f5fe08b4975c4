"""Seeks (quick pairing) and when accounts were last seen (who is online).

Revision ID: 0008_seeks
Revises: 0007_moderation
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_seeks"
down_revision = "0007_moderation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("table", sa.JSON, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating", sa.Integer, nullable=True),
        sa.Column("rating_min", sa.Integer, nullable=True),
        sa.Column("rating_max", sa.Integer, nullable=True),
        sa.Column("bots_after", sa.Integer, nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("address", sa.String(80), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("seen_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_seeks_match", "seeks", ["status", "kind", "created_at"])
    op.create_table(
        "presence",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("seen_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_presence_seen_at", "presence", ["seen_at"])


def downgrade() -> None:
    op.drop_index("ix_presence_seen_at", "presence")
    op.drop_table("presence")
    op.drop_index("ix_seeks_match", "seeks")
    op.drop_table("seeks")
