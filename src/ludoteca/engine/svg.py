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
