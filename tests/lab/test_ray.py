"""On a real local Ray runtime the lab plays exactly the games of a ``--jobs`` run, even when a
worker dies in the middle of a game.

One test function on purpose: two tests could land on two xdist workers and start two Ray
runtimes on this machine at once.
"""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")
ray = pytest.importorskip("ray")

from ludoteca.lab.study import RayUnavailable, Study, run_study  # noqa: E402

pytestmark = [pytest.mark.ray, pytest.mark.slow]


def _timeless(rows):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def _playing_workers() -> list[int]:
    """Ray worker processes of this user busy in ``play_game`` (Ray titles them so)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "cmdline").read_bytes().startswith(b"ray::play_game"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _kill_one_worker(killed: list[int], stop: threading.Event) -> None:
    while not stop.is_set() and not killed:
        workers = _playing_workers()
        if workers:
            os.kill(workers[0], signal.SIGKILL)
            killed.append(workers[0])
        time.sleep(0.05)


def test_a_study_on_ray_equals_the_study_in_processes_even_when_a_worker_dies(tmp_path):
    # Potager games last about a second: long enough to kill a worker in the middle of one.
    study = Study("potager", ["heuristic", "random"], 3, seed=2)
    here = run_study(study, tmp_path / "here", jobs=2)
    killed: list[int] = []
    stop = threading.Event()
    killer = threading.Thread(target=_kill_one_worker, args=(killed, stop))
    killer.start()
    try:
        try:
            on_ray = run_study(study, tmp_path / "ray", ray="auto", cpus=2)
        except RayUnavailable:
            # Ray gives its node a fixed 30 s to start; a heavily loaded machine can miss it.
            on_ray = run_study(study, tmp_path / "ray", ray="auto", cpus=2)
    finally:
        stop.set()
        killer.join()
    assert not ray.is_initialized()  # the runtime it started is stopped again
    assert killed, "no Ray worker was seen playing a game"
    assert _timeless(on_ray) == _timeless(here)
