"""The Potager board as SVG: both gardens facing across the hedge, the trampoline and the bag,
the score track with both gnomes, and the pattern chart.

Clickable ids: ``hedge-<slot>``, ``g<seat>-<space>`` (garden spaces), ``pat-<pattern>``,
``swap-<k>`` and ``hose-<column>`` (bonus tools) and ``skip``.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from ludoteca.engine import CHANCE, Message, Seat
from ludoteca.engine.parts import Overlay, Picture
from ludoteca.engine.svg import document, element, fit_size, join, ring, shorten, text
from ludoteca.engine.turns import LAST, last_turns, marked_seats, sample_position

from .board import COLUMNS, INDEX, TOOL_SPACES, TRACK_END, TRACK_TOOLS, VEGETABLES, patterns
from .game import PotagerState
from .move import Move

# Sized so that a garden space, a hedge slot and a pattern card stay at least 24 CSS px wide
# when the whole picture is shown 390 px wide on a phone.
CELL = 64
GARDEN_X = 30
TOP_GARDEN_Y = 70
HEDGE_Y = TOP_GARDEN_Y + 5 * CELL + 38
BOTTOM_GARDEN_Y = HEDGE_Y + CELL + 38
PANEL_X = GARDEN_X + 5 * CELL + 122
TRACK_STEP = 35
CARD_W, CARD_H = 124, 76  # a card's name (pomme de terre) at LEAST, three cards in 472 px
# The smallest font: the picture is shown at about 0.76 of its size on a 1280×800 desktop (its
# height) and on a 390 px phone (its narrow width), so every text is at least 10 CSS px.
LEAST = 13.5
WIDTH, HEIGHT = PANEL_X + 3 * (CARD_W + 6) + 16, BOTTOM_GARDEN_Y + 5 * CELL + 60
# On a phone (Overlay.narrow) the score track and the pattern cards go under the gardens, so
# a garden space is 60 / 472 of the screen's width: 46 CSS px on a 390 px phone (WCAG 2.5.5).
NARROW_WIDTH = PANEL_X
PANEL_TOP = TOP_GARDEN_Y - 20  # the track's first row
PANEL_SHIFT = (GARDEN_X - PANEL_X, BOTTOM_GARDEN_Y + 5 * CELL + 50 - PANEL_TOP)
CHART_BOTTOM = TOP_GARDEN_Y + 224 + 5 * (CARD_H + 6)  # 15 cards in rows of 3
NARROW_HEIGHT = CHART_BOTTOM + PANEL_SHIFT[1] + 56

COLOURS = {
    "potato": ("#c9a063", "#f3e3c4"),
    "carrot": ("#ee7d1c", "#fde0c2"),
    "broccoli": ("#3f8f35", "#d4ecc9"),
    "tomato": ("#d9302a", "#f9d0cd"),
    "eggplant": ("#6e3a8a", "#e3d2ec"),
}
TOOL_COLOUR, MOLE_COLOUR = "#4c6a88", "#5b4636"
SOIL, SOIL_EDGE, GRASS = "#8a5a33", "#6d4423", "#9bc46b"


def _t(key: str, lang: str, **params) -> str:
    return Message(key, params).text(lang)


def svg(
    state: PotagerState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    bottom = seat if seat is not None else 0
    # The client frames what can be clicked (one place draws the glow); the view only names it.
    to_move = seat is None or seat == state.current_player
    narrow = overlay is not None and overlay.narrow
    width, height = (NARROW_WIDTH, NARROW_HEIGHT) if narrow else (WIDTH, HEIGHT)
    parts = [
        element("rect", x=0, y=0, width=width, height=height, fill=GRASS, rx=14),
        element("rect", x=12, y=12, width=width - 24, height=height - 24, fill="#b5d88a", rx=10),
    ]
    names = overlay or Overlay()
    last = _last_clicks(state, seat, names)
    parts.append(_garden(state, 1 - bottom, TOP_GARDEN_Y, True, lang, names, last))
    parts.append(_garden(state, bottom, BOTTOM_GARDEN_Y, False, lang, names, last))
    parts.append(_hedge(state, lang, names, last))
    chart = _chart(lang, tuple((k, v) for k, v in last.items() if k.startswith("pat-")))
    colours = tuple(names.colour(s) for s in range(len(state.points)))
    panel = _track(tuple(state.points), colours) + chart + _banner(state, lang, names)
    if narrow:
        dx, dy = PANEL_SHIFT
        panel = element("g", panel, transform=f"translate({dx},{dy})")
    parts.append(panel)
    parts.append(_skip(lang, to_move and "skip" in state.legal_actions()))
    parts.append(_marked(names.marks, bottom, narrow))
    return document(width, height, join(parts), font_family="sans-serif")


def _last_clicks(
    state: PotagerState, seat: int | None, names: Overlay
) -> dict[str, tuple[int, str]]:
    """The elements the other player clicked in their latest turn (the hedge slot taken, the
    spaces filled, the pattern harvested, the tool used), each with that player's seat and
    colour."""
    found: dict[str, tuple[int, str]] = {}
    for mover, steps in last_turns(state).items():
        if mover == CHANCE or mover not in marked_seats(state, seat):
            continue
        for step in steps:
            for click in step.before.clicks(step.action):
                if click != "skip":
                    found[click] = (mover, names.colour(mover))
    return found


# The parts below are pure functions of small inputs, each drawn once and kept (issue 30): a
# picture is its position's parts put together.


@lru_cache(maxsize=1024)
def _last_mark(x: float, y: float, size: float, mark: tuple[int, str], what: str) -> str:
    """A dashed frame in the mover's colour over an element of its latest turn (``mark``: the
    mover's seat and colour)."""
    mover, colour = mark
    return element(
        "rect",
        x=x,
        y=y,
        width=size,
        height=size,
        rx=8,
        fill="none",
        stroke=colour,
        stroke_width=4,
        stroke_dasharray="7 4",
        data_seat=mover,
        data_what=what,
        **LAST,
    )


