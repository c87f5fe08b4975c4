"""What may be asked of a room (commands) and what came of it (events).

A room handles one command at a time under its lock (``Room.handle``) and returns the events
of what changed; one publisher (``publisher.Publisher``) versions, renders, sends and announces
them. A command is plain data: who asks, and what. An event says what is now true, never how
to show it.

``Change`` events were stored in the database: the other instances are told (``change`` on the
bus). Events marked ``renews`` change what the views show without moving the log, so the room
counts them (``Room.presence``) and the views are rendered afresh; after those marked
``resend`` every watcher is sent the views again (after a change of who watches, only the
presence is sent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .watchers import Watcher

Account = tuple[int, str]  # an account's id and name, holding a seat

# -- commands -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    pass


@dataclass(frozen=True)
class Act(Command):
    """A seat's action at log position ``move``."""

    seat: int
    action: str
    move: int


@dataclass(frozen=True)
class Undo(Command):
    seat: int
    move: int


@dataclass(frozen=True)
class TableMove(Command):
    """``resign``, ``offer`` (a draw), ``agree``, ``decline``, ``abandon`` or ``claim``."""

    seat: int
    kind: str
    move: int


@dataclass(frozen=True)
class Takeback(Command):
    """``offer`` to take back the seat's last decision, or ``accept`` or ``decline`` one
    (``takebacks``)."""

    seat: int
    do: str
    move: int


@dataclass(frozen=True)
class SetPace(Command):
    """The host sets how long the room's bots wait before they move (``pace.PACES``)."""

    host: str = field(repr=False)
    pace: str


@dataclass(frozen=True)
class Rematch(Command):
    """Ask for a rematch (``yes``) or turn it down; ``address`` opens it (for its quotas)."""

    seat: int
    yes: bool
    address: str = ""


@dataclass(frozen=True)
class PlayFor(Command):
    """Chance's or a bot's action chosen at position ``seen`` (dropped if the room moved on)."""

    player: int
    action: str
    seen: int


@dataclass(frozen=True)
class TimeOut(Command):
    """Play the running seat's time-out if its time is up."""


@dataclass(frozen=True)
class StartClock(Command):
    """Once every seat is taken, the clock of the seat to move runs."""


@dataclass(frozen=True)
class Settle(Command):
    """End a game whose last move is stored but not its end (its instance died between)."""


@dataclass(frozen=True)
class Refresh(Command):
    """Catch up with what another instance stored."""


@dataclass(frozen=True)
class Outdated(Command):
    """Another instance changed the room: it is re-read before it is used next."""


@dataclass(frozen=True)
class Close(Command):
    """The room was closed as abandoned (stored already: no move for too long)."""


@dataclass(frozen=True)
class TakeSeat(Command):
    """Take an open seat with a new ``token`` (an account's, under its name)."""

    seat: int
    name: str
    token: str = field(repr=False)
    user: Account | None = None


@dataclass(frozen=True)
class Exchange(Command):
    """Open an invitation: ``invitation`` stops working, ``token`` is the seat's from now on."""

    seat: int
    invitation: str = field(repr=False)
    token: str = field(repr=False)
    name: str | None = None
    user: Account | None = None


@dataclass(frozen=True)
class ReplaceInvitation(Command):
    """The host replaces a seat's invitation not yet opened by ``token``."""

    seat: int
    host: str = field(repr=False)
    token: str = field(repr=False)


@dataclass(frozen=True)
class AdoptSeat(Command):
    """A guest's seat became an account's (stored already)."""

    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class LinkRematch(Command):
    """The rematch of this room opened as ``room``."""

    room: str


@dataclass(frozen=True)
class Say(Command):
    """A chat message of ``seat`` (None: a spectator); ``user`` the writer's account (its
    session's) and ``address`` its address key, kept for moderation."""

    seat: int | None
    text: str
    user: int | None = None
    address: str | None = None


@dataclass(frozen=True)
class HideChat(Command):
    """An administrator hides the room's chat message ``chat``."""

    chat: int


@dataclass(frozen=True)
class CloseRoom(Command):
    """An administrator closes the room: it ends unrated, "closed by an administrator"."""


@dataclass(frozen=True)
class Watch(Command):
    """A connection said hello: it watches the room, holding ``seat`` (None: a spectator)."""

    watcher: Watcher
    seat: int | None


@dataclass(frozen=True)
class Unwatch(Command):
    watcher: Watcher


@dataclass(frozen=True)
class Elsewhere(Command):
    """Who watches the room through another instance."""

    instance: str
    seats: tuple[int, ...]
    spectators: int


@dataclass(frozen=True)
class ForgetInstances(Command):
    """Instances not in ``alive`` are gone: so are their watchers."""

    alive: frozenset[str]


