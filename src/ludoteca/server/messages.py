"""Every request body and WebSocket message as a Pydantic model, checked before it is used.

Bodies are parsed by Pydantic's own JSON parser, which refuses deep nesting, numbers out of
range and lone surrogates itself, so nothing malformed reaches the rooms."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from .errors import malformed

MAX_SEATS = 16
MAX_OPTIONS = 32
MAX_ACTIONS = 20_000
MAX_DEPTH = 16

Name = Annotated[StrictStr, Field(max_length=40)]
Token = Annotated[StrictStr, Field(min_length=1, max_length=64)]
# A seat token as an action carries it: a missing or empty one is simply not valid (403)
SeatToken = Annotated[StrictStr, Field(max_length=64)] | None
Action = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Move = Annotated[StrictInt, Field(ge=0, le=10**9)]
Seat = Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)]
Lang = Annotated[StrictStr, Field(max_length=16)]
Palette = Literal["default", "safe", "contrast"]  # the names of ludoteca.engine.palette
DEFAULT_PALETTE: Palette = "default"
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[StrictStr, Field(max_length=64)]
Options = Annotated[
    dict[Annotated[str, Field(max_length=40)], OptionValue], Field(max_length=MAX_OPTIONS)
]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# -- HTTP bodies -----------------------------------------------------------------------------


class SeatSpec(Body):
    kind: Literal["person", "open", "bot"]
    name: Name = ""
    bot: Annotated[StrictStr, Field(max_length=40)] | None = None


class Table(Body):
    """How the table is run, beside the game's own options: the clock, what happens to a seat
    whose time runs out or that resigns in a game of three or more, and who may chat."""

    clock: Literal["none", "fischer", "days"] = "none"
    base: Annotated[StrictInt | StrictFloat, Field(ge=1, le=6 * 3600)] = 300  # seconds
    increment: Annotated[StrictInt | StrictFloat, Field(ge=0, le=600)] = 0  # seconds per turn
    days: Annotated[StrictInt, Field(ge=1, le=30)] = 3  # per turn, correspondence
    # the bot that takes over a seat whose time ran out or that resigned (three players or more)
    takeover: Annotated[StrictStr, Field(min_length=1, max_length=40)] = "random"
    spectators_chat: StrictBool = False
    # how long the room's bots wait before they move (pace.PACES; the host may change it)
    pace: Literal["quick", "normal", "slow"] = "normal"


class CreateRoom(Body):
    game: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    options: Options = {}
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS)]
    # the game counts for the ratings if, when it ends, every person seat is an account's
    rated: StrictBool = True
    table: Table = Table()


class Join(Body):
    """Take an open seat."""

    seat: Seat
    name: Name = ""


class Claim(Body):
    """Open an invitation: its token is exchanged for a fresh seat token."""

    seat: Seat
    token: Token
    name: Name | None = None


class Revoke(Body):
    """The room's host replaces an unclaimed seat's invitation (the old link stops working)."""

    seat: Seat
    host: Token


class Act(Body):
    seat: Seat
    token: SeatToken
    action: Action
    move: Move


class Undo(Body):
    seat: Seat
    token: SeatToken
    move: Move


class Seek(Body):
    """A player asking for a game (quick pairing): paired with others asking for the same
    game, options, clock and rated; ``rating_range`` (points either side of the seeker's
    rating) bounds the others' ratings; after ``bots_after`` seconds bots take the seats
    nobody took (None: wait for people). ``join``: the listed seek to sit with first."""

    game: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    options: Options = {}
    table: Table = Table()
    rated: StrictBool = False
    rating_range: Annotated[StrictInt, Field(ge=50, le=1000)] | None = None
    bots_after: Annotated[StrictInt, Field(ge=5, le=600)] | None = None
    bot: Annotated[StrictStr, Field(min_length=1, max_length=40)] | None = None
    name: Name = ""
    join: Annotated[StrictStr, Field(min_length=1, max_length=24)] | None = None


class SeekToken(Body):
    """The seeker's secret, to withdraw its seek."""

    token: Token


ChatText = Annotated[StrictStr, Field(min_length=1, max_length=2000)]


class LobbyChat(Body):
    """A message to the lobby's chat."""

    name: Name = ""
    text: ChatText


