"""scripts/gallery.py (the README's pictures) runs: one PNG of each game's room, so the gallery
cannot rot unnoticed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_browser import REAL_GAMES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_gallery_script_writes_one_picture_per_game(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gallery.py"), "--out", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == sorted(f"{game_id}.png" for game_id in REAL_GAMES)
    for name in written:
        data = (tmp_path / name).read_bytes()
        assert data.startswith(PNG) and len(data) > 20_000, name  # a picture, not a blank page
