"""The documentation stands alone: no file of the repository cites design notes or rule-text
files that are not in it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Written in pieces, so that this file does not cite them itself.
OUTSIDE = re.compile(
    "|".join(
        [
            "DECI" + r"SIONS\.md",
            r"\bDECI" + r"SIONS\b",
            "DESI" + r"GN\.md",
            r"rules/\w+\.(?:en|de|fr|ru)\." + "txt",
            "background" + "/",
            "/work/" + "shared",
        ]
    )
)


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if not name.endswith((".png", ".json"))]


def test_no_file_cites_files_outside_the_repository():
    found = []
    for path in tracked_text_files():
        try:
            text = path.read_text("utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in OUTSIDE.finditer(text)]
    assert found == []


def test_every_quota_is_in_the_quota_table_with_its_default():
    from dataclasses import fields

    from ludoteca.server import Limits

    table = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    for quota in fields(Limits):
        assert f"| `{quota.name}` | `{quota.default}` |" in table, quota.name
