"""Observation tensors: every game, every option variant, every seat, along seeded random play,
gives a flat float32 array of the declared shape with values in [0, 1]; and the layouts of
docs/rl.md hold where they are easy to check by hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca import CHANCE, list_games, load_game
from ludoteca.engine import conformance, sample_chance
from ludoteca.games import registry

CASES = [
    pytest.param(
        info["id"], options, id=f"{info['id']}-" + "-".join(f"{k}={v}" for k, v in options.items())
    )
    for info in list_games()
    for options in conformance.variants(registry.game_class(info["id"]))
]


def _random_play(game, seed: int, max_actions: int = 400):
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    for _ in range(max_actions):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_tensors_have_the_declared_shape_and_stay_in_the_unit_interval(game_id, options):
    game = load_game(game_id, **options)
    shape = game.observation_tensor_shape()
    assert isinstance(shape, tuple) and len(shape) == 1 and shape[0] > 0
    seen = set()
    every = 7 if game_id == "habitats" else 1
    for step, state in enumerate(_random_play(game, seed=len(options))):
        if step % every and not state.is_terminal():
            continue
        for seat in range(game.num_players):
            tensor = state.observation_tensor(seat)
            assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
            assert tensor.shape == shape, f"step {step} seat {seat}"
            assert tensor.min() >= 0 and tensor.max() <= 1, f"step {step} seat {seat}"
            assert np.array_equal(tensor, state.observation_tensor(seat)), "not deterministic"
            seen.add(tensor.tobytes())
    assert len(seen) > 2, "the tensor does not follow the game"


def test_habanero_layout():
    from ludoteca.games.habanero import tensors

    state = load_game("habanero").new_initial_state()
    tensor = state.observation_tensor(0)
    planes = tensor[: 4 * 49].reshape(4, 49)
    assert planes[0].sum() == 45 and planes[0][[0, 6, 42, 48]].sum() == 0
    assert list(np.flatnonzero(planes[1])) == [0, 6, 42, 48]
    assert planes[2].sum() == 49 and planes[3].sum() == 0
    assert tensor[4 * 49 : 4 * 49 + 5].tolist() == [1, 0, 0, 0, 0]  # phase decide
    assert tensors.SIZE == tensor.size == 222
    state = state.apply("roll").apply("roll:3")
    tensor = state.observation_tensor(0)
    assert tensor[4 * 49 + 2] == 1 and tensor[4 * 49 + 5 + 2] == 1  # move, die 3


def test_hares_layout_before_and_after_the_colour():
    game = load_game("hares", level=1)
    state = game.new_initial_state()
    tensor = state.observation_tensor(0)
    colour = tensor[6 * 64 : 6 * 64 + 3]
    assert colour.tolist() == [0, 0, 1]  # not drawn yet
    state = state.apply("colour:black")
    tensor = state.observation_tensor(0)
    assert tensor[6 * 64 : 6 * 64 + 3].tolist() == [0, 1, 0]
    hares = {int(i) for i in np.flatnonzero(tensor[:64])}
    assert hares == set(state.position.hares)


def test_bohnen_counts_seats_from_the_observer():
    state = load_game("bohnen", players=2).new_initial_state()
    mine = state.observation_tensor(0)[: 12 * 9].reshape(12, 9)
    theirs = state.observation_tensor(1)[: 12 * 9].reshape(12, 9)
    assert mine[:6, 5].all() and mine[6:, 6].all()  # A–F are seat 0's own pits
    assert theirs[6:, 5].all() and theirs[:6, 6].all()  # a–f are seat 1's own pits
    to_move = 12 * 9 + 4
    assert state.observation_tensor(0)[to_move] == 1 and state.observation_tensor(1)[to_move + 1]


def test_bohnen_counts_the_actions_since_the_last_capture():
    from ludoteca.games.bohnen import game as rules
    from ludoteca.games.bohnen import tensors

    assert tensors.QUIET_SCALE == rules.QUIET_LIMIT
    state = load_game("bohnen", players=2).new_initial_state()
    assert state.observation_tensor(0)[-1] == 0
    state = state.apply(state.legal_actions()[0])
    assert state.observation_tensor(1)[-1] == pytest.approx(state.quiet / rules.QUIET_LIMIT)


def test_potager_puts_the_observers_garden_first():
    game = load_game("potager")
    rng = random.Random(3)
    state = game.new_initial_state()
    while all(token is None for token in state.gardens[0]):
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(state.legal_actions()[0])
    filled = [i for i, token in enumerate(state.gardens[0]) if token is not None]
    gardens = 2 * 21 * 11
    own = state.observation_tensor(0)[:gardens].reshape(2, 21, 11)
    other = state.observation_tensor(1)[:gardens].reshape(2, 21, 11)
    assert filled and own[0, filled].sum() > 0 and own[1].sum() == 0
    assert other[1, filled].sum() > 0 and other[0].sum() == 0


def test_habitats_park_planes_show_a_placed_tile():
    game = load_game("habitats")
    rng = random.Random(5)
    state = game.new_initial_state()
    while len(state.parks[0].tiles) < 2:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(state.legal_actions()[0])
    (pos, (kind, _)) = next((p, t) for p, t in state.parks[0].tiles.items() if p != (0, 0))
    cells = game.park_cells()
    planes = state.observation_tensor(0)[: 2 * len(cells) * 16].reshape(2, len(cells), 16)
    cell = planes[0, cells.index(pos)]
    assert cell[:4].sum() == (kind.landscape is not None) and cell[4:10].sum() == 1
    assert planes[1, cells.index(pos), :14].sum() == 0 or pos in state.parks[1].tiles
    assert planes[0, :, -2].sum() == sum(1 for p in state.parks[0].open if p in cells)
