"""A finished room's analysis (each decision's evaluation, its best move and its loss), kept
once computed so that a later visit to the replay shows it at once.

Revision ID: 0012_analyses
Revises: 0011_to_move
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_analyses"
down_revision = "0011_to_move"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("evaluator", sa.String(200), nullable=False),
        sa.Column("analysis", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
