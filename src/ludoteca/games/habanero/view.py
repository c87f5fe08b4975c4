"""The Habanero picture: the plantation as it shrinks, campesinos inside and outside, the die,
the habaneros held, the roll/stop buttons and the penalty choice.

Clickable ids: ``sq-<square>`` for all 49 squares (a campesino, then its target; or the
campesino to drop), ``btn-roll``, ``btn-stop`` and, while a penalty is due, ``btn-pay``.
``lang`` picks the language (en, de, fr, ru); a hint's ``overlay`` is drawn as advice: its
``arrows`` (from, to), its ``marks`` (squares) and the button of its ``action``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ludoteca.engine import Message
from ludoteca.engine.parts import Overlay, Picture
from ludoteca.engine.svg import document, element, fit_size, join, shorten, text, wrap
from ludoteca.engine.turns import LAST, sample_position

from . import logic
from .game import HabaneroState
from .logic import SIZE, name
from .moves import DROP, FACE, MOVE, PAY, ROLL, STOP, Move

CELL = 76
LEFT, TOP = 44, 28
BOARD = CELL * SIZE
PANEL = LEFT + BOARD + 36
WIDTH, HEIGHT = PANEL + 300, TOP + BOARD + 92
# On a phone (Overlay.narrow) the picture is about as wide as the board, shown at about 0.62:
# the panel (PANEL_TALL high at most) goes under the board's prompt, zoomed, and the prompt is
# drawn larger, so that every text stays at least 10 CSS px
NARROW_WIDTH = LEFT + BOARD + 16
NARROW_PANEL, NARROW_ZOOM, PANEL_TALL = TOP + BOARD + 100, 1.4, 480
PROMPT, NARROW_PROMPT = 16, 18

SOIL_LIGHT, SOIL_DARK = "#b07a45", "#a06c3a"
REMOVED = "#e9e4d8"
FRAME = "#2f6b2f"
PEPPER, PEPPER_DARK, STEM = "#e8451e", "#b3300f", "#3f8f2f"
HAT, SHIRT, SKIN = "#e9c46a", "#f4f1de", "#8d5524"
INK = "#2b2118"
WARN = "#c0392b"
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def svg(
    state: HabaneroState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    overlay = overlay or Overlay()
    panel = _panel(state, lang, overlay)
    if overlay.narrow:
        # a phone: the panel under the prompt, under the board, drawn larger (every text ≥ 10 px)
        width, height = NARROW_WIDTH, NARROW_PANEL + PANEL_TALL * NARROW_ZOOM + 16
        move = f"translate({LEFT},{NARROW_PANEL}) scale({NARROW_ZOOM}) translate({-PANEL},{-TOP})"
        panel = element("g", panel, transform=move)
        prompt = _prompt_drawn(
            state.prompt(seat).text(lang), NARROW_PROMPT, TOP + BOARD + 52, NARROW_WIDTH
        )
    else:
        width, height = WIDTH, HEIGHT
        prompt = _prompt_drawn(state.prompt(seat).text(lang), PROMPT, HEIGHT - 40, WIDTH)
    parts = [
        element("rect", x=0, y=0, width=width, height=height, fill="#f7f1e3", rx=14),
        _board(state),
        _last_moves(state),
        _overlay(overlay),
        panel,
        prompt,
    ]
    return document(width, height, join(parts), font_family="DejaVu Sans, Verdana, sans-serif")


ROOM = WIDTH - PANEL - 16  # the width of the panel's lines


@lru_cache(maxsize=2048)
def _line(words: str, x: float, y: float, size: float, **attributes: Any) -> str:
    """A panel line: smaller type if it is long, then shortened (never past the picture)."""
    bold = attributes.get("font_weight") == "bold"
    size = fit_size(words, size, ROOM, bold, least=12)
    return text(shorten(words, size, ROOM, bold), x=x, y=y, font_size=size, **attributes)


def _last_moves(state: HabaneroState) -> str:
    """The latest campesino move (both squares ringed, joined by a line) or drop; the die of
    the latest roll is marked in the panel."""
    for action in reversed(state.history()):
        move = Move.parse(action)
        if move.kind == DROP:
            cx, cy = _centre(move.origin)
            ring = element("circle", cx=cx, cy=cy, r=CELL / 2 - 6, fill="none", stroke="#3b6fd1")
            return element("g", ring, id="last-move", data_what=action, stroke_width=4, **LAST)
        if move.kind == MOVE:
            origin, target = move.origin, move.target
            (x1, y1), (x2, y2) = _centre(origin), _centre(target)
            rings = join(
                element("circle", cx=cx, cy=cy, r=CELL / 2 - 6, fill="none")
                for cx, cy in (_centre(origin), _centre(target))
            )
            trail = element("line", x1=x1, y1=y1, x2=x2, y2=y2, opacity=0.6)
            return element(
                "g",
                rings + trail,
                id="last-move",
                data_what=action,
                stroke="#3b6fd1",
                stroke_width=4,
                stroke_dasharray="8 5",
                **LAST,
            )
    return ""


def _centre(square: int) -> tuple[float, float]:
    x, y = square % SIZE, square // SIZE
    return LEFT + x * CELL + CELL / 2, TOP + (SIZE - 1 - y) * CELL + CELL / 2


def _board(state: HabaneroState) -> str:
    return _board_drawn(
        state.plantation,
        state.habaneros,
        state.cause if state.phase == "penalty" else None,
        tuple(state.campesinos),
        frozenset(state.outside),
    )


@lru_cache(maxsize=1024)  # a picture is mostly its board: drawn once per position (issue 30)
def _board_drawn(
    box: tuple[int, int, int, int] | None,
    habaneros: int,
    cause: int | None,
    campesinos: tuple[int, ...],
    outside: frozenset[int],
) -> str:
    parts = []
    for i in range(SIZE * SIZE):
        x, y = i % SIZE, i // SIZE
        left, top = LEFT + x * CELL, TOP + (SIZE - 1 - y) * CELL
        on = logic.inside(box, x, y)
        fill = (SOIL_LIGHT if (x + y) % 2 else SOIL_DARK) if on else REMOVED
        parts.append(
            element(
                "rect",
                id=f"sq-{name(i)}",
                x=left,
                y=top,
                width=CELL,
                height=CELL,
                fill=fill,
                stroke="#7a5230" if on else "#cfc7b4",
                stroke_width=1,
                stroke_dasharray=None if on else "4 4",
                class_="square" + ("" if on else " removed"),
            )
        )
        if on and not habaneros >> i & 1:
            cx, cy = _centre(i)
            parts.append(
                element(
                    "circle", cx=cx, cy=cy, r=5, fill="#7a5230", opacity=0.6, pointer_events="none"
                )
            )
    for index, file in enumerate("abcdefg"):
        parts.append(
            text(
                file,
                x=LEFT + index * CELL + CELL / 2,
                y=TOP + BOARD + 22,
                text_anchor="middle",
                font_size=17,
                fill=INK,
            )
        )
    for rank in range(SIZE):
        parts.append(
            text(
                rank + 1,
                x=LEFT - 18,
                y=TOP + (SIZE - 1 - rank) * CELL + CELL / 2 + 6,
                text_anchor="middle",
                font_size=17,
                fill=INK,
            )
        )
    if box is not None:
        x0, y0, x1, y1 = box
        parts.append(
            element(
                "rect",
                x=LEFT + x0 * CELL,
                y=TOP + (SIZE - 1 - y1) * CELL,
                width=(x1 - x0 + 1) * CELL,
                height=(y1 - y0 + 1) * CELL,
                fill="none",
                stroke=FRAME,
                stroke_width=5,
                rx=4,
                pointer_events="none",
            )
        )
    for i in range(SIZE * SIZE):
        if habaneros >> i & 1:
            parts.append(_pepper(*_centre(i)))
    if cause is not None:
        cx, cy = _centre(cause)
        parts.append(
            element(
                "circle",
                cx=cx,
                cy=cy,
                r=CELL / 2 - 4,
                fill="none",
                stroke=WARN,
                stroke_width=4,
                stroke_dasharray="8 5",
                pointer_events="none",
            )
        )
    for campesino in campesinos:
        parts.append(_campesino(*_centre(campesino), campesino in outside))
    return element("g", join(parts), id="plantation")


@lru_cache(maxsize=256)
def _pepper(cx: float, cy: float) -> str:
    body = (
        f"M {cx - 6} {cy - 12} C {cx + 14} {cy - 16}, {cx + 16} {cy + 4}, {cx + 2} {cy + 20} "
        f"C {cx - 4} {cy + 10}, {cx - 16} {cy + 2}, {cx - 6} {cy - 12} Z"
    )
    stem = f"M {cx - 4} {cy - 12} Q {cx - 4} {cy - 22} {cx + 4} {cy - 24}"
    return element(
        "g",
        element("path", d=body, fill=PEPPER, stroke=PEPPER_DARK, stroke_width=1.5)
        + element("path", d=stem, fill="none", stroke=STEM, stroke_width=4, stroke_linecap="round")
        + element("ellipse", cx=cx + 3, cy=cy - 4, rx=3, ry=6, fill="#ffffff", opacity=0.35),
        class_="habanero",
        pointer_events="none",
    )


@lru_cache(maxsize=256)
def _campesino(cx: float, cy: float, outside: bool) -> str:
    body = (
        f"M {cx - 14} {cy + 26} Q {cx - 14} {cy + 2} {cx} {cy + 2} "
        f"Q {cx + 14} {cy + 2} {cx + 14} {cy + 26} Z"
    )
    parts = [
        element("ellipse", cx=cx, cy=cy + 27, rx=20, ry=5, fill="#000000", opacity=0.25),
        element("path", d=body, fill=SHIRT, stroke=INK, stroke_width=1.5),
        element("circle", cx=cx, cy=cy - 6, r=9, fill=SKIN, stroke=INK, stroke_width=1.5),
        element("ellipse", cx=cx, cy=cy - 12, rx=22, ry=6, fill=HAT, stroke=INK, stroke_width=1.5),
        element(
            "path",
            d=f"M {cx - 10} {cy - 13} Q {cx} {cy - 34} {cx + 10} {cy - 13} Z",
            fill=HAT,
            stroke=INK,
            stroke_width=1.5,
        ),
        element("rect", x=cx - 9, y=cy - 18, width=18, height=4, fill=WARN),
    ]
    if outside:
        parts.insert(
            0,
            element(
                "circle",
                cx=cx,
                cy=cy,
                r=CELL / 2 - 3,
                fill="none",
                stroke="#5b5b5b",
                stroke_width=2,
                stroke_dasharray="3 4",
            ),
        )
    return element(
        "g",
        join(parts),
        class_="campesino" + (" outside" if outside else ""),
        pointer_events="none",
    )


def _button_of(action: str | None) -> str | None:
    """The id of the panel button that plays ``action`` (None: it is played on the board)."""
    kind = None if action is None else Move.parse(action).kind
    if kind in (ROLL, STOP):
        return f"btn-{kind}"
    return "btn-pay" if kind == PAY else None


def _overlay(overlay: Overlay) -> str:
    parts = []
    for square_ in overlay.marks:
        cx, cy = _centre(logic.index(square_))
        parts.append(
            element(
                "circle",
                cx=cx,
                cy=cy,
                r=CELL / 2 - 6,
                fill="#ffe066",
                opacity=0.45,
                stroke="#f4a300",
                stroke_width=3,
            )
        )
    for origin, target in overlay.arrows:
        (x1, y1), (x2, y2) = _centre(logic.index(origin)), _centre(logic.index(target))
        parts.append(
            element(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke="#1f77b4",
                stroke_width=8,
                stroke_linecap="round",
                opacity=0.75,
                marker_end="url(#hb-arrow)",
            )
        )
    if not parts:
        return ""
    marker = element(
        "defs",
        element(
            "marker",
            element("path", d="M 0 0 L 4 2 L 0 4 Z", fill="#1f77b4"),
            id="hb-arrow",
            markerWidth=4,
            markerHeight=4,
            refX=2,
            refY=2,
            orient="auto",
        ),
    )
    return element("g", marker + join(parts), class_="hint", pointer_events="none")


def _say(key: str, lang: str, **params: Any) -> str:
    return Message(key, params).text(lang)


def _panel(state: HabaneroState, lang: str, overlay: Overlay) -> str:
    x = PANEL
    parts = [text("Habanero", x=x, y=TOP + 26, font_size=30, font_weight="bold", fill=PEPPER_DARK)]
    # the die: the last roll
    die_words = shorten(_say("habanero.view.die", lang), 16, 200)
    parts.append(text(die_words, x=x, y=TOP + 70, font_size=16, fill=INK))
    rolled = any(Move.parse(a).kind == FACE for a in state.history()[-3:])
    parts.append(_die(x + 235, TOP + 62, state.die, rolled))
    # the habaneros held and left
    parts.append(_pepper(x + 14, TOP + 140))
    parts.append(
        text(
            state.held, x=x + 40, y=TOP + 152, font_size=36, font_weight="bold", fill=INK, id="held"
        )
    )
    parts.append(
        text(
            shorten(_say("habanero.view.held", lang), 15, ROOM - 100),
            x=x + 100,
            y=TOP + 148,
            font_size=15,
            fill=INK,
        )
    )
    left = state.habaneros.bit_count()
    parts.append(_line(_say("habanero.view.left", lang, n=left), x, TOP + 190, 15, fill=INK))
    campesinos = _say(
        "habanero.view.campesinos", lang, n=len(state.campesinos), outside=len(state.outside)
    )
    parts.append(_line(campesinos, x, TOP + 214, 15, fill=INK))
    box = state.plantation
    size = f"{box[2] - box[0] + 1} × {box[3] - box[1] + 1}" if box else "0 × 0"
    parts.append(
        _line(_say("habanero.view.plantation", lang, size=size), x, TOP + 238, 15, fill=INK)
    )
    deciding = state.phase == "decide"
    chosen = _button_of(overlay.action)
    # a phone shows the panel at about 0.87 (its buttons over 24 CSS px high to press)
    parts.append(
        _button(
            "btn-roll",
            _say("habanero.view.roll", lang),
            x,
            TOP + 270,
            deciding,
            "#2f6b2f",
            chosen == "btn-roll",
        )
    )
    parts.append(
        _button(
            "btn-stop",
            _say("habanero.view.stop", lang),
            x + 112,
            TOP + 270,
            deciding,
            "#8a6d3b",
            chosen == "btn-stop",
        )
    )
    if state.phase == "penalty":
        k = state.cost()
        affordable = k <= state.held
        parts.append(
            text(
                shorten(_say("habanero.view.penalty", lang, square=name(state.cause)), 15, ROOM),
                x=x,
                y=TOP + 360,
                font_size=15,
                font_weight="bold",
                fill=WARN,
            )
        )
        parts.append(
            _button(
                "btn-pay",
                _say("habanero.view.pay", lang, n=k),
                x,
                TOP + 374,
                affordable,
                WARN,
                chosen == "btn-pay",
                width=212,
            )
        )
        lines = wrap(_say("habanero.view.drop", lang), 14, ROOM)
        for row, line in enumerate(lines):
            parts.append(text(line, x=x, y=TOP + 446 + 18 * row, font_size=14, fill=INK))
        if not affordable:
            parts.append(
                text(
                    shorten(_say("habanero.view.cannot_pay", lang, n=state.held), 13, ROOM),
                    x=x,
                    y=TOP + 450 + 18 * len(lines),
                    font_size=13,
                    fill=WARN,
                )
            )
    if state.phase == "over":
        parts.append(
            text(
                shorten(_say("habanero.view.final", lang, n=state.held), 18, ROOM, bold=True),
                x=x,
                y=TOP + 380,
                font_size=18,
                font_weight="bold",
                fill=FRAME,
            )
        )
    return element("g", join(parts), id="panel")


@lru_cache(maxsize=2048)
def _die(cx: float, cy: float, die: int | None, rolled: bool = False) -> str:
    """The die; ``rolled``: it shows the latest roll (marked as the last move)."""
    size = 54
    parts = [
        element(
            "rect",
            x=cx - size / 2,
            y=cy - size / 2,
            width=size,
            height=size,
            rx=10,
            fill="#ffffff",
            stroke=INK,
            stroke_width=2,
        )
    ]
    if die is None:
        parts.append(text("?", x=cx, y=cy + 10, text_anchor="middle", font_size=28, fill="#999"))
    else:
        for px, py in PIPS[die]:
            parts.append(element("circle", cx=cx + px * 14, cy=cy + py * 14, r=5.5, fill=INK))
    if rolled:
        return element(
            "g", join(parts), id="die", class_="die last", data_last="1", data_what="die"
        )
    return element("g", join(parts), id="die", class_="die")


@lru_cache(maxsize=2048)
def _button(
    id_: str,
    label: str,
    x: float,
    y: float,
    enabled: bool,
    colour: str,
    advised: bool,
    width: float = 100,
    height: float = 44,
) -> str:
    fill = colour if enabled else "#c9c3b6"
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=width,
            height=height,
            rx=10,
            fill=fill,
            stroke="#f4a300" if advised else INK,
            stroke_width=5 if advised else 1.5,
        ),
        text(
            label,
            x=x + width / 2,
            y=y + height / 2 + 6,
            text_anchor="middle",
            font_size=17 if height < 60 else 24,
            font_weight="bold",
            fill="#ffffff" if enabled else "#f4f1de",
        ),
    ]
    return element(
        "g",
        join(parts),
        id=id_,
        class_="button" + ("" if enabled else " disabled"),
        style="cursor: pointer" if enabled else None,
    )


@lru_cache(maxsize=1024)
def _prompt_drawn(words: str, size: int, top: float, width: int) -> str:
    """The prompt under the board, on two lines at most, in a picture ``width`` wide."""
    room = width - LEFT - 16
    lines = wrap(words, size, room)
    if len(lines) > 2:
        lines = [lines[0], shorten(" ".join(lines[1:]), size, room)]
    rows = join(
        text(line, x=LEFT, y=top + (size + 4) * row, font_size=size, fill=INK)
        for row, line in enumerate(lines)
    )
    return element("g", rows, id="prompt")


# -- pictures for the rules page ---------------------------------------------------------------


@cache
def pictures(lang: str = "en") -> list[Picture]:
    """A game played here: the campesinos after a few harvests, the last move ringed and the
    die showing the roll that made it."""
    from .game import Habanero

    def moved(state: HabaneroState) -> bool:
        moves = sum(Move.parse(action).kind == MOVE for action in state.history())
        return moves >= 4 and state.phase == "decide"

    def roll(state: HabaneroState) -> str | None:
        return "roll" if "roll" in state.legal_actions() else None

    state = sample_position(Habanero().new_initial_state(), 3, moved, prefer=roll)
    caption = Message("habanero.picture.board", {"n": state.held, "die": state.die or 0})
    return [Picture("board", caption, svg(state, 0, lang=lang))]
