"""Log-in attempts counted site-wide, browsers known to an account, names as they look.

Revision ID: 0005_logins
Revises: 0004_instances
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ludoteca.server.accounts import skeleton

revision = "0005_logins"
down_revision = "0004_instances"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("address", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_login_attempts_name", "login_attempts", ["name_key", "at"])
    op.create_index("ix_login_attempts_address", "login_attempts", ["address", "at"])
    op.create_table(
        "known_browsers",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("name_skeleton", sa.String(80), nullable=True))
        users.create_unique_constraint("uq_users_name_skeleton", ["name_skeleton"])
    # Names taken before this rule keep working; the first of two that look alike gets its
    # skeleton, a later one none (so neither blocks the other, and no new name looks like
    # either).
    users_table = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_skeleton", sa.String),
    )
    connection = op.get_bind()
    seen: set[str] = set()
    for user_id, name in connection.execute(
        sa.select(users_table.c.id, users_table.c.name).order_by(users_table.c.id)
    ):
        look = skeleton(name)
        if look in seen:
            continue
        seen.add(look)
        connection.execute(
            users_table.update().where(users_table.c.id == user_id).values(name_skeleton=look)
        )


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_constraint("uq_users_name_skeleton", type_="unique")
        users.drop_column("name_skeleton")
    op.drop_table("known_browsers")
    op.drop_index("ix_login_attempts_address", "login_attempts")
    op.drop_index("ix_login_attempts_name", "login_attempts")
    op.drop_table("login_attempts")
