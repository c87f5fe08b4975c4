"""Building Potager positions for rule tests."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.potager.board import INDEX, KINDS, SPACES


def token(spec: str):
    """``tomato2`` (double), ``tomato1`` (single), ``mole``, ``shovel`` (tool side up)."""
    if spec[-1] in "12":
        return (spec[:-1], spec[-1] == "2")
    return (spec, False)


def position(
    gardens=({}, {}),
    hedge=("potato", "carrot", "broccoli", "tomato", "eggplant"),
    trampoline="potato",
    bag=None,
    points=(0, 0),
    to_move=0,
    variant="standard",
    end_triggered=False,
):
    """A state at the start of ``to_move``'s turn with exactly these pieces."""
    game = load_game("potager", variant=variant)
    built = []
    for garden in gardens:
        cells = [None] * len(SPACES)
        for space, spec in garden.items():
            cells[INDEX[space]] = token(spec)
        built.append(tuple(cells))
    if bag is None:
        bag = {kind: 10 for kind in KINDS[:5]}
    return game.new_initial_state().copy_with(
        gardens=(built[0], built[1]),
        hedge=tuple(hedge),
        trampoline=trampoline,
        bag=tuple(bag.get(kind, 0) for kind in KINDS),
        points=tuple(points),
        to_move=to_move,
        phase="turn",
        after=("end",),
        end_triggered=end_triggered,
    )


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def fill(vegetable_cycle=("potato1", "carrot1", "broccoli1", "tomato1"), skip=()):
    """A garden with every space taken, vegetables in a cycle that forms no bed."""
    return {
        space: vegetable_cycle[i % len(vegetable_cycle)]
        for i, space in enumerate(SPACES)
        if space not in skip
    }
