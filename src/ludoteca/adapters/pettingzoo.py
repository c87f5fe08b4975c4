"""Our games as PettingZoo AEC environments (seats take turns).

``env(game_id, **options)`` (any registered game, any options, e.g. ``players=3``) returns an
``AECEnv``:

- agents ``seat_0`` … ``seat_{n-1}``; the agent to move is ``agent_selection``;
- observation: a Dict of ``observation`` (Box in [0, 1], float32: the game's
  ``observation_tensor`` as that seat sees it, see docs/rl.md) and ``action_mask`` (Box of 0/1,
  int8, one per action; all 0 for a seat that is not to move);
- action: ``Discrete(len(game.all_actions()))``, an action's number is its index in that list;
- rewards come at the end, from the game's result: the winners share 1 (a sole winner gets 1,
  two tied winners 0.5 each), every other seat gets 0; a one-seat game rewards its score; then
  every agent is terminated (one ``step(None)`` each removes them, as PettingZoo expects);
- chance (dice, draws) is resolved inside the environment by a generator seeded from
  ``reset(seed=...)``;
- an action that is not legal raises ``IllegalAction`` (a ValueError) naming the action and
  the reason, and leaves the environment as it was;
- ``render()`` returns the text board (render mode ``ansi``; ``human`` prints it).

Needs the optional ``pettingzoo`` package (extra ``rl-envs``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca import load_game
from ludoteca.engine import CHANCE, State, sample_chance

from .actions import ActionIndex

ObservationDict = dict[str, np.ndarray]
RENDER_MODES = ["ansi", "human"]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class LudotecaAEC(AECEnv):  # type: ignore[misc]
    """One of our games with its options fixed, seats as agents; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any):
        super().__init__()
        self.game = load_game(game, **options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        shape = self.game.observation_tensor_shape()
        if shape is None:
            raise ValueError(f"{game} has no observation tensor")
        self.metadata = {**self.metadata, "name": f"ludoteca_{game}_v0"}
        self.render_mode = render_mode
        self.actions = ActionIndex(self.game)
        self.possible_agents = [agent_name(seat) for seat in range(self.game.num_players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.actions)
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random(0)
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- playing -------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self._rng = random.Random(seed)
        for agent, space in self.action_spaces.items():
            space.seed(seed + 1 + self.seats[agent])
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._enter(self.game.new_initial_state())

    def _enter(self, state: State) -> None:
        """Move to ``state`` (chance resolved); at the end, reward and terminate everyone."""
        while state.current_player == CHANCE:
            state = state.apply(sample_chance(state, self._rng))
        self.state = state
        if state.is_terminal():
            for agent, reward in zip(self.agents, self._result(state), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(state.current_player)

    def _result(self, state: State) -> list[float]:
        if self.game.num_players == 1:
            return [float(state.scores()[0])]
        winners = state.winners()
        return [
            1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.game.num_players)
        ]

    def step(self, action: int | np.integer | None) -> None:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise TypeError(f"an action is an integer of the action space, not {action!r}")
        name = self.actions.name(int(action))
        state = self.state.apply(name)  # IllegalAction, nothing changed, if not legal
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._enter(state)

    def observe(self, agent: str) -> ObservationDict:
        if self.state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self.seats[agent]
        mask = np.zeros(len(self.actions), np.int8)
        if self.state.current_player == seat:
            mask = self.actions.mask(self.state)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def render(self) -> str | None:
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, render_mode: str | None = None, **options: Any) -> LudotecaAEC:
    """The AEC environment of ``game`` with ``options`` (e.g. ``players=3``)."""
    return LudotecaAEC(game, render_mode=render_mode, **options)
