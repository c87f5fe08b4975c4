"""Positions for the Habanero rule tests, built square by square."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.habanero.game import HabaneroState
from ludoteca.games.habanero.logic import SIZE, index, name

ALL = [name(i) for i in range(SIZE * SIZE)]


def squares(text: str) -> list[str]:
    return text.split()


def box(corner1: str, corner2: str) -> list[str]:
    """Every square of the rectangle between two corners."""
    (x0, y0), (x1, y1) = divmod_square(corner1), divmod_square(corner2)
    return [name(SIZE * y + x) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def divmod_square(text: str) -> tuple[int, int]:
    i = index(text)
    return i % SIZE, i // SIZE


def position(
    habaneros,
    campesinos,
    held: int = 0,
    phase: str = "decide",
    die: int | None = None,
    target: str | None = None,
    **options,
) -> HabaneroState:
    game = load_game("habanero", **options)
    mask = sum(1 << index(s) for s in habaneros)
    return HabaneroState.at(
        game,
        mask,
        tuple(sorted(index(c) for c in campesinos)),
        held,
        phase,
        die,
        None if target is None else index(target),
    )


def rolled(state: HabaneroState, die: int) -> HabaneroState:
    """``state`` (at the roll-or-stop choice) after ``roll`` and ``roll:<die>``."""
    return state.apply("roll").apply(f"roll:{die}")


def moves_from(state: HabaneroState, square: str) -> set[str]:
    return {a.split("-")[1] for a in state.legal_actions() if a.startswith(square + "-")}
