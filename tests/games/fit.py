"""Measuring a view's words with the width model of ``ludoteca.engine.svg``: every text must lie
inside the picture (browser-measured checks are the web tests')."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from ludoteca.engine.svg import text_width

SVG = "{http://www.w3.org/2000/svg}"


def _size(node: ElementTree.Element, inherited: float) -> float:
    style = node.get("style") or ""
    found = re.search(r"font-size:\s*([\d.]+)px", style)
    if found:
        return float(found.group(1))
    return float(node.get("font-size", inherited))


def _bold(node: ElementTree.Element, inherited: bool) -> bool:
    style = node.get("style") or ""
    if "font-weight:bold" in style.replace(" ", "") or node.get("font-weight") == "bold":
        return True
    return inherited


def _shift(node: ElementTree.Element) -> tuple[float, float]:
    found = re.match(r"\s*translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)", node.get("transform") or "")
    return (float(found.group(1)), float(found.group(2))) if found else (0.0, 0.0)


def text_boxes(picture: str) -> list[tuple[str, float, float, float, float]]:
    """(words, left, top, right, bottom) of every text outside ``<defs>``, in picture units."""
    root = ElementTree.fromstring(picture)
    boxes: list[tuple[str, float, float, float, float]] = []

    def visit(node: ElementTree.Element, dx: float, dy: float, size: float, bold: bool) -> None:
        if node.tag == SVG + "defs":
            return
        sx, sy = _shift(node)
        dx, dy = dx + sx, dy + sy
        size, bold = _size(node, size), _bold(node, bold)
        if node.tag == SVG + "text":
            words = "".join(node.itertext())
            width = text_width(words, size, bold)
            x, y = float(node.get("x", 0)) + dx, float(node.get("y", 0)) + dy
            anchor = node.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            boxes.append((words, left, y - size * 0.8, left + width, y + size * 0.2))
            return
        for child in node:
            visit(child, dx, dy, size, bold)

    visit(root, 0.0, 0.0, 16.0, False)
    return boxes


def texts_outside(picture: str) -> list[str]:
    """The words of every text that leaves the picture's viewBox."""
    root = ElementTree.fromstring(picture)
    _, _, width, height = (float(v) for v in root.get("viewBox", "0 0 0 0").split())
    return [
        words
        for words, left, top, right, bottom in text_boxes(picture)
        if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5
    ]


def last_marks(picture: str) -> list[ElementTree.Element]:
    """The elements marked as a last move (``data-last="1"``)."""
    root = ElementTree.fromstring(picture)
    return [node for node in root.iter() if node.get("data-last") == "1"]
