"""The MCTS bot: right moves on tiny games, chance, determinism, budgets, every game."""

from __future__ import annotations

import random

import pytest

from ludoteca import list_games, load_game
from ludoteca.bots import MCTSBot, make_bot
from ludoteca.bots.mcts import (
    DEFAULT_SETTINGS,
    LEVELS,
    MAX_ROLLOUT,
    level_budget,
    rollout_limit,
)
from ludoteca.engine import CHANCE, TERMINAL, Game, Message, State, sample_chance
from ludoteca.engine.parts import Hint, Knowledge, SearchSettings
from ludoteca.games import registry

from ..engine.toy import PileGame
from .games import HarvestGame, RaceGame, WagerGame


def test_takes_the_last_counter_when_it_can():
    state = PileGame(start=2, refill=False).new_initial_state()
    analysis = MCTSBot(iterations=60, seed=3).analyse(state)
    assert analysis["action"] == "take:2"
    assert analysis["value"] == pytest.approx(1.0)


def test_leaves_a_multiple_of_three_in_plain_nim():
    state = PileGame(start=7, refill=False).new_initial_state()
    assert MCTSBot(iterations=400, seed=1).choose(state) == "take:1"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seat_plays_for_itself(players):
    state = RaceGame(players=players).start_at(8, to_move=players - 1)
    analysis = MCTSBot(iterations=100, seed=2).analyse(state)
    assert analysis["action"] == "add:2"
    assert analysis["value"] == pytest.approx(1.0)


def test_chance_is_sampled_with_its_odds():
    state = WagerGame().new_initial_state()
    analysis = MCTSBot(iterations=1500, seed=5, exploration=2.0).analyse(state)
    values = {child["action"]: child["value"] for child in analysis["children"]}
    assert analysis["action"] == "bet:long"
    assert values["bet:long"] == pytest.approx(0.8, abs=0.06)
    assert values["bet:safe"] == pytest.approx(0.3, abs=0.12)


def test_one_seat_games_maximise_the_expected_score():
    state = HarvestGame().new_initial_state()
    analysis = MCTSBot(iterations=600, seed=4).analyse(state)
    assert analysis["action"] == "field:wide"
    assert analysis["score"] == pytest.approx(4.0)


def test_one_seat_returns_are_normalised_by_the_scores_seen():
    bot = MCTSBot(iterations=600, seed=4, exploration=2.0)
    analysis = bot.analyse(HarvestGame().new_initial_state())
    assert (bot.low, bot.high) == (0.0, 10.0)
    values = {child["action"]: child["value"] for child in analysis["children"]}
    assert values["field:wide"] == pytest.approx(0.4)
    assert values["field:poor"] == pytest.approx(0.1)


