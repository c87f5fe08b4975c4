"""Every game names why a finished game ended (``State.end_reason``), and the name is true."""

import random

import pytest

from ludoteca import load_game
from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, sample_chance
from ludoteca.games.bohnen.game import END_REASONS as BOHNEN_ENDS

ENDS = {
    "habanero": {"stop", "stuck", "campesinos", "habaneros"},
    "potager": {"full_garden", "points", "empty_bag", "stuck"},
    "bohnen": set(BOHNEN_ENDS),
    "habitats": {"last_turn"},
    "hares": {"all_saved", "none_left", "stuck"},
}


def _play(game, seed: int, bot: str = "random"):
    """Every state of one seeded game."""
    rng = random.Random(seed)
    bots = [make_bot(bot, seed=seed + seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    states = [state]
    while not state.is_terminal():
        seat = state.current_player
        action = sample_chance(state, rng) if seat == CHANCE else bots[seat].choose(state)
        state = state.apply(action)
        states.append(state)
    return states


@pytest.mark.parametrize(
    "game_id, options",
    [("habanero", {}), ("bohnen", {}), ("habitats", {}), ("hares", {"level": 3})],
)
def test_only_a_finished_game_has_an_end(game_id, options):
    game = load_game(game_id, **options)
    for seed in range(3):
        states = _play(game, seed)
        assert all(state.end_reason() is None for state in states[:-1])
        assert states[-1].end_reason() in ENDS[game_id]


def test_habanero_ends_are_what_happened():
    game = load_game("habanero", campesinos=1)
    seen = set()
    for seed in range(40):
        final = _play(game, seed)[-1]
        reason = final.end_reason()
        seen.add(reason)
        if reason == "stop":
            assert final.history()[-1] == "stop"
        elif reason == "campesinos":
            assert final.campesinos == ()
        elif reason == "habaneros":
            assert final.habaneros == 0
        else:
            assert reason == "stuck" and final.history()[-1].startswith("roll:")
    assert {"stop", "stuck"} <= seen


def test_hares_ends_are_what_happened():
    for level in (1, 4, 9):
        game = load_game("hares", level=level)
        for seed in range(4):
            final = _play(game, seed)[-1]
            reason = final.end_reason()
            position = final.position
            assert (reason == "all_saved") == (position.saved == len(game.card.hares))
            assert (reason == "stuck") == (bool(position.hares) and reason != "all_saved")


def test_potager_ends_are_what_happened():
    seen = set()
    for variant, seed in [("standard", 0), ("standard", 1), ("bonus-tools", 2), ("bonus-tools", 5)]:
        final = _play(load_game("potager", variant=variant), seed, bot="heuristic")[-1]
        reason = final.end_reason()
        seen.add(reason)
        if reason == "full_garden":
            assert final.winners() == [1 - final.loser] and final.is_full(final.loser)
        elif reason == "points":
            assert max(final.scores()) >= 40
        elif reason == "empty_bag":
            assert final.bag_size() == 0 and max(final.scores()) < 40
    assert seen <= ENDS["potager"] and len(seen) >= 2
