"""The harness itself: it finds a difference where there is one."""

from ludoteca.games import registry
from tests.differential.harness import first_difference, play_digest


def test_a_game_agrees_with_itself_and_a_changed_option_is_found() -> None:
    bohnen = registry.load("bohnen")
    assert first_difference(bohnen, registry.load("bohnen"), games=5, seed=1) is None
    assert play_digest(bohnen, games=5, seed=1) == play_digest(bohnen, games=5, seed=1)
    three = registry.load("bohnen", players=3)
    assert first_difference(bohnen, three, games=1, seed=1) is not None
