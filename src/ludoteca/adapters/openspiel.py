"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

``register_all()`` registers every game of ``ludoteca.list_games()`` under the OpenSpiel name
``ludoteca_<id>`` (``pyspiel.load_game("ludoteca_bohnen", {"players": 3})``); game options are
OpenSpiel parameters with our defaults. Needs the optional ``open_spiel`` package.

Action ids: an action's id is its index in the game's ``Game.all_actions()`` list, for seats and
chance alike (``num_distinct_actions`` and ``max_chance_outcomes`` are the list's length), the
same numbering as the Gymnasium and PettingZoo environments (``ludoteca.adapters.actions``). A
game that does not list its actions cannot be loaded.

Returns: with several seats, a finished game gives each winner ``1/len(winners)`` and the
others 0 (constant-sum 1, ties share); a one-seat game returns its score, within the range the
game declares (``Game.score_range()``). The longest game is the game's declared
``Game.max_game_length()``. Rewards come only at the end.

Observations: the games have perfect information (chance is explicit). Observation strings are
the text board, information-state strings the action history. Where the game has an
observation tensor (``State.observation_tensor``, see docs/rl.md) the bridge provides it as the
observation tensor and also as the information-state tensor: with perfect information the
position is what a seat knows (a rule of repetition may also read earlier positions, which a
tensor may leave out). A seat that does not exist (99, 2 in a two-seat game, None, ``"0"``,
``0.0``) is refused with a ValueError that names the seats.

Pickling and serialization: a game pickles as its id (or class) and options, a state as its game
and record; ``State.serialize()`` is the record as JSON text (``{"game", "options",
"actions"}``, chance draws included) and ``Game.deserialize_state`` replays it, so a serialized
state is plain text that never runs code when read (OpenSpiel's default for Python games is a
pickle). ``pyspiel.serialize_game_and_state`` and OpenSpiel's own ``games_sim_test.sim_game``
work on every game.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ludoteca import list_games
from ludoteca.engine import CHANCE, TERMINAL, Game, RecordError, State
from ludoteca.games import registry

from .actions import ActionIndex

PREFIX = "ludoteca_"
_TO_MOVE = object()  # no seat given: OpenSpiel's observation methods mean the seat to move


def openspiel_name(game_id: str) -> str:
    return PREFIX + game_id


class _Shared:
    """Holds a value that clones share: OpenSpiel clones Python states by ``deepcopy`` of their
    attributes, and our states and codecs are immutable, so copying them is pure cost."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


class _Position(_Shared):
    """The wrapped state. OpenSpiel's own ``serialize_game_and_state`` pickles a Python state's
    attributes: this one pickles as its record (game, options, actions), not the position."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        state = self.value
        return _replayed, (*_reference(state.game), state.history())


class _Numbering(_Shared):
    """The action ids of a game; pickles as the game (the ids are made from it again)."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        super().__init__(ActionIndex(game))
        self.game = game

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _numbering, _reference(self.game)


def _reference(game: Game) -> tuple[str | type[Game], dict[str, Any]]:
    """What loads ``game`` again in another process: its id if it is registered (else its
    class, which pickles by name), and its options."""
    game_class = type(game)
    known = game.id in registry.modules() and registry.game_class(game.id) is game_class
    return (game.id if known else game_class), dict(game.options)


def _loaded(game: str | type[Game], options: dict[str, Any]) -> Game:
    return registry.load(game, **options) if isinstance(game, str) else game(**options)


def _replayed(game: str | type[Game], options: dict[str, Any], actions: list[str]) -> _Position:
    return _Position(_loaded(game, options).replay(actions))


def _numbering(game: str | type[Game], options: dict[str, Any]) -> _Numbering:
    return _Numbering(_loaded(game, options))


def _parameter(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str)) else str(value)


def game_type(game_class: type[Game]) -> pyspiel.GameType:
    one_seat = game_class.max_players == 1
    tensor = game_class.observation_tensor_shape is not Game.observation_tensor_shape
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
        provides_information_state_tensor=tensor,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
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
        self.actions = _Numbering(self.ludoteca)
        seats = self.ludoteca.num_players
        if seats == 1:
            low, high = self.ludoteca.score_range()
            utility_sum = None
        else:
            low, high, utility_sum = 0.0, 1.0, 1.0
        size = len(self.actions.value)
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=seats,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=utility_sum,
            max_game_length=self.ludoteca.max_game_length(),
        )
        parameters = {name: _parameter(value) for name, value in self.ludoteca.options.items()}
        super().__init__(game_type(game_class), info, parameters)

    def new_initial_state(self, *args: Any) -> LudotecaState:
        return LudotecaState(self, self.ludoteca.new_initial_state())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # the class is made at registration, so pickle cannot find it by name: a game pickles
        # as what loads it again (in another process too)
        return _load_pickled, _reference(self.ludoteca)

    def deserialize_state(self, text: str) -> LudotecaState:
        """The state a ``LudotecaState.serialize()`` text describes: its record replayed;
        RecordError if the text is no record of this game with these options."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordError(f"not a serialized state: {error}") from None
        if not isinstance(data, dict) or set(data) != {"game", "options", "actions"}:
            raise RecordError("a serialized state is an object of game, options and actions")
        if data["game"] != self.ludoteca.id or not self._same_options(data["options"]):
            raise RecordError(
                f"the state is of {data['game']!r} with {data['options']!r}, not of "
                f"{self.ludoteca.id!r} with {dict(self.ludoteca.options)!r}"
            )
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of strings")
        state = self.new_initial_state()
        for step, action in enumerate(actions, start=1):
            # through OpenSpiel's apply_action, so its history and move number follow
            try:
                if not isinstance(action, str):
                    raise ValueError(f"action {action!r} is not a string")
                state.apply_action(self.actions.value.number(action))
            except ValueError as error:
                raise RecordError(str(error), step) from None
        return state

    def _same_options(self, options: Any) -> bool:
        if not isinstance(options, dict):
            return False
        try:
            return type(self.ludoteca)(**options) == self.ludoteca
        except ValueError:
            return False

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.ludoteca.observation_tensor_shape(), iig_obs_type, params)


