"""Habitats in words: prompts, action labels, refusals, the log's lines and the text board.

Everything here reads the position and says it; the rules are in the compiled core (see
``game.py``). The refusals are a table (``REFUSALS``): small checks asked in turn, the first
that has something to say explains why an action is not legal.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludoteca.engine import TERMINAL, Message, Seat

from .move import Move
from .park import Park
from .tiles import (
    SIDES,
    TileKind,
    TileSet,
    market_square,
    parse_market_square,
    parse_spot,
    sides_of,
    spot_name,
)

if TYPE_CHECKING:
    from .game import HabitatsState

TEXT_WIDTH = 100  # the text board fits a terminal this wide
CELL_WIDTH = 6  # a park cell of the text board and the space after it
# a park cell as the board and the log show it, with road sides: "1,-2", "1,-2 NE", "1,-2:NE"
CELL = re.compile(r"(-?\d{1,4})\s*,\s*(-?\d{1,4})(?:\s*[: ]\s*([NESWnesw]{1,4}))?")
# a park cell by its name, "→1 ↓2", with road sides: "→1 ↓2 NE", "→1 ↓2:NE"
SPOT_TYPED = re.compile(r"([→←↑↓\d\s]+?)(?:\s*[:,]?\s*([NESWnesw]{1,4}))?")


def say(lang: str, key: str, **params: Any) -> str:
    return Message(key, params).text(lang)


def tile_name(tile_id: str) -> Message:
    return Message(f"habitats.tile.{tile_id}")


# -- prompts, labels and the log ----------------------------------------------------------


def prompt(state: HabitatsState, seat: int | None) -> Message | None:
    """What the seat to move is asked, or the end; None where the engine's words do."""
    player = state.current_player
    if player == TERMINAL:
        return Message("habitats.end.last_turn", {"result": state.winner_words()})
    if seat is None or seat != player or player < 0:
        return None
    if state.phase == "take":
        return Message("habitats.prompt.take", {"n": state.turns_left(seat)})
    if state.legal_actions() == ["discard"]:
        return Message("habitats.prompt.discard", {"tile": tile_name(state.in_hand.id)})
    key = "habitats.prompt.place_road" if state.in_hand.is_road else "habitats.prompt.place"
    return Message(key, {"tile": tile_name(state.in_hand.id)})


def _where(move: Move) -> dict[str, Any]:
    assert move.cell is not None, "a placement names its cell"
    x, y = move.cell
    return {"x": x, "y": y, "spot": spot_name(move.cell)}


def label(state: HabitatsState, move: Move) -> Message:
    if move.kind == "take":
        tile = state.market.get(move.cell) if move.cell is not None else None
        return Message("habitats.label.take", {"square": move.name, "tile": tile_name(tile or "")})
    if move.kind == "discard":
        return Message("habitats.label.discard")
    if move.mask:
        return Message("habitats.label.place_road", {**_where(move), "roads": sides_of(move.mask)})
    return Message("habitats.label.place", _where(move))


def describe(seat: int, move: Move) -> Message:
    """The log's line of ``move`` by ``seat`` (or by chance)."""
    if move.kind == "goal":
        return Message(f"habitats.log.goal.{move.name}")
    if move.kind == "draw":
        return Message(f"habitats.log.drawn.{move.name}")
    if move.kind == "take":
        return Message("habitats.log.take", {"player": Seat(seat), "square": move.name})
    if move.kind == "discard":
        return Message("habitats.log.discard", {"player": Seat(seat)})
    params = {"player": Seat(seat), **_where(move)}
    if move.mask:
        return Message("habitats.log.place_road", {**params, "roads": sides_of(move.mask)})
    return Message("habitats.log.place", params)


def consequence(
    before: HabitatsState, after: HabitatsState, seat: int, move: Move
) -> Message | None:
    """The tile taken; the tile placed with the park's new score; the year's goals."""
    if seat < 0:
        return None
    if move.kind == "take":
        return Message("habitats.log.took", {"tile": tile_name(after.in_hand.id)})
    if move.kind != "place":
        return None
    park = after.park_score(seat)
    placed = Message(
        "habitats.log.placed",
        {
            "tile": tile_name(before.in_hand.id),
            "park": park,
            "gain": f"{park - before.park_score(seat):+d}",
        },
    )
    year = len(after.goal_points[seat])
    if year == len(before.goal_points[seat]):
        return placed
    points = tuple(
        Message("habitats.log.goal_points", {"player": Seat(s), "points": f"+{p[-1]}"})
        for s, p in enumerate(after.goal_points)
    )
    goals = Message("habitats.log.goals", {"year": year, "points": points})
    return Message("core.log.and", {"first": placed, "second": goals})