def _garden(
    state,
    seat: int,
    top: float,
    facing_down: bool,
    lang: str,
    names: Overlay,
    last: dict[str, tuple[int, str]],
) -> str:
    marker = " \u25c0" if state.current_player == seat else ""
    tokens = tuple(state.token(seat, space) for space in INDEX)
    marks = tuple(last.get(f"g{seat}-{space}") for space in INDEX)
    title = (names.name(seat, lang), f" \u2014 {state.points[seat]}{marker}")
    return _garden_drawn(seat, top, facing_down, lang, title, names.colour(seat), tokens, marks)


@lru_cache(maxsize=1024)
def _garden_drawn(
    seat: int,
    top: float,
    facing_down: bool,
    lang: str,
    title: tuple[str, str],
    colour: str,
    tokens: tuple[tuple[str, bool] | None, ...],
    marks: tuple[tuple[int, str] | None, ...],
) -> str:
    """A garden: its owner's name and points (``title``), its frame, its spaces with what lies
    on them (``tokens``, in ``INDEX`` order) and the last turn's marks."""
    name, tail = title
    parts = []
    label_y = top - 14 if facing_down else top + 5 * CELL + 26
    room = 5 * CELL + 90 - 18 * 0.68 * len(tail)
    shown = shorten(name, 18, room, bold=True)
    parts.append(
        text(
            f"{shown}{tail}",
            x=GARDEN_X,
            y=label_y,
            font_size=18,
            font_weight="bold",
            fill=colour,
        )
    )
    parts.append(
        element(
            "rect",
            x=GARDEN_X - 6,
            y=top - 6,
            width=5 * CELL + 12,
            height=5 * CELL + 12,
            rx=16,
            fill="#7aa650",
        )
    )
    for space, token, mark in zip(INDEX, tokens, marks, strict=True):
        parts.append(_cell(seat, space, top, facing_down, token, lang, mark))
    return join(parts)


@lru_cache(maxsize=4096)
def _cell(
    seat: int,
    space: str,
    top: float,
    facing_down: bool,
    token: tuple[str, bool] | None,
    lang: str,
    mover: tuple[int, str] | None,
) -> str:
    """A garden space with what lies on it, framed if ``mover`` filled it in their last turn."""
    x, y = _space_corner(space, top, facing_down)
    cell_id = f"g{seat}-{space}"
    inner = [
        element(
            "rect",
            x=x + 2,
            y=y + 2,
            width=CELL - 4,
            height=CELL - 4,
            rx=6,
            fill=SOIL,
            stroke=SOIL_EDGE,
            stroke_width=1.5,
        )
    ]
    if token is None and space in TOOL_SPACES:
        inner.append(_tool_space(TOOL_SPACES[space], x, y, lang))
    elif token is None:
        inner.append(text(space, x=x + CELL / 2, y=y + CELL / 2 + 4, **_small("#c79a70")))
    else:
        inner.append(_token(token, x + 5, y + 5, CELL - 10, lang))
    if mover is not None:
        inner.append(_last_mark(x + 1, y + 1, CELL - 2, mover, cell_id))
    return element("g", *inner, id=cell_id)


