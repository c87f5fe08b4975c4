"""The text board and the SVG picture of a Hares position.

The board is drawn from the hares' side: they always run up the picture (for black hares,
rank 1 is at the top). ``lang`` picks the language of the panel texts. Any ``overlay`` (even
an empty ``Overlay()``) switches the aids on: the hunter's squares, warm cells (where a hare can
go; only the hare's on the first of the overlay's ``marks`` if it has one), its ``arrows`` (the
solver's move) and a legend; without an overlay the board is drawn bare.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ludoteca.engine import CHANCE, Message
from ludoteca.engine.parts import Overlay, Picture
from ludoteca.engine.svg import document, element, join, shorten, text, wrap
from ludoteca.engine.turns import LAST, last_turns, sample_position

from .board import file_of, mirror, name, rank_of, square
from .game import HaresState
from .moves import Move

SIZE = 64
LEFT, TOP = 34, 34
PANEL = LEFT + 8 * SIZE + 30
WIDTH, HEIGHT = PANEL + 300, TOP + 8 * SIZE + 40
ROOM = WIDTH - PANEL - 14  # the width of the panel's lines
# On a phone (Overlay.narrow): the board alone as wide as the screen, the card under it
NARROW_WIDTH = LEFT + 8 * SIZE + 20
NARROW_ZOOM = (NARROW_WIDTH - LEFT - 12) / (ROOM + 10)
# the coordinates' font size: a phone shows the picture at about 0.65, so larger there (≥ 10 px)
COORDINATES, NARROW_COORDINATES = 15, 17

LIGHT, DARK = "#eef3d2", "#a9c77a"
GLYPHS = {"rook": "♜", "bishop": "♝", "knight": "♞", "queen": "♛", "king": "♚"}


def _tr(key: str, lang: str, **params: Any) -> str:
    return Message(key, params).text(lang)


def _display(state, sq: int) -> tuple[int, int]:
    """Column and row (0 = top) where square ``sq`` is drawn."""
    return _shown_at(state.colour, sq)


def _shown_at(colour: str | None, sq: int) -> tuple[int, int]:
    """Column and row of square ``sq`` on the board of hares of ``colour`` (black: mirrored)."""
    shown = mirror(sq) if colour == "black" else sq
    return file_of(shown), 8 - rank_of(shown)


def _centre(state, sq: int) -> tuple[float, float]:
    col, row = _display(state, sq)
    return LEFT + col * SIZE + SIZE / 2, TOP + row * SIZE + SIZE / 2


# -- pieces ------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _hare(x: float, y: float, colour: str, scale: float = 1.0) -> str:
    fill, line, inner, eye = (
        ("#fbfaf5", "#5b4a3a", "#f2b8c0", "#2b2118")
        if colour == "white"
        else ("#4a3f38", "#15110e", "#b07a7a", "#f6f1e6")
    )

    def s(v: float) -> float:
        return round(v * scale, 2)

    parts = [
        element(
            "ellipse",
            cx=x + s(12),
            cy=y + s(18),
            rx=s(5),
            ry=s(4),
            fill=fill,
            stroke=line,
            stroke_width=1.5,
        ),
        element(
            "ellipse",
            cx=x + s(1),
            cy=y + s(13),
            rx=s(14),
            ry=s(11),
            fill=fill,
            stroke=line,
            stroke_width=2,
        ),
        element(
            "ellipse",
            cx=x - s(6),
            cy=y - s(17),
            rx=s(4.5),
            ry=s(12),
            fill=fill,
            stroke=line,
            stroke_width=2,
            transform=f"rotate(-14 {x - s(6)} {y - s(17)})",
        ),
        element(
            "ellipse",
            cx=x + s(5),
            cy=y - s(17),
            rx=s(4.5),
            ry=s(12),
            fill=fill,
            stroke=line,
            stroke_width=2,
            transform=f"rotate(12 {x + s(5)} {y - s(17)})",
        ),
        element(
            "ellipse",
            cx=x - s(6),
            cy=y - s(17),
            rx=s(2),
            ry=s(8),
            fill=inner,
            transform=f"rotate(-14 {x - s(6)} {y - s(17)})",
        ),
        element(
            "ellipse",
            cx=x + s(5),
            cy=y - s(17),
            rx=s(2),
            ry=s(8),
            fill=inner,
            transform=f"rotate(12 {x + s(5)} {y - s(17)})",
        ),
        element(
            "circle", cx=x - s(1), cy=y - s(1), r=s(10), fill=fill, stroke=line, stroke_width=2
        ),
        element("circle", cx=x + s(3), cy=y - s(3), r=s(1.8), fill=eye),
        element("circle", cx=x + s(8), cy=y + s(1), r=s(1.6), fill="#d9707f"),
    ]
    return element("g", join(parts), pointer_events="none", class_="hare")


@lru_cache(maxsize=512)
def _carrot(x: float, y: float) -> str:
    body = (
        f"M {x - 8} {y - 8} Q {x} {y - 12} {x + 8} {y - 8} L {x + 1} {y + 24} L {x - 1} {y + 24} Z"
    )
    leaves = join(
        element(
            "path",
            d=f"M {x} {y - 9} Q {x + dx} {y - 20} {x + dx * 1.4} {y - 25}",
            stroke="#3c8d2f",
            stroke_width=3.5,
            fill="none",
            stroke_linecap="round",
        )
        for dx in (-6, 0, 6)
    )
    ridges = join(
        element(
            "line",
            x1=x - w,
            y1=y + dy,
            x2=x + w * 0.4,
            y2=y + dy,
            stroke="#c4621a",
            stroke_width=1.5,
        )
        for dy, w in ((-2, 5.5), (6, 4), (13, 2.5))
    )
    shape = element("path", d=body, fill="#f28c28", stroke="#b5561a", stroke_width=1.5)
    return element("g", leaves + shape + ridges, pointer_events="none", class_="carrot")


@lru_cache(maxsize=512)
def _burrow(x: float, y: float) -> str:
    parts = [
        element("ellipse", cx=x, cy=y + 6, rx=25, ry=15, fill="#7a5a3a"),
        element("ellipse", cx=x, cy=y + 7, rx=20, ry=11, fill="#3b2618"),
        element("ellipse", cx=x, cy=y + 9, rx=14, ry=6, fill="#1f130b"),
    ]
    return element("g", join(parts), pointer_events="none", class_="burrow")


@lru_cache(maxsize=512)
def _hunter(x: float, y: float, piece: str, hares_colour: str | None) -> str:
    dark = hares_colour != "black"  # the hunter has the other colour
    token, glyph, rim = (
        ("#2d2a26", "#f7f3e8", "#b03a2e") if dark else ("#f7f3e8", "#2d2a26", "#b03a2e")
    )
    parts = [
        element("circle", cx=x, cy=y, r=27, fill=token, stroke=rim, stroke_width=3),
        text(
            GLYPHS[piece],
            x=x,
            y=y + 13,
            font_size=38,
            text_anchor="middle",
            fill=glyph,
            font_family="DejaVu Sans, Segoe UI Symbol, Apple Symbols, sans-serif",
        ),
    ]
    return element("g", join(parts), pointer_events="none", class_="hunter")


# -- the picture -------------------------------------------------------------------------------


def svg(
    state: HaresState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    hints = overlay if overlay is not None and overlay.aids() else None
    board, p = state.shown_field(), state.position
    colour = state.colour or "white"
    narrow = overlay is not None and overlay.narrow
    body = [_board(state.colour, NARROW_COORDINATES if narrow else COORDINATES)]
    if hints is not None:
        body += _under_hints(state, hints)
    for sq in sorted(board.burrows):
        body.append(_burrow(*_centre(state, sq)))
    for sq in sorted(p.carrots):
        body.append(_carrot(*_centre(state, sq)))
    if p.hunter:
        x, y = _centre(state, board.hunter_square)
        body.append(_hunter(x, y, board.hunter_piece, state.colour))
    for sq in sorted(p.hares):
        x, y = _centre(state, sq)
        body.append(_hare(x, y + 2, colour))
    for sq in p.caught_now:
        x, y = _centre(state, sq)
        body.append(
            element(
                "path",
                d=f"M {x - 14} {y - 14} L {x + 14} {y + 14} M {x + 14} {y - 14} L {x - 14} {y + 14}",
                stroke="#b03a2e",
                stroke_width=5,
                stroke_linecap="round",
                pointer_events="none",
                opacity=0.8,
            )
        )
    body.append(_last_move(state))
    if hints is not None:
        body += [_arrow(state, arrow) for arrow in hints.arrows]
    panel, bottom = _panel(state, hints, lang)
    if narrow:
        # a phone: the level card under the board, drawn larger (its words stay readable)
        top = TOP + 8 * SIZE + 30
        move = f"translate({LEFT},{top}) scale({NARROW_ZOOM}) translate({-PANEL},{-TOP})"
        body.append(element("g", join(panel), transform=move))
        width, height = NARROW_WIDTH, top + (bottom - TOP) * NARROW_ZOOM + 16
    else:
        body += panel
        width, height = WIDTH, max(HEIGHT, bottom + 16)
    return document(width, height, join(body), font_family="DejaVu Sans, Verdana, sans-serif")


@lru_cache(maxsize=4)  # the board without its pieces, the same in every picture (issue 30)
def _board(colour: str | None, font_size: int) -> str:
    body = [
        element("rect", x=0, y=0, width="100%", height="100%", fill="#f7f1e1"),
        element(
            "defs",
            element(
                "marker",
                element("path", d="M 0 0 L 10 5 L 0 10 z", fill="#1f7a34"),
                id="hares-arrowhead",
                viewBox="0 0 10 10",
                refX=5,
                refY=5,
                markerWidth=3.2,
                markerHeight=3.2,
                orient="auto-start-reverse",
            ),
        ),
        element(
            "rect",
            x=LEFT - 6,
            y=TOP - 6,
            width=8 * SIZE + 12,
            height=8 * SIZE + 12,
            fill="#6b4f2e",
            rx=6,
        ),
    ]
    for sq in range(64):
        col, row = _shown_at(colour, sq)
        shade = DARK if (file_of(sq) + rank_of(sq)) % 2 else LIGHT  # a1 is dark
        body.append(
            element(
                "rect",
                id=f"sq-{name(sq)}",
                x=LEFT + col * SIZE,
                y=TOP + row * SIZE,
                width=SIZE,
                height=SIZE,
                fill=shade,
                class_="square",
            )
        )
    return join([*body, *_coordinates(colour, font_size)])


def _last_move(state: HaresState) -> str:
    """The hare's latest move: both squares framed and joined by a thin line (the hunter's
    catch is the red cross on the square it struck)."""
    steps = last_turns(state).get(0, [])
    if not steps or state.current_player == CHANCE:
        return ""
    action = steps[-1].action
    move = Move.parse(action)
    frames = join(
        _square_rect(state, sq, fill="none", stroke="#3b6fd1", stroke_width=4)
        for sq in (move.origin, move.target)
    )
    (x1, y1), (x2, y2) = (_centre(state, sq) for sq in (move.origin, move.target))
    trail = element(
        "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#3b6fd1", stroke_width=3, opacity=0.6
    )
    return element("g", frames + trail, id="last-move", data_seat=0, data_what=action, **LAST)


def _coordinates(colour: str | None, font_size: int) -> list[str]:
    marks = []
    for sq in range(8):
        col, _ = _shown_at(colour, sq)
        marks.append(
            text(
                "abcdefgh"[sq],
                x=LEFT + col * SIZE + SIZE / 2,
                y=TOP + 8 * SIZE + 24,
                font_size=font_size,
                text_anchor="middle",
                fill="#5a4630",
            )
        )
    for rank in range(1, 9):
        _, row = _shown_at(colour, 8 * (rank - 1))
        marks.append(
            text(
                rank,
                x=LEFT - 19,
                y=TOP + row * SIZE + SIZE / 2 + font_size / 3,
                font_size=font_size,
                text_anchor="middle",
                fill="#5a4630",
            )
        )
    return marks


def _square_rect(state, sq: int, **attributes: Any) -> str:
    col, row = _display(state, sq)
    return element(
        "rect",
        x=LEFT + col * SIZE,
        y=TOP + row * SIZE,
        width=SIZE,
        height=SIZE,
        pointer_events="none",
        **attributes,
    )


def _under_hints(state: HaresState, hints: Overlay) -> list[str]:
    """Tints drawn below the pieces: hunter's squares, selected hare, warm cells."""
    drawn = []
    p = state.position
    for sq_name in state.hunter_squares():
        drawn.append(
            _square_rect(
                state, square(sq_name), fill="#e8402a", opacity=0.42, class_="hunter-square"
            )
        )
        x, y = _centre(state, square(sq_name))
        drawn.append(
            element(
                "circle",
                cx=x + SIZE / 2 - 9,
                cy=y - SIZE / 2 + 9,
                r=4,
                fill="#b3261e",
                pointer_events="none",
            )
        )
    warm = state.warm()
    selected = hints.marks[0] if hints.marks else None
    if selected:
        warm = {selected: warm.get(selected, [])}
        drawn.append(
            _square_rect(
                state,
                square(selected),
                fill="none",
                stroke="#f1c40f",
                stroke_width=5,
                class_="selected",
            )
        )
    for targets in warm.values():
        for target in targets:
            x, y = _centre(state, square(target))
            sq = square(target)
            if sq in p.carrots or (p.hunter and sq == state.shown_field().hunter_square):
                drawn.append(
                    element(
                        "circle",
                        cx=x,
                        cy=y,
                        r=29,
                        fill="none",
                        stroke="#ff8a00",
                        stroke_width=4,
                        pointer_events="none",
                        class_="warm-take",
                    )
                )
            else:
                drawn.append(
                    element(
                        "circle",
                        cx=x,
                        cy=y,
                        r=10,
                        fill="#2e8b3e",
                        opacity=0.75,
                        pointer_events="none",
                        class_="warm",
                    )
                )
    return drawn


