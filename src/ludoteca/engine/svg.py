"""A small SVG builder, so views write elements rather than escaped strings."""

from __future__ import annotations

from html import escape
from typing import Any


def element(tag: str, content: str = "", /, **attributes: Any) -> str:
    """``element("rect", id="sq-a1", x=0)`` → ``<rect id="sq-a1" x="0"/>``.

    Attribute names use ``_`` for ``-`` and a trailing ``_`` for Python keywords (``class_``).
    """
    parts = [tag]
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    head = " ".join(parts)
    return f"<{head}>{content}</{tag}>" if content else f"<{head}/>"


def text(content: Any, **attributes: Any) -> str:
    return element("text", escape(str(content)), **attributes)


def document(width: float, height: float, body: str, **attributes: Any) -> str:
    return element(
        "svg",
        body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        role="img",
        **attributes,
    )


# -- fitting words into a space ------------------------------------------------------------------
# A per-character width model of a sans-serif face (DejaVu Sans, the widest common one), in
# ems: views wrap or shorten their words with it so that no text leaves its space in any
# language, and the tests measure pictures with it.

_NARROW = set("iIjlt.,:;!|'`()[]{}/ ·ґіїј1")
_WIDE = set("mwMWОШЩЖЮЫФМДQGOCDHNU@%—Жшщжюыфм")


def text_width(content: str, size: float, bold: bool = False) -> float:
    """The estimated width of ``content`` in px at font size ``size``."""
    ems = 0.0
    for char in content:
        if char in _NARROW:
            ems += 0.34
        elif char in _WIDE:
            ems += 0.86
        elif char.isupper():
            ems += 0.72
        elif char.isdigit():
            ems += 0.66
        else:
            ems += 0.6
    # a little wider than DejaVu Sans measures in Chromium, so that estimates err on the safe side
    return ems * size * (1.17 if bold else 1.04)


def shorten(content: str, size: float, width: float, bold: bool = False) -> str:
    """``content``, cut with an ellipsis if it would be wider than ``width``."""
    if text_width(content, size, bold) <= width:
        return content
    while content and text_width(content + "…", size, bold) > width:
        content = content[:-1]
    return content.rstrip() + "…"


def wrap(content: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``content`` broken at spaces (and hyphens) into lines no wider than ``width``; a word
    too long for a line alone is cut with an ellipsis."""
    lines: list[str] = []
    line = ""
    for word in content.split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size, bold) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word if text_width(word, size, bold) <= width else shorten(word, size, width, bold)
    if line:
        lines.append(line)
    return lines
