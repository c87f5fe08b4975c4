"""Accounts, sessions and ratings; a seat may belong to an account; a room may be rated.

Revision ID: 0002_accounts
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_accounts"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_rating_history_user_game", "rating_history", ["user_id", "game"])
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("user_id", sa.Integer, nullable=True))
        seats.create_index("ix_seats_user_id", ["user_id"])
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("rated", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("rated")
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("ix_seats_user_id")
        seats.drop_column("user_id")
    op.drop_index("ix_rating_history_user_game", "rating_history")
    for table in ("rating_history", "ratings", "sessions", "users"):
        op.drop_table(table)
