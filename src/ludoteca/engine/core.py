"""The game contract: a Game (rules and options) makes States (positions as values).

A state never changes: ``apply`` returns a new state. Every random event is a chance node
whose outcomes are ordinary actions, so a game is fully described by its actions.
"""

from __future__ import annotations

import collections
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from importlib import resources
from typing import Any, ClassVar, Generic, Self, TypeVar

import numpy as np

from .errors import IllegalAction, RecordError
from .i18n import LANGUAGES, Message, Seat
from .options import Option, resolve_options
from .playouts import Playouts, play_through_contract

CHANCE = -1
TERMINAL = -4

LOG_LENGTH = 30

S = TypeVar("S", bound="State")


class Game(ABC, Generic[S]):
    """A game with its options fixed, making states of type ``S``. Subclasses set the class
    attributes and declare their facts: the initial state, the range of a seat's final score
    and the longest game (``all_actions`` too, where the actions can be listed)."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None] = None
    option_specs: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, /, **options: Any):
        self.options = resolve_options(self.all_option_specs(), options)
        self.num_players: int = self.options["players"]

    @classmethod
    def all_option_specs(cls) -> tuple[Option, ...]:
        players = Option(
            "players",
            cls.default_players or cls.min_players,
            minimum=cls.min_players,
            maximum=cls.max_players,
            help="core.option.players",
        )
        return (players, *cls.option_specs)

    @classmethod
    def info(cls) -> dict[str, Any]:
        return {
            "id": cls.id,
            "name": cls.name,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": [spec.to_json() for spec in cls.all_option_specs()],
        }

    @abstractmethod
    def new_initial_state(self) -> S:
        """The position before the first action (possibly a chance node)."""

    @abstractmethod
    def score_range(self) -> tuple[float, float]:
        """The lowest and the highest final score a seat can reach with these options."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the actions of one game (chance included) with these options."""

    def state_from_json(self, data: Any) -> S:
        """The state a ``to_json`` dict describes, rebuilt by replaying its actions."""
        if not isinstance(data, dict):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        for key in ("game", "options", "actions"):
            if key not in data:
                raise RecordError(f"missing key {key!r}")
        if data["game"] != self.id:
            raise RecordError(f"the record is of game {data['game']!r}, not {self.id!r}")
        if not isinstance(data["options"], dict):
            raise RecordError("'options' must be an object")
        try:
            game = self if data["options"] == self.options else type(self)(**data["options"])
        except ValueError as error:
            raise RecordError(str(error)) from None
        return game.replay(data["actions"])

    def replay(self, actions: Any) -> S:
        """Apply ``actions`` from the initial state; a bad one is reported with its step."""
        return collections.deque(self.replay_states(actions), maxlen=1)[0]

    def replay_states(self, actions: Any) -> Iterator[S]:
        """Every state while replaying ``actions``, the initial one first (see ``replay``)."""
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of strings")
        state = self.new_initial_state()
        yield state
        for step, action in enumerate(actions, start=1):
            if not isinstance(action, str):
                raise RecordError(f"action {action!r} is not a string", step)
            try:
                state = state.apply(action)
            except IllegalAction as error:
                raise RecordError(error.reason, step) from None
            yield state

    def rules_text(self, lang: str = "en") -> str:
        """The rules page of this game in ``lang`` (Markdown), from ``rules/<lang>.md``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: allowed are {', '.join(LANGUAGES)}")
        package = type(self).__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath("rules", f"{lang}.md").read_text("utf-8")

    def all_actions(self) -> list[str] | None:
        """Every action string any seat or chance can ever play with these options, in a fixed
        order (the action-id space of adapters such as OpenSpiel); None if not listed."""
        return None

    def observation_tensor_shape(self) -> tuple[int, ...] | None:
        """The shape of ``State.observation_tensor`` (one dimension); None if the game has none."""
        return None

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """Play ``n`` whole games by ``policy`` (``"random"``: chance by its odds, every seat
        uniformly among its legal actions) from ``seed``; their scores, winners and lengths.
        A game may override this with a compiled core (see ``engine/playouts.py``)."""
        return play_through_contract(self, n, seed, policy)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options

    def __hash__(self) -> int:
        # a game is a key of the views' caches, hashed many times a picture: hashed once
        # (its options do not change once it is made)
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash((type(self), tuple(sorted(self.options.items()))))
        return found  # type: ignore[no-any-return]

    def __getstate__(self) -> dict[str, Any]:
        # the kept hash stays here: another process hashes strings differently
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.id!r}, {options})"


Trail = tuple[Any, int, str] | None  # (the previous trail, seat, action), None at the start


class State(ABC):
    """A position. Subclasses implement the abstract methods; never mutate a state in place
    after it has been returned from ``apply``/``new_initial_state``."""

    # the log's lines with the history they were made for (the same for every seat); a class
    # default, so that a state a game makes without ``__init__`` (its hot paths) has it too
    _logged: tuple[Trail, list[dict[str, Any]]] | None = None

    def __init__(self, game: Game[Any]):
        self.game = game
        self._trail: Trail = None  # (previous trail, seat, action): the history
        self._length = 0
        self._legal: Sequence[str] | None = None

    # -- what the game implements ------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move (0..n-1), CHANCE or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[str]:
        """Legal actions of the seat to move, in a deterministic order ([] at chance/terminal)."""

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """At a chance node, (outcome, probability) pairs summing to 1; else []."""
        return []

    @abstractmethod
    def _next(self, action: str) -> Self:
        """The new state after a legal ``action`` (history is added by ``apply``)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The running score of each seat (final at the end)."""

    @abstractmethod
    def _key(self) -> Any:
        """A hashable value that identifies the position (not its history)."""

    def position_key(self) -> Any:
        """The position without its history, as a hashable value: two states of one game with
        equal keys stand in the same position (states compare equal only when their histories
        are equal too). A search remembering positions by it assumes that the key holds all
        that decides the rest of the game."""
        return self._key()

    @abstractmethod
    def __str__(self) -> str:
        """A readable text board."""

    def text_board(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        """The text board in ``lang``, each seat written as its name in ``names`` (empty:
        "Player N"); games whose board has words override this."""
        return str(self)

    def text_topics(self, lang: str = "en") -> dict[str, str]:
        """Texts a player may ask for by name in the terminal besides the board, such as
        a game's scoring patterns (``{"patterns": "…"}``); the names are English words."""
        return {}

    def canonical(self, action: str) -> str:
        """The action a typed form stands for. Every game accepts the forms it displays (a
        label's ``d2–d3`` for ``d2d3``); ``apply`` maps them here, and ``legal_actions()``
        and records keep the canonical form. Called only for strings that are not legal."""
        return action

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """The game's own observation keys as ``seat`` may see them (None: a spectator)."""
        return {}

    def observation_tensor(self, seat: int) -> np.ndarray:
        """What ``seat`` sees, as a flat float32 array of ``game.observation_tensor_shape()``
        (the layouts are in docs/rl.md); games with a tensor encoding override this."""
        raise NotImplementedError(f"{self.game.id} has no observation tensor")

    def clicks(self, action: str) -> list[str]:
        """The ids of the view's elements a person clicks, in order, to choose ``action``."""
        return [action]

    def label(self, action: str) -> Message:
        return Message("core.action", {"action": action})

    def describe(self, seat: int, action: str) -> Message:
        """One line of the game log for ``action`` played by ``seat`` (or by chance).

        It is called on a later state, so it must read only ``seat`` and ``action``."""
        if seat == CHANCE:
            return Message("core.log.chance", {"action": action})
        return Message("core.log.action", {"player": Seat(seat), "action": action})

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        """What ``action``, played by ``seat`` in ``before``, brought about (this state is the
        one after it): captures, points, goals; a game's log adds it to ``describe``'s line.
        None: nothing worth a word (the default, and then no replay is needed)."""
        return None

    def path(self) -> list[State] | None:
        """The states from the game's initial state to this one (replayed once, then kept
        for the following states); None when the history does not start at the initial state
        (a hand-built position)."""
        return _path(self)

    def _log(self, moves: list[tuple[int, str]]) -> list[dict[str, Any]]:
        lines = [(s, a, self.describe(s, a)) for s, a in moves]
        path = self.path() if type(self).consequence is not State.consequence else None
        if path is not None:
            for i, (seat, action, line) in enumerate(lines):
                after = path[len(path) - len(lines) + i]
                before = path[len(path) - len(lines) + i - 1]
                found = after.consequence(before, seat, action)
                if found is not None:
                    lines[i] = (
                        seat,
                        action,
                        Message("core.log.then", {"line": line, "then": found}),
                    )
        return [{"seat": s, "action": a, "text": line.to_json()} for s, a, line in lines]

    def prompt(self, seat: int | None) -> Message:
        player = self.current_player
        if player == TERMINAL:
            return Message("core.prompt.game_over")
        if player == CHANCE:
            return Message("core.prompt.chance")
        if seat == player:
            return Message("core.prompt.your_move")
        return Message("core.prompt.waiting_for", {"player": Seat(player)})

    def why_illegal(self, action: str) -> Message:
        """Why ``action`` is refused here; games override to say more than "not legal"."""
        return Message("core.illegal.not_legal", {"action": action})

    def winners(self) -> list[int]:
        """Seats with the best result at the end (several on a tie); [] before the end."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def winner_words(self) -> Message:
        """Who won, in words, for the end of a game of several players: "Player 2 wins with 24
        points." or, on a tie, "Player 1, Player 3 share the win with 24 points."."""
        winners = self.winners()
        if not winners:
            return Message("core.end.nobody")
        score = f"{self.scores()[winners[0]]:g}"
        if len(winners) == 1:
            return Message("core.end.winner", {"player": Seat(winners[0]), "score": score})
        players = tuple(Seat(w) for w in winners)
        return Message("core.end.tie", {"players": players, "score": score})

    def end_reason(self) -> str | None:
        """Why the game ended, as a key of the game's own (such as ``"empty_bag"``); None
        while it goes on, or in a game that names no ends."""
        return None

    # -- the contract, shared by every game --------------------------------------------------

    def legal_actions(self) -> list[str]:
        legal = self._legal
        return [*(self.legal_actions_view() if legal is None else legal)]  # (faster than list)

    def legal_actions_view(self) -> Sequence[str]:
        """The legal actions without a copy, for searches (read only: it is cached)."""
        if self._legal is None:
            self._legal = self._legal_actions() if self.current_player >= 0 else []
        return self._legal

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def apply(self, action: str) -> Self:
        """The state after ``action``; IllegalAction (this state unchanged) if it is not legal."""
        legal = self._legal  # set only where a seat moves
        if legal is not None and type(action) is str and action in legal:
            return self.successor(action)  # the common case, checked at once
        action = self._check(self.current_player, action)
        return self.successor(action)

    def successor(self, action: str) -> Self:
        """The state after ``action`` WITHOUT the legality check: for searches that take their
        actions from ``legal_actions``/``chance_outcomes`` (an illegal one gives nonsense)."""
        new = self._next(action)
        new._trail = (self._trail, self.current_player, action)
        new._length = self._length + 1
        return new

    @property
    def trail(self) -> Trail:
        """The history as a linked list, (the previous state's trail, seat, action), None at
        the start. ``successor`` gives each state it makes a trail object of its own, so the
        object names this history: memos of the history key on it (``engine.turns``)."""
        return self._trail

    def copy_with(self, **changes: Any) -> Self:
        """A shallow copy with some attributes changed and no history (``_next`` builds its
        new state this way or with the constructor; ``apply`` then adds the history)."""
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields.update(changes, _trail=None, _length=0, _legal=None)
        new.__dict__ = fields
        return new

    def _check(self, seat: int, action: str) -> str:
        """``action`` in canonical form if it is legal here; IllegalAction otherwise."""
        if not isinstance(action, str):
            self._refuse(seat, action, Message("core.illegal.not_text", {"action": repr(action)}))
        if seat == TERMINAL:
            self._refuse(seat, action, Message("core.illegal.game_over"))
        if seat == CHANCE:
            for outcome, _ in self.chance_outcomes():  # (a walk: cheaper than a dict of them)
                if outcome == action:
                    return action
            outcomes = ", ".join(o for o, _ in self.chance_outcomes())
            message = Message("core.illegal.chance", {"action": action, "outcomes": outcomes})
            self._refuse(seat, action, message)
        if self._legal is None:
            self._legal = self._legal_actions()
        if action not in self._legal:
            alias = self.canonical(action)
            if alias not in self._legal:
                self._refuse(seat, action, self.why_illegal(alias))
            return alias
        return action

    @staticmethod
    def _refuse(seat: int, action: Any, reason: Message) -> None:
        raise IllegalAction(action, seat, reason.text(), reason.key, reason.params)

    def history(self) -> list[str]:
        return [action for _, action in self._moves()]

    def _moves(self) -> list[tuple[int, str]]:
        moves: list[tuple[int, str]] = []
        trail = self._trail
        while trail is not None:
            trail, seat, action = trail
            moves.append((seat, action))
        moves.reverse()
        return moves

    def __len__(self) -> int:
        """The number of actions applied since the initial state."""
        return self._length

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game.id, "options": dict(self.game.options), "actions": self.history()}

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may see, as plain JSON-able data (None: a spectator)."""
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(
                f"seat {seat} does not exist: seats are 0 to {self.game.num_players - 1}"
            )
        player = self.current_player
        observation = {
            "game": self.game.id,
            "options": dict(self.game.options),
            "players": self.game.num_players,
            "seat": seat,
            "current_player": player,
            "terminal": player == TERMINAL,
            "move_number": self._length,
            "prompt": self.prompt(seat).to_json(),
            "scores": self.scores(),
            "winners": self.winners(),
            "log": self._last_lines(),
            "legal": [
                {"action": a, "clicks": self.clicks(a), "label": self.label(a).to_json()}
                for a in (self.legal_actions() if seat is not None and seat == player else [])
            ],
        }
        observation.update(self._observe(seat))
        return observation

    def _last_lines(self) -> list[dict[str, Any]]:
        """The log's last ``LOG_LENGTH`` lines, made once per state for all its observers: a
        new position's are a recent predecessor's and the lines of the actions since."""
        logged = self._logged
        if logged is None or logged[0] is not self._trail:
            trail = self._trail
            with _PATHS_LOCK:
                known = known_ancestor(_LINES_BY_TRAIL, trail)
            if known is None:
                lines = self._log(recent_moves(trail, LOG_LENGTH))
            else:
                earlier, since = known
                lines = (earlier + self._log(recent_moves(trail, len(since))))[-LOG_LENGTH:]
            logged = self._logged = (trail, lines)
            if trail is not None:
                with _PATHS_LOCK:
                    kept(_LINES_BY_TRAIL, trail, lines)
        return list(logged[1])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and type(other) is type(self)
            and other.game == self.game
            and other._key() == self._key()
            and other.history() == self.history()
        )

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} after {self._length} actions>"


_PATHS: collections.OrderedDict[tuple[Any, tuple[str, ...]], list[State]] = (
    collections.OrderedDict()
)
PATHS_KEPT = 256  # the paths of recent positions: a live game replays one action at a time
# how many actions back a known path is looked for: the chance actions between two positions
# shown to a person (a tile drawn) would otherwise make each a replay of the whole game
PATH_LOOKBACK = 8
_PATHS_LOCK = threading.Lock()  # rooms render from worker threads


# the paths and the log lines of recent states by their trail (``State.trail``; each entry
# keeps its trail, so that its id is not reused): a new position's are found from a recent
# predecessor's without walking the whole history (issue 30: those walks were most of an
# observation)
_PATHS_BY_TRAIL: collections.OrderedDict[int, tuple[Trail, list[State] | None]] = (
    collections.OrderedDict()
)
_LINES_BY_TRAIL: collections.OrderedDict[int, tuple[Trail, list[dict[str, Any]]]] = (
    collections.OrderedDict()
)
V = TypeVar("V")


def known_ancestor(
    memo: collections.OrderedDict[int, tuple[Trail, V]], trail: Trail
) -> tuple[V, list[str]] | None:
    """The value ``memo`` keeps for ``trail`` or for a trail at most ``PATH_LOOKBACK``
    actions before it, and the actions since, newest first (None: none known)."""
    actions: list[str] = []
    while trail is not None and len(actions) <= PATH_LOOKBACK:
        found = memo.get(id(trail))
        if found is not None and found[0] is trail:
            return found[1], actions
        actions.append(trail[2])
        trail = trail[0]
    return None


def kept(memo: collections.OrderedDict[int, tuple[Trail, V]], trail: Trail, value: V) -> None:
    """``value`` kept for ``trail`` among the ``PATHS_KEPT`` latest."""
    memo[id(trail)] = (trail, value)
    if len(memo) > PATHS_KEPT:
        memo.popitem(last=False)


def recent_moves(trail: Trail, count: int) -> list[tuple[int, str]]:
    """The last ``count`` (seat, action) of a trail, oldest first."""
    moves: list[tuple[int, str]] = []
    while trail is not None and len(moves) < count:
        trail, seat, action = trail
        moves.append((seat, action))
    moves.reverse()
    return moves


def _known_path(game: Any, history: tuple[str, ...]) -> list[State] | None:
    """The kept path of the longest start of ``history`` a few actions shorter, if any."""
    for back in range(1, min(len(history), PATH_LOOKBACK) + 1):
        found = _PATHS.get((game, history[:-back]))
        if found is not None:
            return found
    return None


def _path(state: State) -> list[State] | None:
    trail = state.trail
    with _PATHS_LOCK:
        known = known_ancestor(_PATHS_BY_TRAIL, trail) if trail is not None else None
    if known is None:
        found = _replayed_path(state)
    elif known[0] is None or not known[1]:
        found = known[0]
    else:
        found = _replayed_from(known[0], known[1][::-1], state)
    if trail is not None:
        with _PATHS_LOCK:
            kept(_PATHS_BY_TRAIL, trail, found)
    return found


def _replayed_from(path: list[State], actions: list[str], state: State) -> list[State] | None:
    """``path`` and the states of ``actions`` after it, the last being ``state`` itself
    (None if one of them is not legal there)."""
    found = list(path)
    for i, action in enumerate(actions):
        current = found[-1]
        seat = current.current_player
        legal = current.legal_actions_view() if seat >= 0 else None
        if seat == TERMINAL or (legal is not None and action not in legal):
            return None
        found.append(state if i == len(actions) - 1 else current.successor(action))
    return found


def _replayed_path(state: State) -> list[State] | None:
    history = tuple(state.history())
    key = (state.game, history)
    with _PATHS_LOCK:
        found = _PATHS.get(key)
        if found is not None:
            _PATHS.move_to_end(key)
            return found
        earlier = _known_path(state.game, history)
    found = list(earlier) if earlier is not None else [state.game.new_initial_state()]
    for action in history[len(found) - 1 :]:
        current = found[-1]
        seat = current.current_player
        legal = current.legal_actions_view() if seat >= 0 else None
        if seat == TERMINAL or (legal is not None and action not in legal):
            return None
        found.append(current.successor(action))
    if found[-1] != state:
        return None
    with _PATHS_LOCK:
        _PATHS[key] = found
        if len(_PATHS) > PATHS_KEPT:
            _PATHS.popitem(last=False)
    return found
