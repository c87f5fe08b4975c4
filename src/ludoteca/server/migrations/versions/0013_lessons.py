"""An account's place in each game's guided first game, so that a learner who signs in on
another browser goes on where they stopped.

Revision ID: 0013_lessons
Revises: 0012_analyses
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_lessons"
down_revision = "0012_analyses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lessons",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("done", sa.Boolean, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lessons")
