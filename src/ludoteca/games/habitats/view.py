"""The Habitats picture (SVG); the text board is in ``text.py``."""

from __future__ import annotations

from functools import lru_cache

from ludoteca.engine import Message
from ludoteca.engine.parts import Overlay
from ludoteca.engine.svg import document, element, text

from .game import PLAYER_COLOURS, HabitatsState
from .goals import measure
from .park import Park
from .text import say
from .tiles import SIDE_STEPS, SIDES, TileKind, market_square, sides_of

LAND_COLOURS = {
    "grassland": "#9bc95a",
    "forest": "#3f8a3c",
    "dryland": "#d9b66c",
    "water": "#4d9fd6",
    None: "#a7a7a7",
}
FLOWER_COLOURS = {
    "grassland": "#f6e049",
    "forest": "#e85c9a",
    "dryland": "#f08a2c",
    "water": "#ffffff",
}
ROAD = "#f3e6c8"
INK = "#2b2b2b"
TILE = 56
MARKET_TILE = 60
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"


# -- SVG ---------------------------------------------------------------------------------------


def svg(
    state: HabitatsState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    advised = _advised(state, overlay)
    game = state.game
    mover = state.current_player
    layout = game.layout
    parts: list[str] = []
    defs: dict[tuple, str] = {}
    market_w = layout.width * MARKET_TILE
    market_h = layout.height * MARKET_TILE
    header_h = 96
    # header: year, turns left, goals, scores
    parts.append(element("rect", x=0, y=0, width="100%", height=header_h, fill="#f4efe3"))
    title = say(lang, "habitats.view.year", year=state.year)
    if state.phase == "end":
        title += " · " + say(lang, "habitats.view.over")
    elif mover >= 0:
        title += " · " + say(lang, "habitats.view.turns_left", n=state.turns_left(mover))
    parts.append(text(title, x=16, y=26, style=f"{FONT};font-size:18px;font-weight:bold", fill=INK))
    for i, goal in enumerate(state.goals):
        standing = " / ".join(str(measure(goal, park)) for park in state.parks)
        label = f"{i + 1}: {say(lang, f'habitats.goal.{goal}')}  [{standing}]"
        parts.append(text(label, x=16, y=48 + 16 * i, style=f"{FONT};font-size:12px", fill="#555"))
    scores = state.scores()
    for s in range(game.num_players):
        x = 430 + 110 * s
        parts.append(element("circle", cx=x, cy=21, r=7, fill=PLAYER_COLOURS[s], stroke=INK))
        parts.append(
            text(
                say(lang, "habitats.view.vp", n=f"{scores[s]:g}"),
                x=x + 12,
                y=26,
                style=f"{FONT};font-size:14px;font-weight:{'bold' if s == mover else 'normal'}",
                fill=INK,
            )
        )
        points = "+".join(str(p) for p in state.goal_points[s]) or "0"
        parts.append(
            text(
                say(lang, "habitats.view.goal_points", points=points),
                x=x - 6,
                y=44,
                style=f"{FONT};font-size:10px",
                fill="#555",
            )
        )
    # market
    top = header_h + 30
    parts.append(
        text(say(lang, "habitats.view.market"), x=16, y=top - 8, style=f"{FONT};font-size:14px")
    )
    parts.append(_market(state, 16, top, defs, lang, advised))
    # the tile in hand and its orientations
    hand_y = top + market_h + 24
    if state.held is not None:
        parts.append(
            text(
                say(lang, "habitats.view.held", tile=Message(f"habitats.tile.{state.held.id}")),
                x=16,
                y=hand_y,
                style=f"{FONT};font-size:11px",
            )
        )
        if state.held.is_road:
            for i, mask in enumerate(state.held.orientations):
                bx, by = 16 + i * (TILE + 8), hand_y + 10
                parts.append(
                    element(
                        "g",
                        _tile(state.held, mask, bx, by, TILE, None, lang, defs=defs),
                        id=f"rot-{sides_of(mask)}",
                        style="cursor:pointer",
                    )
                )
                if f"rot-{sides_of(mask)}" in advised:
                    parts.append(_ring(bx, by, TILE))
        else:
            parts.append(_tile(state.held, 0, 16, hand_y + 10, TILE, None, lang, defs=defs))
    left_h = hand_y + TILE + 30
    if state.phase == "end":
        sheet, sheet_h = _score_sheet(state, 16, hand_y - 8, lang)
        parts.append(sheet)
        left_h = hand_y + sheet_h + 16
    # parks, flowing into rows to the right of the market
    x0 = max(market_w + 48, 330)
    max_w = max(x0 + 420, 1100)
    cursor_x, cursor_y, row_h, right = x0, top - 24, 0, x0
    for s, park in enumerate(state.parks):
        show_open = state.phase == "place" and s == mover
        body, w, h = _park(state, s, park, show_open, lang, defs, advised)
        if cursor_x > x0 and cursor_x + w > max_w:
            cursor_x, cursor_y, row_h = x0, cursor_y + row_h + 16, 0
        parts.append(element("g", body, transform=f"translate({cursor_x},{cursor_y})"))
        right = max(right, cursor_x + w)
        cursor_x += w + 16
        row_h = max(row_h, h)
    width = max(right + 16, 760)
    height = max(cursor_y + row_h + 16, left_h)
    kinds = game.tiles
    drawings = "".join(
        element("g", _tile_body(kinds.by_id(key[0]), *key[1:]), id=name)
        for key, name in defs.items()
    )
    body = element("defs", drawings) + "".join(parts)
    return document(width, height, body, style=f"width:{width}px;height:{height}px")


def _score_sheet(state: HabitatsState, x: int, y: int, lang: str) -> tuple[str, int]:
    """The final score sheet: goal points per year, park score and total per player."""
    rows = state.score_sheet()
    winners = set(state.winners())
    row_h = 20
    height = row_h * (len(rows) + 2)
    parts = [
        element("rect", x=x, y=y, width=300, height=height, rx=6, fill="#fff", stroke="#6b4f33"),
        text(
            say(lang, "habitats.board.sheet"),
            x=x + 8,
            y=y + 15,
            style=f"{FONT};font-size:13px;font-weight:bold",
        ),
    ]
    columns = [say(lang, "habitats.view.year", year=y) for y in (1, 2, 3)] + [
        say(lang, "habitats.view.park_column"),
        say(lang, "habitats.view.total_column"),
    ]
    for i, name in enumerate(columns):
        parts.append(
            text(name, x=x + 80 + i * 44, y=y + 34, style=f"{FONT};font-size:10px", fill="#555")
        )
    for r, row in enumerate(rows):
        ry = y + 34 + row_h * (r + 1)
        seat = row["player"] - 1
        parts.append(element("circle", cx=x + 16, cy=ry - 4, r=6, fill=PLAYER_COLOURS[seat]))
        weight = "bold" if seat in winners else "normal"
        values = [*row["goals"], row["park"], row["total"]]
        for i, value in enumerate(values):
            parts.append(
                text(
                    value,
                    x=x + 80 + i * 44,
                    y=ry,
                    style=f"{FONT};font-size:12px;font-weight:{weight}",
                )
            )
    return "".join(parts), height


def _market(
    state: HabitatsState,
    x0: int,
    y0: int,
    defs: dict,
    lang: str = "en",
    advised: frozenset = frozenset(),
) -> str:
    layout = state.game.layout
    parts = [
        element(
            "rect",
            x=x0 - 6,
            y=y0 - 6,
            width=layout.width * MARKET_TILE + 12,
            height=layout.height * MARKET_TILE + 12,
            rx=8,
            fill="#6b4f33",
        )
    ]
    for pos in layout.spaces:
        x = x0 + pos[0] * MARKET_TILE
        y = y0 + (layout.height - 1 - pos[1]) * MARKET_TILE
        tile = state.market.get(pos)
        name = market_square(pos)
        if tile is None:
            parts.append(
                element(
                    "rect",
                    x=x + 2,
                    y=y + 2,
                    width=MARKET_TILE - 4,
                    height=MARKET_TILE - 4,
                    fill="#8a6a48",
                    id=f"mk-{name}",
                )
            )
        else:
            kind = state.game.tiles.by_id(tile)
            body = _tile(kind, kind.roads, x + 2, y + 2, MARKET_TILE - 4, None, lang, defs=defs)
            parts.append(element("g", body, id=f"mk-{name}", style="cursor:pointer"))
            if f"mk-{name}" in advised:
                parts.append(_ring(x + 2, y + 2, MARKET_TILE - 4))
        parts.append(
            text(name, x=x + 4, y=y + MARKET_TILE - 4, style=f"{FONT};font-size:8px", fill="#fff8")
        )
    for s, (pos, facing) in enumerate(state.figures):
        cx = x0 + pos[0] * MARKET_TILE + MARKET_TILE / 2
        cy = y0 + (layout.height - 1 - pos[1]) * MARKET_TILE + MARKET_TILE / 2
        parts.append(_figure(cx, cy, facing, PLAYER_COLOURS[s], s + 1))
    return "".join(parts)


def _advised(state: HabitatsState, overlay: Overlay | None) -> frozenset[str]:
    """The click ids of a hint's action, drawn with a ring."""
    if overlay is None or overlay.action not in state.legal_actions():
        return frozenset()
    return frozenset(state.clicks(overlay.action))


def _ring(x: float, y: float, size: float) -> str:
    """The hint's mark: a bright ring around a space (it does not catch clicks)."""
    return element(
        "rect",
        x=x - 2,
        y=y - 2,
        width=size + 4,
        height=size + 4,
        rx=8,
        fill="none",
        stroke="#00a3ff",
        stroke_width=4,
        style="pointer-events:none",
    )


def _figure(cx: float, cy: float, facing: str, colour: str, number: int) -> str:
    angle = SIDES.index(facing) * 90
    arrow = element(
        "path",
        d="M0,-24 L9,-10 L-9,-10 Z",
        fill=colour,
        stroke=INK,
        transform=f"translate({cx},{cy}) rotate({angle})",
    )
    body = element("circle", cx=cx, cy=cy, r=13, fill=colour, stroke=INK, stroke_width=2)
    label = text(
        number,
        x=cx,
        y=cy + 5,
        text_anchor="middle",
        style=f"{FONT};font-size:14px;font-weight:bold",
        fill="#fff",
    )
    return arrow + body + label


def _park(
    state: HabitatsState,
    seat: int,
    park: Park,
    show_open: bool,
    lang: str,
    defs: dict,
    advised: frozenset = frozenset(),
):
    cells = set(park.tiles) | (set(park.open) if show_open else set())
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    pad, head = 10, 30
    w = max((high_x - low_x + 1) * TILE + 2 * pad, 200)
    h = (high_y - low_y + 1) * TILE + 2 * pad + head
    score = park.score()
    goals = sum(state.goal_points[seat])
    parts = [
        element(
            "rect",
            x=0,
            y=0,
            width=w,
            height=h,
            rx=10,
            fill="#fbf8f0",
            stroke=PLAYER_COLOURS[seat],
            stroke_width=3 if seat == state.current_player else 1.5,
        ),
        text(
            say(lang, "habitats.view.park", player=seat + 1, park=score.total, goals=goals),
            x=pad,
            y=20,
            style=f"{FONT};font-size:13px;font-weight:bold",
            fill=INK,
        ),
    ]
    by_pos = {entry.pos: entry for entry in score.tiles}
    for (x, y), (kind, mask) in park.tiles.items():
        px = pad + (x - low_x) * TILE
        py = head + pad + (high_y - y) * TILE
        colour = PLAYER_COLOURS[seat] if kind.kind == "entrance" else None
        fulfilled = score.fulfilled.get((x, y))
        body = _tile(
            kind, mask, px, py, TILE, colour, lang, fulfilled, by_pos[(x, y)].vp, defs=defs
        )
        parts.append(body)
    if show_open:
        for x, y in sorted(park.open):
            px = pad + (x - low_x) * TILE
            py = head + pad + (high_y - y) * TILE
            parts.append(
                element(
                    "rect",
                    x=px + 3,
                    y=py + 3,
                    width=TILE - 6,
                    height=TILE - 6,
                    rx=6,
                    fill="#fff3b0",
                    fill_opacity=0.6,
                    stroke="#c9a400",
                    stroke_dasharray="4 3",
                    id=f"park{seat}_x{x}_y{y}",
                    style="cursor:pointer",
                )
            )
            if f"park{seat}_x{x}_y{y}" in advised:
                parts.append(_ring(px, py, TILE))
        if not park.open or state.legal_actions() == ["discard"]:
            parts.append(
                element(
                    "rect",
                    x=w - 70,
                    y=6,
                    width=60,
                    height=18,
                    rx=4,
                    fill="#c62828",
                    id=f"discard-{seat}",
                )
            )
    return "".join(parts), w, h


def _tile(
    kind: TileKind,
    mask: int,
    x: float,
    y: float,
    size: float,
    colour: str | None,
    lang: str,
    fulfilled: bool | None = None,
    scored: int | None = None,
    *,
    defs: dict,
) -> str:
    """One tile drawn in its landscape colour with its roads and its icon: a ``<use>`` of a
    drawing kept once in ``defs`` (so a big park stays a small document)."""
    key = (kind.id, mask, size, colour, lang, fulfilled, scored)
    if key not in defs:
        defs[key] = f"tile{len(defs)}"
    return f'<use href="#{defs[key]}" x="{x}" y="{y}"/>'


@lru_cache(maxsize=4096)
def _tile_body(
    kind: TileKind,
    mask: int,
    size: float,
    colour: str | None,
    lang: str,
    fulfilled: bool | None,
    scored: int | None,
) -> str:
    s = size
    x = y = 0
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=s,
            height=s,
            rx=4,
            fill=LAND_COLOURS[kind.landscape],
            stroke="#00000055",
        )
    ]
    cx, cy = x + s / 2, y + s / 2
    for bit, (dx, dy) in SIDE_STEPS:
        if mask & bit:
            ex, ey = cx + dx * s / 2, cy - dy * s / 2
            parts.append(
                element(
                    "line",
                    x1=cx,
                    y1=cy,
                    x2=ex,
                    y2=ey,
                    stroke=ROAD,
                    stroke_width=s / 5,
                    stroke_linecap="butt",
                )
            )
    small = f"{FONT};font-size:{s / 6.2:.1f}px"
    if kind.kind in ("animal", "insect"):
        name = Message(f"habitats.tile.{kind.id}").text(lang)
        parts.append(text(name[:9], x=cx, y=y + s / 5, text_anchor="middle", style=small, fill=INK))
        parts.append(_paw(cx, cy - s / 20, s / 7))
        vp_x, vp_y = x + s - s / 5.5, y + s - s / 5.5
        upside = fulfilled is False
        parts.append(
            element(
                "circle",
                cx=vp_x,
                cy=vp_y,
                r=s / 7,
                fill="#fff" if not upside else "#f0d0d0",
                stroke=INK,
            )
        )
        parts.append(
            text(
                kind.vp,
                x=vp_x,
                y=vp_y + s / 18,
                text_anchor="middle",
                style=f"{FONT};font-size:{s / 6:.1f}px;font-weight:bold",
                fill=INK,
                transform=f"rotate(180 {vp_x} {vp_y})" if upside else None,
            )
        )
        parts.append(_demand(kind, x + 3, y + s - s / 4.5, s))
    elif kind.kind == "flower":
        parts.append(_flower(cx, cy, s / 6, FLOWER_COLOURS[kind.landscape]))
    elif kind.kind == "watchtower":
        parts.append(_tower(kind, cx, cy, s))
    elif kind.kind == "tourist":
        word = "BIG" if kind.tourists == "big" else "MANY"
        parts.append(
            text(
                word,
                x=cx,
                y=cy + s / 10,
                text_anchor="middle",
                style=f"{FONT};font-size:{s / 4.2:.1f}px;font-weight:bold",
                fill="#fff",
                stroke=INK,
                stroke_width=0.6,
            )
        )
    elif kind.kind == "road":
        corner = s / 2.6
        parts.append(
            element(
                "path",
                d=f"M{s},{s} L{s - corner},{s} L{s},{s - corner} Z",
                fill="#f4d03f",
                stroke="#00000055",
            )
        )
        parts.append(
            text(
                kind.vp,
                x=s - corner / 3.2,
                y=s - corner / 6,
                text_anchor="middle",
                style=f"{FONT};font-size:{s / 6:.1f}px;font-weight:bold",
                fill=INK,
            )
        )
    elif kind.kind == "entrance":
        parts.append(
            element(
                "path",
                d=f"M{cx - s / 4},{cy + s / 8} v{-s / 4} l{s / 4},{-s / 6} l{s / 4},{s / 6} "
                f"v{s / 4} Z",
                fill=colour or "#888",
                stroke=INK,
            )
        )
    if scored is not None and kind.kind in ("watchtower", "tourist", "road"):
        parts.append(
            text(
                f"{scored}",
                x=x + 4,
                y=y + s / 4.5,
                style=f"{FONT};font-size:{s / 6:.1f}px;font-weight:bold",
                fill="#fff",
                stroke=INK,
                stroke_width=0.4,
            )
        )
    return "".join(parts)


