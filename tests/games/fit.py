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


def _transform(node: ElementTree.Element) -> tuple[float, float, float]:
    """The node's ``transform`` (translations and uniform scales) as (scale, dx, dy)."""
    scale, dx, dy = 1.0, 0.0, 0.0
    for kind, values in re.findall(r"(translate|scale)\(([^)]*)\)", node.get("transform") or ""):
        numbers = [float(v) for v in re.split(r"[ ,]+", values.strip())]
        if kind == "translate":
            dx, dy = dx + scale * numbers[0], dy + scale * (numbers[1] if len(numbers) > 1 else 0)
        else:
            scale *= numbers[0]
    return scale, dx, dy


def text_boxes(picture: str) -> list[tuple[str, float, float, float, float]]:
    """(words, left, top, right, bottom) of every text outside ``<defs>``, in picture units."""
    root = ElementTree.fromstring(picture)
    boxes: list[tuple[str, float, float, float, float]] = []

    def visit(
        node: ElementTree.Element, place: tuple[float, float, float], size: float, bold: bool
    ) -> None:
        if node.tag == SVG + "defs":
            return
        k, dx, dy = place
        nk, ndx, ndy = _transform(node)
        place = k * nk, dx + k * ndx, dy + k * ndy
        size, bold = _size(node, size), _bold(node, bold)
        if node.tag == SVG + "text":
            k, dx, dy = place
            words = "".join(node.itertext())
            width = text_width(words, size, bold) * k
            x, y = float(node.get("x", 0)) * k + dx, float(node.get("y", 0)) * k + dy
            anchor = node.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            boxes.append((words, left, y - size * k * 0.8, left + width, y + size * k * 0.2))
            return
        for child in node:
            visit(child, place, size, bold)

    visit(root, (1.0, 0.0, 0.0), 16.0, False)
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
