"""The "your move" mails of games with days per move: the account's choice, the key signing its
unsubscribe links, its language, and when each room last mailed it.

Revision ID: 0009_reminders
Revises: 0008_seeks
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_reminders"
down_revision = "0008_seeks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("reminders", sa.Boolean, nullable=True))
        users.add_column(sa.Column("mail_key", sa.String(64), nullable=True))
        users.add_column(sa.Column("lang", sa.String(8), nullable=True))
    op.create_table(
        "reminders",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("sent_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reminders")
    with op.batch_alter_table("users") as users:
        users.drop_column("lang")
        users.drop_column("mail_key")
        users.drop_column("reminders")
