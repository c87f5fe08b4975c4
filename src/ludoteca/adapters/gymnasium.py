"""Our one-seat games as Gymnasium environments.

``make_env(game_id, **options)`` (any registered game of one seat, with its options) returns a
``gymnasium.Env``:

- observation: a Dict of ``observation`` (Box in [0, 1], float32, the game's
  ``observation_tensor``, see docs/rl.md) and ``action_mask`` (MultiBinary, 1 for each legal
  action);
- action: ``Discrete(len(game.all_actions()))``, an action's number is its index in that list;
  its ``sample()`` without a mask draws among the legal actions of the current state (so
  ``env.action_space.sample()`` is a random player and Gymnasium's ``check_env`` plays legally);
- reward: the change of the game's score, so an episode's return is the final score;
  ``terminated`` at the end of the game;
- chance (dice, a drawn colour) is resolved inside the environment by a generator seeded from
  ``reset(seed=...)``, so a seed replays the same game for the same actions;
- an action that is not legal raises ``IllegalAction`` (a ValueError) naming the action and the
  reason, and leaves the environment as it was.

Importing this module registers ``ludoteca/<Name>-v0`` (the game's English name) for each
one-seat game of the registry with Gymnasium (as Gymnasium packages do); ``register_envs()``
does it explicitly. Needs the optional
``gymnasium`` package (extra ``rl-envs``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from ludoteca import load_game
from ludoteca.engine import CHANCE, State, sample_chance
from ludoteca.games import registry

from .actions import ActionIndex


class LegalActions(spaces.Discrete):  # type: ignore[misc]
    """``Discrete(n)`` tied to an environment: ``sample()`` without a mask draws a legal action.

    It draws among the actions legal in the position now; right after ``seed(s)`` it draws
    among those of the first position of ``reset(seed=s)``, so that a seeded sample and a
    seeded reset agree (``space.seed(s); a = space.sample(); env.reset(seed=s); env.step(a)``,
    the order of Gymnasium's step-determinism check). With a mask or probabilities it samples
    exactly as Discrete does."""

    def __init__(self, n: int, legal: Callable[[int | None], np.ndarray]):
        super().__init__(n)
        self._legal = legal
        self._seeded: int | None = None

    def seed(self, seed: int | None = None) -> int | list[int] | dict[str, int]:
        self._seeded = seed
        return super().seed(seed)

    def sample(
        self, mask: np.ndarray | None = None, probability: np.ndarray | None = None
    ) -> np.int64:
        seeded, self._seeded = self._seeded, None
        if mask is None and probability is None:
            mask = self._legal(seeded)
        return super().sample(mask=mask, probability=probability)


class LudotecaEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat playing one of our one-seat games; see the module docstring."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any):
        self.game = load_game(game, **options)
        if self.game.num_players != 1:
            raise ValueError(
                f"{game} has {self.game.num_players} seats: Gymnasium environments are for "
                "one-seat games; use ludoteca.adapters.pettingzoo.env for several seats"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        shape = self.game.observation_tensor_shape()
        if shape is None:
            raise ValueError(f"{game} has no observation tensor")
        self.actions = ActionIndex(self.game)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": spaces.MultiBinary(len(self.actions)),
            }
        )
        self.action_space = LegalActions(len(self.actions), self._legal_mask)
        self._rng = random.Random(0)
        self.state: State = _settled(self.game.new_initial_state(), self._rng)

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.state.observation_tensor(0),
            "action_mask": self.actions.mask(self.state),
        }

    def _legal_mask(self, seed: int | None) -> np.ndarray:
        """The legal actions now, or (``seed`` given) in the first position of that seed."""
        if seed is None:
            return self.actions.mask(self.state)
        generator, _ = seeding.np_random(seed)
        first = _settled(self.game.new_initial_state(), _chance_rng(generator))
        return self.actions.mask(first)

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        return self.actions.mask(self.state).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = _chance_rng(self.np_random)
        self.state = _settled(self.game.new_initial_state(), self._rng)
        return self._observe(), {}

    def step(
        self, action: int | np.integer
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise RuntimeError("the game is over: call reset() before step()")
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise TypeError(f"an action is an integer of the action space, not {action!r}")
        name = self.actions.name(int(action))
        before = self.state.scores()[0]
        state = self.state.apply(name)  # IllegalAction, state unchanged, if not legal
        self.state = _settled(state, self._rng)
        reward = float(self.state.scores()[0] - before)
        return self._observe(), reward, self.state.is_terminal(), False, {"action": name}

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.state)
        return None


def _chance_rng(generator: np.random.Generator) -> random.Random:
    """The generator of an episode's chance outcomes, drawn from the environment's seeded one."""
    return random.Random(int(generator.integers(1 << 62)))


def _settled(state: State, rng: random.Random) -> State:
    """``state`` after every chance node in a row is resolved with ``rng``."""
    while state.current_player == CHANCE:
        state = state.apply(sample_chance(state, rng))
    return state


def make_env(game: str, render_mode: str | None = None, **options: Any) -> LudotecaEnv:
    """A Gymnasium environment of the one-seat game ``game`` with ``options``."""
    return LudotecaEnv(game, render_mode=render_mode, **options)


def one_seat_games() -> dict[str, str]:
    """The Gymnasium id ``ludoteca/<Name>-v0`` of every registered one-seat game, with its id."""
    classes = {game_id: registry.game_class(game_id) for game_id in registry.ids()}
    return {
        f"ludoteca/{c.name}-v0": game_id for game_id, c in classes.items() if c.max_players == 1
    }


def register_envs() -> list[str]:
    """Register the environment of every one-seat game (again: no harm); their ids."""
    found = one_seat_games()
    for env_id, game in found.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point=f"{__name__}:LudotecaEnv", kwargs={"game": game}
            )
    return list(found)


register_envs()
