"""The Habitats text board: the market, the held tile, each park and the score sheet."""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludoteca.engine import Message

from .park import Park
from .tiles import TileKind, TileSet, market_square, sides_of

if TYPE_CHECKING:
    from .game import HabitatsState

TEXT_WIDTH = 100  # the text board fits a terminal this wide
CELL_WIDTH = 6  # a park cell of the text board and the space after it


def say(lang: str, key: str, **params: Any) -> str:
    return Message(key, params).text(lang)


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


def text_board(state: HabitatsState, lang: str = "en") -> str:
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
        player = state.turn % game.num_players + 1
        lines.append(say(lang, "habitats.board.holds", player=player, tile=tile))
    lines += _needs(state, lang)
    for seat, park in enumerate(state.parks):
        goals = sum(state.goal_points[seat])
        score = park.score().total
        lines.append(
            say(
                lang,
                "habitats.board.player",
                player=seat + 1,
                total=goals + score,
                goals=goals,
                park=score,
                n=state.turns_left(seat),
            )
        )
        lines += ["  " + line for line in park_text(park)]
    if state.phase == "end":
        lines.append(say(lang, "habitats.board.sheet"))
        lines.append("  " + say(lang, "habitats.board.columns"))
        for sheet_row in state.score_sheet():
            years = "".join(f"{p:>8}" for p in sheet_row["goals"])
            player, park_points, total = sheet_row["player"], sheet_row["park"], sheet_row["total"]
            lines.append(f"  {player:>6}{years} {park_points:>5} {total:>6}")
        best = ", ".join(str(w + 1) for w in state.winners())
        lines.append(say(lang, "habitats.board.winner", players=best))
    lines += _legend(lang)
    return "\n".join(lines)


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