def _space_corner(space: str, top: float, facing_down: bool) -> tuple[float, float]:
    """The top left corner of a garden space (row 1 lies next to the hedge)."""
    column, row = COLUMNS.index(space[0]), int(space[1])
    y_row = (5 - row) if facing_down else (row - 1)
    return GARDEN_X + column * CELL, top + y_row * CELL


def _marked(names: tuple[str, ...], bottom: int, narrow: bool) -> str:
    """A ring around each element a lesson's step points at (``Overlay.marks``)."""
    boxes = (_box(name, bottom, narrow) for name in names)
    return join(ring(*box) for box in boxes if box is not None)


def _box(name: str, bottom: int, narrow: bool) -> tuple[float, float, float, float] | None:
    """Where the element of id ``name`` lies (x, y, width, height): a hedge slot, a garden
    space or a pattern card; None for any other id."""
    kind, _, rest = name.partition("-")
    if kind == "hedge" and rest in ("1", "2", "3", "4", "5"):
        return GARDEN_X + (int(rest) - 1) * CELL, HEDGE_Y, CELL, CELL
    if kind in ("g0", "g1") and rest in INDEX:
        seat = int(kind[1])
        top = BOTTOM_GARDEN_Y if seat == bottom else TOP_GARDEN_Y
        return (*_space_corner(rest, top, seat != bottom), CELL, CELL)
    cards = [f"pat-{pattern.id}" for pattern in patterns()]
    if name in cards:
        x, y = _card_corner(cards.index(name))
        dx, dy = PANEL_SHIFT if narrow else (0, 0)
        return x + dx, y + dy, CARD_W, CARD_H
    return None


def _card_corner(index: int) -> tuple[float, float]:
    """The top left corner of the ``index``-th pattern card, in rows of three."""
    row, col = divmod(index, 3)
    return PANEL_X + col * (CARD_W + 6), TOP_GARDEN_Y + 224 + row * (CARD_H + 6)


def _label(kind: str, lang: str, cx: float, cy: float, fill: str) -> str:
    """A tool's (or the mole's) name on its token or space, at the least size, in the lines
    its short name is written in (``potager.view.token.*``: a line each word, or each part
    of a word the catalog breaks with "|"), the lines centred on ``cy``."""
    lines = re.split(r"\||\s+", _t(f"potager.view.token.{kind}", lang).strip())
    return join(
        text(
            line,
            x=cx,
            y=cy + LEAST * 0.35 + LEAST * 1.1 * (i - (len(lines) - 1) / 2),
            **_small(fill),
        )
        for i, line in enumerate(lines)
    )


def _small(fill: str, size: float = LEAST) -> dict:
    return {"font_size": size, "fill": fill, "text_anchor": "middle"}


@lru_cache(maxsize=256)
def _tool_space(tool: str, x: float, y: float, lang: str) -> str:
    return element(
        "rect",
        x=x + 6,
        y=y + 6,
        width=CELL - 12,
        height=CELL - 12,
        rx=8,
        fill="#e9d8a6",
        stroke="#b08d3c",
        stroke_dasharray="4 3",
    ) + _label(tool, lang, x + CELL / 2, y + CELL / 2, "#6b4f12")


