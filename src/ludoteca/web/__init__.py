"""The generic browser client (static HTML, JS and CSS) and its ``web`` message catalogs
(``locale/``, found by the engine as the catalogs of this package)."""

from pathlib import Path

HERE = Path(__file__).parent
STATIC = HERE / "static"
