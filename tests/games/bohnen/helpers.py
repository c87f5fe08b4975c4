"""Hand-built Bohnen positions for the rule tests."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.bohnen import PIT_NAMES, BohnenState, CaptureSearch


def position(
    pits: dict[str, int],
    to_move: int = 0,
    players: int = 2,
    captured=None,
    quiet=0,
    search_bound: int | None = None,
    **options,
):
    """A hand-built position; ``search_bound``: the game's end-of-game search gets this bound
    (0: it never decides) before the position is made (a state decides its turn when made)."""
    game = load_game("bohnen", players=players, **options)
    if search_bound is not None:
        game.search = CaptureSearch(game.board, bound=search_bound)
    return BohnenState.position(game, pits, captured, to_move, quiet)


def beans(state: BohnenState) -> dict[str, int]:
    """The non-empty pits of ``state``, letter → beans."""
    return {name: state.pits[i] for i, name in enumerate(PIT_NAMES) if state.pits[i]}
