"""The lab plays seeded studies: same games wherever they run, resumable, summarised, reported."""

import json

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

import pyarrow.parquet as pq  # noqa: E402

from ludoteca import load_game  # noqa: E402
from ludoteca.cli import main  # noqa: E402
from ludoteca.lab.arena import match_seed, play_match  # noqa: E402
from ludoteca.lab.metrics import RANDOM_GAMES, mean, point_metrics, proportion  # noqa: E402
from ludoteca.lab.report import write_outputs  # noqa: E402
from ludoteca.lab.study import Study, run_study  # noqa: E402


def _games(rows):
    """The rows without their timings: what must not depend on where the games ran."""
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def test_the_same_seeds_give_the_same_games_with_one_or_two_jobs(tmp_path):
    study = Study("bohnen", ["random", "heuristic"], 4, sweep={"players": ["2", "3"]}, seed=7)
    one = run_study(study, tmp_path / "one", jobs=1)
    two = run_study(study, tmp_path / "two", jobs=2)
    assert len(one) == 8
    assert _games(one) == _games(two)
    stored = pq.read_table(tmp_path / "two" / "games.parquet").to_pylist()
    assert _games(stored) == _games(two)


def test_a_game_is_the_arena_match_of_its_seed_and_its_record_replays_it(tmp_path):
    study = Study("habitats", ["heuristic", "random"], 2, seed=3)
    rows = run_study(study, tmp_path)
    for index, row in enumerate(rows):
        assert row["seed"] == match_seed(3, index)
        match = play_match("habitats", json.loads(row["options"]), row["seats"], row["seed"])
        assert match["scores"] == row["scores"] and match["winners"] == row["winners"]
        final = load_game("habitats", **json.loads(row["options"])).replay(row["record"])
        assert final.scores() == row["scores"]
        assert final.end_reason() == row["end"] == "last_turn"
        assert row["actions"] == len(row["record"])
    assert [row["seats"] for row in rows] == [["heuristic", "random"], ["random", "heuristic"]]


