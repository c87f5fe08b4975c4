"""The Ludoteca server: FastAPI + WebSockets, rooms, seats, persistence, bots off the loop."""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
