"""Test collection settings shared by the whole repository."""

collect_ignore = ["src/ludoteca/__main__.py"]
