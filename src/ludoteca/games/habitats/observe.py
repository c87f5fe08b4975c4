"""The observation of a Habitats position as plain data: the year, goals, market, figures and
each park with what its tiles score and why; and the ids of the picture's elements that a
legal action's clicks name (``clicks``)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludoteca.engine import Message

from . import goals as goal_rules
from .park import Park
from .tiles import MarketLayout, Pos, market_square, sides_of

if TYPE_CHECKING:
    from .game import HabitatsState
    from .move import Move


def park_cell_id(seat: int, pos: Pos) -> str:
    """The id of the picture's element of a cell of ``seat``'s park."""
    return f"park{seat}_x{pos[0]}_y{pos[1]}"


def clicks(state: HabitatsState, move: Move) -> list[str]:
    """The elements of the picture a player clicks for ``move``, legal in ``state``: the
    market square, or the park cell (and the road sides of an access-road tile), or the
    discard."""
    if move.kind == "take":
        return [f"mk-{move.name}"]
    seat = state.current_player
    if move.kind == "discard":
        return [f"discard-{seat}"]
    assert move.cell is not None
    cell = park_cell_id(seat, move.cell)
    return [cell, f"rot-{move.sides or ''}"] if state.in_hand.is_road else [cell]


def public(state: HabitatsState) -> dict[str, Any]:
    """What every seat sees of ``state`` (the game's keys of the observation)."""
    layout = state.game.layout
    n = state.game.num_players
    view: dict[str, Any] = {
        "year": state.year,
        "turn": state.turn,
        "turns_left": [state.turns_left(s) for s in range(n)],
        "goals": _goals(tuple(state.goals), tuple(state.parks)),
        "goal_points": [list(points) for points in state.goal_points],
        "market": _market(layout, tuple(sorted(state.market.items()))),
        "figures": [{"square": market_square(p), "facing": f} for p, f in state.figures],
        "held": state.held.id if state.held else None,
        "stock": sum(state.stock),
        "park_columns": list(PARK_COLUMNS),
        "parks": [park_json(park) for park in state.parks],
    }
    if state.phase == "end":
        view["score_sheet"] = score_sheet(state)
    return view


# the parts of the observation a move mostly leaves as they were, kept (issue 30); read only


@lru_cache(maxsize=1024)
def _goals(goals: tuple[str, ...], parks: tuple[Park, ...]) -> list[dict[str, Any]]:
    """The year's goals with each park's standing on them."""
    return [
        {
            "year": i + 1,
            "goal": goal,
            "name": Message(f"habitats.goal.{goal}").to_json(),
            "standing": [goal_rules.measure(goal, park) for park in parks],
        }
        for i, goal in enumerate(goals)
    ]


@lru_cache(maxsize=1024)
def _market(layout: MarketLayout, spaces: tuple[tuple[Pos, str | None], ...]) -> dict[str, Any]:
    """The market's size and what lies on each of its spaces."""
    return {
        "width": layout.width,
        "height": layout.height,
        "spaces": {market_square(pos): tile for pos, tile in spaces},
    }


def score_sheet(state: HabitatsState) -> list[dict[str, Any]]:
    """Each seat's goal points by year, park score and total."""
    totals = state.scores()
    return [
        {
            "player": seat + 1,
            "goals": list(state.goal_points[seat]),
            "park": state.park_score(seat),
            "total": totals[seat],
        }
        for seat in range(state.game.num_players)
    ]


PARK_COLUMNS = ("x", "y", "tile", "roads", "vp", "why", "params")


def park_json(park: Park) -> dict[str, Any]:
    """The park for the observation: one row per tile (see PARK_COLUMNS) with what it scores
    now and why (a message key and its parameters), counted from the top row down."""
    if park.json is not None:
        return park.json
    score = park.score()
    rows = []
    for entry in score.tiles:
        kind, mask = park.tiles[entry.pos]
        params = dict(entry.params)
        if entry.missing:
            params["missing"] = entry.missing
        rows.append([*entry.pos, kind.id, sides_of(mask), entry.vp, entry.reason, params])
    park.json = {"score": score.total, "tiles": rows}
    return park.json
