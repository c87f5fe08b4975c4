"""What the bots know of Hexlet: take a winning cell when there is one."""

from __future__ import annotations

import random

from ludoteca.engine.parts import Knowledge

from .game import HexletState, joined


def win_now(state: HexletState, rng: random.Random) -> str | None:
    seat = state.current_player
    for cell in state.legal_actions():
        if joined(state.owned[seat] | {cell}, seat):
            return cell
    return None


KNOWLEDGE = Knowledge[HexletState](rollout=win_now)
