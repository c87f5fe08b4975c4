"""Square names on rectangular boards: files a, b, c… left to right, ranks 1, 2, 3… upwards."""

from __future__ import annotations

import re
import string

FILES = string.ascii_lowercase

# two squares with what a player may write between them: nothing, a space, - – — → -> × x :
_FROM_TO = re.compile(r"\s*([a-z])(\d{1,2})\s*(?:->|[-–—→×x:])?\s*([a-z])(\d{1,2})\s*", re.I)


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


def from_to(text: str) -> tuple[str, str] | None:
    """A move written as two squares, in any of the forms the games display.

    >>> from_to("d2–d3"), from_to("d2 → d4"), from_to("D2xE3"), from_to("d2d3")
    (('d2', 'd3'), ('d2', 'd4'), ('d2', 'e3'), ('d2', 'd3'))
    >>> from_to("take:3") is None
    True
    """
    match = _FROM_TO.fullmatch(text)
    if match is None:
        return None
    return match[1].lower() + match[2], match[3].lower() + match[4]
