"""Pictures on the rules pages: each game's view draws them from real positions, and the
rendered rules text gets them where it says ``[picture: name]`` (the rest at its end)."""

from __future__ import annotations

import html
import re
from functools import cache

from ludoteca.engine.parts import Illustrated, Picture
from ludoteca.games import registry

MARKER = re.compile(r"<p>\[picture: ([\w-]+)\]</p>\n?")
IDS = re.compile(r'(\bid="|href="#|url\(#)([^"\)]+)')


def scoped(svg: str, prefix: str) -> str:
    """``svg`` with every id (and each reference to one) prefixed, so that several pictures
    of one page never share an id."""
    return IDS.sub(lambda m: f"{m[1]}{prefix}-{m[2]}", svg)


def figure(picture: Picture, game_id: str, lang: str) -> str:
    caption = html.escape(picture.caption.text(lang))
    body = scoped(picture.svg, f"{game_id}-{picture.name}")
    body = body.replace("<svg ", f'<svg aria-label="{caption}" ', 1)
    return (
        f'<figure class="rules-picture" id="picture-{picture.name}">{body}'
        f"<figcaption>{caption}</figcaption></figure>\n"
    )


@cache
def figures(game_id: str, lang: str) -> dict[str, str]:
    """The game's rules pictures in ``lang`` as HTML figures, by name ({} without any)."""
    view = registry.view(game_id)
    if not isinstance(view, Illustrated):
        return {}
    return {p.name: figure(p, game_id, lang) for p in view.pictures(lang)}


def illustrated(page: str, game_id: str, lang: str) -> str:
    """The rendered rules ``page`` with the game's pictures in place."""
    found = figures(game_id, lang) if game_id in registry.ids() else {}
    used: set[str] = set()

    def place(match: re.Match[str]) -> str:
        used.add(match[1])
        return found.get(match[1], "")

    page = MARKER.sub(place, page)
    return page + "".join(body for name, body in found.items() if name not in used)