def _arrow(state: HaresState, arrow: tuple[str, str]) -> str:
    (x1, y1), (x2, y2) = (_centre(state, square(s)) for s in arrow)
    shorten = 0.3
    x2, y2 = x2 - (x2 - x1) * shorten / 2, y2 - (y2 - y1) * shorten / 2
    return element(
        "line",
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke="#1f7a34",
        stroke_width=10,
        stroke_linecap="round",
        opacity=0.8,
        marker_end="url(#hares-arrowhead)",
        pointer_events="none",
        class_="arrow",
    )


def _panel(state: HaresState, hints: Overlay | None, lang: str) -> tuple[list[str], float]:
    """The level card beside the board, and how far down it reaches."""
    p, card = state.position, state.card
    x, y = PANEL, TOP + 6
    out = [
        text(
            _tr("hares.view.level", lang, level=card.level),
            x=x,
            y=y + 8,
            font_size=15,
            fill="#7a6040",
        )
    ]
    y += 34
    for line in wrap(card.title_message().text(lang), 21, ROOM, bold=True):
        out.append(text(line, x=x, y=y, font_size=21, font_weight="bold", fill="#3d2f1f"))
        y += 26
    y += 2
    for line in wrap(card.idea_message().text(lang), 13, ROOM):
        out.append(text(line, x=x, y=y, font_size=13, fill="#4a3b2a"))
        y += 18
    board = state.shown_field()
    hunter = _tr(f"hares.piece.{board.hunter_piece}", lang)
    if not p.hunter:
        hunter = f"{hunter} ✗"
    out.append(
        text(
            shorten(_tr("hares.view.hunter", lang, piece=hunter), 13, ROOM),
            x=x,
            y=y + 4,
            font_size=13,
            font_style="italic",
            fill="#7a3b2e",
        )
    )
    y += 34
    colour = state.colour or "white"
    for key, count in (("hares.view.saved", p.saved), ("hares.view.caught", p.caught)):
        out.append(
            text(
                shorten(_tr(key, lang, n=count), 14, ROOM, bold=True),
                x=x,
                y=y,
                font_size=14,
                font_weight="bold",
                fill="#3d2f1f",
            )
        )
        y += 10
        for i in range(count):
            out.append(_hare(x + 14 + i * 30, y + 26, colour, scale=0.62))
        out.append(
            element("rect", x=x - 4, y=y, width=260, height=44, fill="none", stroke="#c9b48a", rx=8)
        )
        y += 66
    if state.is_terminal():
        won = state.result()
        assert won is not None, "a finished game has a result"
        out.append(
            text(
                shorten(state.result_message().text(lang), 16, ROOM, bold=True),
                x=x,
                y=y,
                font_size=16,
                font_weight="bold",
                fill="#1f5e2a",
            )
        )
        out.append(
            text(
                "★" * won["stars"] + "☆" * (3 - won["stars"]),
                x=x,
                y=y + 34,
                font_size=30,
                fill="#e0a800",
                letter_spacing=4,
            )
        )
        y += 52
    if hints is not None:
        y = max(y, TOP + 8 * SIZE - 120)
        out += _legend(x, y, lang)
        y += 5 * 24
    return out, y