@lru_cache(maxsize=2048)
def _token(token: tuple[str, bool], x: float, y: float, size: float, lang: str) -> str:
    kind, double = token
    if kind in VEGETABLES:
        dark, light = COLOURS[kind]
        body = element(
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=size / 2,
            fill=light,
            stroke=dark,
            stroke_width=2,
        )
        centres = [(x + size * 0.33, y + size * 0.55), (x + size * 0.67, y + size * 0.55)]
        if not double:
            centres = [(x + size / 2, y + size * 0.55)]
        for cx, cy in centres:
            body += element("ellipse", cx=cx, cy=cy, rx=size * 0.16, ry=size * 0.2, fill=dark)
            body += element(
                "path",
                d=f"M{cx:.1f} {cy - size * 0.18:.1f} l-4 -6 M{cx:.1f} {cy - size * 0.18:.1f} l4 -6",
                stroke="#2f7a2a",
                stroke_width=2,
            )
        return body
    fill = MOLE_COLOUR if kind == "mole" else TOOL_COLOUR
    body = element("rect", x=x, y=y, width=size, height=size, rx=8, fill=fill)
    if kind == "mole":
        body += element("circle", cx=x + size * 0.38, cy=y + size * 0.35, r=2.5, fill="#fff")
        body += element("circle", cx=x + size * 0.62, cy=y + size * 0.35, r=2.5, fill="#fff")
        body += element("ellipse", cx=x + size / 2, cy=y + size * 0.5, rx=5, ry=3.5, fill="#f4a6b8")
    if kind == "mole":
        return body + _label(kind, lang, x + size / 2, y + size * 0.78, "#ffffff")
    return body + _label(kind, lang, x + size / 2, y + size / 2, "#ffffff")


def _hedge(state, lang: str, names: Overlay, last: dict[str, tuple[int, str]]) -> str:
    return _hedge_drawn(
        tuple(state.hedge),
        state.trampoline,
        state.bag_size(),
        state.hand,
        state.game.bonus_tools,
        lang,
        tuple((k, v) for k, v in last.items() if k.startswith("hedge-")),
    )


@lru_cache(maxsize=1024)
def _hedge_slot(
    slot: int, kind: str | None, lang: str, mark: tuple[int, str] | None, bonus_tools: bool
) -> str:
    """A slot of the hedge with its token, the last turn's mark and (without the bonus tools'
    hoses) its column's name."""
    x = GARDEN_X + (slot - 1) * CELL
    slot_id = f"hedge-{slot}"
    inner = [
        element(
            "rect",
            x=x + 2,
            y=HEDGE_Y + 2,
            width=CELL - 4,
            height=CELL - 4,
            rx=10,
            fill="#3f8a37",
            stroke="#24521f",
            stroke_width=1,
        )
    ]
    if kind is not None:
        token = (kind, kind in VEGETABLES)
        inner.append(_token(token, x + 6, HEDGE_Y + 6, CELL - 12, lang))
    if mark is not None:
        inner.append(_last_mark(x + 1, HEDGE_Y + 1, CELL - 2, mark, slot_id))
    drawn = element("g", join(inner), id=slot_id)
    if not bonus_tools:  # there the hose buttons name the columns
        drawn += text(COLUMNS[slot - 1], x=x + CELL / 2, y=HEDGE_Y - 12, **_small("#1f4a1c"))
    return drawn