def canonical(state: HabitatsState, action: str) -> str:
    """As the board and the log show them: a market square ``b2`` is ``take:b2``; a park
    cell ``1,-2`` or ``→1 ↓2`` (its name in the picture and the labels) is ``place:1,-2``,
    with roads ``1,-2 NE``, ``1,-2:NE`` or ``→1 ↓2 NE``."""
    typed = action.strip()
    if state.phase == "take" and parse_market_square(typed) is not None:
        return f"take:{typed}"
    for prefix in ("place at ", "place "):
        typed = typed.removeprefix(prefix)
    typed = typed.replace(", roads ", " ")
    named = SPOT_TYPED.fullmatch(typed)
    spot = parse_spot(named[1]) if named else None
    if spot is not None and named is not None:
        typed = f"{spot[0]},{spot[1]}" + (f" {named[2]}" if named[2] else "")
    cell = CELL.fullmatch(typed)
    if state.phase != "place" or cell is None:
        return action
    sides = "".join(side for side in SIDES if side in (cell[3] or "").upper())
    return f"place:{cell[1]},{cell[2]}" + (f":{sides}" if sides else "")


# -- refusals: why an action is not legal -------------------------------------------------

Refusal = Callable[["HabitatsState", Move, str], Message | None]


def refusal(state: HabitatsState, action: str) -> Message | None:
    """Why ``action`` is refused, by the first refusal of ``REFUSALS`` that applies; None
    where the engine's words do."""
    if not isinstance(action, str):
        return None
    try:
        move = Move.parse(action)
    except ValueError:
        move = None
    if move is None or move.kind in ("goal", "draw"):
        return Message("habitats.illegal.format", {"action": action})
    if state.current_player < 0:
        return None
    for check in REFUSALS:
        found = check(state, move, action)
        if found is not None:
            return found
    return Message("core.illegal.not_legal", {"action": action})


def _out_of_phase(state: HabitatsState, move: Move, action: str) -> Message | None:
    if state.phase == "take" and move.kind != "take":
        return Message("habitats.illegal.take_first", {"action": action})
    if state.phase == "place" and move.kind == "take":
        return Message("habitats.illegal.place_first", {"action": action})
    return None


def _no_tile_there(state: HabitatsState, move: Move, action: str) -> Message | None:
    if move.kind != "take":
        return None
    if move.cell is None or move.cell not in state.market:
        return Message("habitats.illegal.no_space", {"square": move.name})
    if state.market[move.cell] is None:
        return Message("habitats.illegal.no_tile", {"square": move.name})
    return None


def _not_first_in_line(state: HabitatsState, move: Move, action: str) -> Message | None:
    if move.kind != "take" or move.cell is None:
        return None
    side, first = state.first_tile_towards(move.cell)
    if side < 0:
        return Message("habitats.illegal.not_in_line", {"square": move.name})
    if first is not None and first != move.cell:
        return Message(
            "habitats.illegal.not_first", {"square": move.name, "first": market_square(first)}
        )
    return Message("habitats.illegal.behind", {"square": move.name})


def _discard_with_room(state: HabitatsState, move: Move, action: str) -> Message | None:
    if move.kind == "discard":
        return Message("habitats.illegal.discard", {"tile": tile_name(state.in_hand.id)})
    return None


def _fits_nowhere(state: HabitatsState, move: Move, action: str) -> Message | None:
    if state.legal_actions() == ["discard"]:
        return Message("habitats.illegal.fits_nowhere", {"tile": tile_name(state.in_hand.id)})
    return None


def _roads_wanted(state: HabitatsState, move: Move, action: str) -> Message | None:
    held, sides = state.in_hand, move.sides
    if held.is_road and sides is None:
        return Message("habitats.illegal.needs_roads", {"tile": tile_name(held.id)})
    if not held.is_road and sides is not None:
        return Message("habitats.illegal.no_roads", {"tile": tile_name(held.id)})
    return None


def _roads_of_the_tile(state: HabitatsState, move: Move, action: str) -> Message | None:
    held, mask = state.in_hand, move.mask
    if not held.is_road:
        return None
    if mask >= 0 and sides_of(mask) != move.sides:
        return Message(
            "habitats.illegal.roads_order", {"roads": move.sides, "fixed": sides_of(mask)}
        )
    if mask not in held.orientations:
        options = ", ".join(sides_of(m) for m in held.orientations)
        return Message(
            "habitats.illegal.bad_roads",
            {"roads": move.sides, "tile": tile_name(held.id), "options": options},
        )
    return None


def _cell_taken(state: HabitatsState, move: Move, action: str) -> Message | None:
    assert move.cell is not None, "a placement names its cell"
    found = state.parks[state.current_player].refusal(move.cell, move.mask)
    return None if found is None else Message(*found)


