"""The Bohnen board as SVG: a wooden mancala with two rows of six pits and two stores.

Click ids: ``pit-A`` … ``pit-f`` (every pit, always present) and, while a grand slam is being
decided, ``leave-<pit>`` markers on the pits that may be left untouched.

The overlay of a hint: an arrow points at the pit of its ``action``, its ``values`` label pits
with numbers and its ``marks`` ring pits; ``lang`` picks the language of the few words shown.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from ludoteca.engine import TERMINAL, Message, Seat, translate
from ludoteca.engine.palette import ink_on
from ludoteca.engine.parts import Overlay, Picture
from ludoteca.engine.svg import document, element, fit_size, join, shorten, text, text_width, wrap
from ludoteca.engine.turns import LAST, last_turns, marked_seats, sample_position

from .board import INDEX, PIT_NAMES
from .game import BohnenState
from .move import Move

WIDTH, HEIGHT = 900, 450
BEAN_COLOURS = ("#f3e3c3", "#e8cfa0", "#d9b98a", "#8c3b2f", "#f6ead2")
PIT_RADIUS = 44
TOP_Y, BOTTOM_Y = 170, 282
COLUMN_X = tuple(200 + 100 * i for i in range(6))
STORE_X = {"left": 35, "right": 775}
STORE_WIDTH = 90
STORE_TOP, STORE_BOTTOM = 100, 352
# a phone shows the 900-wide board at about 0.41: its labels are drawn at NARROW_LEAST there at
# least (about 10.5 CSS px), on the desktop at their own size (least 0)
NARROW_LEAST = 26

# Which seat's captures sit in which store: (side, part) with part "full", "upper" or "lower",
# each tray beside that seat's own pits.
TRAYS = {
    2: (("right", "full"), ("left", "full")),
    3: (("left", "lower"), ("right", "full"), ("left", "upper")),
    4: (("left", "lower"), ("right", "lower"), ("right", "upper"), ("left", "upper")),
}


def pit_centre(pit: int, turned: bool = False) -> tuple[float, float]:
    """Bottom row A–F left to right, top row a–f right to left (counter-clockwise sowing);
    ``turned``: the board turned half round, a–f at the bottom (see :func:`turned_for`)."""
    pit = shown_pit(pit, turned)
    if pit < 6:
        return COLUMN_X[pit], BOTTOM_Y
    return COLUMN_X[11 - pit], TOP_Y


def svg(
    state: BohnenState, seat: int | None, *, lang: str = "en", overlay: Overlay | None = None
) -> str:
    overlay = overlay or Overlay()
    turned = turned_for(state, seat)
    # a phone (Overlay.narrow) shows the 900-wide board at about 0.4: every text is drawn at
    # NARROW_LEAST at least there, the legend one seat a line under the board
    narrow = overlay.narrow
    least = NARROW_LEAST if narrow else 0
    height = HEIGHT + (40 * state.game.num_players - 24 if narrow else 0)
    player = state.current_player
    legal = state.legal_actions() if seat is not None and seat == player else []
    moves = [Move.parse(action) for action in legal]
    playable = {move.pit for move in moves if not move.leave}
    leave = {move.pit for move in moves if move.leave}
    parts = [
        _defs(),
        element("rect", width=WIDTH, height=height, fill="#f4efe6"),
        _status(state, seat, lang, overlay),
        _board(least),
    ]
    players = state.game.num_players
    parts += [
        _tray(
            players,
            s,
            state.captured[s],
            player == s,
            overlay.name(s, lang),
            overlay.colour(s),
            turned,
            least,
        )
        for s in range(players)
    ]
    capture = set(state.pending[1]) if state.pending else set()
    owner = state.game.board.owner
    for pit in range(12):
        colour = overlay.colour(owner[pit])
        parts.append(
            _pit(pit, colour, state.pits[pit], pit in playable, pit in capture, turned, least)
        )
    parts.append(_last_moves(state, seat, overlay, turned, least))
    parts += [_leave_marker(pit, turned) for pit in sorted(leave)]
    parts.append(_hints(overlay, turned, least))
    parts.append(_legend(state, lang, overlay))
    return document(WIDTH, height, join(parts))


def turned_for(state: BohnenState, seat: int | None) -> bool:
    """Whether ``seat`` sees the board turned half round: a seat whose pits are the top row
    (a–f) gets them at the bottom, in front of it, as it would sit at a real board."""
    return seat is not None and state.game.board.seat_pits[seat][0] >= 6


def shown_pit(pit: int, turned: bool) -> int:
    """The place ``pit`` is drawn at (the place of the opposite pit when turned)."""
    return (pit + 6) % 12 if turned else pit


# Every part below is a pure function of small inputs, drawn once and kept: a picture is the
# parts of its position put together (issue 30: a picture costs well under a millisecond).


@cache
def _defs() -> str:
    wood = element(
        "linearGradient",
        element("stop", offset="0", stop_color="#a0642d")
        + element("stop", offset="0.5", stop_color="#8a5224")
        + element("stop", offset="1", stop_color="#6e3f19"),
        id="bohnen-wood",
        x1="0",
        y1="0",
        x2="0",
        y2="1",
    )
    hollow = element(
        "radialGradient",
        element("stop", offset="0", stop_color="#3d220d")
        + element("stop", offset="0.75", stop_color="#52301a")
        + element("stop", offset="1", stop_color="#7a4a22"),
        id="bohnen-hollow",
        cx="0.5",
        cy="0.45",
        r="0.6",
    )
    shadow = element(
        "filter",
        element("feDropShadow", dx="0", dy="4", stdDeviation="4", flood_opacity="0.35"),
        id="bohnen-shadow",
        x="-10%",
        y="-10%",
        width="120%",
        height="130%",
    )
    arrow = element(
        "marker",
        element("path", d="M0,0 L10,5 L0,10 z", fill="#ffd23f", stroke="#5a3a10"),
        id="bohnen-arrowhead",
        viewBox="0 0 10 10",
        refX="8",
        refY="5",
        markerWidth="5",
        markerHeight="5",
        orient="auto-start-reverse",
    )
    return element("defs", wood + hollow + shadow + arrow)


@cache
def _board(least: int) -> str:
    body = element(
        "rect",
        x=20,
        y=80,
        width=860,
        height=292,
        rx=70,
        fill="url(#bohnen-wood)",
        stroke="#4a2a10",
        stroke_width=3,
        filter="url(#bohnen-shadow)",
    )
    grain = join(
        element(
            "path",
            d=f"M60,{y} C260,{y - 8} 460,{y + 10} 640,{y - 4} S820,{y + 6} 840,{y}",
            fill="none",
            stroke="#5c3414",
            stroke_opacity="0.25",
            stroke_width=1.5,
        )
        for y in (104, 131, 226, 320, 347)
    )
    stores = join(
        element(
            "rect",
            x=x,
            y=STORE_TOP,
            width=STORE_WIDTH,
            height=STORE_BOTTOM - STORE_TOP,
            rx=42,
            fill="url(#bohnen-hollow)",
            stroke="#3a200b",
            stroke_width=2,
        )
        for x in STORE_X.values()
    )
    names = join(
        text(
            name,
            x=x,
            y=367 + max(0, least - 13) / 3,
            text_anchor="middle",
            font_size=max(13, least),
            fill="#f3e3c3",
            font_family="serif",
        )
        for name, x in (("z*", 80), ("Z*", 820))
    )
    return element("g", body + grain + stores + names)


@lru_cache(maxsize=2048)
def _beans(cx: float, cy: float, count: int, radius: float, seed: int, limit: int = 24) -> str:
    """Up to ``limit`` beans on a sunflower spiral, each turned and tinted a little."""
    shown = min(count, limit)
    beans = []
    for i in range(shown):
        distance = radius * math.sqrt((i + 0.5) / max(shown, 1)) if shown > 1 else 0
        angle = i * 2.39996 + seed
        x, y = cx + distance * math.cos(angle), cy + distance * math.sin(angle)
        colour = BEAN_COLOURS[(i * 7 + seed) % len(BEAN_COLOURS)]
        beans.append(
            element(
                "ellipse",
                cx=f"{x:.1f}",
                cy=f"{y:.1f}",
                rx=7.5,
                ry=5.2,
                fill=colour,
                stroke="#3b2412",
                stroke_width=0.8,
                transform=f"rotate({(i * 47 + seed * 13) % 180} {x:.1f} {y:.1f})",
            )
        )
    return join(beans)


def _last_moves(
    state: BohnenState, seat: int | None, overlay: Overlay, turned: bool, least: int
) -> str:
    """The latest turn of each other seat: the pit it sowed from (a ring in its colour with an
    arrow), the pits it captured (crossed, with the beans taken) and, after a grand slam, the
    pit it left untouched (a tick in its colour)."""
    board = state.game.board
    marks = []
    for mover, steps in sorted(last_turns(state).items()):
        if mover not in marked_seats(state, seat):
            continue
        for step in steps:
            move = Move.parse(step.action)
            if move.leave:
                marks.append(_kept_mark(move.pit, mover, overlay.colour(mover), turned))
            last = step.after.last
            if last is None or step.after.pending or last[0] != mover:
                continue
            _, start, captured = last
            # counted from before the sowing (a grand slam's choices come after it)
            sown = board.outcome(steps[0].before.pits, start, mover)[0] if captured else ()
            marks.append(_sown_mark(start, mover, overlay.colour(mover), turned))
            marks += [_captured_mark(p, mover, sown[p], turned, least) for p in captured]
    return element("g", join(marks), id="last-moves") if marks else ""


@lru_cache(maxsize=1024)
def _sown_mark(pit: int, mover: int, colour: str, turned: bool) -> str:
    cx, cy = pit_centre(pit, turned)
    ring = element(
        "circle",
        cx=cx,
        cy=cy,
        r=PIT_RADIUS - 7,
        fill="none",
        stroke="#fdf6e3",
        stroke_width=3,
        stroke_dasharray="6 4",
    )
    dot = element("circle", cx=cx - 26, cy=cy - 26, r=9, fill=colour, stroke="#fdf6e3")
    return element(
        "g", ring + dot, id=f"last-sown-{PIT_NAMES[pit]}", data_seat=mover, data_what="sown", **LAST
    )


@lru_cache(maxsize=1024)
def _kept_mark(pit: int, mover: int, colour: str, turned: bool) -> str:
    """The pit a grand slam left untouched: a tick in the mover's colour."""
    cx, cy = pit_centre(pit, turned)
    tick = element(
        "path",
        d=f"M{cx - 14},{cy + 2} l9,10 l19,-22",
        fill="none",
        stroke=colour,
        stroke_width=6,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    ring = element(
        "circle",
        cx=cx,
        cy=cy,
        r=PIT_RADIUS - 7,
        fill="none",
        stroke=colour,
        stroke_width=3,
        stroke_dasharray="3 4",
    )
    return element(
        "g",
        ring + tick,
        id=f"last-kept-{PIT_NAMES[pit]}",
        data_seat=mover,
        data_what="kept",
        **LAST,
    )


@lru_cache(maxsize=1024)
def _captured_mark(pit: int, mover: int, beans: int, turned: bool, least: int) -> str:
    cx, cy = pit_centre(pit, turned)
    cross = element(
        "path",
        d=f"M{cx - 18},{cy - 18} L{cx + 18},{cy + 18} M{cx + 18},{cy - 18} L{cx - 18},{cy + 18}",
        stroke="#d1495b",
        stroke_width=5,
        stroke_linecap="round",
        opacity="0.85",
    )
    size = max(14, least)
    k = size / 14  # the desktop's badge, grown with its count
    badge = element(
        "rect", x=cx - 22 * k, y=cy + 8, width=44 * k, height=20 * k, rx=6, fill="#d1495b"
    )
    count = text(
        f"−{beans}",
        x=cx,
        y=cy + 8 + 15 * k,
        text_anchor="middle",
        font_size=size,
        font_weight="bold",
        font_family="sans-serif",
        fill="#ffffff",
    )
    return element(
        "g",
        cross + badge + count,
        id=f"last-captured-{PIT_NAMES[pit]}",
        data_seat=mover,
        data_what="captured",
        **LAST,
    )


@lru_cache(maxsize=2048)
def _pit(
    pit: int, colour: str, beans: int, playable: bool, captured: bool, turned: bool, least: int
) -> str:
    cx, cy = pit_centre(pit, turned)
    name = PIT_NAMES[pit]
    parts = []
    parts.append(
        element(
            "circle",
            cx=cx,
            cy=cy,
            r=PIT_RADIUS,
            fill="url(#bohnen-hollow)",
            stroke=colour,
            stroke_width=5,
        )
    )
    if captured:
        parts.append(
            element("circle", cx=cx, cy=cy, r=PIT_RADIUS - 4, fill="#d1495b", fill_opacity="0.3")
        )
    parts.append(_beans(cx, cy, beans, PIT_RADIUS - 14, pit))
    # the count on the rim, towards the outside of the board
    size = max(14, least)
    # a larger count (a phone's) sits further out, its badge clear of the next pit
    across, out = (0.72, 0.72) if size == 14 else (0.6, 0.85)
    bx = cx + PIT_RADIUS * across
    by = cy + PIT_RADIUS * (out if shown_pit(pit, turned) < 6 else -out)
    badge = max(14, size * 0.75)
    parts.append(element("circle", cx=bx, cy=by, r=badge, fill="#fdf6e3", stroke="#4a2a10"))
    parts.append(
        text(
            beans,
            x=bx,
            y=by + 5 * size / 14,
            text_anchor="middle",
            font_size=size,
            font_weight="bold",
            font_family="sans-serif",
            fill="#2b1a0c",
        )
    )
    bottom = shown_pit(pit, turned) < 6
    ly = cy + 70 if bottom else cy - 58
    letter = text(
        name,
        x=cx - 30,
        y=ly if bottom else ly + 12,
        text_anchor="middle",
        font_size=max(17, least),
        font_weight="bold",
        font_family="serif",
        fill="#fdf6e3",
    )
    # the letter stays outside the clickable group, so the pit's frame hugs the pit itself
    clickable = element(
        "g",
        join(parts),
        id=f"pit-{name}",
        cursor="pointer" if playable else None,
        class_="pit playable" if playable else "pit",
    )
    return element("g", clickable + letter)


@lru_cache(maxsize=1024)
def _leave_marker(pit: int, turned: bool) -> str:
    """A 'keep' flag over a pit that the grand slam may leave untouched."""
    cx, cy = pit_centre(pit, turned)
    flag = element(
        "circle",
        cx=cx,
        cy=cy,
        r=PIT_RADIUS + 3,
        fill="#ffffff",
        fill_opacity="0.15",
        stroke="#ffffff",
        stroke_width=3,
        stroke_dasharray="8 5",
    ) + element(
        "path",
        d=f"M{cx - 12},{cy} l8,9 l16,-18",
        fill="none",
        stroke="#ffffff",
        stroke_width=5,
        stroke_linecap="round",
    )
    return element("g", flag, id=f"leave-{PIT_NAMES[pit]}", cursor="pointer")


def _tray_box(seat: int, players: int, turned: bool) -> tuple[float, float, float, float]:
    side, part = TRAYS[players][seat]
    if turned:  # half round: left is right, upper is lower
        side = {"left": "right", "right": "left"}[side]
        part = {"upper": "lower", "lower": "upper"}.get(part, part)
    x = STORE_X[side]
    middle = (STORE_TOP + STORE_BOTTOM) / 2
    if part == "full":
        return x, STORE_TOP, STORE_WIDTH, STORE_BOTTOM - STORE_TOP
    if part == "upper":
        return x, STORE_TOP, STORE_WIDTH, middle - STORE_TOP - 4
    return x, middle + 4, STORE_WIDTH, STORE_BOTTOM - middle - 4


@lru_cache(maxsize=1024)
def _tray(
    players: int,
    seat: int,
    count: int,
    to_move: bool,
    name: str,
    colour: str,
    turned: bool,
    least: int,
) -> str:
    size = max(16, least)
    x, y, w, h = _tray_box(seat, players, turned)
    parts = [
        element(
            "rect",
            x=x + 4,
            y=y + 4,
            width=w - 8,
            height=h - 8,
            rx=min(36, h / 2 - 4),
            fill="none",
            stroke=colour,
            stroke_width=6 if to_move else 3,
            stroke_opacity="1" if to_move else "0.8",
        ),
        _beans(x + w / 2, y + h / 2 + 8, count, min(w, h) / 2 - 18, seat * 5 + 3, limit=40),
        element("circle", cx=x + w / 2, cy=y + 10 + size, r=size, fill=colour, stroke="#fdf6e3"),
        text(
            count,
            x=x + w / 2,
            y=y + 10 + 22 * size / 16,
            text_anchor="middle",
            font_size=size,
            font_weight="bold",
            font_family="sans-serif",
            fill=ink_on(colour),
        ),
    ]
    return element("g", element("title", f"{name}: {count}"), *parts, id=f"tray-{seat}")


def _status(state: BohnenState, seat: int | None, lang: str, overlay: Overlay) -> str:
    player = state.current_player
    if player == TERMINAL:
        words = state.prompt(None).text(lang, overlay.names)
        colour = "#6b4a2b"
    else:
        colour = overlay.colour(player)
        said = state.prompt(seat) if seat == player else state.status_line()
        words = said.text(lang, overlay.names)
    return _status_drawn(player, colour, words, overlay.narrow)


@lru_cache(maxsize=1024)
def _status_drawn(player: int, colour: str, words: str, narrow: bool) -> str:
    size, radius = (NARROW_LEAST, 20) if narrow else (16, 16)
    chip = element("circle", cx=42, cy=40, r=radius, fill=colour, stroke="#4a2a10")
    number = "" if player == TERMINAL else str(player + 1)
    return element(
        "g",
        chip
        + text(
            number,
            x=42,
            y=40 + 6 * size / 16,
            text_anchor="middle",
            font_size=size,
            font_weight="bold",
            font_family="sans-serif",
            fill=ink_on(colour),
        )
        + _status_words(words, narrow),
        id="status",
    )


@lru_cache(maxsize=1024)
def _status_words(words: str, narrow: bool = False) -> str:
    """The status beside the chip: one line, smaller when long, else two lines."""
    room = WIDTH - 68 - 16
    big, least = (30, NARROW_LEAST) if narrow else (18, 15)
    size = fit_size(words, big, room, least=least)
    lines = [words] if text_width(words, size) <= room else wrap(words, least, room)
    if len(lines) > 2:
        lines = [lines[0], shorten(" ".join(lines[1:]), least, room)]
    step = 30 if narrow else 20
    one = len(lines) == 1
    top = (50 if one else 38) if narrow else (46 if one else 34)
    return join(
        text(
            line,
            x=68,
            y=top + step * row,
            font_size=size if len(lines) == 1 else least,
            font_family="sans-serif",
            fill="#2b1a0c",
        )
        for row, line in enumerate(lines)
    )


def _legend(state: BohnenState, lang: str, overlay: Overlay) -> str:
    """One entry per seat: colour, pits and captures; at the end the totals, winners starred."""
    players = state.game.num_players
    over = state.is_terminal()
    return _legend_drawn(
        tuple((pits[0], pits[-1]) for pits in state.game.board.seat_pits),
        tuple(overlay.name(seat, lang) for seat in range(players)),
        tuple(state.scores() if over else state.captured),
        frozenset(state.winners()),
        over,
        overlay.narrow,
        lang,
        tuple(overlay.colour(seat) for seat in range(players)),
    )


@lru_cache(maxsize=1024)
def _legend_drawn(
    spans: tuple[tuple[int, int], ...],
    names: tuple[str, ...],
    values: tuple[float, ...],
    winners: frozenset[int],
    over: bool,
    narrow: bool,
    lang: str,
    colours: tuple[str, ...],
) -> str:
    players = len(names)
    width = WIDTH - 60 if narrow else WIDTH / players
    size = 26 if narrow else 15
    word = translate("bohnen.view.total" if over else "bohnen.view.captured", lang)
    parts = []
    for seat, ((first, last), value) in enumerate(zip(spans, values, strict=True)):
        x, y = (30, 418 + 40 * seat) if narrow else (30 + seat * width, 418)
        span = f"{PIT_NAMES[first]}–{PIT_NAMES[last]}"
        tail = f" ({span}) · {word}: {value}" if players < 4 or narrow else f" ({span}): {value}"
        star = "★ " if seat in winners else ""
        right = min(x + width - 8, WIDTH - 12)  # the next entry, or the picture's edge
        space = right - (x + size + 11)
        if text_width(star + names[seat] + tail, size, bold=True) > space:
            tail = f": {value}"  # the name whole rather than the span of its pits
        # a smaller type before a cut name (the last resort, for a very long name)
        words = star + names[seat] + tail
        font = fit_size(words, size, space, bold=True, least=11)
        room = space - text_width(star + tail, font, bold=True)
        words = star + shorten(names[seat], font, room, bold=True) + tail
        box = size + 3
        chip = element("rect", x=x, y=y + 4 - box, width=box, height=box, rx=4, fill=colours[seat])
        entry = text(
            words,
            x=x + size + 11,
            y=y,
            font_size=font,
            font_weight="bold" if seat in winners else None,
            font_family="sans-serif",
            fill="#2b1a0c",
        )
        parts.append(element("g", chip + entry))  # one seat's entry
    return element("g", join(parts), id="legend")


def _hints(overlay: Overlay, turned: bool, least: int) -> str:
    parts = []
    for name in overlay.marks:
        if name in INDEX:
            cx, cy = pit_centre(INDEX[name], turned)
            parts.append(
                element(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=PIT_RADIUS + 4,
                    fill="none",
                    stroke="#7fffd4",
                    stroke_width=4,
                )
            )
    for name, value in overlay.values.items():
        if name not in INDEX:
            continue
        cx, cy = pit_centre(INDEX[name], turned)
        label = f"{value:.2f}" if isinstance(value, float) else str(value)
        size = max(13, least)
        k = size / 13  # the desktop's label, grown with its words
        y = cy + 5 * k
        parts.append(
            element(
                "rect",
                x=cx - 24 * k,
                y=y - 15 * k,
                width=48 * k,
                height=20 * k,
                rx=6,
                fill="#1d3557",
            )
        )
        parts.append(
            text(
                label,
                x=cx,
                y=y,
                text_anchor="middle",
                font_size=size,
                font_family="sans-serif",
                fill="#ffffff",
            )
        )
    arrow = overlay.action
    if arrow is not None and arrow in INDEX:
        cx, cy = pit_centre(INDEX[arrow], turned)
        side = 1 if shown_pit(INDEX[arrow], turned) < 6 else -1
        path = (
            f"M{cx - 62},{cy + side * 100} Q{cx - 58},{cy + side * 50} {cx - 26},{cy + side * 30}"
        )
        parts.append(
            element(
                "path",
                d=path,
                fill="none",
                stroke="#ffd23f",
                stroke_width=6,
                stroke_linecap="round",
                marker_end="url(#bohnen-arrowhead)",
            )
        )
    return element("g", join(parts), id="hints", pointer_events="none") if parts else ""


# -- pictures for the rules page -------------------------------------------------------------


def _relay_example() -> tuple[BohnenState, BohnenState]:
    """A real two-player game, replayed from actions, just after a sowing that captured."""
    from .game import BohnenGame

    def captured(state: BohnenState) -> bool:
        return bool(state.last and state.last[2] and not state.pending and len(state.last[2]) > 1)

    final = sample_position(BohnenGame(players=2).new_initial_state(), 4, captured)
    before = BohnenGame(players=2).replay(final.history()[:-1])
    return before, final


@cache
def pictures(lang: str = "en") -> list[Picture]:
    """The board before a relay sowing and just after it, its captures crossed out."""
    before, after = _relay_example()
    mover, start, captured = after.last or (0, 0, ())
    names = Overlay()
    caption = Message(
        "bohnen.picture.relay",
        {
            "player": Seat(mover),
            "pit": PIT_NAMES[start],
            "beans": after.captured[mover] - before.captured[mover],
            "pits": ", ".join(PIT_NAMES[p] for p in captured),
        },
    )
    waiting = 1 - mover  # who watched: the picture marks only the mover's sowing
    return [
        Picture(
            "before",
            Message("bohnen.picture.before", {"player": Seat(mover)}),
            svg(before, mover, lang=lang, overlay=names),
        ),
        Picture("relay", caption, svg(after, waiting, lang=lang, overlay=names)),
    ]


__all__ = ["pictures", "pit_centre", "svg"]