Decision = Act | Undo | TableMove | Takeback | Rematch  # what a seat's holder decides

# -- events ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    renews: ClassVar[bool] = False  # the views change though the log did not move
    resend: ClassVar[bool] = False  # every watcher is sent the room's views again

    def stored_here(self) -> bool:
        """Stored in the database by this instance: the others are told to re-read it."""
        return False


@dataclass(frozen=True)
class Change(Event):
    """Stored in the database: the other instances re-read the room, chance and bots go on
    here, the clock is watched."""

    resend: ClassVar[bool] = True

    def stored_here(self) -> bool:
        return True


@dataclass(frozen=True)
class Moved(Change):
    seat: int
    action: str
    move: int  # the log position after it


@dataclass(frozen=True)
class Undone(Change):
    seat: int
    move: int


@dataclass(frozen=True)
class Resigned(Change):
    seat: int
    timeout: bool  # the seat's time ran out
    move: int


@dataclass(frozen=True)
class DrawOffered(Change):
    seat: int
    move: int


@dataclass(frozen=True)
class DrawAnswered(Change):
    seat: int
    agreed: bool
    move: int


@dataclass(frozen=True)
class Abandoned(Change):
    seat: int | None  # None: closed for having no move for too long
    move: int
    renews: ClassVar[bool] = True


@dataclass(frozen=True)
class Ended(Change):
    """The game is over (its end is stored); ``status`` finished or abandoned."""

    status: str


@dataclass(frozen=True)
class SeatTaken(Change):
    seat: int
    renews: ClassVar[bool] = True


@dataclass(frozen=True)
class SeatRenamed(Event):
    seat: int
    renews: ClassVar[bool] = True
    resend: ClassVar[bool] = True


@dataclass(frozen=True)
class SeatRevoked(Event):
    """The seat's token changed: the connections that said hello with the old one lost it."""

    seat: int
    watchers: tuple[Watcher, ...]


@dataclass(frozen=True)
class CaughtUp(Event):
    """Changes another instance stored were read."""

    renews: ClassVar[bool] = True
    resend: ClassVar[bool] = True


@dataclass(frozen=True)
class Watched(Event):
    """A connection watches the room now; ``chat`` is the room's latest chat."""

    watcher: Watcher
    chat: list[dict[str, Any]]


@dataclass(frozen=True)
class PresenceChanged(Event):
    """Who watches changed; ``here``: through this instance (the others are told)."""

    here: bool


@dataclass(frozen=True)
class SeatsOnline(PresenceChanged):
    """The seats connected changed: everyone is told, but ``besides`` (told in its welcome)."""

    besides: Watcher | None = None
    renews: ClassVar[bool] = True


@dataclass(frozen=True)
class SpectatorsCounted(PresenceChanged):
    """Only the spectator count changed: the players are told (now and then)."""


@dataclass(frozen=True)
class RematchVoted(Event):
    """The seats asking for a rematch now: a small message to every watcher (not a view);
    ``stored``: by this instance (False: read from another's)."""

    votes: tuple[int, ...]
    stored: bool = True
    renews: ClassVar[bool] = True

    def stored_here(self) -> bool:
        return self.stored


@dataclass(frozen=True)
class RematchDue(Event):
    """Every person asked: the rematch is to be opened (by ``address``)."""

    address: str


@dataclass(frozen=True)
class RematchOpened(Event):
    """The rematch is open as ``room``; ``stored``: linked by this instance."""

    room: str
    stored: bool = True
    renews: ClassVar[bool] = True
    resend: ClassVar[bool] = True

    def stored_here(self) -> bool:
        return self.stored


@dataclass(frozen=True)
class Said(Event):
    message: dict[str, Any]
    author: int | None = None  # the writer's account: those who blocked it are not sent it


@dataclass(frozen=True)
class ChatHidden(Event):
    """A chat message was hidden: it goes from every watcher's chat."""

    chat: int


@dataclass(frozen=True)
class RoomClosed(Change):
    """An administrator closed the room (stored as the log's ``close`` entry)."""

    move: int
    renews: ClassVar[bool] = True


@dataclass(frozen=True)
class TakebackOffered(Event):
    seat: int
    move: int
    renews: ClassVar[bool] = True
    resend: ClassVar[bool] = True


@dataclass(frozen=True)
class TakebackAnswered(Event):
    seat: int  # the seat that answered
    agreed: bool
    move: int
    renews: ClassVar[bool] = True
    resend: ClassVar[bool] = True


@dataclass(frozen=True)
class PaceSet(Change):
    pace: str
    renews: ClassVar[bool] = True
