"""The default loop checks the first stored chunk of each game; the other chunks of the stride
and the live side-by-side runs are ``slow`` (``pytest -m slow``, and scripts/test.sh). With
LUDOTECA_DIFFERENTIAL=all every stored chunk is asked for, so none of them is left out as slow."""

from __future__ import annotations

from pathlib import Path

import pytest

from .stored import EVERYTHING

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # called with every item of the session, not only this folder's
    for item in items:
        if HERE not in item.path.parents:
            continue
        params = getattr(item, "callspec", None)
        index = params.params.get("index") if params is not None else None
        if index != 0 and not (EVERYTHING and index is not None):
            item.add_marker(pytest.mark.slow)