def _play(bot_seed: int, game, chance_seed: int = 9) -> list[str]:
    bots = [MCTSBot(iterations=40, seed=bot_seed + seat) for seat in range(game.num_players)]
    rng = random.Random(chance_seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(bots[state.current_player].choose(state))
    return state.history()


def test_same_seed_same_game():
    game = PileGame(start=12)
    assert _play(1, game) == _play(1, game)


def test_same_seed_same_statistics():
    state = PileGame(start=11).new_initial_state()
    first = MCTSBot(iterations=300, seed=8).analyse(state)
    second = MCTSBot(iterations=300, seed=8).analyse(state)
    assert first == second


@pytest.mark.parametrize("iterations", [1, 7, 150])
def test_the_iteration_budget_is_exact(iterations):
    bot = MCTSBot(iterations=iterations, seed=0)
    bot.choose(PileGame(start=15).new_initial_state())
    assert bot.last_iterations == iterations
    assert bot.last_root.visits == iterations


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_iteration_budgets(level):
    bot = make_bot(f"mcts:{level}", seed=1)
    game = PileGame(start=15)
    bot.choose(game.new_initial_state())
    budget = level_budget(DEFAULT_SETTINGS, level)
    assert bot.last_iterations == budget == DEFAULT_SETTINGS.budgets[level]


def test_levels_grow_on_every_game():
    games = [info["id"] for info in list_games()]
    for settings in [DEFAULT_SETTINGS, *(registry.knowledge(g).search for g in games)]:
        budgets = settings.budgets
        assert budgets["easy"] < budgets["medium"] < budgets["hard"]


def test_a_game_may_carry_its_own_settings():
    tuned = Knowledge(search=SearchSettings(budgets={"easy": 3, "medium": 5, "hard": 9}))
    bot = MCTSBot("medium", seed=1, knowledge=tuned)
    bot.choose(PileGame(start=15).new_initial_state())
    assert bot.last_iterations == 5


def test_a_time_budget_stops():
    bot = MCTSBot(seconds=0.05, seed=0)
    bot.choose(PileGame(start=30).new_initial_state())
    assert bot.last_iterations >= 1


def test_exact_game_advice_is_played_without_search():
    def solved(state, seat):
        return Hint(action="take:1", value=1.0, reason=Message("core.action", {"action": "x"}))

    knowledge = Knowledge(hint=solved, search=SearchSettings(solver_hint=True))
    bot = MCTSBot(iterations=50, seed=0, knowledge=knowledge)
    assert bot.choose(PileGame(start=9).new_initial_state()) == "take:1"
    assert bot.last_iterations == 0


def test_the_heuristic_and_evaluator_are_used():
    calls = {"heuristic": 0, "evaluate": 0}

    def rollout(state, rng):
        calls["heuristic"] += 1
        return state.legal_actions()[-1]

    def evaluate(state):
        calls["evaluate"] += 1
        return [0.5, 0.5]

    knowing = Knowledge(rollout=rollout, evaluate=evaluate)
    bot = MCTSBot(iterations=50, seed=0, rollout_cut=2, knowledge=knowing)
    bot.choose(PileGame(start=30).new_initial_state())
    assert calls["heuristic"] > 0 and calls["evaluate"] > 0


def test_no_move_at_a_chance_node():
    state = PileGame(start=2).new_initial_state().apply("take:1")
    assert state.current_player == CHANCE
    with pytest.raises(ValueError, match="no seat to move"):
        MCTSBot(iterations=5).choose(state)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero': the bots are"),
        ("mcts:brutal", "unknown level 'brutal' for bot 'mcts': the levels are easy, medium, hard"),
        ("random:hard", "bot 'random' has no levels"),
    ],
)
def test_make_bot_refuses_unknown_kinds_and_levels(spec, message):
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="iterations"):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        MCTSBot(seconds=-1)
    with pytest.raises(ValueError, match="unknown MCTS level"):
        MCTSBot(level="godlike")


@pytest.mark.parametrize("game_id", [info["id"] for info in list_games()])
def test_plays_every_registered_game(game_id):
    """A few decisions of every game with a tiny budget, all legal."""
    game = load_game(game_id)
    bot = MCTSBot(iterations=8, seed=1)
    rng = random.Random(1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 4:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        action = bot.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)
        decisions += 1
    assert decisions > 0 or state.is_terminal()


class _WalkState(State):
    """A walk of ``length`` steps, one legal action a turn; seat 0 wins at the end."""

    def __init__(self, game, steps=0):
        super().__init__(game)
        self.steps = steps

    @property
    def current_player(self):
        return TERMINAL if self.steps >= self.game.length else self.steps % 2

    def _legal_actions(self):
        return ["step"]

    def _next(self, action):
        return _WalkState(self.game, self.steps + 1)

    def scores(self):
        return [1, 0] if self.steps >= self.game.length else [0, 0]

    def _key(self):
        return self.steps

    def __str__(self):
        return f"step {self.steps}"


class _WalkGame(Game):
    id = "walk"
    name = "Walk"
    min_players = max_players = 2
    length = MAX_ROLLOUT + 500

    def new_initial_state(self):
        return _WalkState(self)

    def score_range(self):
        return 0.0, 1.0

    def max_game_length(self):
        return self.length


class _ShortWalkGame(_WalkGame):
    length = 10


def test_rollouts_reach_the_end_of_a_game_that_declares_its_maximum_length():
    walk = _WalkGame()
    assert rollout_limit(walk) == walk.length > MAX_ROLLOUT
    assert rollout_limit(load_game("bohnen")) == load_game("bohnen").max_game_length()
    assert rollout_limit(_ShortWalkGame()) == MAX_ROLLOUT
    # one rollout: to the end (seat 0 wins), beyond MAX_ROLLOUT actions
    bot = MCTSBot(iterations=1, seed=0, use_knowledge=False)
    assert bot.analyse(walk.new_initial_state())["value"] == 1.0


def test_an_mcts_spec_may_name_its_iterations_a_move():
    """``mcts:N``: the lab's skill trace plays MCTS at given budgets."""
    assert make_bot("mcts:64", seed=1).iterations == 64
    for spec in ("mcts:0", "mcts:2000000"):
        with pytest.raises(ValueError, match="MCTS iterations must be from 1"):
            make_bot(spec)
