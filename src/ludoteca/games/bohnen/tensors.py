"""Bohnen as numbers for learning agents: ``shape(game)`` and ``encode(state, seat)``.

Seats are counted from the observer: relative seat ``r`` is seat ``(seat + r) % players`` (0 is
the observer, 1 the next to sow, ...); four slots whatever the player count, the unused ones 0.
Pits stay in their own order A…F, a…f (index 0…11, as the actions name them).

The layout (also in docs/rl.md), 133 float32 values:

- per pit (12 × 9): beans / all beans of the game; the count is 0, 1, 2, 3 or more (4 flags;
  a lap ending on 2 or 3 captures); its owner as a relative seat, one-hot (4);
- captured beans / all beans, per relative seat (4);
- the seat to move, relative, one-hot (4; all zero at the end);
- while a grand slam is being decided: the pits that may be left (12) and the relative seat who
  is left one (4);
- actions since the last capture / the limit that ends the game without progress (1).

The repetition rule also reads the positions since the last capture, which the tensor does
not hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.engine import TERMINAL, Game

from .board import PIT_NAMES, PITS
from .starts import QUIET_LIMIT

if TYPE_CHECKING:
    from .game import BohnenState

SLOTS = 4
QUIET_SCALE = QUIET_LIMIT
PIT_FEATURES = 1 + 4 + SLOTS
SIZE = PITS * PIT_FEATURES + SLOTS + SLOTS + PITS + SLOTS + 1


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def encode(state: BohnenState, seat: int) -> np.ndarray:
    """The tensor of a ``BohnenState`` as ``seat`` sees it."""
    board = state.game.board
    players = state.game.num_players
    total = sum(board.start)
    tensor = np.zeros(SIZE, np.float32)
    pits = tensor[: PITS * PIT_FEATURES].reshape(PITS, PIT_FEATURES)
    beans = np.array(state.pits)
    pits[:, 0] = beans / total
    rows = np.arange(PITS)
    pits[rows, 1 + np.minimum(beans, 3)] = 1
    pits[rows, 5 + (np.array(board.owner) - seat) % players] = 1
    at = PITS * PIT_FEATURES
    seats = (np.arange(players) - seat) % players
    tensor[at + seats] = np.array(state.captured) / total
    at += SLOTS
    if state.current_player != TERMINAL:
        tensor[at + (state.to_move - seat) % players] = 1
    at += SLOTS
    if state.pending:
        tensor[[at + pit for pit in state.leave_choices()]] = 1
        tensor[at + PITS + (state.pending[2][0] - seat) % players] = 1
    tensor[-1] = min(state.quiet, QUIET_SCALE) / QUIET_SCALE
    return tensor


def observe(state: BohnenState) -> dict[str, Any]:
    """What every seat sees of ``state`` (``State.observation``'s own part)."""
    board = state.game.board
    leave = None
    if state.pending:
        _, captured, choosers = state.pending
        leave = {
            "player": choosers[0],
            "choices": [PIT_NAMES[p] for p in state.leave_choices()],
            "capture": [PIT_NAMES[p] for p in captured],
        }
    last = None
    if state.last is not None:
        mover, start, captured = state.last
        last = {
            "seat": mover,
            "pit": PIT_NAMES[start],
            "captured": [PIT_NAMES[p] for p in captured],
        }
    return {
        "pits": {name: state.pits[i] for i, name in enumerate(PIT_NAMES)},
        "captured": list(state.captured),
        "owners": {name: board.owner[i] for i, name in enumerate(PIT_NAMES)},
        "seat_pits": [[PIT_NAMES[p] for p in pits] for pits in board.seat_pits],
        "beans_left": [board.beans_of(state.pits, s) for s in range(state.game.num_players)],
        "to_move": None if state.current_player == TERMINAL else state.to_move,
        "leave": leave,
        "last_move": last,
        "end_reason": state.end_reason(),
    }
