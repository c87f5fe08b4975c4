"""The generic browser client (static HTML, JS and CSS) and its ``web`` message catalogs."""

from pathlib import Path

from ludoteca.engine import register_domain

HERE = Path(__file__).parent
STATIC = HERE / "static"


def register() -> None:
    """Make the ``web`` catalogs answer (the app and ``ludoteca serve`` call this)."""
    register_domain("web", HERE / "locale")
