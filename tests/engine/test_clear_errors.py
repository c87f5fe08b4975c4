"""Wrong types and sizes at the package's front doors get a ValueError (or RecordError) that
says what was wrong, never an AttributeError, TypeError or MemoryError from deep inside."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import list_games, load_game, load_record
from ludoteca.engine import RecordError
from ludoteca.engine.playouts import MAX_PLAYOUTS

GAME_IDS = [info["id"] for info in list_games()]
# anything but a game id: other types, and strings that name no game
not_an_id = st.one_of(
    st.none(),
    st.integers(),
    st.floats(),
    st.lists(st.sampled_from(GAME_IDS), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.text(max_size=12).filter(lambda text: text not in GAME_IDS),
)
not_a_count = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.integers(max_value=-1),
    st.integers(min_value=MAX_PLAYOUTS + 1),
)


@settings(max_examples=60, deadline=None)
@given(not_an_id)
def test_load_game_refuses_what_names_no_game(game_id):
    with pytest.raises(ValueError, match="unknown game"):
        load_game(game_id)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.floats(),
        st.booleans(),
        st.lists(st.text(max_size=3), max_size=3),
        st.tuples(st.text(max_size=3)),
        st.dictionaries(st.sampled_from(["game", "options", "actions", "x"]), st.none()),
    )
)
def test_load_record_refuses_what_is_no_record(record):
    with pytest.raises(RecordError, match="bad game record"):
        load_record(record)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=25, deadline=None)
@given(count=not_a_count)
def test_playouts_refuse_counts_that_no_batch_can_play(game_id, count):
    game = load_game(game_id)
    with pytest.raises(ValueError, match="number of playouts must be"):
        game.playouts(count, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playouts_refuse_a_seed_or_policy_that_is_none(game_id):
    game = load_game(game_id)
    for seed in ("0", 1.5, None, True):
        with pytest.raises(ValueError, match="seed must be an integer"):
            game.playouts(2, seed)
    with pytest.raises(ValueError, match="unknown playout policy"):
        game.playouts(2, 0, policy=["random"])
    assert game.playouts(10**12 // 10**12, 0).lengths.shape == (1,)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("name", ["self", "cls", "options", "game_id"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(game_id, name):
    # a record's options become keyword arguments: a key such as ``self`` must not collide
    # with the constructor's own parameters (a TypeError, and a traceback in `replay`)
    with pytest.raises(ValueError, match="unknown option"):
        load_game(game_id, **{name: 1})
