"""A room's game is settled once (its end, record and ratings in one transaction), and its
rematch votes are kept in the database (several instances share them).

Revision ID: 0010_settling
Revises: 0009_reminders
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_settling"
down_revision = "0009_reminders"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("settled", sa.Boolean, nullable=True))
        rooms.add_column(sa.Column("rematch_votes", sa.JSON, nullable=True))
    # rooms that ended before the mark were settled as they ended (or are left as they are)
    op.execute("UPDATE rooms SET settled = true WHERE status <> 'playing'")


def downgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("rematch_votes")
        rooms.drop_column("settled")
