"""The generic browser client (static HTML, JS and CSS) and its ``web`` message catalogs."""

from pathlib import Path

HERE = Path(__file__).parent
STATIC = HERE / "static"
