"""How late the event loop runs: a task asks to sleep a short while, again and again, and
notes how much longer it slept (the loop was busy with something else meanwhile). Reported in
``/healthz``; a minute whose worst lag is a stall worth telling is logged (once a minute at
most, so that a busy machine does not flood the log)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger("ludoteca.server")

PERIOD = 0.05  # seconds between two measurements
STALL = 0.1  # a lag this long (seconds) is logged
WINDOW = 60.0  # seconds over which the recent worst lag is kept


class LoopLag:
    def __init__(
        self,
        period: float = PERIOD,
        stall: float = STALL,
        observe: Callable[[float], None] | None = None,
    ):
        self.period = period
        self.observe = observe  # told every measurement (the metrics)
        self.stall = stall
        self.last = 0.0  # seconds, the latest measurement
        self.worst = 0.0  # since start
        self._recent: deque[tuple[float, float]] = deque()  # (when, lag) of the last minute
        self.measured = 0
        self._told = 0.0  # when the last stall was logged

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.period)
            self.note(max(0.0, loop.time() - start - self.period))

    def note(self, lag: float, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.last, self.worst, self.measured = lag, max(self.worst, lag), self.measured + 1
        if self.observe is not None:
            self.observe(lag)
        self._recent.append((now, lag))
        while self._recent and self._recent[0][0] < now - WINDOW:
            self._recent.popleft()
        worst = max(lag for _, lag in self._recent)
        if (
            worst >= self.stall
            and now - self._told >= WINDOW
            and now - self._recent[0][0] >= WINDOW / 2
        ):
            self._told = now
            ms = round(worst * 1000, 1)
            log.warning("the event loop stalled for up to %s ms lately", ms, extra={"lag_ms": ms})

    def report(self) -> dict[str, float]:
        """Milliseconds: the latest lag, the worst of the last minute and since start."""
        recent = max((lag for _, lag in self._recent), default=0.0)
        return {
            "last_ms": round(self.last * 1000, 1),
            "worst_minute_ms": round(recent * 1000, 1),
            "worst_ms": round(self.worst * 1000, 1),
        }
