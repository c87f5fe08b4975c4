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
        self._recent: deque[float] = deque()  # when each lag of the last minute was noted
        # (when, lag) of the last minute, each lag larger than every one noted after it: the
        # first is the minute's worst, found without reading the minute's 1200 lags a note
        self._peaks: deque[tuple[float, float]] = deque()
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
        self._recent.append(now)
        while self._recent[0] < now - WINDOW:
            self._recent.popleft()
        while self._peaks and self._peaks[-1][1] <= lag:
            self._peaks.pop()
        self._peaks.append((now, lag))
        while self._peaks[0][0] < now - WINDOW:
            self._peaks.popleft()
        worst = self._peaks[0][1]
        if (
            worst >= self.stall
            and now - self._told >= WINDOW
            and now - self._recent[0] >= WINDOW / 2
        ):
            self._told = now
            ms = round(worst * 1000, 1)
            log.warning("the event loop stalled for up to %s ms lately", ms, extra={"lag_ms": ms})

    def report(self) -> dict[str, float]:
        """Milliseconds: the latest lag, the worst of the last minute and since start."""
        recent = self._peaks[0][1] if self._peaks else 0.0
        return {
            "last_ms": round(self.last * 1000, 1),
            "worst_minute_ms": round(recent * 1000, 1),
            "worst_ms": round(self.worst * 1000, 1),
        }