@lru_cache(maxsize=1024)
def _hedge_drawn(
    hedge: tuple[str | None, ...],
    trampoline: str | None,
    bag: int,
    hand: tuple[str, int] | None,
    bonus_tools: bool,
    lang: str,
    marks: tuple[tuple[str, tuple[int, str]], ...],
) -> str:
    last = dict(marks)
    parts = [
        element(
            "rect",
            x=GARDEN_X - 10,
            y=HEDGE_Y - 8,
            width=5 * CELL + 20,
            height=CELL + 16,
            rx=22,
            fill="#2f6b2a",
        ),
    ]
    # the hedge's name under its right end, between the last swap sign and the bag's count
    hedge_x = GARDEN_X + 4 * CELL + 14
    room = GARDEN_X + 5 * CELL + 26 + CELL / 2 - 34 - hedge_x
    words = _t("potager.view.hedge", lang)
    size = fit_size(words, 14, room, least=LEAST)
    parts.append(
        text(
            shorten(words, size, room),
            x=hedge_x,
            y=HEDGE_Y + CELL + 22,
            font_size=size,
            fill="#1f4a1c",
        )
    )
    x: float
    for slot in range(1, 6):
        mark = last.get(f"hedge-{slot}")
        parts.append(_hedge_slot(slot, hedge[slot - 1], lang, mark, bonus_tools))
    # the trampoline after slot 5, with the arrow of the refill
    tx = GARDEN_X + 5 * CELL + 26
    parts.append(
        element(
            "path",
            d=f"M{tx - 4} {HEDGE_Y + CELL / 2} l-10 -7 v14 z",
            fill="#24521f",
        )
    )
    parts.append(
        element(
            "ellipse",
            cx=tx + CELL / 2,
            cy=HEDGE_Y + CELL / 2,
            rx=CELL / 2 + 4,
            ry=CELL / 2,
            fill="#334",
            stroke="#99a",
            stroke_width=3,
        )
    )
    if trampoline is not None:
        token = (trampoline, trampoline in VEGETABLES)
        parts.append(_token(token, tx + 7, HEDGE_Y + 7, CELL - 14, lang))
    parts.append(
        text(
            shorten(_t("potager.view.trampoline", lang), LEAST, PANEL_X - tx - 8),
            x=tx + CELL / 2,
            y=HEDGE_Y - 12,
            **_small("#1f4a1c"),
        )
    )
    parts.append(
        text(
            shorten(_t("potager.view.bag", lang, n=bag), LEAST, PANEL_X - tx - 8),
            x=tx + CELL / 2,
            y=HEDGE_Y + CELL + 18,
            **_small("#1f4a1c"),
        )
    )
    if bonus_tools:
        for k in range(1, 5):
            x = GARDEN_X + k * CELL
            parts.append(
                element(
                    "g",
                    element("circle", cx=x, cy=HEDGE_Y + CELL + 12, r=10, fill="#d4af37")
                    + text("\u21c4", x=x, y=HEDGE_Y + CELL + 17, **_small("#3a2a00")),
                    id=f"swap-{k}",
                )
            )
        for i, column in enumerate(COLUMNS):
            x = GARDEN_X + i * CELL + CELL / 2
            parts.append(
                element(
                    "g",
                    element(
                        "rect", x=x - 15, y=HEDGE_Y - 33, width=30, height=18, rx=9, fill="#5fa8d3"
                    )
                    + text(column, x=x, y=HEDGE_Y - 19, **_small("#ffffff")),
                    id=f"hose-{column}",
                )
            )
    if hand is not None:
        kind, slot = hand
        x = GARDEN_X + (slot - 1) * CELL
        parts.append(
            element(
                "rect",
                x=x + 4,
                y=HEDGE_Y + 4,
                width=CELL - 8,
                height=CELL - 8,
                rx=10,
                fill="none",
                stroke="#fff",
                stroke_width=2,
                stroke_dasharray="5 4",
            )
        )
    return join(parts)


def _banner(state, lang: str, names: Overlay) -> str:
    """Under the pattern cards: who won, or that this is the last round."""
    if state.phase == "over":
        winners = state.winners()
        if len(winners) == 1:
            words = _t("potager.view.winner", lang, player=names.name(winners[0], lang))
        else:
            words = _t("potager.view.tie", lang)
    elif state.end_triggered:
        words = _t("potager.view.last_turn", lang)
    else:
        return ""
    words = shorten(words, 18, WIDTH - PANEL_X - 20)
    return text(words, x=PANEL_X, y=CHART_BOTTOM + 30, font_size=18, fill="#8b0000")


@lru_cache(maxsize=1024)
def _track(points: tuple[int, ...], colours: tuple[str, ...]) -> str:
    """The score track 0–60 in rows of 10; tool spaces (5, 10, …, 35) marked in gold."""
    return _track_spaces() + join(
        _gnome(seat, value, colours[seat]) for seat, value in enumerate(points)
    )


@cache
def _track_spaces() -> str:
    parts = []
    step, top = TRACK_STEP, TOP_GARDEN_Y - 20
    for value in range(TRACK_END + 1):
        row, col = divmod(value, 10)
        x = PANEL_X + col * step
        y = top + row * 30
        tool = value in TRACK_TOOLS
        parts.append(
            element(
                "rect",
                x=x,
                y=y,
                width=step - 4,
                height=24,
                rx=5,
                fill="#e9d8a6" if tool else "#f7f3e8",
                stroke="#b08d3c" if tool else "#c9c2ad",
            )
        )
        parts.append(text(value, x=x + (step - 4) / 2, y=y + 17, **_small("#5b4a2a")))
    return join(parts)


def _gnome(seat: int, points: int, colour: str) -> str:
    """A seat's gnome on the space of its points."""
    step, top = TRACK_STEP, TOP_GARDEN_Y - 20
    row, col = divmod(min(points, TRACK_END), 10)
    x = PANEL_X + col * step + 1 + seat * (step - 17)
    y = top + row * 30 + 24
    return element(
        "path",
        d=f"M{x} {y} l6 -22 l6 22 z",
        fill=colour,
        stroke="#fff",
        stroke_width=1.5,
    )


