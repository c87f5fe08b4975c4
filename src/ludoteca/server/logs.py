"""The server's logs: plain lines for a person at a terminal, or one JSON object per line
(``--log-format json``) for a log collector, each naming the instance that wrote it."""

from __future__ import annotations

import logging
import sys

from pythonjsonlogger.json import JsonFormatter

FORMATS = ("text", "json")


class _Instance(logging.Filter):
    def __init__(self, instance: str):
        super().__init__()
        self.instance = instance

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "instance"):
            record.instance = self.instance
        return True


def configure(form: str, instance: str, level: int = logging.INFO) -> None:
    """Send the ``ludoteca`` logger (and with json, uvicorn's) to stderr in ``form``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_Instance(instance))
    if form == "json":
        handler.setFormatter(
            JsonFormatter(
                "{asctime}{levelname}{name}{message}{instance}",
                style="{",
                rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
                datefmt="%Y-%m-%dT%H:%M:%S%z",
            )
        )
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    # uvicorn's own lines (start, shutdown) are only wanted by a log collector
    for name in ("ludoteca", "uvicorn.error") if form == "json" else ("ludoteca",):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False
