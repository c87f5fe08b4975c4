"""The seat to move is kept with each room (the "your move" badges of rooms no instance holds
in memory).

Revision ID: 0011_to_move
Revises: 0010_settling
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_to_move"
down_revision = "0010_settling"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # rooms in play before it learn their seat to move at their next entry
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("to_move", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("to_move")