def _paw(cx: float, cy: float, r: float) -> str:
    pad = element("ellipse", cx=cx, cy=cy + r * 0.4, rx=r * 0.7, ry=r * 0.55, fill="#3a2a1a")
    toes = "".join(
        element("circle", cx=cx + dx * r, cy=cy - r * 0.45 + dy * r, r=r * 0.25, fill="#3a2a1a")
        for dx, dy in ((-0.6, 0.1), (-0.2, -0.2), (0.2, -0.2), (0.6, 0.1))
    )
    return pad + toes


def _demand(kind: TileKind, x: float, y: float, s: float) -> str:
    """The demand icons: a little square per landscape (its colour) with the count."""
    parts = []
    box = s / 7.5
    if kind.kind == "insect":
        parts.append(_flower(x + box / 2, y + box / 2, box / 2.4, "#f6e049"))
        parts.append(
            text(kind.flowers, x=x + box + 1, y=y + box, style=f"{FONT};font-size:{box:.1f}px")
        )
        return "".join(parts)
    for i, (land, count) in enumerate(kind.demand):
        bx = x + i * (box + s / 14)
        parts.append(
            element(
                "rect",
                x=bx,
                y=y,
                width=box,
                height=box,
                fill=LAND_COLOURS[land],
                stroke="#fff",
                stroke_width=0.8,
            )
        )
        parts.append(
            text(
                count,
                x=bx + box / 2,
                y=y + box * 0.85,
                text_anchor="middle",
                style=f"{FONT};font-size:{box * 0.9:.1f}px;font-weight:bold",
                fill="#fff",
            )
        )
    return "".join(parts)


