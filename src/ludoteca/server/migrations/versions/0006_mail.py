"""An e-mail address on an account for recovery, and the links sent by mail.

Revision ID: 0006_mail
Revises: 0005_logins
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_mail"
down_revision = "0005_logins"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("email", sa.String(254), nullable=True))
        users.add_column(sa.Column("email_verified", sa.Boolean, nullable=True))
    op.create_table(
        "mail_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
        sa.Column("used", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail_tokens")
    with op.batch_alter_table("users") as users:
        users.drop_column("email_verified")
        users.drop_column("email")
