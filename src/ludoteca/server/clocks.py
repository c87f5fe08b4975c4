"""Clock arithmetic of a room, pure: every function takes the time as a value (seconds since
the epoch) and returns a new clock, so restarts and time-outs are tested without sleeping.

Two kinds of play:

- ``fischer``: each seat starts with ``base`` seconds; the running seat's time goes down while
  it is to move and ``increment`` seconds are added each time its turn passes to another.
- ``days``: correspondence; each turn has ``days`` days, given afresh whenever a turn begins.

A clock runs only for a person's seat to move; while chance or a bot is to move, or before the
game starts, no clock runs. The clock is stored with the room as the time left per seat as of
``since`` and the seat whose time runs from ``since``: after a restart the time the server was
down counts against the running seat, as if the server had stayed up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

DAY = 86_400.0

Kind = Literal["fischer", "days"]


@dataclass(frozen=True)
class Rule:
    kind: Kind
    base: float = 0.0  # seconds (fischer)
    increment: float = 0.0  # seconds added when a seat's turn passes on (fischer)
    days: float = 0.0  # days per turn (correspondence)

    @property
    def allowance(self) -> float:
        """The time a seat has at the start (and each turn, in correspondence)."""
        return self.days * DAY if self.kind == "days" else self.base


@dataclass(frozen=True)
class Clock:
    left: tuple[float, ...]  # seconds left per seat, as of ``since``
    running: int | None  # the seat whose time runs since ``since``, or none
    since: float  # epoch seconds

    def to_json(self) -> dict[str, Any]:
        return {"left": list(self.left), "running": self.running, "since": self.since}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Clock:
        running = data.get("running")
        return Clock(
            tuple(float(x) for x in data["left"]),
            None if running is None else int(running),
            float(data["since"]),
        )


def start(rule: Rule, seats: int, now: float) -> Clock:
    """A clock with every seat's allowance and nobody's time running."""
    return Clock((rule.allowance,) * seats, None, now)


def left(clock: Clock, now: float) -> tuple[float, ...]:
    """Each seat's time left at ``now`` (the running seat's goes down, never below 0)."""
    if clock.running is None:
        return clock.left
    spent = max(0.0, now - clock.since)
    return tuple(
        max(0.0, x - spent) if seat == clock.running else x for seat, x in enumerate(clock.left)
    )


def flagged(clock: Clock, now: float) -> int | None:
    """The running seat if its time is up at ``now``."""
    if clock.running is None:
        return None
    return clock.running if left(clock, now)[clock.running] <= 0 else None


def due(clock: Clock, now: float) -> float | None:
    """Seconds from ``now`` until the running seat's time is up (None: no clock runs)."""
    if clock.running is None:
        return None
    return max(0.0, clock.left[clock.running] - max(0.0, now - clock.since))


def run(clock: Clock, rule: Rule, seat: int | None, now: float) -> Clock:
    """The clock at ``now`` when ``seat`` (or nobody) is to move from now on.

    The time spent by the seat that ran is charged; if its turn passed on (to another seat or to
    nobody, as when chance or a bot follows) it gets its increment (fischer) or its next turn's
    allowance is restored (days). A seat that keeps the move keeps running, uncharged."""
    if seat == clock.running:
        return clock
    times = list(left(clock, now))
    if clock.running is not None:
        ran = clock.running
        times[ran] = rule.allowance if rule.kind == "days" else times[ran] + rule.increment
    if seat is not None and rule.kind == "days":
        times[seat] = rule.allowance
    return Clock(tuple(times), seat, now)


def stop(clock: Clock, now: float) -> Clock:
    """The clock at the end of the game: the running seat is charged, nothing runs on (no
    increment: the game is over)."""
    return replace(clock, left=left(clock, now), running=None, since=now)