def _legend(x: float, y: float, lang: str) -> list[str]:
    entries = [
        (
            element(
                "rect",
                x=x,
                y=y - 12,
                width=16,
                height=16,
                fill="none",
                stroke="#f1c40f",
                stroke_width=4,
            ),
            "hares.legend.selected",
        ),
        (
            element("circle", cx=x + 8, cy=y - 4, r=6, fill="#2e8b3e", opacity=0.75),
            "hares.legend.warm",
        ),
        (
            element(
                "circle", cx=x + 8, cy=y - 4, r=8, fill="none", stroke="#ff8a00", stroke_width=3
            ),
            "hares.legend.carrot",
        ),
        (
            element("rect", x=x, y=y - 12, width=16, height=16, fill="#e8402a", opacity=0.55),
            "hares.legend.hunter",
        ),
        (
            element("line", x1=x, y1=y - 4, x2=x + 16, y2=y - 4, stroke="#1f7a34", stroke_width=5),
            "hares.legend.arrow",
        ),
    ]
    out = []
    for i, (icon, key) in enumerate(entries):
        shift = i * 24
        out.append(element("g", icon, transform=f"translate(0 {shift})"))
        words = shorten(_tr(key, lang), 13, ROOM - 26)
        out.append(text(words, x=x + 26, y=y + shift, font_size=13, fill="#3d2f1f"))
    return out


# -- pictures for the rules page ---------------------------------------------------------------


@cache
def pictures(lang: str = "en") -> list[Picture]:
    """A level card as the game shows it with help on; a later level after a move."""
    from .game import HaresGame

    found = []
    for picture, level, actions in (("card", 1, 1), ("carrots", 5, 2)):  # the colour, a move

        def enough(state: HaresState, actions: int = actions) -> bool:
            return len(state) >= actions

        state = sample_position(HaresGame(level=level).new_initial_state(), 2, enough)
        caption = Message(
            f"hares.picture.{picture}", {"level": level, "title": state.card.title_message()}
        )
        found.append(Picture(picture, caption, svg(state, 0, lang=lang, overlay=Overlay())))
    return found
