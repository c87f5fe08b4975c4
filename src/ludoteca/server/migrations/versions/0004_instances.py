"""Several server instances on one database: their heartbeats and the rooms' leases.

Revision ID: 0004_instances
Revises: 0003_live_table
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_instances"
down_revision = "0003_live_table"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "instances",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column(
            "started_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()
        ),
        sa.Column(
            "seen_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()
        ),
    )
    op.create_table(
        "room_leases",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(40), nullable=False),
        sa.Column(
            "taken_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()
        ),
    )
    op.create_index("ix_room_leases_holder", "room_leases", ["holder"])


def downgrade() -> None:
    op.drop_index("ix_room_leases_holder", "room_leases")
    op.drop_table("room_leases")
    op.drop_table("instances")
