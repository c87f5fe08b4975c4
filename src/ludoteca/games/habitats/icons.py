"""A small icon for every animal and insect of Habitats, drawn in a unit box (-1…1), so that
each species reads apart from the others at a glance (body, horns, neck, marks, colour).

Our own drawings: simple shapes, one body plan per family (hoofed animal, cat, bird, reptile,
fish, insect …) with the marks of the species on it.
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.engine.svg import element, join

DARK = "#3a2a1a"
LINE = {"fill": "none", "stroke": DARK, "stroke_width": 0.1, "stroke_linecap": "round"}


def _e(tag: str, **attributes: object) -> str:
    return element(tag, **attributes)


def _legs(xs: tuple[float, ...], top: float, bottom: float, colour: str, width: float) -> str:
    return join(
        _e("rect", x=x - width / 2, y=top, width=width, height=bottom - top, fill=colour)
        for x in xs
    )


def _hoofed(
    colour: str,
    horns: str = "",
    neck: float = 0.0,
    marks: str = "",
    head_colour: str | None = None,
    tail: bool = True,
) -> str:
    """A four-legged animal facing right: body, legs, neck and head, horns and marks."""
    head = head_colour or colour
    hx, hy = 0.62 + neck * 0.15, -0.28 - neck
    parts = [
        _legs((-0.45, -0.25, 0.25, 0.45), 0.1, 0.75, colour, 0.13),
        _e("ellipse", cx=0, cy=0.08, rx=0.62, ry=0.3, fill=colour),
    ]
    if tail:
        parts.append(_e("path", d="M-0.6,0 Q-0.85,0.2 -0.8,0.45", **{**LINE, "stroke": colour}))
    parts.append(
        _e("path", d=f"M0.3,-0.1 L{hx - 0.05},{hy} L{hx + 0.12},{hy + 0.1} L0.6,0.1 Z", fill=colour)
    )
    parts.append(_e("ellipse", cx=hx + 0.08, cy=hy + 0.02, rx=0.22, ry=0.14, fill=head))
    parts.append(marks)
    parts.append(_horns(horns, hx, hy))
    return join(parts)


def _horns(kind: str, hx: float, hy: float) -> str:
    x, y = hx, hy - 0.1
    paths = {
        "lyre": f"M{x - 0.05},{y} Q{x - 0.2},{y - 0.3} {x - 0.05},{y - 0.5} "
        f"M{x + 0.08},{y} Q{x - 0.05},{y - 0.3} {x + 0.12},{y - 0.5}",
        "spiral": f"M{x},{y} l-0.08,-0.12 l0.1,-0.1 l-0.08,-0.12 l0.1,-0.1 l-0.06,-0.1",
        "hook": f"M{x - 0.1},{y + 0.02} Q{x - 0.35},{y - 0.05} {x - 0.25},{y - 0.25} "
        f"M{x + 0.12},{y + 0.02} Q{x + 0.35},{y - 0.05} {x + 0.3},{y - 0.25}",
        "broad": f"M{x - 0.25},{y - 0.1} Q{x},{y + 0.12} {x + 0.3},{y - 0.12}",
        "nose": "",
        "antlers": f"M{x},{y} l-0.1,-0.35 M{x - 0.05},{y - 0.18} l-0.15,-0.08 "
        f"M{x + 0.06},{y} l0.12,-0.35 M{x + 0.12},{y - 0.2} l0.14,-0.06",
        "ears": f"M{x - 0.05},{y + 0.02} l-0.08,-0.14 M{x + 0.08},{y + 0.02} l0.02,-0.16",
    }
    if kind == "nose":
        return _e("path", d=f"M{x + 0.22},{y + 0.06} l0.14,-0.22 l0.02,0.26 Z", fill="#e8e0d0")
    if not kind:
        return ""
    return _e("path", d=paths[kind], **{**LINE, "stroke_width": 0.07})


def _spots(colour: str, points: tuple[tuple[float, float], ...], r: float) -> str:
    return join(_e("circle", cx=x, cy=y, r=r, fill=colour) for x, y in points)


SPOTS = ((-0.35, 0.0), (-0.1, 0.12), (0.15, -0.02), (-0.25, 0.2), (0.3, 0.15), (0.05, -0.12))


def _stripes() -> str:
    return join(
        _e("path", d=f"M{x},-0.2 q0.05,0.25 0,0.5", **{**LINE, "stroke_width": 0.08})
        for x in (-0.4, -0.2, 0.0, 0.2, 0.4)
    )


def _cat(colour: str, marks: str, mane: bool = False, slender: bool = False) -> str:
    ry = 0.22 if slender else 0.28
    parts = [
        _legs((-0.45, -0.3, 0.3, 0.45), 0.05, 0.75, colour, 0.12),
        _e("ellipse", cx=0, cy=0.05, rx=0.6, ry=ry, fill=colour),
        _e("path", d="M-0.55,0 Q-0.95,-0.1 -0.9,-0.45", **{**LINE, "stroke": colour}),
    ]
    if mane:
        parts.append(_e("circle", cx=0.62, cy=-0.25, r=0.33, fill="#a0522d"))
    parts += [
        _e("circle", cx=0.62, cy=-0.25, r=0.2, fill=colour),
        _e(
            "path",
            d="M0.5,-0.42 l0.04,-0.1 l0.06,0.08 M0.68,-0.42 l0.06,-0.1 l0.04,0.1",
            fill=colour,
        ),
        marks,
    ]
    return join(parts)


def _bird(
    colour: str,
    beak: str = "#f2b134",
    head: str | None = None,
    wings: bool = False,
    legs: float = 0.0,
    bill: float = 0.18,
) -> str:
    parts = []
    if legs:
        parts.append(_e("path", d=f"M-0.05,0.3 l0,{legs} M0.1,0.3 l0,{legs}", **LINE))
    if wings:
        parts.append(
            _e("path", d="M0,0 L-0.95,-0.55 L-0.7,0.05 Z M0,0 L0.95,-0.55 L0.7,0.05 Z", fill=colour)
        )
    parts += [
        _e("ellipse", cx=0, cy=0.05, rx=0.35, ry=0.42, fill=colour),
        _e("circle", cx=0.1, cy=-0.45, r=0.22, fill=head or colour),
        _e("path", d=f"M0.28,-0.5 l{bill + 0.1},0.06 l-{bill + 0.08},0.1 Z", fill=beak),
        _e("circle", cx=0.15, cy=-0.5, r=0.05, fill="#fff"),
    ]
    return join(parts)


def _lizard(colour: str, marks: str = "", jaw: float = 0.25, ridges: bool = False) -> str:
    parts = [
        _e(
            "path",
            d="M-0.3,0 Q-0.7,0.1 -0.95,-0.2",
            **{**LINE, "stroke": colour, "stroke_width": 0.16},
        ),
        _e(
            "path",
            d="M-0.25,-0.1 l-0.15,-0.25 M0.2,-0.1 l0.15,-0.25 M-0.25,0.1 l-0.15,0.25 "
            "M0.2,0.1 l0.15,0.25",
            **{**LINE, "stroke": colour, "stroke_width": 0.09},
        ),
        _e("ellipse", cx=0, cy=0, rx=0.42, ry=0.15, fill=colour),
        _e("path", d=f"M0.35,-0.1 L{0.6 + jaw},-0.03 L{0.6 + jaw},0.03 L0.35,0.1 Z", fill=colour),
        _e("circle", cx=0.5, cy=-0.07, r=0.04, fill="#fff"),
    ]
    if ridges:
        parts.append(
            _e(
                "path",
                d="M-0.35,-0.13 l0.07,-0.1 l0.07,0.1 l0.07,-0.1 l0.07,0.1 "
                "l0.07,-0.1 l0.07,0.1 l0.07,-0.1 l0.07,0.1",
                **{**LINE, "stroke_width": 0.05},
            )
        )
    parts.append(marks)
    return join(parts)


def _insect(body: str, stripes: int, round_body: bool = False) -> str:
    ry = 0.38 if round_body else 0.28
    rx = 0.45 if round_body else 0.5
    wings = _e(
        "ellipse",
        cx=-0.1,
        cy=-0.4,
        rx=0.22,
        ry=0.32,
        fill="#e8f4ff",
        stroke=DARK,
        stroke_width=0.05,
    ) + _e(
        "ellipse", cx=0.15, cy=-0.42, rx=0.2, ry=0.3, fill="#e8f4ff", stroke=DARK, stroke_width=0.05
    )
    stripe = join(
        _e("rect", x=-0.3 + i * 0.22, y=-ry, width=0.1, height=2 * ry, fill=DARK)
        for i in range(stripes)
    )
    return (
        wings
        + _e("ellipse", cx=0, cy=0.05, rx=rx, ry=ry, fill=body)
        + element("g", stripe, clip_path=None)
        + _e("circle", cx=rx + 0.1, cy=0.0, r=0.16, fill=DARK)
    )


def _butterfly() -> str:
    return (
        _e(
            "ellipse",
            cx=-0.4,
            cy=-0.3,
            rx=0.38,
            ry=0.3,
            fill="#f08a2c",
            stroke=DARK,
            stroke_width=0.06,
        )
        + _e(
            "ellipse",
            cx=0.4,
            cy=-0.3,
            rx=0.38,
            ry=0.3,
            fill="#f08a2c",
            stroke=DARK,
            stroke_width=0.06,
        )
        + _e(
            "ellipse",
            cx=-0.3,
            cy=0.3,
            rx=0.28,
            ry=0.25,
            fill="#8e44ad",
            stroke=DARK,
            stroke_width=0.06,
        )
        + _e(
            "ellipse",
            cx=0.3,
            cy=0.3,
            rx=0.28,
            ry=0.25,
            fill="#8e44ad",
            stroke=DARK,
            stroke_width=0.06,
        )
        + _e("ellipse", cx=0, cy=0, rx=0.07, ry=0.5, fill=DARK)
        + _e("path", d="M0,-0.45 l-0.15,-0.3 M0,-0.45 l0.15,-0.3", **{**LINE, "stroke_width": 0.05})
    )


def _tortoise() -> str:
    return (
        _legs((-0.4, -0.15, 0.15, 0.4), 0.1, 0.4, "#8d6e3f", 0.14)
        + _e("ellipse", cx=0.62, cy=0.05, rx=0.18, ry=0.13, fill="#8d6e3f")
        + _e("path", d="M-0.6,0.15 Q-0.55,-0.6 0,-0.6 Q0.55,-0.6 0.6,0.15 Z", fill="#6b8e23")
        + _e(
            "path",
            d="M-0.3,0.15 L-0.2,-0.3 L0.2,-0.3 L0.3,0.15 M-0.2,-0.3 L0,-0.58 L0.2,-0.3",
            **{**LINE, "stroke_width": 0.06},
        )
    )


def _snake() -> str:
    return (
        _e(
            "path",
            d="M-0.8,0.5 C-0.3,0.9 0.1,0.1 -0.3,-0.1 C-0.7,-0.3 -0.2,-0.8 0.4,-0.5",
            **{**LINE, "stroke": "#4e7d2d", "stroke_width": 0.22},
        )
        + _e("ellipse", cx=0.5, cy=-0.45, rx=0.2, ry=0.14, fill="#4e7d2d")
        + _e(
            "path", d="M0.7,-0.45 l0.2,0.04 M0.7,-0.45 l0.2,-0.06", stroke="#d00", stroke_width=0.04
        )
    )


def _frog() -> str:
    return (
        _e(
            "path",
            d="M-0.5,0.3 Q-0.9,0.2 -0.7,0.55 L-0.3,0.55 M0.5,0.3 Q0.9,0.2 0.7,0.55 L0.3,0.55",
            **{**LINE, "stroke": "#2e7d32", "stroke_width": 0.16},
        )
        + _e("ellipse", cx=0, cy=0.15, rx=0.55, ry=0.38, fill="#43a047")
        + _e("circle", cx=-0.25, cy=-0.2, r=0.16, fill="#43a047")
        + _e("circle", cx=0.25, cy=-0.2, r=0.16, fill="#43a047")
        + _e("circle", cx=-0.25, cy=-0.22, r=0.07, fill=DARK)
        + _e("circle", cx=0.25, cy=-0.22, r=0.07, fill=DARK)
        + _e("path", d="M-0.25,0.2 Q0,0.35 0.25,0.2", **{**LINE, "stroke_width": 0.05})
    )


def _fish() -> str:
    return (
        _e("path", d="M-0.5,0 L-0.9,-0.3 L-0.9,0.3 Z", fill="#6d7f8c")
        + _e("ellipse", cx=0, cy=0, rx=0.6, ry=0.3, fill="#6d7f8c")
        + _e(
            "path",
            d="M0.55,0.05 Q0.8,0.2 0.85,0.45 M0.55,0.1 Q0.7,0.3 0.6,0.5 "
            "M0.55,-0.05 Q0.8,-0.2 0.85,-0.4",
            **{**LINE, "stroke_width": 0.05},
        )
        + _e("circle", cx=0.35, cy=-0.08, r=0.05, fill="#fff")
    )


def _scorpion() -> str:
    return (
        _e(
            "path",
            d="M-0.3,0.1 Q-0.8,0.1 -0.75,-0.4 Q-0.7,-0.7 -0.45,-0.55",
            **{**LINE, "stroke": "#8d5524", "stroke_width": 0.14},
        )
        + _e("ellipse", cx=0.05, cy=0.1, rx=0.38, ry=0.2, fill="#8d5524")
        + _e(
            "path",
            d="M0.4,0.05 Q0.7,-0.25 0.85,-0.1 M0.4,0.15 Q0.7,0.45 0.85,0.3",
            **{**LINE, "stroke": "#8d5524", "stroke_width": 0.1},
        )
        + _e(
            "path",
            d="M-0.15,0.25 l-0.1,0.25 M0.05,0.28 l0,0.25 M0.2,0.25 l0.1,0.25",
            **{**LINE, "stroke_width": 0.05},
        )
    )


def _bat() -> str:
    return _e(
        "path",
        d="M0,-0.1 Q-0.4,-0.6 -0.95,-0.3 Q-0.7,-0.05 -0.75,0.2 Q-0.5,0.05 -0.35,0.25 "
        "Q-0.2,0.05 0,0.2 Q0.2,0.05 0.35,0.25 Q0.5,0.05 0.75,0.2 Q0.7,-0.05 0.95,-0.3 "
        "Q0.4,-0.6 0,-0.1 Z",
        fill="#4a3b55",
    ) + _e("path", d="M-0.12,-0.15 l0.04,-0.18 l0.08,0.1 l0.08,-0.1 l0.04,0.18 Z", fill="#4a3b55")


def _baboon() -> str:
    return (
        _e(
            "path",
            d="M-0.3,0.4 Q-0.9,0.4 -0.8,-0.1",
            **{**LINE, "stroke": "#8b7d5b", "stroke_width": 0.12},
        )
        + _e("ellipse", cx=0, cy=0.25, rx=0.42, ry=0.38, fill="#8b7d5b")
        + _e("circle", cx=0.05, cy=-0.35, r=0.3, fill="#8b7d5b")
        + _e("ellipse", cx=0.22, cy=-0.28, rx=0.18, ry=0.12, fill="#d98e8e")
        + _e("circle", cx=0.05, cy=-0.42, r=0.04, fill="#fff")
    )


def _meerkat() -> str:
    return (
        _e("ellipse", cx=0, cy=0.2, rx=0.22, ry=0.5, fill="#c8a26a")
        + _e("circle", cx=0.02, cy=-0.45, r=0.18, fill="#c8a26a")
        + _e("ellipse", cx=0.0, cy=-0.45, rx=0.12, ry=0.06, fill=DARK)
        + _e("path", d="M0.18,-0.4 l0.15,0.04", **{**LINE, "stroke_width": 0.06})
        + _e(
            "path",
            d="M-0.15,0.65 Q-0.5,0.75 -0.55,0.5",
            **{**LINE, "stroke": "#c8a26a", "stroke_width": 0.1},
        )
    )


def _otter() -> str:
    return (
        _e(
            "path",
            d="M-0.5,0.15 Q-0.95,0.3 -0.95,0.05",
            **{**LINE, "stroke": "#6b4a2b", "stroke_width": 0.18},
        )
        + _legs((-0.3, 0.3), 0.1, 0.4, "#6b4a2b", 0.14)
        + _e("ellipse", cx=0, cy=0.05, rx=0.62, ry=0.2, fill="#6b4a2b")
        + _e("circle", cx=0.65, cy=-0.05, r=0.18, fill="#6b4a2b")
        + _e(
            "path",
            d="M0.8,0 l0.15,-0.04 M0.8,0.04 l0.15,0.04",
            **{**LINE, "stroke": "#fff", "stroke_width": 0.03},
        )
    )


def _hippo() -> str:
    return (
        _legs((-0.4, -0.15, 0.15, 0.4), 0.2, 0.6, "#8e7f8f", 0.2)
        + _e("ellipse", cx=-0.05, cy=0.05, rx=0.65, ry=0.42, fill="#8e7f8f")
        + _e("ellipse", cx=0.62, cy=0.05, rx=0.3, ry=0.28, fill="#8e7f8f")
        + _e("circle", cx=0.5, cy=-0.25, r=0.07, fill="#8e7f8f")
        + _e("circle", cx=0.8, cy=0.0, r=0.04, fill=DARK)
    )


def _elephant() -> str:
    return (
        _legs((-0.4, -0.15, 0.2, 0.4), 0.2, 0.75, "#9e9e9e", 0.2)
        + _e("ellipse", cx=-0.05, cy=0.05, rx=0.6, ry=0.4, fill="#9e9e9e")
        + _e("circle", cx=0.55, cy=-0.25, r=0.28, fill="#9e9e9e")
        + _e(
            "path",
            d="M0.75,-0.15 Q0.95,0.3 0.8,0.6",
            **{**LINE, "stroke": "#9e9e9e", "stroke_width": 0.14},
        )
        + _e(
            "ellipse",
            cx=0.4,
            cy=-0.2,
            rx=0.2,
            ry=0.3,
            fill="#bdbdbd",
            stroke=DARK,
            stroke_width=0.04,
        )
        + _e("path", d="M0.7,0.0 l0.12,0.12", stroke="#fff", stroke_width=0.06)
    )


def _crocodile() -> str:
    return _lizard("#4f6b2f", jaw=0.35, ridges=True)


def _flamingo() -> str:
    return (
        _e(
            "path",
            d="M0,0.3 L0,0.95 M0,0.6 l0.2,-0.1",
            **{**LINE, "stroke": "#e57399", "stroke_width": 0.06},
        )
        + _e("ellipse", cx=-0.1, cy=0.1, rx=0.4, ry=0.22, fill="#f48fb1")
        + _e(
            "path",
            d="M0.2,0.0 Q0.45,-0.3 0.2,-0.5 Q0.0,-0.7 0.3,-0.8",
            **{**LINE, "stroke": "#f48fb1", "stroke_width": 0.1},
        )
        + _e("path", d="M0.3,-0.82 l0.22,0.08 l-0.05,0.12 Z", fill=DARK)
    )


def _owl() -> str:
    return (
        _e("ellipse", cx=0, cy=0.1, rx=0.45, ry=0.55, fill="#8d6e63")
        + _e(
            "path",
            d="M-0.35,-0.35 l-0.05,-0.3 l0.25,0.2 M0.35,-0.35 l0.05,-0.3 l-0.25,0.2",
            fill="#8d6e63",
        )
        + _e("circle", cx=-0.17, cy=-0.15, r=0.15, fill="#fff8e1")
        + _e("circle", cx=0.17, cy=-0.15, r=0.15, fill="#fff8e1")
        + _e("circle", cx=-0.17, cy=-0.15, r=0.07, fill=DARK)
        + _e("circle", cx=0.17, cy=-0.15, r=0.07, fill=DARK)
        + _e("path", d="M-0.06,0.02 L0.06,0.02 L0,0.14 Z", fill="#f2b134")
    )


def _salamander() -> str:
    return _lizard(
        "#222",
        _spots("#ffd600", ((-0.25, -0.03), (0.0, 0.04), (0.22, -0.04), (-0.7, -0.1)), 0.06),
        jaw=0.1,
    )


def _badger() -> str:
    marks = _e("path", d="M0.55,-0.4 L0.95,-0.3", stroke="#fff", stroke_width=0.08)
    return _hoofed("#5f5f5f", "ears", head_colour="#5f5f5f", marks=marks, tail=False)


def _bushpig() -> str:
    tusk = _e("path", d="M0.85,-0.2 l0.08,-0.12", stroke="#fff", stroke_width=0.06)
    snout = _e("rect", x=0.85, y=-0.3, width=0.12, height=0.14, rx=0.03, fill="#c06a4a")
    return _hoofed("#b5553a", "ears", marks=snout + tusk)


DRAWINGS: dict[str, Callable[[], str]] = {
    "salamander": _salamander,
    "impala": lambda: _hoofed("#c68a4a", "lyre"),
    "badger": _badger,
    "vulture": lambda: _bird("#5d4037", beak="#bbb", head="#e9a0a0"),
    "giraffe": lambda: _hoofed(
        "#e6b450", "ears", neck=0.45, marks=_spots("#8d5524", SPOTS, 0.07), tail=False
    ),
    "hippo": _hippo,
    "kudu": lambda: _hoofed("#9c7b5a", "spiral", marks=_stripes()),
    "bushpig": _bushpig,
    "otter": _otter,
    "owl": _owl,
    "meerkat": _meerkat,
    "zebra": lambda: _hoofed("#f5f5f5", "ears", marks=_stripes()),
    "bat": _bat,
    "deer": lambda: _hoofed("#a0522d", "antlers", neck=0.1),
    "crocodile": _crocodile,
    "snake": _snake,
    "baboon": _baboon,
    "elephant": _elephant,
    "lizard": lambda: _lizard("#7cb342", jaw=0.1),
    "tortoise": _tortoise,
    "eagle": lambda: _bird("#5d4037", head="#fff", wings=True),
    "scorpion": _scorpion,
    "catfish": _fish,
    "rhino": lambda: _hoofed("#8a8a8a", "nose", tail=False),
    "lion": lambda: _cat("#d9a441", "", mane=True),
    "shoebill": lambda: _bird("#78909c", beak="#c9b27c", legs=0.45, bill=0.4),
    "leopard": lambda: _cat("#e0b050", _spots(DARK, SPOTS, 0.06)),
    "buffalo": lambda: _hoofed("#3b3b3b", "broad", head_colour="#2b2b2b"),
    "flamingo": _flamingo,
    "frog": _frog,
    "wildebeest": lambda: _hoofed("#5a5a6e", "hook", head_colour="#3d3d4d"),
    "cheetah": lambda: _cat("#e8c46a", _spots(DARK, SPOTS[:5], 0.035), slender=True),
    "bee": lambda: _insect("#f6c90e", 3),
    "bumblebee": lambda: _insect("#f6c90e", 2, round_body=True),
    "butterfly": _butterfly,
}


def icon(species: str, cx: float, cy: float, r: float) -> str:
    """The icon of ``species`` centred on (cx, cy), ``r`` its half size (a paw if unknown)."""
    drawing = DRAWINGS.get(species)
    body = drawing() if drawing else _e("circle", cx=0, cy=0, r=0.6, fill=DARK)
    return element(
        "g", body, transform=f"translate({cx:g},{cy:g}) scale({r:g})", class_=f"icon icon-{species}"
    )
