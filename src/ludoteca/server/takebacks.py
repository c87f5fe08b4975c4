"""Takebacks between people: a seat asks to take back its last decision after the turn has
passed on, the seat now to move agrees or declines (the rule is in docs/web.md, "Takebacks").

What may be taken back (Board Game Arena's undo policy, for a table of people):

- only the asking seat's own last decision, and only while nobody has acted since: not chance
  (a die rolled, a card drawn: what it revealed cannot be hidden again), not a bot, not the
  seat now to move;
- the seat now to move is a person who has not moved yet: that seat answers (if it moves
  instead, the offer lapses, as its position moved on);
- while the asking seat still has the turn, the plain undo serves (``Room.can_undo``).

An offer is tied to the log position it was made at, so any move makes it lapse without being
cleared; one offer per position (after a decline the same position cannot be asked again).
Accepting it undoes the decision once: the offer is used up as it is accepted, and the undo
moves the log on. Offers live in memory, like rematch votes (a restart forgets them).

``Takebacker`` is the room's collaborator: it keeps the offer and answers with the events;
the room stores the undo and publishes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .commands import Event, TakebackAnswered, TakebackOffered
from .errors import RoomError


@dataclass(frozen=True)
class Position:
    """The facts of a room a takeback depends on."""

    moves: tuple[tuple[int, str], ...]  # the effective (seat, action) history, chance's too
    to_move: int | None  # the seat to move (None: chance, or the game is not being played)
    people: frozenset[int]  # the seats held by people
    version: int  # the log position


def takeable(position: Position, seat: int) -> bool:
    """``seat`` may ask to take back its last decision: it was the last thing that happened,
    and the turn passed to another person, who has not moved yet."""
    if not position.moves or seat not in position.people:
        return False
    last_seat, _ = position.moves[-1]
    to_move = position.to_move
    return (
        last_seat == seat
        and to_move is not None
        and to_move != seat
        and (to_move in position.people)
    )


@dataclass(frozen=True)
class Offer:
    seat: int
    version: int


class Takebacker:
    def __init__(self) -> None:
        self.offer: Offer | None = None
        self.declined = -1  # the log position an offer was last declined at

    def current(self, version: int) -> Offer | None:
        """The offer standing at ``version`` (one made before a later move has lapsed)."""
        offer = self.offer
        return offer if offer is not None and offer.version == version else None

    def may_offer(self, position: Position, seat: int) -> bool:
        return (
            takeable(position, seat)
            and self.current(position.version) is None
            and self.declined != position.version
        )

    def offered(self, position: Position, seat: int) -> list[Event]:
        if not takeable(position, seat):
            raise RoomError(409, "web.error.cannot_take_back")
        if self.current(position.version) is not None or self.declined == position.version:
            raise RoomError(409, "web.error.takeback_asked")
        self.offer = Offer(seat, position.version)
        return [TakebackOffered(seat, position.version)]

    def answered(self, position: Position, seat: int, yes: bool) -> tuple[list[Event], int | None]:
        """The events of ``seat``'s answer and, if it agreed, the seat whose last decision is
        to be undone now (the offer is used up: it undoes once)."""
        offer = self.current(position.version)
        if offer is None or seat != position.to_move or not takeable(position, offer.seat):
            raise RoomError(409, "web.error.no_takeback")
        self.offer = None
        if not yes:
            self.declined = position.version
        return [TakebackAnswered(seat, yes, position.version)], offer.seat if yes else None

    def public(self, version: int) -> dict[str, int] | None:
        offer = self.current(version)
        return None if offer is None else {"seat": offer.seat}
