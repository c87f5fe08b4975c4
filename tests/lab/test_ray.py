"""On a real local Ray runtime the lab plays exactly the games of a ``--jobs`` run."""

import pytest

pytest.importorskip("pyarrow")
ray = pytest.importorskip("ray")

from ludoteca.lab.study import Study, run_study  # noqa: E402

pytestmark = [pytest.mark.ray, pytest.mark.slow]


def test_a_study_on_ray_equals_the_study_in_processes(tmp_path):
    study = Study("bohnen", ["random", "heuristic"], 3, sweep={"players": ["2", "3"]}, seed=11)
    here = run_study(study, tmp_path / "here", jobs=2)
    on_ray = run_study(study, tmp_path / "ray", ray="auto", cpus=2)
    assert not ray.is_initialized()  # the runtime it started is stopped again
    drop = "seconds"
    assert [{k: v for k, v in r.items() if k != drop} for r in on_ray] == [
        {k: v for k, v in r.items() if k != drop} for r in here
    ]
