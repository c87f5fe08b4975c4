"""kill -9 at the moment a rated game ends never leaves it over and unsettled (a few tries;
``benchmarks/settle_crash.py`` makes 50)."""

from __future__ import annotations

import pytest

from .settle_crash import crash_tries


@pytest.mark.slow
def test_a_kill_at_the_end_of_a_rated_game_never_leaves_it_unsettled(tmp_path):
    counts = crash_tries(tmp_path, tries=4, per_kill=2)
    assert counts["tries"] == 4 and counts["unsettled"] == 0 and counts["twice"] == 0, counts