def test_a_rerun_plays_only_the_games_not_yet_in_the_folder(tmp_path):
    first = run_study(Study("habanero", ["random"], 3), tmp_path)
    seen = []
    more = run_study(
        Study("habanero", ["random"], 5), tmp_path, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (3, 5) and seen[-1] == (5, 5) and len(seen) == 3
    assert more[:3] == first  # the same rows, timings included: not played again
    assert len(pq.read_table(tmp_path / "games.parquet")) == 5


def test_a_study_refuses_what_it_cannot_play(tmp_path):
    with pytest.raises(ValueError, match="unknown bot"):
        run_study(Study("bohnen", ["nobody"], 2), tmp_path)
    with pytest.raises(ValueError, match="number of games must be from 1"):
        run_study(Study("bohnen", ["random"], 0), tmp_path)
    with pytest.raises(ValueError):
        run_study(Study("potager", ["random"], 2, sweep={"variant": ["nonsense"]}), tmp_path)
    assert not (tmp_path / "games.parquet").exists()


def test_the_intervals():
    assert proportion(0, 10)["low"] == 0 and 0.2 < proportion(5, 10)["low"] < 0.25
    spread = mean([1.0, 2.0, 3.0, 4.0])
    assert spread["mean"] == 2.5 and spread["low"] < 2.5 < spread["high"]
    assert round(spread["high"] - 2.5, 3) == round(1.96 * 1.2909944 / 2, 3)


def _row(seats, scores, winners, end, components=()):
    return {
        "point": "all",
        "options": json.dumps({"players": len(seats)}),
        "seats": seats,
        "scores": scores,
        "winners": winners,
        "actions": 10,
        "turns": 4,
        "lead_changes": 1,
        "end": end,
        "components": json.dumps([list(c) for c in components]),
    }


def test_the_metrics_of_a_point():
    rows = [
        _row(["mcts:easy", "random"], [10, 4], [0], "points", [("tile", "fox", 0, 3)]),
        _row(["random", "mcts:easy"], [5, 5], [0, 1], "empty_bag", [("tile", "fox", 1, 1)]),
        _row(["mcts:easy", "random"], [2, 8], [1], "points"),
        _row(["random", "mcts:easy"], [1, 9], [1], "unfinished"),
    ]
    metrics = point_metrics(rows, ["mcts:easy", "random"])
    assert metrics["completion"]["count"] == 3
    assert metrics["ends"]["points"]["count"] == 2 and metrics["ends"]["empty_bag"]["rate"] == 0.25
    assert metrics["ends"]["unfinished"]["count"] == 1
    assert [seat["count"] for seat in metrics["seats"]] == [1.5, 1.5]
    assert metrics["first_seat_advantage"]["rate"] == 0
    assert metrics["ties"]["count"] == 1 and metrics["margin"]["mean"] == 4
    gap = metrics["skill_gap"]
    assert gap["strong"] == "mcts:easy" and gap["gap"] == pytest.approx(1.5 / 3 - 1.5 / 3)
    fox = metrics["components"]["tile"][0]
    assert fox["name"] == "fox" and fox["value"]["mean"] == 2 and fox["win"]["count"] == 1.5


def test_components_of_habitats_and_hares(tmp_path):
    rows = run_study(Study("habitats", ["heuristic", "heuristic"], 1), tmp_path / "h")
    final = load_game("habitats").replay(rows[0]["record"])
    tiles = [c for c in json.loads(rows[0]["components"]) if c[0] == "tile"]
    assert sum(c[3] for c in tiles) == sum(p.score().total for p in final.parks)
    assert {c[0] for c in json.loads(rows[0]["components"])} == {"tile", "goal"}
    hares = run_study(Study("hares", ["random"], 3, sweep={"level": ["6"]}), tmp_path / "z")
    shares = [json.loads(row["components"])[0] for row in hares]
    assert all(c[0] == "card" and c[1] == "6" and 0 <= c[3] <= 1 for c in shares)
    assert any(c[3] > 0 for c in shares)  # a random player meets positions with mistakes


def test_the_report_is_one_page_in_the_readers_language(tmp_path):
    study = Study("potager", ["heuristic", "random"], 2, sweep={"variant": ["standard"]})
    rows = run_study(study, tmp_path)
    summary_path, report_path = write_outputs(study.info(), rows, tmp_path, "de")
    page = report_path.read_text("utf-8")
    assert "Wie die Partien enden" in page and "data:image/png;base64," in page
    assert "http" not in page.replace('lang="de"', "")  # nothing to fetch
    summary = json.loads(summary_path.read_text("utf-8"))
    point = summary["points"][0]
    assert point["point"] == "variant=standard" and point["games"] == 2
    assert {"low", "high"} <= set(point["seats"][0]) and "pattern" in point["components"]
    assert point["random_play"]["games"] == RANDOM_GAMES  # Potager's batches are compiled


def test_random_play_is_each_points_batch_of_playouts(tmp_path):
    study = Study("bohnen", ["heuristic", "random"], 2, seed=5)
    rows = run_study(study, tmp_path)
    summary_path, report_path = write_outputs(study.info(), rows, tmp_path, "en")
    played = json.loads(summary_path.read_text("utf-8"))["points"][0]["random_play"]
    batch = load_game("bohnen", **json.loads(rows[0]["options"])).playouts(RANDOM_GAMES, seed=5)
    assert played["games"] == RANDOM_GAMES  # Bohnen's batches are compiled
    assert played["actions"]["mean"] == pytest.approx(batch.lengths.mean())
    assert played["scores"]["mean"] == pytest.approx(batch.scores.mean())
    wins = batch.winners / batch.winners.sum(axis=1, keepdims=True)
    assert [seat["count"] for seat in played["seats"]] == pytest.approx(wins.sum(axis=0))
    assert "first_seat_advantage" in played
    assert "Random play, in batches" in report_path.read_text("utf-8")


def test_the_command_writes_the_study_and_refuses_bad_input(tmp_path, capsys):
    out = tmp_path / "study"
    argv = ["lab", "habanero", "--sweep", "campesinos=1,2", "--bots", "random", "--games", "3"]
    assert main([*argv, "--out", str(out), "--quiet", "--lang", "en"]) == 0
    assert {p.name for p in out.iterdir()} == {
        "games.parquet",
        "summary.json",
        "report.html",
        "plots",
    }
    assert {p.name for p in (out / "plots").iterdir()} == {
        "ends.png",
        "distributions.png",
        "campesinos.png",
    }
    assert "report.html" in capsys.readouterr().out
    assert (
        main(
            [
                "lab",
                "habanero",
                "--sweep",
                "campesinos",
                "--bots",
                "random",
                "--games",
                "3",
                "--out",
                str(out),
            ]
        )
        == 2
    )
    assert "NAME=VALUE" in capsys.readouterr().err
    assert main([*argv[:-2], "--games", "0", "--out", str(out)]) == 2
    assert "from 1 to" in capsys.readouterr().err


def test_the_command_says_in_one_line_when_the_extra_is_missing(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)
    code = main(["lab", "bohnen", "--bots", "random", "--games", "1", "--out", str(tmp_path)])
    assert code == 2
    error = capsys.readouterr().err.strip()
    assert "ludoteca[lab]" in error and "tqdm" in error and "\n" not in error


def test_the_command_says_in_one_line_when_no_ray_cluster_answers(tmp_path, capsys):
    pytest.importorskip("ray")
    argv = ["lab", "habanero", "--bots", "random", "--games", "2", "--quiet"]
    assert main([*argv, "--ray", "127.0.0.1:1", "--out", str(tmp_path)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("Ray could not start or join") and "127.0.0.1:1" in error
    assert "\n" not in error
