"""Every seat told apart and every picture readable (issue 35), measured in Chromium: the seat
palettes under Chromium's own colour-vision emulation, the pictures' text sizes and cut words
of every game at its largest player count at both sizes in four languages, and axe in normal
and high contrast. Screenshots go to $LUDOTECA_SHOTS (else tests/web/shots) for a look."""

from __future__ import annotations

import io
import json
import random

import pytest

from ludoteca import load_game
from ludoteca.engine.palette import PALETTES
from ludoteca.games import registry
from tests.engine.colour_vision import MACHADO, closest_pair

from .test_browser import REAL_GAMES, SHOTS, browser, server  # noqa: F401  (fixtures)
from .test_client_browser import VIEWPORTS, make_room, open_room, serious

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGS = ("en", "de", "fr", "ru")
LEAST_TEXT = 10  # CSS px: the smallest text of every picture, five-player Habitats' too
# the games whose every text is at least LEAST_TEXT at both sizes (the smallest text of every
# game is printed, at both sizes)
EVERY_TEXT_READABLE = ("potager", "hares", "habanero", "bohnen", "habitats")


def _largest(game_id: str) -> dict:
    options = {"players": registry.parts(game_id).game.max_players}
    return {"players": options["players"]} if options["players"] > 1 else {}


def _record(game_id: str, share: float = 0.8, seed: int = 5) -> dict:
    """A game played at random for ``share`` of its length (the parks well grown)."""
    game = load_game(game_id, **_largest(game_id))
    rng = random.Random(seed)
    states = [game.new_initial_state()]
    while not states[-1].is_terminal() and len(states) < 4000:
        state = states[-1]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        states.append(state.apply(action))
    actions = states[-1].history()
    return {
        "game": game_id,
        "options": _largest(game_id),
        "actions": actions[: int(len(actions) * share)],
    }


# -- the palettes as Chromium's emulation shows them -------------------------------------------

SWATCHES = """<body style="margin:0">{}</body>"""


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_chromium_shows_every_two_seats_apart_under_each_colour_vision(browser, vision):  # noqa: F811
    from PIL import Image

    page = browser.new_page(viewport={"width": 400, "height": 60})
    client = page.context.new_cdp_session(page)
    client.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
    for name, colours in PALETTES.items():
        cells = "".join(
            f'<div style="float:left;width:60px;height:60px;background:{c}"></div>' for c in colours
        )
        page.set_content(SWATCHES.format(cells))
        image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        seen = [
            "#{:02x}{:02x}{:02x}".format(*image.getpixel((30 + 60 * i, 30)))
            for i in range(len(colours))
        ]
        for game_id in REAL_GAMES:
            seats = registry.parts(game_id).game.max_players
            if seats < 2:
                continue
            difference, one, two = closest_pair(seen[:seats], None)  # already as Chromium sees
            assert difference >= 20, f"{vision}, {name}, {game_id}: seats {one + 1}, {two + 1}"
        print(vision, name, "seen as", seen)
    page.close()


# -- text sizes and cut words ------------------------------------------------------------------

MEASURE = """() => {
  const host = document.querySelector('#lt-board');
  const svg = host && host.shadowRoot && host.shadowRoot.querySelector('svg');
  if (!svg) return null;
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim());
  const sizes = texts.filter((t) => !t.closest('defs'))
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  const cut = texts.map((t) => t.textContent).filter((words) => words.includes('…'));
  // the tiles are drawn once in <defs> and placed by <use> at the picture's own scale
  const scale = svg.getScreenCTM().a;
  const tiles = [...svg.querySelectorAll('defs text')].filter((t) => t.textContent.trim())
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const clipped = [...document.querySelectorAll('table.scores td.name, .log li')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent);
  // a text wider than the part it names (a clickable part's first rectangle: a garden space)
  const wider = texts.filter((t) => !t.closest('defs') && t.parentNode.id).filter((t) => {
    const box = t.parentNode.querySelector(':scope > rect');
    return box && t.getBBox().width > box.getBBox().width + 1;
  }).map((t) => t.textContent);
  return { least: Math.min(...sizes, ...tiles), tiles: tiles.length ? Math.min(...tiles) : null, cut, clipped,
           wider, scale: svg.getScreenCTM().a, width: svg.getBoundingClientRect().width,
           // a picture wider than the board scrolls inside it, never the page
           page: document.documentElement.scrollWidth - window.innerWidth };
}"""


