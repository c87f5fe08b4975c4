"""A small SVG builder, so views write elements rather than strings, and cannot forget to escape.

Everything :func:`element` builds is :class:`Markup` (typed ``str``, which it is); any other
value given to it, as a child or as an attribute, is text and is escaped for its place. Joining parts goes through
:func:`join` (or ``+``, which keeps markup markup and escapes plain text), never ``"".join``:
a plain string is text, so markup joined that way shows as words, never as elements."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

# characters XML 1.0 forbids (a name with one would make the picture unreadable to a parser)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_SPECIAL = re.compile('[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]')
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9:.-]*\Z")


class Markup(str):
    """Markup this module built: nested and joined as is, where other text is escaped."""

    __slots__ = ()

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, markup(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(str.__add__(markup(other), self))


def _escaped(value: Any) -> str:
    """``value`` as text: ``&``, ``<`` and ``>`` escaped, characters XML forbids left out."""
    words = str(value)
    if _SPECIAL.search(words) is None:  # most words and every number: nothing to do
        return words
    if _NOT_XML.search(words):
        words = _NOT_XML.sub("", words)
    return words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quoted(value: Any) -> str:
    """``value`` as an attribute's value between double quotes."""
    if type(value) is int or type(value) is float:
        return str(value)
    words = str(value)
    return words if _SPECIAL.search(words) is None else _escaped(words).replace('"', "&quot;")


def markup(content: Any) -> str:
    """``content`` as markup: itself if it is :class:`Markup`, else escaped as text."""
    if isinstance(content, Markup):
        return content
    return _escaped(content)


def join(parts: Iterable[Any]) -> str:
    """The parts one after another, each as :func:`markup`."""
    return Markup("".join([markup(part) for part in parts]))


@lru_cache(maxsize=512)
def _name(name: str) -> str:
    """A keyword argument's name as an XML name (``_`` for ``-``, a trailing ``_`` dropped);
    refused unless it is one, so that no name from elsewhere can write markup."""
    name = name.rstrip("_").replace("_", "-")
    if not _NAME.match(name):
        raise ValueError(f"not an XML name: {name!r}")
    return name


def element(tag: str, /, *children: Any, **attributes: Any) -> str:
    """``element("rect", id="sq-a1", x=0)`` → ``<rect id="sq-a1" x="0"/>``.

    ``children`` are markup (:class:`Markup`) or text (anything else, escaped). Attribute names
    use ``_`` for ``-`` and a trailing ``_`` for Python keywords (``class_``); their values are
    escaped, and None or False leaves an attribute out.
    """
    # every picture is made of thousands of these: the loop is written out (what
    # ``_quoted`` and ``markup`` do, inline), the hottest function of the views (issue 30)
    head = _name(tag)
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        kind = type(value)
        if kind is int or kind is float:
            head += f' {_name(name)}="{value}"'
        else:
            words = str(value)
            if _SPECIAL.search(words) is not None:
                words = _escaped(words).replace('"', "&quot;")
            head += f' {_name(name)}="{words}"'
    if not children:
        return Markup(f"<{head}/>")
    content = "".join(
        [child if isinstance(child, Markup) else _escaped(child) for child in children]
    )
    return Markup(f"<{head}>{content}</{tag}>" if content else f"<{head}/>")


def text(content: Any, **attributes: Any) -> str:
    return element("text", content, **attributes)


def document(width: float, height: float, body: Any, **attributes: Any) -> str:
    return element(
        "svg",
        body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        role="img",
        **attributes,
    )


def ring(x: float, y: float, width: float, height: float) -> str:
    """A bright ring around a rectangle, that does not catch clicks: where a hint or a lesson's
    step points. It stands 6 units off, outside the frame the web client draws around every
    playable part, and tints what it rings, so that it shows where those frames cover it."""
    return element(
        "rect",
        x=x - 6,
        y=y - 6,
        width=width + 12,
        height=height + 12,
        rx=10,
        fill="#00a3ff",
        fill_opacity=0.12,
        stroke="#00a3ff",
        stroke_width=4,
        style="pointer-events:none",
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


def fit_size(
    content: str, size: float, width: float, bold: bool = False, least: float = 11
) -> float:
    """The font size, at most ``size`` and at least ``least``, at which ``content`` fits
    ``width`` (``least`` if it fits at none: shorten it then)."""
    wide = text_width(content, size, bold)
    return size if wide <= width else max(least, round(size * width / wide - 0.05, 1))
