"""Square names on rectangular boards: files a, b, c… left to right, ranks 1, 2, 3… upwards."""

from __future__ import annotations

import string

FILES = string.ascii_lowercase


def square(file: int, rank: int) -> str:
    """``square(0, 0) == "a1"``; file and rank count from 0."""
    return f"{FILES[file]}{rank + 1}"


def parse_square(name: str, files: int = 26, ranks: int = 26) -> tuple[int, int]:
    """``parse_square("c4") == (2, 3)``; ValueError for anything that is no square here."""
    if (
        not isinstance(name, str)
        or len(name) < 2
        or name[0] not in FILES[:files]
        or not name[1:].isdigit()
        or not 1 <= int(name[1:]) <= ranks
    ):
        raise ValueError(f"{name!r} is not a square of a {files}×{ranks} board")
    return FILES.index(name[0]), int(name[1:]) - 1
