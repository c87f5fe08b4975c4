"""The Ludoteca server: FastAPI + WebSockets, rooms, seats, persistence, bots off the loop."""

from .app import create_app
from .config import Limits, Settings

__all__ = ["Limits", "Settings", "create_app"]
