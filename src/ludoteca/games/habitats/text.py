"""The Habitats text board: the market, the held tile, each park and the score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.engine import Message

from .park import Park
from .tiles import TileKind, sides_of

if TYPE_CHECKING:
    from .game import HabitatsState


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
            elif state.market[pos] is None:
                cells.append("  .  ")
            else:
                kind = game.tiles.by_id(state.market[pos])
                # a road tile is turned only when placed: the market shows its number of roads
                code = f"R{kind.roads.bit_count()}" if kind.is_road else short(kind, kind.roads)
                cells.append(f"{LAND_LETTER[kind.landscape]}{code:<3} ")
        lines.append(f"{row + 1} " + "|".join(cells))
    lines.append("  " + "|".join(f"  {chr(97 + c)}  " for c in range(layout.width)))
    if state.held is not None:
        tile = Message(f"habitats.tile.{state.held.id}")
        player = state.turn % game.num_players + 1
        lines.append(say(lang, "habitats.board.holds", player=player, tile=tile))
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
        for row in state.score_sheet():
            years = "".join(f"{p:>8}" for p in row["goals"])
            lines.append(f"  {row['player']:>6}{years} {row['park']:>5} {row['total']:>6}")
        best = ", ".join(str(w + 1) for w in state.winners())
        lines.append(say(lang, "habitats.board.winner", players=best))
    return "\n".join(lines)


def park_text(park: Park) -> list[str]:
    rows = park.memo.get("text")
    if rows is None:
        rows = park.memo["text"] = _park_text(park)
    return rows


def _park_text(park: Park) -> list[str]:
    low_x, low_y, high_x, high_y = park.bounds()
    fulfilled = park.score().fulfilled
    rows = []
    for y in range(high_y, low_y - 1, -1):
        cells = []
        for x in range(low_x, high_x + 1):
            placed = park.tiles.get((x, y))
            if placed is None:
                cells.append("  .  ")
                continue
            kind, mask = placed
            mark = {True: "+", False: "-"}.get(fulfilled.get((x, y)), " ")
            cells.append(f"{LAND_LETTER[kind.landscape]}{short(kind, mask):<3}{mark}")
        rows.append(f"{y:>3} " + " ".join(cells))
    rows.append("    " + " ".join(f"{x:^5}" for x in range(low_x, high_x + 1)))
    return rows
