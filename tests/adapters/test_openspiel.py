"""The OpenSpiel bridge: OpenSpiel's own random-simulation checks on every game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ludoteca import list_games, load_game  # noqa: E402
from ludoteca.adapters import openspiel  # noqa: E402
from ludoteca.games import registry  # noqa: E402

from ..bots.games import HarvestGame, RaceGame, WagerGame  # noqa: E402
from ..engine.toy import PileGame  # noqa: E402


class ListedPile(PileGame):
    """The toy game with its action list, so ids are indices into it."""

    id = "listed_pile"

    def all_actions(self):
        return ["take:1", "take:2", "roll:1", "roll:2", "roll:3"]


GAME_IDS = [info["id"] for info in list_games()]


def _sims(game, count):
    pyspiel.random_sim_test(game, num_sims=count, serialize=True, verbose=False)


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
        (ListedPile, {"start": 11}),
        (WagerGame, {}),
        (RaceGame, {"players": 5}),
        (HarvestGame, {}),
    ],
    ids=["pile", "pile-no-refill", "listed", "wager-chance", "race-5-seats", "harvest-1-seat"],
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


def test_listed_actions_are_their_indices():
    game = openspiel.load(ListedPile, start=3)
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1]
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["take:1", "take:2"]
    state.apply_action(0)  # take:1 leaves 2 counters: chance refills
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == [2, 3, 4]


def test_hashed_ids_are_stable_and_decode():
    game = openspiel.load(PileGame, start=9)
    state = game.new_initial_state()
    ids = state.legal_actions()
    assert ids == sorted(ids) and len(set(ids)) == 2
    again = game.new_initial_state()
    assert again.legal_actions() == ids
    names = {state.action_to_string(0, a) for a in ids}
    assert names == {"take:1", "take:2"}


def test_colliding_hashes_get_distinct_ids(monkeypatch):
    monkeypatch.setattr(openspiel, "_hash_id", lambda action: 7)
    codec = openspiel.ActionCodec(PileGame())
    assert codec.ids(["take:2", "take:1"]) == {"take:1": 7, "take:2": 8}


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
    assert game.max_game_length() < openspiel.DEFAULT_MAX_GAME_LENGTH
    assert openspiel.load(PileGame).max_game_length() == openspiel.DEFAULT_MAX_GAME_LENGTH
