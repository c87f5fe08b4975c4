"""The OpenSpiel bridge: OpenSpiel's own random-simulation checks on every game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ludoteca import list_games, load_game  # noqa: E402
from ludoteca.adapters import openspiel  # noqa: E402
from ludoteca.engine import RecordError  # noqa: E402
from ludoteca.games import registry  # noqa: E402

from ..bots.games import HarvestGame, RaceGame, WagerGame  # noqa: E402
from ..engine.toy import PileGame  # noqa: E402


class UnlistedPile(PileGame):
    """The toy game without its action list: it has no action ids."""

    id = "unlisted_pile"

    def all_actions(self):
        return None


GAME_IDS = [info["id"] for info in list_games()]


def _sims(game, count):
    pyspiel.random_sim_test(game, num_sims=count, serialize=True, verbose=False)


@pytest.mark.slow  # OpenSpiel serializes and replays at every step: a long game is slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registered_game_passes_openspiels_random_simulation(game_id):
    game_class = registry.game_class(game_id)
    for players in sorted({game_class.min_players, game_class.max_players}):
        _sims(openspiel.load(game_id, players=players), 2)


@pytest.mark.parametrize(
    ("game_class", "options"),
    [
        (PileGame, {"start": 11}),
        (PileGame, {"start": 5, "refill": False}),
        (WagerGame, {}),
        (RaceGame, {"players": 5}),
        (HarvestGame, {}),
    ],
    ids=["pile", "pile-no-refill", "wager-chance", "race-5-seats", "harvest-1-seat"],
)
def test_test_games_pass_openspiels_random_simulation(game_class, options):
    _sims(openspiel.load(game_class, **options), 5)


def test_registered_names_and_parameters():
    names = openspiel.register_all()
    assert names == [f"ludoteca_{game_id}" for game_id in GAME_IDS]
    game = openspiel.load(PileGame, start=4)
    assert game.get_type().short_name == "ludoteca_pile"
    assert game.get_parameters()["start"] == 4
    assert game.num_players() == 2


def test_action_ids_are_indices_into_all_actions():
    game = openspiel.load(PileGame, start=3)
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1]
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["take:1", "take:2"]
    state.apply_action(0)  # take:1 leaves 2 counters: chance refills
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == [2, 3, 4]
    assert state.action_id("roll:2") == 3


def test_habitats_ids_are_indices_too():
    game = openspiel.load("habitats", players=2)
    listed = registry.load("habitats", players=2).all_actions()
    assert game.num_distinct_actions() == len(listed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    names = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert names == state.ludoteca_state.legal_actions()
    assert state.legal_actions() == [listed.index(name) for name in names]


def test_a_game_without_an_action_list_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="does not list its actions"):
        openspiel.load(UnlistedPile)


def test_an_illegal_id_is_refused_and_the_state_kept():
    state = openspiel.load(PileGame, start=3).new_initial_state()
    with pytest.raises(ValueError, match="illegal action .roll:3."):
        state.apply_action(4)  # roll:3 is no move of a seat
    with pytest.raises(ValueError, match="outside the action space"):
        state.apply_action(99)
    assert state.history() == [] and state.legal_actions() == [0, 1]


def test_returns_share_the_win_and_one_seat_games_return_their_score():
    state = openspiel.load(PileGame, start=1, refill=False).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    harvest = openspiel.load(HarvestGame).new_initial_state()
    for name in ("field:wide", "ripe:4"):
        table = {
            harvest.action_to_string(harvest.current_player(), a): a
            for a in harvest.legal_actions()
        }
        harvest.apply_action(table[name])
    assert harvest.returns() == [4.0]


def test_openspiel_mcts_plays_our_game():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = openspiel.load(PileGame, start=7, refill=False)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 300, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    assert state.action_to_string(0, bot.step(state)) == "take:1"


def test_clones_are_independent():
    game = openspiel.load(PileGame, start=9)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [] and len(clone.history()) == 1
    assert str(state) == "pile 9, player 1 to move"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bohnen_declares_its_maximum_game_length(players):
    game = openspiel.load("bohnen", players=players)
    assert game.max_game_length() == load_game("bohnen", players=players).max_game_length()
    pile = PileGame()
    assert openspiel.load(PileGame).max_game_length() == pile.max_game_length()


def test_a_solitaire_returns_its_score_within_its_declared_range():
    for game_id in ("habanero", "hares"):
        game = openspiel.load(game_id)
        low, high = load_game(game_id).score_range()
        assert (game.min_utility(), game.max_utility()) == (low, high)


def test_tensors_are_provided_as_observation_and_information_state():
    game = openspiel.load("bohnen", players=3)
    kind = game.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    assert game.observation_tensor_shape() == [133] == game.information_state_tensor_shape()
    state = game.new_initial_state()
    state.apply_action(0)
    for seat in range(3):
        ours = state.ludoteca_state.observation_tensor(seat)
        assert state.observation_tensor(seat) == pytest.approx(ours.tolist())
        assert state.information_state_tensor(seat) == pytest.approx(ours.tolist())
    assert not openspiel.load(PileGame).get_type().provides_observation_tensor


@pytest.mark.slow
def test_openspiels_tabular_q_learning_learns_a_hares_card():
    """OpenSpiel's own Q-learner, fed our tensors by its RL environment, learns to save all
    three hares of level 6, where random play saves about 1.4 on average."""
    import numpy as np
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent, tabular_qlearner

    game = openspiel.load("hares", level=6, colour="white")
    environment = rl_environment.Environment(game, seed=0)
    assert environment.observation_spec()["info_state"] == (394,)
    actions = environment.action_spec()["num_actions"]

    def episode(agent, learn: bool) -> float:
        step = environment.reset()
        while not step.last():
            step = environment.step([agent.step(step, is_evaluation=not learn).action])
        if learn:
            agent.step(step)
        return step.rewards[0]

    np.random.seed(0)
    randomly = np.mean([episode(random_agent.RandomAgent(0, actions), False) for _ in range(40)])
    learner = tabular_qlearner.QLearner(0, actions, step_size=0.5, discount_factor=1.0)
    for _ in range(200):
        episode(learner, True)
    assert randomly < 2 and episode(learner, False) == 3


# Every game at every number of seats and every choice of its options with named values.
VARIANTS = [
    ("habanero", {"campesinos": 4}),
    ("habanero", {"campesinos": 1}),
    ("potager", {"variant": "standard"}),
    ("potager", {"variant": "bonus-tools"}),
    *[("bohnen", {"players": players}) for players in (2, 3, 4)],
    *[("habitats", {"players": players}) for players in (2, 3, 4, 5)],
    *[("hares", {"colour": colour}) for colour in ("random", "white", "black")],
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=lambda v: str(v))
def test_openspiels_own_python_game_simulation_passes(game_id, options):
    """OpenSpiel's ``games_sim_test.sim_game``, as it ships: pickling of the game, its type and
    states, ``serialize_game_and_state`` round trips, clones and returns in range."""
    import numpy as np
    from open_spiel.python.tests import games_sim_test

    np.random.seed(0)
    games_sim_test.GamesSimTest("test_pig").sim_game(openspiel.load(game_id, **options))


def _played(game, count, seed=0):
    import random

    chooser = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(count):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chooser.choices(outcomes, odds)[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    return state


def test_games_and_states_pickle_as_their_records():
    import pickle

    game = openspiel.load("habitats", players=5)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_players() == 5
    state = _played(game, 10_000)
    assert state.is_terminal()
    copy = pickle.loads(pickle.dumps(state))
    assert (copy.history(), copy.returns(), str(copy)) == (
        state.history(),
        state.returns(),
        str(state),
    )
    # the pickle holds the record, not the position (380 kB before)
    assert len(pickle.dumps(state)) < 3 * len(state.serialize())
    toy = pickle.loads(pickle.dumps(openspiel.load(PileGame, start=6)))
    assert toy.get_parameters()["start"] == 6


def test_serialize_is_the_record_as_text_and_deserialize_replays_it():
    import json

    game = openspiel.load("potager", variant="bonus-tools")
    state = _played(game, 40)
    text = state.serialize()
    assert json.loads(text) == state.ludoteca_state.to_json()
    back = game.deserialize_state(text)
    assert back.history() == state.history() and str(back) == str(state)
    assert back.move_number() == state.move_number()
    ours, theirs = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert theirs.history() == state.history()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"game": "potager"}',
        '{"game": "bohnen", "options": {}, "actions": []}',
        '{"game": "potager", "options": {"variant": "nope"}, "actions": []}',
        '{"game": "potager", "options": {}, "actions": "A"}',
        '{"game": "potager", "options": {}, "actions": [3]}',
        '{"game": "potager", "options": {}, "actions": ["zz"]}',
    ],
)
def test_a_serialized_state_that_is_no_record_of_the_game_is_refused(text):
    game = openspiel.load("potager")
    with pytest.raises(RecordError, match="bad game record"):
        game.deserialize_state(text)


@pytest.mark.parametrize("seat", [99, 2, -1, None, "0", 0.0, True])
def test_tensors_and_strings_refuse_seats_that_do_not_exist(seat):
    state = _played(openspiel.load("bohnen", players=2), 3)
    for method in (
        state.observation_tensor,
        state.information_state_tensor,
        state.observation_string,
        state.information_state_string,
    ):
        with pytest.raises(ValueError, match="no seat .* seats are 0 to 1"):
            method(seat)
    assert state.observation_tensor() == state.observation_tensor(state.current_player())
