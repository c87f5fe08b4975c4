"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

``register_all()`` registers every game of ``ludoteca.list_games()`` under the OpenSpiel name
``ludoteca_<id>`` (``pyspiel.load_game("ludoteca_bohnen", {"players": 3})``); game options are
OpenSpiel parameters with our defaults. Needs the optional ``open_spiel`` package.

Action ids. OpenSpiel wants integer actions from a fixed space per game:

- when the game lists every action it can ever play (``Game.all_actions()``), an action's id is
  its index in that list, for seats and chance alike (``num_distinct_actions`` and
  ``max_chance_outcomes`` are the list's length);
- otherwise the id is a stable hash of the action string, ``blake2b(action) mod 2**16``, the
  same in every state and every process. Should two actions of one state hash alike (rare: the
  space is large against any branching factor), the later in string order takes the next free
  id (linear probing), so ids stay unique and deterministic within each state.

Returns: with several seats, a finished game gives each winner ``1/len(winners)`` and the
others 0 (constant-sum 1, ties share); a one-seat game returns its score, bounded by the game's
``score_range`` attribute when it has one, else [0, 1000]. Rewards come only at the end.
Observation strings are the text board (the games have perfect information; chance is
explicit), information-state strings the action history.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pyspiel

from ludoteca import list_games
from ludoteca.engine import CHANCE, TERMINAL, Game, State
from ludoteca.games import registry

HASH_BITS = 16
HASH_SPACE = 1 << HASH_BITS
DEFAULT_MAX_GAME_LENGTH = 10_000
DEFAULT_SCORE_RANGE = (0.0, 1000.0)
PREFIX = "ludoteca_"


def openspiel_name(game_id: str) -> str:
    return PREFIX + game_id


def _hash_id(action: str) -> int:
    digest = hashlib.blake2b(action.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % HASH_SPACE


class ActionCodec:
    """Action strings ↔ integer ids for one game (see the module docstring)."""

    def __init__(self, game: Game):
        listed = game.all_actions()
        self.names: list[str] | None = list(listed) if listed is not None else None
        if self.names is not None:
            self.index = {name: i for i, name in enumerate(self.names)}
            if len(self.index) != len(self.names):
                raise ValueError(f"{game.id}: all_actions() lists an action twice")
            self.size = max(len(self.names), 1)
        else:
            self.index = {}
            self.size = HASH_SPACE

    def ids(self, actions: list[str]) -> dict[str, int]:
        """The id of each of ``actions`` (the legal actions or chance outcomes of one state)."""
        if self.names is not None:
            try:
                return {action: self.index[action] for action in actions}
            except KeyError as error:
                raise ValueError(
                    f"action {error.args[0]!r} is missing from all_actions()"
                ) from None
        taken: dict[int, str] = {}
        found: dict[str, int] = {}
        for action in sorted(actions):
            number = _hash_id(action)
            while number in taken:
                number = (number + 1) % HASH_SPACE
            taken[number] = action
            found[action] = number
        return found


class _Shared:
    """Holds a value that clones share: OpenSpiel clones Python states by ``deepcopy`` of their
    attributes, and our states and codecs are immutable, so copying them is pure cost."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


def _parameter(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str)) else str(value)


def max_game_length(game: Game) -> int:
    """The game's own declared maximum (``max_game_length()``), else a generous default."""
    declared = getattr(game, "max_game_length", None)
    return int(declared()) if callable(declared) else DEFAULT_MAX_GAME_LENGTH


def game_type(game_class: type[Game]) -> pyspiel.GameType:
    one_seat = game_class.max_players == 1
    defaults = {spec.name: _parameter(spec.default) for spec in game_class.all_option_specs()}
    return pyspiel.GameType(
        short_name=openspiel_name(game_class.id),
        long_name=f"Ludoteca {game_class.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM
            if one_seat
            else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game_class.max_players,
        min_num_players=game_class.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=defaults,
    )


class LudotecaGame(pyspiel.Game):
    """One of our games with its options fixed, as an OpenSpiel game.

    ``register`` makes one subclass per game (``game_class`` set), registered as the creator:
    a class, like OpenSpiel's own Python games (a closure held by OpenSpiel's C++ registry is
    freed after the interpreter has shut down, which aborts the process at exit)."""

    game_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None):
        game_class = self.game_class
        options = {}
        specs = {spec.name: spec for spec in game_class.all_option_specs()}
        for name, value in (params or {}).items():
            spec = specs.get(name)
            if spec is not None and isinstance(spec.default, bool) and isinstance(value, str):
                value = value.lower() in ("true", "1", "yes")
            options[name] = value
        self.ludoteca = game_class(**options)
        self.codec = _Shared(ActionCodec(self.ludoteca))
        seats = self.ludoteca.num_players
        if seats == 1:
            low, high = getattr(self.ludoteca, "score_range", DEFAULT_SCORE_RANGE)
            utility_sum = None
        else:
            low, high, utility_sum = 0.0, 1.0, 1.0
        size = self.codec.value.size
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=seats,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=utility_sum,
            max_game_length=max_game_length(self.ludoteca),
        )
        parameters = {name: _parameter(value) for name, value in self.ludoteca.options.items()}
        super().__init__(game_type(game_class), info, parameters)

    def new_initial_state(self, *args: Any) -> LudotecaState:
        return LudotecaState(self, self.ludoteca.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(iig_obs_type, params)


class LudotecaState(pyspiel.State):
    """An OpenSpiel state wrapping one of our (immutable) states."""

    def __init__(self, game: LudotecaGame, state: State):
        super().__init__(game)
        self._codec = game.codec
        self._inner = _Shared(state)
        self._ids = _Shared(None)  # the ids of this state's actions, computed on demand

    @property
    def ludoteca_state(self) -> State:
        return self._inner.value

    def _table(self) -> dict[str, int]:
        if self._ids.value is None:
            state = self._inner.value
            if state.current_player == CHANCE:
                actions = [outcome for outcome, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            self._ids = _Shared(self._codec.value.ids(actions))
        return self._ids.value

    def current_player(self) -> int:
        player = self._inner.value.current_player
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._table().values())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        table = self._table()
        outcomes = [(table[o], p) for o, p in self._inner.value.chance_outcomes()]
        return sorted(outcomes)

    def _apply_action(self, action: int) -> None:
        name = self.action_name(action)
        self._inner = _Shared(self._inner.value.apply(name))
        self._ids = _Shared(None)

    def action_name(self, action: int) -> str:
        """Our action string of the id ``action`` in this state."""
        for name, number in self._table().items():
            if number == action:
                return name
        raise ValueError(f"action id {action} is not legal in this state:\n{self}")

    def action_id(self, name: str) -> int:
        """The id of our action string ``name`` in this state."""
        table = self._table()
        if name not in table:
            raise ValueError(f"{name!r} is not legal in this state:\n{self}")
        return table[name]

    def _action_to_string(self, player: int, action: int) -> str:
        codec = self._codec.value
        if codec.names is not None and 0 <= action < len(codec.names):
            return codec.names[action]
        return self.action_name(action)

    def is_terminal(self) -> bool:
        return self._inner.value.is_terminal()

    def returns(self) -> list[float]:
        state = self._inner.value
        seats = state.game.num_players
        if not state.is_terminal():
            return [0.0] * seats
        if seats == 1:
            return [float(state.scores()[0])]
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)]

    def __str__(self) -> str:
        return str(self._inner.value)


