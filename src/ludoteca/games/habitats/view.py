"""The Habitats picture (SVG); the text board is in ``words.py``.

Layout: a header (year, goals with each player's standing, the players with their points),
on the left the market, the tile in hand, the score sheet at the end; the parks on the right
(two columns; one under the other at four or five players, under the market when too wide and
on a phone); the legend of every symbol where there is room. Park cells are named by their steps from the entrance (``→2 ↓1``, see ``tiles.spot_name``),
written along each park's edges. Icons of the animals are in ``icons.py``.

Click ids: ``mk-<square>`` (market), ``park<seat>_x<x>_y<y>`` (a free cell of the mover's park),
``rot-<sides>`` (a turn of a road tile in hand), ``discard-<seat>``. Last-move marks carry
``data-last="1"`` and the class ``last``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from ludoteca.engine import CHANCE, Message
from ludoteca.engine.palette import ink_on, seat_colour
from ludoteca.engine.parts import Overlay, Picture
from ludoteca.engine.svg import document, element, join, ring, shorten, text, text_width, wrap
from ludoteca.engine.turns import LAST, last_turns, marked_seats, sample_position

from .game import Habitats, HabitatsState
from .goals import measure
from .icons import icon
from .move import Move
from .observe import park_cell_id
from .park import Park
from .tiles import (
    SIDE_STEPS,
    SIDES,
    MarketLayout,
    Pos,
    TileKind,
    column_name,
    market_square,
    row_name,
    sides_of,
)
from .words import say

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
MUTED = "#555"
TILE = 64
MARKET_TILE = 64
LEFT_W = 300  # the least width of the left column: market, tile in hand, score sheet
GAP = 20
# the widths, in units, the page gives a picture shown with its least text (LEAST_FONT) at
# 10 CSS px: a 390-px phone (365 CSS px for it) and a 1280-px desktop (874 CSS px)
PHONE, DESKTOP = 376, 900
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"
GOLD = "#f4c430"


def _font(size: float, bold: bool = False) -> str:
    return f"{FONT};font-size:{size:g}px" + (";font-weight:bold" if bold else "")


# -- the picture -------------------------------------------------------------------------------


def svg(
    state: HabitatsState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    seats = _seats(overlay or Overlay(), state.game.num_players, lang)
    advised = _advised(state, overlay)
    last = _last_moves(state, seat)
    defs: dict[tuple, str] = {}
    mover = state.current_player
    parks = []
    for s, park in enumerate(state.parks):
        drawn, w, h, used = _park(
            state, s, park, state.phase == "place" and s == mover, lang, advised, last, seats
        )
        defs.update(used)
        parks.append((drawn, w, h))
    # a phone gets the parks one under the other, under the market: its tiles stay legible;
    # so does a desktop at four or five players, beside the market (or under it when the
    # parks are too wide for that), the viewer's own park first (side by side they would be
    # drawn at a third of their size); the page then scrolls rather than shrink the picture
    # to its height (data-fit), and sideways rather than show a text under 10 CSS px
    # (data-least: on a phone, a park wider than the screen)
    narrow = overlay is not None and overlay.narrow
    stacked = narrow or len(parks) >= 4
    columns = 1 if stacked else min(len(parks), 2)
    if seat is not None and not narrow:
        parks = parks[seat:] + parks[:seat]
    column_w = [0.0] * columns
    row_h = [0.0] * math.ceil(len(parks) / columns)
    for i, (_, w, h) in enumerate(parks):
        column_w[i % columns] = max(column_w[i % columns], w)
        row_h[i // columns] = max(row_h[i // columns], h)
    grid_w = sum(column_w) + GAP * (columns - 1)
    grid_h = sum(row_h) + GAP * (len(row_h) - 1)
    left_w = max(LEFT_W, state.game.layout.width * MARKET_TILE + 36)
    under = narrow or (stacked and 16 + left_w + GAP + grid_w + 16 > DESKTOP)
    width = 16 + (max(left_w, grid_w) if under else left_w + GAP + grid_w) + 16
    # a phone's header, market and legend keep to its screen (the market's frame ends 12
    # units inside the left column); only a wider park reaches past it
    screen = max(PHONE, 16 + left_w + 4) if narrow else width
    if narrow:
        width = max(screen, 16 + grid_w + 16)
    header, header_h = _header(state, screen, lang, seats)
    top: float = header_h + 12
    left, left_h = _left_column(state, 16, top, left_w, lang, defs, advised, last, seats)
    grid_x, grid_y = (16, top + left_h + GAP) if under else (16 + left_w + GAP, top)
    body = [element("rect", x=0, y=0, width="100%", height="100%", fill="#fbf8f0"), header, left]
    y = grid_y
    for r, height in enumerate(row_h):
        x: float = grid_x
        for c in range(columns):
            i = r * columns + c
            if i < len(parks):
                body.append(element("g", parks[i][0], transform=f"translate({x},{y})"))
            x += column_w[c] + GAP
        y += height + GAP
    # the legend goes under the shorter side, in as many columns as fit there
    if under:
        legend, legend_h = _legend(lang, screen - 32)
        body.append(element("g", legend, transform=f"translate(16,{grid_y + grid_h + 16})"))
        bottom = grid_y + grid_h + 16 + legend_h
    elif left_h <= grid_h:
        legend, legend_h = _legend(lang, left_w)
        body.append(element("g", legend, transform=f"translate(16,{top + left_h + 16})"))
        bottom = max(top + left_h + 16 + legend_h, top + grid_h)
    else:
        legend, legend_h = _legend(lang, grid_w)
        body.append(element("g", legend, transform=f"translate({grid_x},{top + grid_h + 16})"))
        bottom = max(top + left_h, top + grid_h + 16 + legend_h)
    height = bottom + 16
    fit, least = ("width", LEAST_FONT) if stacked else (None, None)
    drawn = _defs(state.game, tuple(defs)) + join(body)
    return document(width, height, drawn, data_fit=fit, data_least=least)


@lru_cache(maxsize=1024)
def _defs(game: Habitats, keys: tuple[tuple, ...]) -> str:
    """The tile drawings a picture uses (the same set for the seats of a position: kept)."""
    return element("defs", join(_drawing(game.tiles.by_id(key[0]), key) for key in keys))


@lru_cache(maxsize=4096)
def _drawing(kind: TileKind, key: tuple) -> str:
    return element("g", _tile_body(kind, *key[1:]), id=_drawing_id(key))


@lru_cache(maxsize=4096)
def _drawing_id(key: tuple) -> str:
    """A tile drawing's id, from what it shows: the same in every picture, so a park's
    markup can be kept and reused."""
    return "tile-" + "-".join(str(part).lstrip("#") for part in key)


def _advised(state: HabitatsState, overlay: Overlay | None) -> frozenset[str]:
    """The click ids drawn with a ring: a hint's action's and those a lesson's step points at
    (``Overlay.marks``: market squares ``mk-<square>``, free cells of the mover's park)."""
    if overlay is None:
        return frozenset()
    hint = state.clicks(overlay.action) if overlay.action in state.legal_actions() else []
    return frozenset((*hint, *overlay.marks))


def _last_moves(state: HabitatsState, seat: int | None) -> dict[str, int]:
    """Where each other seat took its latest tile (``mk-<square>``) and placed it (its park
    cell id), with that seat."""
    found: dict[str, int] = {}
    for mover, steps in last_turns(state).items():
        if mover == CHANCE or mover not in marked_seats(state, seat):
            continue
        for step in steps:
            move = Move.parse(step.action)
            if move.kind == "take":
                found[f"mk-{move.name}"] = mover
            elif move.kind == "place" and move.cell is not None:
                found[park_cell_id(mover, move.cell)] = mover
    return found


def _last_mark(x: float, y: float, size: float, mover: int, what: str, colour: str) -> str:
    return element(
        "rect",
        x=x - 3,
        y=y - 3,
        width=size + 6,
        height=size + 6,
        rx=7,
        fill="none",
        stroke=colour,
        stroke_width=4,
        stroke_dasharray="8 4",
        data_seat=mover,
        data_what=what,
        **LAST,
    )


@dataclass(frozen=True)
class Seats:
    """Each seat's name and colour, as the viewer sees them."""

    names: tuple[str, ...]
    colours: tuple[str, ...]


def _seats(overlay: Overlay, players: int, lang: str) -> Seats:
    return _seats_of(overlay.names, overlay.palette, players, lang)


@lru_cache(maxsize=256)
def _seats_of(names: tuple[str, ...], palette: str, players: int, lang: str) -> Seats:
    """The seats' names (given, else "Player N" in ``lang``) and colours in ``palette``:
    the same for every picture of a room (kept)."""
    overlay = Overlay(names=names, palette=palette)
    return Seats(
        tuple(overlay.name(s, lang) for s in range(players)),
        tuple(overlay.colour(s) for s in range(players)),
    )


# -- header ------------------------------------------------------------------------------------


def _header(state: HabitatsState, width: float, lang: str, seats: Seats) -> tuple[str, float]:
    """Year and turns left, the goals with each player's standing, the players' points."""
    mover = state.current_player
    title = say(lang, "habitats.view.year", year=state.year)
    if state.phase == "end":
        title += " · " + say(lang, "habitats.view.over")
    elif mover >= 0:
        title += " · " + say(lang, "habitats.view.turns_left", n=state.turns_left(mover))
    return _header_drawn(
        title,
        tuple(state.goals),
        tuple(tuple(measure(goal, park) for park in state.parks) for goal in state.goals),
        state.year if state.phase != "end" else 0,
        seats.names,
        tuple(state.scores()),
        tuple(state.goal_points),
        mover,
        width,
        lang,
        seats.colours,
    )


@lru_cache(maxsize=1024)
def _header_drawn(
    title: str,
    goal_ids: tuple[str, ...],
    standings: tuple[tuple[int, ...], ...],
    year: int,  # 0 once the game is over
    names: tuple[str, ...],
    scores: tuple[float, ...],
    goal_points: tuple[tuple[int, ...], ...],
    mover: int,
    width: float,
    lang: str,
    colours: tuple[str, ...],
) -> tuple[str, float]:
    room = width - 32
    title_drawn, y = _title_drawn(title, room)
    parts = [title_drawn]
    players = len(names)
    goals, text_w = _goal_lines(goal_ids, lang, room - 40 * players - 16)
    for i, standing in enumerate(standings):
        drawn, rows = _goal_drawn(goals[i], text_w, i + 1 == year, y)
        parts += [drawn, _standing_drawn(standing, 16 + text_w + 16, y, colours)]
        y += 19 + 16 * (rows - 1)
    # the players: name, points, goal points
    per_row = max(1, int(room // 230))
    chip_w = room / per_row
    y += 8
    for s in range(players):
        x = 16 + (s % per_row) * chip_w
        row_y = y + (s // per_row) * 40
        points = "+".join(str(p) for p in goal_points[s]) or "0"
        line = _points_line(lang, f"{scores[s]:g}", points)
        parts.append(_chip_drawn(names[s], line, x, row_y, chip_w, s == mover, colours[s]))
    rows = math.ceil(players / per_row)
    height = y + 40 * rows
    band = element("rect", x=0, y=0, width="100%", height=height, fill="#f4efe3")
    return band + join(parts), height


# the header's pieces, each a pure function of what it shows (kept: a move changes a few)


@lru_cache(maxsize=256)
def _title_drawn(title: str, room: float) -> tuple[str, float]:
    """The title lines, and the top of the goals under them."""
    # wrapped, never cut: a phone's narrow picture has room for fewer words a line
    title_lines = wrap(title, 20, room, True)
    parts = [
        text(line, x=16, y=30 + 24 * i, style=_font(20, True), fill=INK)
        for i, line in enumerate(title_lines)
    ]
    return join(parts), 54 + 24 * (len(title_lines) - 1)


@lru_cache(maxsize=256)
def _goal_lines(goal_ids: tuple[str, ...], lang: str, most: float) -> tuple[tuple[str, ...], float]:
    """Each goal's line, and the width of the longest (at most ``most``): each player's
    standing on the goal follows it."""
    goals = tuple(
        f"{i + 1}: {say(lang, f'habitats.goal.{goal}')}" for i, goal in enumerate(goal_ids)
    )
    return goals, min(max((text_width(g, 13, True) for g in goals), default=0), most)


@lru_cache(maxsize=1024)
def _goal_drawn(goal: str, text_w: float, current: bool, y: float) -> tuple[str, int]:
    """A goal's line, wrapped (bold in its year), and its number of rows."""
    fill = INK if current else MUTED
    lines = wrap(goal, 13, text_w, current)
    drawn = [
        text(line, x=16, y=y + 16 * row, style=_font(13, current), fill=fill)
        for row, line in enumerate(lines)
    ]
    return join(drawn), len(lines)


@lru_cache(maxsize=4096)
def _standing_drawn(
    standing: tuple[int, ...], left: float, y: float, colours: tuple[str, ...]
) -> str:
    """Each player's standing on a goal: a dot of the seat's colour and the number."""
    parts = []
    for s, value in enumerate(standing):
        x = left + 40 * s
        parts.append(element("circle", cx=x + 6, cy=y - 4, r=5, fill=colours[s]))
        parts.append(text(value, x=x + 14, y=y, style=_font(13), fill=INK))
    return join(parts)


@lru_cache(maxsize=1024)
def _points_line(lang: str, points: str, goals: str) -> str:
    return (
        say(lang, "habitats.view.vp", n=points)
        + " · "
        + say(lang, "habitats.view.goal_points", points=goals)
    )


@lru_cache(maxsize=4096)
def _chip_drawn(
    name: str, line: str, x: float, y: float, chip_w: float, bold: bool, colour: str
) -> str:
    """A player in the header: a dot of the seat's colour, the name, the points."""
    return join(
        [
            element("circle", cx=x + 8, cy=y + 4, r=8, fill=colour, stroke=INK),
            text(
                shorten(name, 15, chip_w - 34, True),
                x=x + 22,
                y=y + 9,
                style=_font(15, True),
                fill=INK,
            ),
            text(
                shorten(line, 12, chip_w - 34, bold),
                x=x + 22,
                y=y + 26,
                style=_font(12, bold),
                fill=MUTED,
            ),
        ]
    )


# -- left column -------------------------------------------------------------------------------


def _left_column(
    state: HabitatsState,
    x: float,
    y: float,
    width: float,
    lang: str,
    defs: dict,
    advised: frozenset,
    last: dict[str, int],
    seats: Seats,
) -> tuple[str, float]:
    """Market, tile in hand (its turns, for a road tile), score sheet; and its height."""
    layout = state.game.layout
    top = y
    parts = [
        text(
            shorten(say(lang, "habitats.view.market"), 15, width, True),
            x=x,
            y=y + 14,
            style=_font(15, True),
            fill=INK,
        )
    ]
    y += 28
    market, used = _market(
        state.game,
        tuple(sorted(state.market.items())),
        tuple(state.figures),
        x + 18,
        y,
        lang,
        frozenset(click for click in advised if click.startswith("mk-")),
        tuple(sorted((k, v) for k, v in last.items() if k.startswith("mk-"))),
        seats.colours,
    )
    defs.update(used)
    parts.append(market)
    y += layout.height * MARKET_TILE + 34
    if state.held is not None:
        words = say(lang, "habitats.view.held", tile=Message(f"habitats.tile.{state.held.id}"))
        for line in wrap(words, 13, width):
            parts.append(text(line, x=x, y=y, style=_font(13), fill=INK))
            y += 17
        y += 2
        masks = state.held.orientations if state.held.is_road else (0,)
        for i, mask in enumerate(masks):
            bx = x + i * (TILE + 8)
            tile = _tile(state.held, mask, bx, y, TILE, None, lang, defs=defs)
            if state.held.is_road:
                tile = element("g", tile, id=f"rot-{sides_of(mask)}", style="cursor:pointer")
                if f"rot-{sides_of(mask)}" in advised:
                    tile += ring(bx, y, TILE, TILE)
            parts.append(tile)
        y += TILE + 16
    if state.phase == "end":
        sheet, sheet_h = _score_sheet(state, x, y, width, lang, seats)
        parts.append(sheet)
        y += sheet_h + 12
    return join(parts), y - top


def _score_sheet(
    state: HabitatsState, x: float, y: float, width: float, lang: str, seats: Seats
) -> tuple[str, float]:
    """The final score sheet: goal points per year, park score and total per player."""
    rows = state.score_sheet()
    winners = set(state.winners())
    row_h = 22
    height = row_h * (len(rows) + 2) + 6
    parts = [
        element("rect", x=x, y=y, width=width, height=height, rx=6, fill="#fff", stroke="#6b4f33"),
        text(
            shorten(say(lang, "habitats.board.sheet").rstrip(":："), 13, width - 16, True),
            x=x + 8,
            y=y + 17,
            style=_font(13, True),
        ),
    ]
    columns = [str(year) for year in (1, 2, 3)] + [
        say(lang, "habitats.view.park_column"),
        say(lang, "habitats.view.total_column"),
    ]
    first = x + 112
    step = (width - 112 - 8) / len(columns)
    for i, name in enumerate(columns):
        parts.append(
            text(
                shorten(name, 11, step - 2),
                x=first + i * step + step / 2,
                y=y + 38,
                text_anchor="middle",
                style=_font(11),
                fill=MUTED,
            )
        )
    for r, row in enumerate(rows):
        ry = y + 38 + row_h * (r + 1)
        seat = row["player"] - 1
        weight = seat in winners
        parts.append(element("circle", cx=x + 14, cy=ry - 4, r=6, fill=seats.colours[seat]))
        name = ("★ " if weight else "") + seats.names[seat]
        parts.append(text(shorten(name, 12, 86, weight), x=x + 24, y=ry, style=_font(12, weight)))
        values = [*row["goals"], row["park"], row["total"]]
        for i, value in enumerate(values):
            parts.append(
                text(
                    value,
                    x=first + i * step + step / 2,
                    y=ry,
                    text_anchor="middle",
                    style=_font(12, weight),
                )
            )
    return join(parts), height


@lru_cache(maxsize=1024)
def _market(
    game: Habitats,
    market: tuple[tuple[Pos, str], ...],
    figures: tuple[tuple[Pos, str], ...],
    x0: float,
    y0: float,
    lang: str,
    advised: frozenset,
    marks: tuple[tuple[str, int], ...],
    colours: tuple[str, ...],
) -> tuple[str, dict[tuple, str]]:
    """The market grid with its figures, its columns lettered below, its rows numbered; and
    the tile drawings it uses."""
    tiles = dict(market)
    last = dict(marks)
    defs: dict[tuple, str] = {}
    parts = [_market_frame(game.layout, x0, y0)]
    for pos in game.layout.spaces:
        click = f"mk-{market_square(pos)}"
        mark = last.get(click)
        colour = colours[mark] if mark is not None else None
        drawn, key = _market_space(
            game, pos, tiles.get(pos), x0, y0, lang, click in advised, mark, colour
        )
        parts.append(drawn)
        if key is not None:
            defs[key] = _drawing_id(key)
    for s, (pos, facing) in enumerate(figures):
        cx = x0 + pos[0] * MARKET_TILE + MARKET_TILE / 2
        cy = y0 + (game.layout.height - 1 - pos[1]) * MARKET_TILE + MARKET_TILE / 2
        parts.append(_figure(cx, cy, facing, colours[s], s + 1))
    return join(parts), defs


@lru_cache(maxsize=64)
def _market_frame(layout: MarketLayout, x0: float, y0: float) -> str:
    """The market's board with its columns lettered below and its rows numbered."""
    size = MARKET_TILE
    parts = [
        element(
            "rect",
            x=x0 - 6,
            y=y0 - 6,
            width=layout.width * size + 12,
            height=layout.height * size + 12,
            rx=8,
            fill="#6b4f33",
        )
    ]
    for column in range(layout.width):
        parts.append(
            text(
                chr(ord("a") + column),
                x=x0 + column * size + size / 2,
                y=y0 + layout.height * size + 22,
                text_anchor="middle",
                style=_font(13),
                fill=MUTED,
            )
        )
    for row in range(layout.height):
        parts.append(
            text(
                row + 1,
                x=x0 - 12,
                y=y0 + (layout.height - 1 - row) * size + size / 2 + 5,
                text_anchor="middle",
                style=_font(13),
                fill=MUTED,
            )
        )
    return join(parts)


@lru_cache(maxsize=4096)
def _market_space(
    game: Habitats,
    pos: Pos,
    tile: str | None,
    x0: float,
    y0: float,
    lang: str,
    advised: bool,
    mark: int | None,
    colour: str | None,
) -> tuple[str, tuple | None]:
    """A space of the market: its tile (clickable) or an empty square, the hint's ring, the
    last move's mark (``mark``: who took from it, in ``colour``); and the tile's drawing."""
    size = MARKET_TILE
    x = x0 + pos[0] * size
    y = y0 + (game.layout.height - 1 - pos[1]) * size
    click = f"mk-{market_square(pos)}"
    key = None
    if tile is None:
        body = element("rect", x=x + 2, y=y + 2, width=size - 4, height=size - 4, fill="#8a6a48")
        drawn = element("g", body, id=click)
    else:
        kind = game.tiles.by_id(tile)
        key = _tile_key(kind, kind.roads, size - 4, None, lang)
        drawn = element(
            "g", _tile_use(kind.id, key, x + 2, y + 2, lang), id=click, style="cursor:pointer"
        )
        if advised:
            drawn += ring(x + 2, y + 2, size - 4, size - 4)
    if mark is not None:
        assert colour is not None
        drawn += _last_mark(x + 2, y + 2, size - 4, mark, click, colour)
    return drawn, key


@lru_cache(maxsize=1024)
def _figure(cx: float, cy: float, facing: str, colour: str, number: int) -> str:
    angle = SIDES.index(facing) * 90
    arrow = element(
        "path",
        d="M0,-26 L9,-12 L-9,-12 Z",
        fill=colour,
        stroke=INK,
        transform=f"translate({cx},{cy}) rotate({angle})",
    )
    body = element("circle", cx=cx, cy=cy, r=13, fill=colour, stroke=INK, stroke_width=2)
    label = text(
        number, x=cx, y=cy + 5, text_anchor="middle", style=_font(14, True), fill=ink_on(colour)
    )
    return element("g", arrow + body + label, style="pointer-events:none")


# -- parks -------------------------------------------------------------------------------------

# the least type size of the picture: the page never shows a stacked picture smaller than
# with this at 10 CSS px (data-least)
LEAST_FONT = 10.5
PAD, HEAD, EDGE = 8, 26, 18  # margin, title band, band of the column and row names


def _park(
    state: HabitatsState,
    seat: int,
    park: Park,
    show_open: bool,
    lang: str,
    advised: frozenset,
    last: dict[str, int],
    seats: Seats,
) -> tuple[str, float, float, dict[tuple, str]]:
    """One park with its title and the names of its columns and rows; its size; the tile
    drawings it uses."""
    cells = f"park{seat}_"
    return _park_drawn(
        seat,
        park,
        show_open,
        lang,
        frozenset(click for click in advised if click.startswith(cells)),
        tuple(sorted((cell, mover) for cell, mover in last.items() if cell.startswith(cells))),
        seats.names[seat],
        sum(state.goal_points[seat]),
        seat == state.current_player,
        show_open and (not park.open or state.legal_actions() == ["discard"]),
        seats.colours,
    )


@lru_cache(maxsize=1024)  # a park is a value: equal parks are one object (Park.place)
def _park_drawn(
    seat: int,
    park: Park,
    show_open: bool,
    lang: str,
    advised: frozenset,
    marks: tuple[tuple[str, int], ...],
    name: str,
    goals: int,
    to_move: bool,
    discard: bool,
    colours: tuple[str, ...],
) -> tuple[str, float, float, dict[tuple, str]]:
    last = dict(marks)
    defs: dict[tuple, str] = {}
    cells = set(park.tiles) | (set(park.open) if show_open else set())
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    w = max(PAD + EDGE + (high_x - low_x + 1) * TILE + PAD, 250)
    score = park.score()
    title = say(lang, "habitats.view.park", player=name, park=score.total, goals=goals)
    # the title whole, never cut (it holds the name and the points): wrapped when long
    room = w - 2 * PAD - (70 if show_open else 0)
    size = 14 if text_width(title, 14, True) <= room else 13
    lines = [title] if size == 14 else wrap(title, size, room, True)
    head = HEAD + 16 * (len(lines) - 1)
    left, top = PAD + EDGE, head + EDGE
    h = top + (high_y - low_y + 1) * TILE + PAD
    parts = [
        element(
            "rect",
            x=0,
            y=0,
            width=w,
            height=h,
            rx=10,
            fill="#fffdf7",
            stroke=colours[seat],
            stroke_width=4 if to_move else 2,
        ),
        element("rect", x=0, y=0, width=w, height=head - 4, rx=10, fill=colours[seat]),
        *(
            text(line, x=PAD, y=17 + 16 * row, style=_font(size, True), fill=ink_on(colours[seat]))
            for row, line in enumerate(lines)
        ),
    ]
    for x in range(low_x, high_x + 1):
        parts.append(
            text(
                column_name(x),
                x=left + (x - low_x) * TILE + TILE / 2,
                y=head + EDGE - 5,
                text_anchor="middle",
                style=_font(11),
                fill=MUTED,
            )
        )
    for y in range(low_y, high_y + 1):
        parts.append(
            text(
                row_name(y),
                x=PAD + EDGE / 2,
                y=top + (high_y - y) * TILE + TILE / 2 + 4,
                text_anchor="middle",
                style=_font(11),
                fill=MUTED,
            )
        )
    by_pos = {entry.pos: entry for entry in score.tiles}
    for (x, y), (kind, mask) in park.tiles.items():
        px, py = left + (x - low_x) * TILE, top + (high_y - y) * TILE
        colour = colours[seat] if kind.kind == "entrance" else None
        fulfilled = score.fulfilled.get((x, y))
        parts.append(
            _tile(kind, mask, px, py, TILE, colour, lang, fulfilled, by_pos[(x, y)].vp, defs=defs)
        )
        cell = park_cell_id(seat, (x, y))
        if cell in last:
            parts.append(_last_mark(px, py, TILE, last[cell], cell, colours[last[cell]]))
    if show_open:
        for x, y in sorted(park.open):
            px, py = left + (x - low_x) * TILE, top + (high_y - y) * TILE
            cell = park_cell_id(seat, (x, y))
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
                    id=cell,
                    style="cursor:pointer",
                )
            )
            if cell in advised:
                parts.append(ring(px, py, TILE, TILE))
        if discard:
            parts.append(_discard(seat, w, lang))
    return join(parts), w, h, defs


def _discard(seat: int, w: float, lang: str) -> str:
    words = shorten(say(lang, "habitats.label.discard"), 11, 60, True)
    return element(
        "g",
        element("rect", x=w - 70, y=3, width=64, height=HEAD - 10, rx=4, fill="#c62828")
        + text(words, x=w - 38, y=16, text_anchor="middle", style=_font(11, True), fill="#fff"),
        id=f"discard-{seat}",
        style="cursor:pointer",
    )


# -- tiles -------------------------------------------------------------------------------------


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
    key = _tile_key(kind, mask, size, colour, lang, fulfilled, scored)
    defs[key] = _drawing_id(key)
    return _tile_use(kind.id, key, x, y, lang)


def _tile_key(
    kind: TileKind,
    mask: int,
    size: float,
    colour: str | None,
    lang: str,
    fulfilled: bool | None = None,
    scored: int | None = None,
) -> tuple:
    """What a tile's drawing shows (its ``defs`` entry and the id its uses name)."""
    return (kind.id, mask, size, colour, lang, fulfilled, scored)


@lru_cache(maxsize=8192)
def _tile_use(kind_id: str, key: tuple, x: float, y: float, lang: str) -> str:
    title = element("title", Message(f"habitats.tile.{kind_id}").text(lang))
    return element("g", title, element("use", href=f"#{_drawing_id(key)}", x=x, y=y))


def tile_name_lines(name: str, size: float) -> tuple[tuple[str, ...], float]:
    """A tile's name for its top band, whole: one line, else two (broken at a space or
    hyphen, else inside the word with a hyphen), in the tile's type size, never smaller (a
    half that still does not fit is drawn condensed, see ``_condensed``); never abbreviated."""
    room, font = size - 6, max(size / 6.2, LEAST_FONT)
    if text_width(name, font) <= room:
        return (name,), font

    def fits(cut: tuple[str, str]) -> bool:
        return max(text_width(part, font) for part in cut) <= room

    breaks = [i + 1 for i, char in enumerate(name) if char in " -"]
    kinds = [[(name[:i].rstrip(), name[i:]) for i in breaks]] if breaks else _syllable_cuts(name)
    # the likeliest kind of break, as late as fits (Fleder-maus); else the most even one
    found = next((fitting[-1] for cuts in kinds if (fitting := [c for c in cuts if fits(c)])), None)
    every = [cut for cuts in kinds for cut in cuts]
    first, second = found or min(every, key=lambda cut: max(text_width(p, font) for p in cut))
    return (first, second), font


VOWELS = set("aeiouyäöüéèêëàâîïôûæœаеёиоуыэюяі")
UNITS = ("ch", "sc", "ck", "ph", "th", "pf")  # letters a break does not part
NEVER_FIRST = set("ьъй")  # letters no Russian line starts with


def _syllable_cuts(word: str) -> list[list[tuple[str, str]]]:
    """Places to break ``word`` with a hyphen, the likelier first (near enough to the syllables
    of the four languages): before "sch" or a "ch" and vowel, inside or after a double
    consonant (Schmet-terling, Fluss-pferd); then before a consonant a vowel follows; each
    part three letters or more; then anywhere. Never before a Russian ь, ъ or й, which no
    line starts with (БОЛЬ-ШОЙ, not БОЛ-ЬШОЙ)."""
    c = word.lower()
    strong, weak = [], []
    for i in range(3, len(word) - 2):
        if c[i] in NEVER_FIRST:
            continue
        cut = (word[:i] + "-", word[i:])
        consonant = c[i] not in VOWELS
        if c[i : i + 3] == "sch" or (c[i : i + 2] == "ch" and c[i + 2] in VOWELS):
            strong.append(cut)
        elif c[i - 1 : i + 1] in UNITS:
            continue
        elif consonant and (c[i - 1] == c[i] or c[i - 2] == c[i - 1] not in VOWELS):
            strong.append(cut)
        elif consonant and c[i + 1] in VOWELS:
            weak.append(cut)
    anywhere = [
        (word[:i] + "-", word[i:]) for i in range(2, len(word) - 1) if c[i] not in NEVER_FIRST
    ]
    return [strong, weak, anywhere]


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
    parts = [
        element(
            "rect",
            x=0,
            y=0,
            width=s,
            height=s,
            rx=4,
            fill=LAND_COLOURS[kind.landscape],
            stroke="#00000055",
        )
    ]
    cx, cy = s / 2, s / 2
    for bit, (dx, dy) in SIDE_STEPS:
        if mask & bit:
            parts.append(
                element(
                    "line",
                    x1=cx,
                    y1=cy,
                    x2=cx + dx * s / 2,
                    y2=cy - dy * s / 2,
                    stroke=ROAD,
                    stroke_width=s / 5,
                )
            )
    if kind.kind in ("animal", "insect"):
        parts.append(_creature(kind, s, lang, fulfilled))
    elif kind.kind == "flower":
        parts.append(_flower(cx, cy, s / 5.5, FLOWER_COLOURS[_landscape(kind)]))
    elif kind.kind == "watchtower":
        parts.append(_tower(kind, cx, cy, s))
    elif kind.kind == "tourist":
        parts.append(_tourists(kind, s, lang))
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
                style=_font(max(round(s / 6, 1), LEAST_FONT), True),
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
        parts.append(_scored(scored, s))
    return join(parts)


def _scored(points: int, s: float) -> str:
    """What a watchtower, tourist or road tile scores now: a gold "+n" badge."""
    words = f"+{points}"
    w = text_width(words, s / 6, True) + 6
    return element("rect", x=2, y=2, width=w, height=s / 5, rx=4, fill=GOLD, stroke=INK) + text(
        words,
        x=2 + w / 2,
        y=2 + s / 6.4,
        text_anchor="middle",
        style=_font(max(round(s / 6, 1), LEAST_FONT), True),
    )


def _creature(kind: TileKind, s: float, lang: str, fulfilled: bool | None) -> str:
    """An animal or insect: its name on top, its icon, its demand (bottom left) and its
    points (bottom right; green when its needs are met, struck through when not)."""
    lines, font = tile_name_lines(Message(f"habitats.tile.{kind.id}").text(lang), s)
    band = s / 4.6 + font * (len(lines) - 1)  # two lines: the band grows, the icon shrinks
    parts = [
        element("rect", x=1, y=1, width=s - 2, height=band, rx=3, fill="#ffffffc0"),
        *(
            text(
                line,
                x=s / 2,
                y=s / 6.2 + font * row,
                text_anchor="middle",
                style=_font(round(font, 1)),
                fill=INK,
                **_condensed(line, font, False, s - 6),
            )
            for row, line in enumerate(lines)
        ),
        icon(kind.id, s / 2, s * 0.5, s * 0.23)
        if len(lines) == 1
        else icon(kind.id, s / 2, s * 0.56, s * 0.18),
    ]
    r = s / 7.5
    vx, vy = s - r - 2, s - r - 2
    fill = "#fff" if fulfilled is None else "#c8f0b4" if fulfilled else "#d9d9d9"
    parts.append(element("circle", cx=vx, cy=vy, r=r, fill=fill, stroke=INK))
    parts.append(
        text(
            kind.vp,
            x=vx,
            y=vy + r / 2.3,
            text_anchor="middle",
            style=_font(max(round(r * 1.25, 1), LEAST_FONT), True),
            fill=INK if fulfilled is not False else "#777",
        )
    )
    if fulfilled is False:
        parts.append(
            element(
                "line", x1=vx - r, y1=vy + r, x2=vx + r, y2=vy - r, stroke="#c62828", stroke_width=2
            )
        )
    parts.append(_demand(kind, 2, s - s / 5.2 - 2, s))
    return join(parts)


def _condensed(line: str, font: float, bold: bool, room: float) -> dict[str, object]:
    """A line wider than its room at the least type size is squeezed into it, its letters
    as tall (кистеухая on a market tile): smaller type would be harder to read."""
    if text_width(line, font, bold) <= room:
        return {}
    return {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}


def _demand(kind: TileKind, x: float, y: float, s: float) -> str:
    """The demand: a square per landscape (its colour) with the count; flowers for insects."""
    box = s / 5.2
    number = _font(max(round(box * 0.8, 1), LEAST_FONT), True)  # readable on a desktop
    if kind.kind == "insect":
        return _flower(x + box / 2, y + box / 2, box / 2.2, "#f6e049") + text(
            f"×{kind.flowers}", x=x + box + 1, y=y + box * 0.8, style=number, fill=INK
        )
    parts = []
    for i, (land, count) in enumerate(kind.demand):
        bx = x + i * (box + 1.5)
        parts.append(
            element(
                "rect",
                x=bx,
                y=y,
                width=box,
                height=box,
                rx=2,
                fill=LAND_COLOURS[land],
                stroke="#fff",
                stroke_width=1,
            )
        )
        parts.append(
            text(
                count,
                x=bx + box / 2,
                y=y + box * 0.8,
                text_anchor="middle",
                style=number,
                fill="#fff",
                stroke=INK,
                stroke_width=0.5,
            )
        )
    return join(parts)


def _tourists(kind: TileKind, s: float, lang: str) -> str:
    """BIG or MANY in the reader's language, sized to the tile, over a little crowd."""
    word = say(lang, f"habitats.view.{kind.tourists}")
    font = min(s / 4.2, (s - 8) / max(text_width(word, 1, True), 0.1))
    lines = [word]
    if font < LEAST_FONT:  # too long for one line at a readable size: two (NOM-BREUX)
        cuts = [cut for kind_of in _syllable_cuts(word) for cut in kind_of]
        lines = list(min(cuts, key=lambda cut: max(text_width(p, 1, True) for p in cut)))
        font = LEAST_FONT
    crowd = join(
        element("circle", cx=s / 2 + dx * s / 9, cy=s * 0.7, r=s / 14, fill="#fff", stroke=INK)
        for dx in ((0,) if kind.tourists == "big" else (-1.5, 0, 1.5))
    )
    if kind.tourists == "big":
        crowd = element("circle", cx=s / 2, cy=s * 0.7, r=s / 8, fill="#fff", stroke=INK)
    top = s * 0.42 - font * (len(lines) - 1)
    if len(lines) > 1:  # the first line clears the "+n" badge in the top left corner
        top = max(top, 3 + s / 5 + 0.75 * font)
    return crowd + join(
        text(
            line,
            x=s / 2,
            y=top + font * row,
            text_anchor="middle",
            style=_font(round(font, 1), True),
            fill="#fff",
            stroke=INK,
            stroke_width=0.7,
            **_condensed(line, font, True, s - 8),
        )
        for row, line in enumerate(lines)
    )


def _flower(cx: float, cy: float, r: float, colour: str) -> str:
    petals = join(
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


def _landscape(kind: TileKind) -> str:
    """The landscape of a tile that has one (every tile but the entrance)."""
    assert kind.landscape is not None, f"{kind.id} has no landscape"
    return kind.landscape


def _tower(kind: TileKind, cx: float, cy: float, s: float) -> str:
    r = s * 0.36
    views: dict[str, list[tuple[float, float]]] = {
        "line": [(0, -1), (1, 0), (0, 1), (-1, 0)],
        "diagonal": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        "adjacent": [(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)],
        "around": [(dx * 0.5, dy * 0.5) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy],
    }
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
        for dx, dy in views[kind.view]
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
            style=_font(max(round(s / 6, 1), LEAST_FONT), True),
            fill="#fff",
            stroke=INK,
            stroke_width=0.5,
        )
    )
    return join(parts)


# -- legend ------------------------------------------------------------------------------------

LEGEND = (
    "demand",
    "vp",
    "met",
    "unmet",
    "flowers",
    "tower",
    "tourists",
    "road",
    "scored",
    "open",
    "last",
    "spots",
)


def _legend_icon(entry: str, lang: str) -> str:
    """The little picture of a legend entry, in a 28 × 22 box."""
    if entry == "demand":
        return join(
            element("rect", x=i * 14, y=4, width=12, height=12, rx=2, fill=LAND_COLOURS[land])
            for i, land in enumerate(("forest", "water"))
        )
    if entry in ("vp", "met", "unmet"):
        fill = {"vp": "#fff", "met": "#c8f0b4", "unmet": "#d9d9d9"}[entry]
        mark = (
            element("line", x1=2, y1=19, x2=20, y2=1, stroke="#c62828", stroke_width=2)
            if entry == "unmet"
            else ""
        )
        return (
            element("circle", cx=11, cy=10, r=9, fill=fill, stroke=INK)
            + text("3", x=11, y=14, text_anchor="middle", style=_font(11, True))
            + mark
        )
    if entry == "flowers":
        return _flower(8, 10, 7, "#f6e049") + text("×2", x=14, y=15, style=_font(LEAST_FONT, True))
    if entry == "tower":
        return text("2/1", x=0, y=15, style=_font(12, True), fill=INK)
    if entry == "tourists":
        return join(
            element("circle", cx=4 + 7 * i, cy=10, r=3.5, fill="#fff", stroke=INK) for i in range(3)
        )
    if entry == "road":
        return element("path", d="M0,20 L22,20 L22,0 Z", fill="#f4d03f", stroke=INK) + text(
            "3", x=14, y=19, style=_font(LEAST_FONT, True)
        )
    if entry == "scored":
        return _scored(4, 60)
    if entry == "open":
        return element(
            "rect",
            x=1,
            y=1,
            width=20,
            height=18,
            rx=4,
            fill="#fff3b0",
            stroke="#c9a400",
            stroke_dasharray="4 3",
        )
    if entry == "last":
        return element(
            "rect",
            x=1,
            y=1,
            width=20,
            height=18,
            rx=4,
            fill="none",
            stroke=seat_colour(1),
            stroke_width=3,
            stroke_dasharray="6 3",
        )
    return text("→2", x=0, y=15, style=_font(11, True), fill=INK)


@lru_cache(maxsize=64)
def _legend(lang: str, width: float) -> tuple[str, float]:
    """Every symbol of the picture explained, in columns of 250 px or more (the same for every
    position of a width: kept)."""
    columns = max(1, int(width // 250))
    column_w = width / columns
    parts = [
        text(
            shorten(say(lang, "habitats.legend.title"), 14, width, True),
            x=0,
            y=14,
            style=_font(14, True),
            fill=INK,
        )
    ]
    heights = [26.0] * columns
    for i, entry in enumerate(LEGEND):
        column = min(range(columns), key=lambda c: heights[c]) if i else 0
        x, y = column * column_w, heights[column]
        parts.append(element("g", _legend_icon(entry, lang), transform=f"translate({x},{y})"))
        lines = wrap(say(lang, f"habitats.legend.{entry}"), 12, column_w - 40)
        for row, line in enumerate(lines):
            parts.append(text(line, x=x + 34, y=y + 14 + 15 * row, style=_font(12), fill=INK))
        heights[column] += max(24, 15 * len(lines) + 8)
    return element("g", join(parts), id="legend"), max(heights)


def legend_svg(lang: str = "en", width: float = 520) -> str:
    """The legend alone (for the rules page)."""
    body, height = _legend(lang, width - 32)
    return document(
        width,
        height + 24,
        element("rect", width="100%", height="100%", fill="#fbf8f0")
        + element("g", body, transform="translate(16,12)"),
    )


# -- pictures for the rules page ---------------------------------------------------------------


@cache
def pictures(lang: str = "en") -> list[Picture]:
    """The legend; a game's start (market, figures, entrances); the end of a game played
    here at random, parks scored and the score sheet filled in."""
    from .game import Habitats

    game = Habitats(players=2)
    start = sample_position(game.new_initial_state(), 1, lambda s: s.current_player >= 0)
    end = sample_position(game.new_initial_state(), 1, lambda s: False)
    return [
        Picture("legend", Message("habitats.picture.legend"), legend_svg(lang, 640)),
        Picture("start", Message("habitats.picture.start"), svg(start, None, lang=lang)),
        Picture("end", Message("habitats.picture.end"), svg(end, None, lang=lang)),
    ]