@lru_cache(maxsize=1024)
def _chart(lang: str, marks: tuple[tuple[str, tuple[int, str]], ...]) -> str:
    """The pattern cards, those harvested in the other seat's last turn framed."""
    last = dict(marks)
    parts = [
        text(
            shorten(_t("potager.view.patterns", lang), 15, WIDTH - PANEL_X - 16, bold=True),
            x=PANEL_X,
            y=TOP_GARDEN_Y + 214,
            font_size=15,
            font_weight="bold",
            fill="#24521f",
        )
    ]
    mini = 10
    for index, pattern in enumerate(patterns()):
        x0, y0 = _card_corner(index)
        dark, light = COLOURS[pattern.vegetable]
        vegetable = _t("potager.thing." + pattern.vegetable, lang)
        name_size = fit_size(vegetable, 14, CARD_W - 12, least=LEAST)
        pattern_id = f"pat-{pattern.id}"
        inner = [
            element(
                "rect",
                x=x0,
                y=y0,
                width=CARD_W,
                height=CARD_H,
                rx=8,
                fill=light,
                stroke=dark,
                stroke_width=1,
            ),
            # the name has the card's whole top line (the vegetable names are short enough in
            # every language); the number and size sit in the corner the shapes leave free
            text(vegetable, x=x0 + 6, y=y0 + 15, font_size=name_size, fill=dark),
            text(
                f"{pattern.id[-1]} \u00b7 {pattern.size}",
                x=x0 + CARD_W - 6,
                y=y0 + CARD_H - 8,
                font_size=LEAST,
                font_weight="bold",
                text_anchor="end",
                fill=dark,
            ),
        ]
        if pattern_id in last:
            inner.append(
                element(
                    "rect",
                    x=x0 - 2,
                    y=y0 - 2,
                    width=CARD_W + 4,
                    height=CARD_H + 4,
                    rx=9,
                    fill="none",
                    stroke=last[pattern_id][1],
                    stroke_width=4,
                    stroke_dasharray="7 4",
                    data_seat=last[pattern_id][0],
                    data_what=pattern_id,
                    **LAST,
                )
            )
        for cx, cy in pattern.cells:
            inner.append(
                element(
                    "rect",
                    x=x0 + 8 + cx * (mini + 2),
                    y=y0 + 22 + cy * (mini + 2),
                    width=mini,
                    height=mini,
                    rx=2,
                    fill=dark,
                )
            )
        parts.append(element("g", join(inner), id=pattern_id))
    return join(parts)


@lru_cache(maxsize=64)
def _skip(lang: str, active: bool) -> str:
    """The skip pill, shown only while skipping is a legal action (else nothing to press)."""
    if not active:
        return ""
    x, y = GARDEN_X + 5 * CELL + 16, BOTTOM_GARDEN_Y + 5 * CELL - 34
    return element(
        "g",
        element(
            "rect",
            x=x,
            y=y,
            width=96,
            height=44,
            rx=15,
            fill="#f6d365",
            stroke="#8a6d1a",
        )
        + _skip_word(_t("potager.view.skip", lang), x + 48, y + 27),
        id="skip",
    )


def _skip_word(words: str, x: float, y: float) -> str:
    size = fit_size(words, 15, 88, least=LEAST)
    return text(shorten(words, size, 88), x=x, y=y, **_small("#333", size))


# -- pictures for the rules page ---------------------------------------------------------------


@cache
def pictures(lang: str = "en") -> list[Picture]:
    """A game played here at random up to the first harvest a player can make: the pattern
    and the spaces it takes are framed in blue."""
    from .game import PotagerGame

    def harvest(state: PotagerState) -> str | None:
        if state.current_player < 0:
            return None
        legal = state.legal_actions()
        return next((a for a in legal if Move.parse(a).kind == "harvest"), None)

    state = sample_position(PotagerGame().new_initial_state(), 5, lambda s: harvest(s) is not None)
    action = harvest(state)
    seat = max(state.current_player, 0)
    caption = (
        Message("potager.picture.harvest", {"player": Seat(seat), "what": state.label(action)})
        if action
        else Message("potager.picture.garden")
    )
    return [
        Picture("harvest", caption, svg(state, seat, lang=lang, overlay=Overlay(action=action)))
    ]