def _flower(cx: float, cy: float, r: float, colour: str) -> str:
    petals = "".join(
        element(
            "circle",
            cx=cx + dx * r * 0.8,
            cy=cy + dy * r * 0.8,
            r=r * 0.55,
            fill=colour,
            stroke="#00000044",
        )
        for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
    )
    return petals + element("circle", cx=cx, cy=cy, r=r * 0.4, fill="#c0392b")


def _tower(kind: TileKind, cx: float, cy: float, s: float) -> str:
    r = s * 0.36
    rays = {
        "line": [(0, -1), (1, 0), (0, 1), (-1, 0)],
        "diagonal": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        "adjacent": [(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)],
        "around": [(dx * 0.5, dy * 0.5) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy],
    }[kind.view]
    parts = [
        element(
            "line",
            x1=cx,
            y1=cy,
            x2=cx + dx * r,
            y2=cy + dy * r,
            stroke="#fff",
            stroke_width=1.6,
            stroke_dasharray="3 2" if kind.view in ("line", "diagonal") else None,
        )
        for dx, dy in rays
    ]
    parts.append(
        element(
            "path",
            d=f"M{cx - s / 10},{cy + s / 6} L{cx - s / 14},{cy - s / 10} L{cx + s / 14},"
            f"{cy - s / 10} L{cx + s / 10},{cy + s / 6} Z",
            fill="#6d4c41",
            stroke=INK,
        )
    )
    parts.append(
        element(
            "path",
            d=f"M{cx - s / 7},{cy - s / 10} L{cx},{cy - s / 4} L{cx + s / 7},{cy - s / 10} Z",
            fill="#b23b2e",
            stroke=INK,
        )
    )
    parts.append(
        text(
            f"{kind.animal_vp}/{kind.flower_vp}",
            x=cx,
            y=cy + s / 2.4,
            text_anchor="middle",
            style=f"{FONT};font-size:{s / 6.5:.1f}px;font-weight:bold",
            fill="#fff",
        )
    )
    return "".join(parts)
