"""The Hexlet board as SVG: nine hexagons, each clickable as ``cell-<name>``."""

from __future__ import annotations

import math

from ludoteca.engine.parts import Overlay
from ludoteca.engine.svg import document, element, join, text

from .game import CELLS, HexletState

R = 34  # hexagon radius


def _centre(cell: str) -> tuple[float, float]:
    x, y = "abc".index(cell[0]), int(cell[1]) - 1
    return 60 + x * R * 1.75 + y * R * 0.875, 60 + (2 - y) * R * 1.52


def _hexagon(cx: float, cy: float) -> str:
    corners = (
        (cx + R * math.cos(math.radians(30 + 60 * k)), cy + R * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def svg(
    state: HexletState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    palette = overlay or Overlay()  # the seats' colours are the viewer's palette's
    parts = [element("rect", width=330, height=230, fill="#f4efe6")]
    for cell in CELLS:
        cx, cy = _centre(cell)
        owner = state.owner(cell)
        fill = palette.colour(owner) if owner is not None else "#fffaf0"
        advised = overlay is not None and overlay.action == cell
        stroke = "#00a3ff" if advised else "#555555"
        shape = element("polygon", points=_hexagon(cx, cy), fill=fill, stroke=stroke)
        label = text(cell, x=cx, y=cy + 5, text_anchor="middle", font_size=14, fill="#222222")
        parts.append(element("g", shape + label, id=f"cell-{cell}"))
    return document(330, 230, join(parts))