class _Observer:
    """Observation strings: the text board; information states: the history."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state: LudotecaState, player: int) -> None:
        pass

    def string_from(self, state: LudotecaState, player: int) -> str:
        if self.perfect_recall:
            return " ".join(state.ludoteca_state.history())
        return str(state)


_registered: set[str] = set()


def register(game_id: str) -> str:
    """Register one of our games with OpenSpiel; returns its OpenSpiel name."""
    return register_class(registry.game_class(game_id))


def register_class(game_class: type[Game]) -> str:
    """Register a Game class (registered with ludoteca or not) with OpenSpiel."""
    name = openspiel_name(game_class.id)
    if name in _registered or name in pyspiel.registered_names():
        _registered.add(name)
        return name
    creator = type(f"Ludoteca{game_class.__name__}", (LudotecaGame,), {"game_class": game_class})
    pyspiel.register_game(game_type(game_class), creator)
    _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every game of ``ludoteca.list_games()``; returns their OpenSpiel names."""
    return [register(info["id"]) for info in list_games()]


def load(game: str | type[Game], **options: Any) -> LudotecaGame:
    """``pyspiel.load_game`` of our game (an id or a Game class) with ``options``."""
    name = register(game) if isinstance(game, str) else register_class(game)
    return pyspiel.load_game(name, {k: _parameter(v) for k, v in options.items()})