class RecordBody(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    game: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    options: Options = {}
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    meta: dict[str, Any] = {}


class Replay(Body):
    record: RecordBody
    step: Annotated[StrictInt, Field(ge=0, le=10**9)] = 0
    lang: Lang | None = None
    narrow: StrictBool = False  # a phone's screen (see Hello)
    palette: Palette = DEFAULT_PALETTE
    # an action to mark on the picture (the analysis's best move at this step), if legal there
    mark: Action | None = None


class LessonTry(Body):
    """A learner's try at a step of a game's lesson (see server/lessons_api.py)."""

    step: Annotated[StrictInt, Field(ge=0, le=100)]
    actions: Annotated[list[Action], Field(max_length=100)] = []
    action: Action | None = None
    lang: Lang | None = None
    narrow: StrictBool = False  # a phone's screen (see Hello)
    palette: Palette = DEFAULT_PALETTE


class LessonProgress(Body):
    """Where a signed-in learner stands in a game's lesson (see server/learners.py): the step,
    the actions accepted so far (this step's own included once accepted), finished once."""

    step: Annotated[StrictInt, Field(ge=0, le=100)]
    actions: Annotated[list[Action], Field(max_length=100)] = []
    done: StrictBool = False


# -- WebSocket messages ----------------------------------------------------------------------


class Hello(Body):
    type: Literal["hello"]
    token: Token | None = None
    lang: Lang | None = None
    views: StrictBool = True
    narrow: StrictBool = False  # a phone's screen: a wide picture may lay itself out in one column
    palette: Palette = DEFAULT_PALETTE  # the viewer's seat colours (ludoteca.engine.palette)


class ActMessage(Body):
    type: Literal["act"]
    action: Action
    move: Move


class UndoMessage(Body):
    type: Literal["undo"]
    move: Move


class TakebackMessage(Body):
    """Ask to take back your last decision, or answer such a request (``takebacks``)."""

    type: Literal["takeback"]
    do: Literal["offer", "accept", "decline"]
    move: Move


class HintsMessage(Body):
    type: Literal["hints"]
    on: StrictBool


class LangMessage(Body):
    type: Literal["lang"]
    lang: Lang


class ChatMessage(Body):
    type: Literal["chat"]
    text: ChatText


class TableMessage(Body):
    """A seat's move at the table rather than in the game: resign, offer a draw, answer one,
    abandon the room, claim the loss of a seat gone or stalling, propose or answer a rematch."""

    type: Literal["table"]
    do: Literal["resign", "draw", "agree", "decline", "abandon", "claim", "rematch", "no_rematch"]
    move: Move


ClientMessage = Annotated[
    Hello
    | ActMessage
    | UndoMessage
    | TakebackMessage
    | HintsMessage
    | LangMessage
    | ChatMessage
    | TableMessage,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)

Model = TypeVar("Model", bound=BaseModel)


def parse(model: type[Model], raw: bytes | str) -> Model:
    """``raw`` JSON as ``model``; 400 naming the first thing wrong."""
    try:
        found = model.model_validate_json(raw)
    except ValidationError as error:
        raise malformed(describe(error)) from None
    _check_depth(found)
    return found


def parse_message(raw: str) -> ClientMessage:
    try:
        return CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as error:
        raise malformed(describe(error)) from None


def describe(error: ValidationError) -> str:
    """A short, safe account of the first problem: where, and what kind."""
    first = error.errors(include_url=False, include_input=False, include_context=False)[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    kind = "JSON" if first.get("type") == "json_invalid" else first.get("type", "value")
    return f"{where}: {kind}" if where else kind


def _check_depth(model: BaseModel) -> None:
    """Free-form parts (a record's meta) may not nest deeper than ``MAX_DEPTH``."""
    extra = [value for value in model.__dict__.values() if isinstance(value, dict | list)]
    extra += [value for value in (model.model_extra or {}).values()]
    if any(_depth(value) > MAX_DEPTH for value in extra):
        raise malformed("depth")
    for value in model.__dict__.values():
        if isinstance(value, BaseModel):
            _check_depth(value)


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


# -- accounts --------------------------------------------------------------------------------

AccountName = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Password = Annotated[StrictStr, Field(min_length=1, max_length=256)]
RoomId = Annotated[StrictStr, Field(min_length=1, max_length=32)]


class HeldSeat(Body):
    """A seat this browser holds the token of (a guest's game)."""

    room: RoomId
    seat: Seat
    token: Token


HeldSeats = Annotated[list[HeldSeat], Field(max_length=200)]


class SignUp(Body):
    """A new account; ``seats`` the guest's seats that become the account's."""

    name: AccountName
    password: Password
    seats: HeldSeats = []


class LogIn(Body):
    name: AccountName
    password: Password
    seats: HeldSeats = []


class ChangePassword(Body):
    old: Password
    new: Password


class SetEmail(Body):
    """An address for account recovery (verified by a link mailed to it)."""

    email: Annotated[StrictStr, Field(min_length=3, max_length=254)]


class MailToken(Body):
    """The token of a link the site mailed."""

    token: Annotated[StrictStr, Field(min_length=1, max_length=100)]


class RequestReset(Body):
    """Whose password to reset: a reset link goes to the account's verified address."""

    name: AccountName


class ConfirmReset(Body):
    token: Annotated[StrictStr, Field(min_length=1, max_length=100)]
    password: Password


class DeleteAccount(Body):
    """The account's password again: deleting it cannot be undone."""

    password: Password


class Adopt(Body):
    """Seats held by this browser (as a guest) that become the logged-in account's."""

    seats: HeldSeats


class Progress(Body):
    """A guest's solo progress, from the seats its browser holds."""

    seats: HeldSeats