# asked in this order (each may assume the ones before found nothing)
REFUSALS: tuple[Refusal, ...] = (
    _out_of_phase,
    _no_tile_there,
    _not_first_in_line,
    _discard_with_room,
    _fits_nowhere,
    _roads_wanted,
    _roads_of_the_tile,
    _cell_taken,
)


# -- the text board -----------------------------------------------------------------------


def short(kind: TileKind, mask: int) -> str:
    """A three-letter code for the text board."""
    if kind.kind in ("animal", "insect"):
        return kind.id[:3]
    if kind.kind == "flower":
        return "flo"
    if kind.kind == "watchtower":
        return {"line": "T|", "diagonal": "Tx", "adjacent": "T+", "around": "T#"}[kind.view] + " "
    if kind.kind == "tourist":
        return "BIG" if kind.tourists == "big" else "MNY"
    if kind.kind == "road":
        sides = sides_of(mask)
        return sides if len(sides) == 3 else f"={sides:<2}"
    return "ENT"


LAND_LETTER = {"grassland": "g", "forest": "f", "dryland": "d", "water": "w", None: "#"}


def text_board(state: HabitatsState, lang: str = "en", names: Sequence[str] = ()) -> str:
    """The text board in ``lang``, each seat written as its name in ``names`` (empty:
    "Player N")."""

    def said(key: str, **params: Any) -> str:
        return Message(key, params).text(lang, names)

    game = state.game
    lines = [
        say(
            lang,
            "habitats.board.head",
            players=game.num_players,
            year=state.year,
            turn=min(state.turn + 1, game.total_turns),
            total=game.total_turns,
            stock=sum(state.stock),
        )
    ]
    for i, goal in enumerate(state.goals):
        name = Message(f"habitats.goal.{goal}")
        lines.append("  " + say(lang, "habitats.board.goal", year=i + 1, goal=name))
    lines.append(say(lang, "habitats.board.market", players=game.num_players))
    layout = game.layout
    facing = {"N": "^", "E": ">", "S": "v", "W": "<"}
    figure_at = {pos: (seat, f) for seat, (pos, f) in enumerate(state.figures)}
    for row in range(layout.height - 1, -1, -1):
        cells = []
        for col in range(layout.width):
            pos = (col, row)
            if pos in figure_at:
                seat, f = figure_at[pos]
                cells.append(f" P{seat + 1}{facing[f]} ")
            elif pos not in state.market:
                cells.append("     ")
            elif (tile_id := state.market[pos]) is None:
                cells.append("  .  ")
            else:
                kind = game.tiles.by_id(tile_id)
                # a road tile is turned only when placed: the market shows its number of roads
                code = f"R{kind.roads.bit_count()}" if kind.is_road else short(kind, kind.roads)
                cells.append(f"{LAND_LETTER[kind.landscape]}{code:<3} ")
        lines.append(f"{row + 1} " + "|".join(cells))
    lines.append("  " + "|".join(f"  {chr(97 + c)}  " for c in range(layout.width)))
    if state.held is not None:
        tile = Message(f"habitats.tile.{state.held.id}")
        player = Seat(state.turn % game.num_players)
        lines.append(said("habitats.board.holds", player=player, tile=tile))
    lines += _needs(state, lang)
    totals = state.scores()
    for seat, park in enumerate(state.parks):
        goals = sum(state.goal_points[seat])
        score = park.score().total
        lines.append(
            said(
                "habitats.board.player",
                player=Seat(seat),
                total=totals[seat],
                goals=goals,
                park=score,
                n=state.turns_left(seat),
            )
        )
        lines += ["  " + line for line in park_text(park)]
    if state.phase == "end":
        lines += _sheet_text(state, lang, names)
    lines += _legend(lang)
    return "\n".join(lines)


def _sheet_text(state: HabitatsState, lang: str, names: Sequence[str]) -> list[str]:
    """The final score sheet: a row per seat under the columns' heads, its name first (the
    name's column as wide as the longest), and the winners."""
    head, _, rest = say(lang, "habitats.board.columns").partition("  ")
    seats = [Seat(seat).text(lang, names) for seat in range(state.game.num_players)]
    width = max(len(head), *map(len, seats))
    lines = [say(lang, "habitats.board.sheet"), f"  {head:<{width}}  {rest}"]
    for name, row in zip(seats, state.score_sheet(), strict=True):
        years = "".join(f"{p:>8}" for p in row["goals"])
        lines.append(f"  {name:<{width}}{years} {row['park']:>5} {row['total']:>6}")
    best = tuple(Seat(w) for w in state.winners())
    lines.append(Message("habitats.board.winner", {"players": best}).text(lang, names))
    return lines


