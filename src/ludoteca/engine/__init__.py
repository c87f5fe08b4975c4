"""The game-agnostic core: the Game/State contract, options, records, chance, messages."""

from .chance import Agent, play, sample_chance
from .core import CHANCE, TERMINAL, Game, State
from .errors import IllegalAction, LudotecaError, RecordError
from .i18n import LANGUAGES, Message, Seat, register_domain, translate
from .options import Option
from .records import Record
from .registry import Registry

__all__ = [
    "CHANCE",
    "LANGUAGES",
    "TERMINAL",
    "Agent",
    "Game",
    "IllegalAction",
    "LudotecaError",
    "Message",
    "Option",
    "Record",
    "RecordError",
    "Registry",
    "Seat",
    "State",
    "play",
    "register_domain",
    "sample_chance",
    "translate",
]
