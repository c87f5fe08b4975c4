"""Component strength: what each finished game says about the game's tiles, patterns, cards.

``analyse(state)`` turns a finished game into rows ``(component, name, seat, value)``: one row
per use of a component by a seat, with the value that use is worth. The study summary averages
the values per component name (with a 95% interval) and, in games of several players, gives the
win rate of the seats that used it. The analyses are small functions per game, keyed by game id:

- Habitats: ``tile`` — each tile kind in a final park and the points it scores there (tiles
  scoring for others, such as watchtowers, get what they score themselves); ``goal`` — each
  year's goal and the goal points each seat got for it.
- Potager: ``pattern`` — each harvest and the points it brought; ``tool`` — each use of a tool
  (value 1, so the mean says nothing; the win rate of its users does).
- Habanero: ``campesinos`` — the campesinos still in play at the end and the final score.
- Hares: ``card`` — the level card and the share of moves that were mistakes in the positions
  the game went through: a move is a mistake when the exact solver says it saves fewer hares
  than the best move of that position.
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.engine import CHANCE, State

Row = tuple[str, str, int, float]


def _replay(final: State) -> list[tuple[State, str, State]]:
    """(state, action, next state) for every action of the game."""
    states = list(final.game.replay_states(final.history()))
    return [
        (before, action, after)
        for before, action, after in zip(states, final.history(), states[1:], strict=False)
    ]


def habitats(final: State) -> list[Row]:
    rows: list[Row] = []
    for seat, park in enumerate(final.parks):  # type: ignore[attr-defined]
        for entry in park.score().tiles:
            if entry.tile != "entrance":
                rows.append(("tile", entry.tile, seat, float(entry.vp)))
    for year, goal in enumerate(final.goals):  # type: ignore[attr-defined]
        for seat, points in enumerate(final.goal_points):  # type: ignore[attr-defined]
            if year < len(points):
                rows.append(("goal", goal, seat, float(points[year])))
    return rows


def potager(final: State) -> list[Row]:
    rows: list[Row] = []
    for before, action, after in _replay(final):
        seat = before.current_player
        if seat == CHANCE:
            continue
        if action.startswith("harvest:"):
            gain = after.scores()[seat] - before.scores()[seat]
            rows.append(("pattern", action.split(":")[1], seat, float(gain)))
        elif before.phase == "tool" and action != "skip":  # type: ignore[attr-defined]
            rows.append(("tool", before.tool, seat, 1.0))  # type: ignore[attr-defined]
    return rows


def habanero(final: State) -> list[Row]:
    left = len(final.campesinos)  # type: ignore[attr-defined]
    return [("campesinos", str(left), 0, float(final.scores()[0]))]


def hares(final: State) -> list[Row]:
    from ludoteca.games.hares.solver import best_move

    moves = mistakes = 0
    for before, _action, _after in _replay(final):
        if before.current_player != 0:
            continue
        best = best_move(before.board, before.position)[0]  # type: ignore[attr-defined]
        for action in before.legal_actions():
            option = before.apply(action)
            gained = option.position.saved - before.position.saved  # type: ignore[attr-defined]
            value = gained + best_move(option.board, option.position)[0]  # type: ignore[attr-defined]
            mistakes += value < best
            moves += 1
    share = mistakes / moves if moves else 0.0
    return [("card", str(final.game.options["level"]), 0, share)]


ANALYSES: dict[str, Callable[[State], list[Row]]] = {
    "habitats": habitats,
    "potager": potager,
    "habanero": habanero,
    "hares": hares,
}


def analyse(final: State) -> list[Row]:
    """The component rows of a finished game ([] for a game without components, or unfinished)."""
    analysis = ANALYSES.get(final.game.id)
    if analysis is None or not final.is_terminal():
        return []
    return analysis(final)