@lru_cache(maxsize=16)
def _legend(lang: str) -> tuple[str, ...]:
    """The legend under the board, wrapped (the same for every position)."""
    lines: list[str] = []
    for key in (
        "habitats.board.legend_land",
        "habitats.board.legend_tile",
        "habitats.board.legend_mark",
    ):
        lines += textwrap.wrap(say(lang, key), TEXT_WIDTH, subsequent_indent="  ")
    return tuple(lines)


def code(kind: TileKind, mask: int) -> str:
    """The board's code of a tile: landscape letter and short name (``gzeb``, ``#T#``)."""
    short_name = f"R{kind.roads.bit_count()}" if kind.is_road and not mask else short(kind, mask)
    return f"{LAND_LETTER[kind.landscape]}{short_name.rstrip()}"


def need(kind: TileKind, lang: str) -> str:
    """What a tile needs to score, and what it scores, in words."""
    name = Message(f"habitats.tile.{kind.id}")
    if kind.kind == "animal":
        demand = ", ".join(
            say(lang, "habitats.need.count", n=n, land=Message(f"habitats.land.{land}"))
            for land, n in kind.demand
        )
        return say(lang, "habitats.need.animal", tile=name, vp=kind.vp, demand=demand)
    if kind.kind == "insect":
        return say(lang, "habitats.need.insect", tile=name, vp=kind.vp, n=kind.flowers)
    if kind.kind == "watchtower":
        view = Message(f"habitats.need.view.{kind.view}")
        return say(
            lang,
            "habitats.need.tower",
            tile=name,
            animals=kind.animal_vp,
            flowers=kind.flower_vp,
            view=view,
        )
    if kind.kind == "tourist":
        return say(lang, f"habitats.need.{kind.tourists}", tile=name)
    if kind.kind == "road":
        return say(lang, "habitats.need.road", tile=name, vp=kind.vp)
    return say(lang, "habitats.need.flower", tile=name, vp=kind.vp)


def tiles_text(tiles: TileSet, lang: str) -> str:
    """Every tile kind of the stock with its code, its count and what it needs and scores."""
    lines = textwrap.wrap(say(lang, "habitats.board.tiles"), TEXT_WIDTH)
    for kind in tiles.kinds:
        line = f"  {code(kind, kind.roads):<5} ×{kind.count}  {need(kind, lang)}"
        lines += textwrap.wrap(line, TEXT_WIDTH, subsequent_indent=" " * 12)
    return "\n".join(lines)


def _needs(state: HabitatsState, lang: str) -> list[str]:
    """One line per market tile (and the tile in hand): its code and what it needs."""
    tiles = state.game.tiles
    shown = [
        (market_square(pos), tiles.by_id(tile_id))
        for pos, tile_id in sorted(state.market.items(), key=lambda item: (-item[0][1], item[0][0]))
        if tile_id is not None
    ]
    if state.held is not None:
        shown.append((say(lang, "habitats.board.in_hand"), state.held))
    lines = [say(lang, "habitats.board.needs")]
    for where, kind in shown:
        lines += _need_lines(where, kind, lang)
    return lines


@lru_cache(maxsize=4096)
def _need_lines(where: str, kind: TileKind, lang: str) -> tuple[str, ...]:
    """A tile's line of ``_needs``, wrapped (a few tiles, squares and languages: kept)."""
    line = f"  {where:<4} {code(kind, 0):<5} {need(kind, lang)}"
    return tuple(textwrap.wrap(line, TEXT_WIDTH, subsequent_indent=" " * 13))


def park_text(park: Park) -> list[str]:
    rows = park.memo.get("text")
    if rows is None:
        rows = park.memo["text"] = _park_text(park)
    return rows


# park columns per band of the text board: 2 + 4 + 6 per column, within TEXT_WIDTH
BAND = (TEXT_WIDTH - 6 + 1) // CELL_WIDTH


def _park_text(park: Park) -> list[str]:
    """The park as rows of cell codes; a park wider than the board is cut into bands of
    columns, one under the other, each with its own x axis."""
    low_x, low_y, high_x, high_y = park.bounds()
    fulfilled = park.score().fulfilled
    rows = []
    for start in range(low_x, high_x + 1, BAND):
        columns = range(start, min(start + BAND, high_x + 1))
        for y in range(high_y, low_y - 1, -1):
            cells = []
            for x in columns:
                placed = park.tiles.get((x, y))
                if placed is None:
                    cells.append("  .  ")
                    continue
                kind, mask = placed
                met = fulfilled.get((x, y))
                mark = " " if met is None else "+" if met else "-"
                cells.append(f"{LAND_LETTER[kind.landscape]}{short(kind, mask):<3}{mark}")
            rows.append(f"{y:>3} " + " ".join(cells))
        rows.append("    " + " ".join(f"{x:^5}" for x in columns))
    return rows