class LudotecaState(pyspiel.State):
    """An OpenSpiel state wrapping one of our (immutable) states."""

    def __init__(self, game: LudotecaGame, state: State):
        super().__init__(game)
        self._actions = game.actions
        self._inner = _Position(state)

    @property
    def ludoteca_state(self) -> State:
        return self._inner.value

    def current_player(self) -> int:
        player = self._inner.value.current_player
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._actions.value.numbers(self._inner.value)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        number = self._actions.value.number
        return sorted((number(o), p) for o, p in self._inner.value.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        # IllegalAction (this state unchanged) if the action is not legal here
        self._inner = _Position(self._inner.value.apply(self.action_name(action)))

    def action_name(self, action: int) -> str:
        """Our action string of the id ``action``."""
        return self._actions.value.name(action)

    def action_id(self, name: str) -> int:
        """The id of our action string ``name``; ValueError if it is not legal here."""
        if name not in self._actions.value.offered(self._inner.value):
            raise ValueError(f"{name!r} is not legal in this state:\n{self}")
        return self._actions.value.number(name)

    def _action_to_string(self, player: int, action: int) -> str:
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

    def serialize(self) -> str:
        """The state's record as JSON text (see the module docstring)."""
        return json.dumps(self._inner.value.to_json(), ensure_ascii=False)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _deserialize_pickled, (self.get_game(), self.serialize())

    def observation_tensor(self, player: Any = _TO_MOVE) -> list[float]:
        return super().observation_tensor(self._seat(player))

    def information_state_tensor(self, player: Any = _TO_MOVE) -> list[float]:
        return super().information_state_tensor(self._seat(player))

    def observation_string(self, player: Any = _TO_MOVE) -> str:
        return super().observation_string(self._seat(player))

    def information_state_string(self, player: Any = _TO_MOVE) -> str:
        return super().information_state_string(self._seat(player))

    def _seat(self, player: Any) -> int:
        # OpenSpiel's default is the seat to move
        seat = self.current_player() if player is _TO_MOVE else player
        return check_seat(seat, self._inner.value.game.num_players)


def check_seat(player: Any, seats: int) -> int:
    """``player`` if it is a seat of a game of ``seats`` seats; ValueError otherwise (a bool,
    float or string is no seat, even one that looks like a number)."""
    is_number = isinstance(player, (int, np.integer)) and not isinstance(player, bool)
    if is_number and 0 <= player < seats:
        return int(player)
    raise ValueError(f"no seat {player!r} in this game: its seats are 0 to {seats - 1}")


def _load_pickled(game: str | type[Game], options: dict[str, Any]) -> LudotecaGame:
    return load(game, **options)


def _deserialize_pickled(game: LudotecaGame, text: str) -> LudotecaState:
    return game.deserialize_state(text)


class _Observer:
    """Observation strings: the text board; information states: the history. Tensors: the
    game's observation tensor, for both (see the module docstring)."""

    def __init__(self, shape: tuple[int, ...] | None, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if shape is not None:
            self.tensor = np.zeros(shape, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        check_seat(player, state.ludoteca_state.game.num_players)
        if self.tensor is not None:
            self.tensor[:] = state.ludoteca_state.observation_tensor(player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        check_seat(player, state.ludoteca_state.game.num_players)
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
