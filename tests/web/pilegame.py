"""The engine's toy game with a small view and a hint, to test the web layer on its own."""

from __future__ import annotations

from ludoteca.engine import Message
from ludoteca.engine.parts import Hint, Knowledge, Overlay
from ludoteca.engine.svg import document, element, join

from ..engine.toy import PileGame
from ..toys import button


class PileViewGame(PileGame):
    pass


class PileView:
    def svg(self, state, seat, *, lang="en", overlay=None):
        counters = join(
            element("circle", cx=30 + 26 * (i % 10), cy=40 + 26 * (i // 10), r=10, fill="#e0a526")
            for i in range(state.pile)
        )
        buttons = join(
            button(f"take:{k + 1}", 20 + 110 * k, 120, f"take {k + 1}", "#2f5d50", width=100)
            for k in range(min(2, state.pile))
        )
        return document(300, 180, counters + buttons)


def hint(state, seat):
    best = "take:1" if state.pile % 3 == 1 else "take:2" if state.pile >= 2 else "take:1"
    reason = Message("core.action", {"action": best})
    return Hint(action=best, value=1.0, reason=reason, overlay=Overlay(best))


GAME = PileViewGame
VIEW = PileView()
KNOWLEDGE = Knowledge(hint=hint)
