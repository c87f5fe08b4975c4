"""How long a room's bots wait before they move, so that people can follow them.

The host of a room picks its pace (``Table.pace``); ``normal``, the default, is the server's
``--bot-delay``, whose default is a little longer than the page's animation of a move (0.65 s):
a bot's move has been drawn before the next begins. ``quick`` moves as soon as the bot has
thought; ``slow`` gives time to look at each move.
"""

from __future__ import annotations

PACES = {"quick": 0.0, "normal": 1.0, "slow": 3.0}  # times the server's bot delay


def wait(pace: str, delay: float) -> float:
    """Seconds a bot of a room at ``pace`` waits before it moves (``delay``: the server's)."""
    return PACES.get(pace, 1.0) * delay