def _replay(page, server: str, record: dict, lang: str, palette: str = "default") -> dict:  # noqa: F811
    page.goto(server + "/static/favicon.svg")
    page.evaluate(
        """([record, lang, palette]) => {
            sessionStorage.setItem('ludoteca.replay', JSON.stringify(record));
            localStorage.setItem('ludoteca.lang', lang);
            localStorage.setItem('ludoteca.palette', palette); }""",
        [record, lang, palette],
    )
    page.goto(server + "/replay")
    page.wait_for_function(
        "() => { const h = document.querySelector('#lt-board');"
        " return h && h.shadowRoot && h.shadowRoot.querySelector('svg'); }",
        timeout=60_000,
    )
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_no_seat_name_or_header_is_cut_and_every_text_is_readable(browser, server, size):  # noqa: F811
    width, height = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    found = {}
    for game_id in REAL_GAMES:
        record = _record(game_id)
        for lang in LANGS:
            measured = _replay(page, server, record, lang)
            found[f"{game_id}/{lang}"] = measured
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"seats-{game_id}-{size}-{lang}.png"))
    context.close()
    print(
        json.dumps(
            {
                k: {
                    "least": round(v["least"], 1),
                    "tiles": v["tiles"] and round(v["tiles"], 1),
                    "scale": round(v["scale"], 2),
                }
                for k, v in found.items()
            }
        )
    )
    cut = {key: sorted(set(m["cut"])) for key, m in found.items() if m["cut"]}
    print("words cut with an ellipsis:", json.dumps(cut, ensure_ascii=False))
    for key, measured in found.items():
        # the seats' names, the park headers and the animals are never cut
        assert not key.startswith("habitats/") or not measured["cut"], f"{key}: {cut[key]}"
        assert not measured["clipped"], f"{key}: clipped {measured['clipped'][:5]}"
        assert measured["page"] <= 0, f"{key}: the page scrolls {measured['page']} px sideways"
    for game_id in EVERY_TEXT_READABLE:
        for lang in LANGS:
            measured = found[f"{game_id}/{lang}"]
            assert measured["least"] >= LEAST_TEXT, f"{game_id}/{lang}: {measured['least']:.1f} px"
            assert not measured["wider"], f"{game_id}/{lang}: {measured['wider']}"


# -- axe in normal and high contrast ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_axe_finds_nothing_serious_in_normal_and_high_contrast(browser, server, size, lang):  # noqa: F811
    """Every page a new player meets (lobby, a room of each game, its rules, the leaderboard,
    the account page, a profile), in each language, in normal and high contrast."""
    width, height = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems: list[str] = []

    def check(name: str) -> None:
        """axe on the page as loaded, then again with high contrast switched on in place by
        the header's toggle (as a player does; the page is left in normal contrast)."""
        for contrast in ("off", "on"):
            if page.evaluate("() => document.documentElement.classList.contains('contrast')") != (
                contrast == "on"
            ):
                page.evaluate("() => document.getElementById('lt-contrast').click()")
            problems.extend(f"{contrast} {name}: {p}" for p in serious(page))
        page.evaluate("() => document.getElementById('lt-contrast').click()")

    page.goto(server + "/static/favicon.svg")
    page.evaluate("(lang) => localStorage.setItem('ludoteca.lang', lang)", lang)
    for game_id in REAL_GAMES:
        seat = make_room(server, game_id, _largest(game_id))
        open_room(page, server, seat, lang)
        check(game_id)
        page.goto(f"{server}/rules/{game_id}")
        page.wait_for_selector("#lt-rules h1, #lt-rules h2, #lt-rules p")
        check(f"rules {game_id}")
    page.goto(server + "/")
    page.wait_for_selector("#lt-seat-1-kind, #lt-new-game, form", timeout=60_000)
    check("lobby")
    title = page.get_attribute("#lt-contrast", "title")
    assert title and not title.startswith("web."), title
    page.goto(server + "/leaderboard")
    page.wait_for_function("() => document.querySelector('main h1, #lt-main h1, h1')")
    check("leaderboard")
    page.goto(server + "/account")
    page.wait_for_selector("#lt-signup-form, #lt-signup-name, h1")
    check("account")
    # an account of its own (then signed in), its profile looked at
    page.fill("#lt-signup-name", f"Axe{size[:1]}{lang}{random.randrange(10**6)}")
    page.fill("#lt-signup-password", "a long enough password 1")
    page.click("#lt-signup-submit")
    page.wait_for_url("**/player/**")
    page.wait_for_function("() => document.querySelector('h1')")
    check("profile")
    context.close()
    assert not problems, problems
