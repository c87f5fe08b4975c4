"""Balance studies: seeded games per sweep point, played here, in processes or on Ray.

A study plays ``games`` games at every sweep point (each combination of the swept options'
values, on top of the fixed options). Game ``i`` of a point gets the seat plan and the seed
of match ``i`` of an arena (:mod:`ludoteca.lab.arena`): bots rotated over the seats, chance and
every bot seeded from the study seed and ``i``. A game's result therefore depends only on its
options, its seats and its seed, never on where or in which order it ran; the store keys games
by exactly that, so a rerun plays only the games not yet in the study's folder.

``games.parquet`` holds one row per game (see ``COLUMNS``); a study folder can hold several
studies' games, and a study reads back only its own.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import signal
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca import load_game
from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, State

from .arena import match_seed, play_seeded, seatings
from .components import analyse

GAMES_FILE = "games.parquet"
# the skill trace's games are stored with the point's label after this
SKILL = "skill: "
# the skill trace: MCTS of each of these iterations a move against MCTS of SKILL_FIXED
SKILL_BUDGETS = (4, 16, 64)
SKILL_FIXED = 16
UNFINISHED = "unfinished"
COLUMNS = (
    "point",  # the sweep point's label, e.g. "variant=bonus-tools"
    "index",  # the game's number within its point
    "seed",
    "options",  # JSON of the game's resolved options
    "seats",  # the bot spec of each seat
    "scores",
    "winners",
    "actions",  # the number of actions, chance draws included
    "turns",
    "lead_changes",
    "end",  # the game's end_reason(), "unfinished" past max_actions, "" if the game names none
    "seconds",
    "record",  # every action of the game: the record to replay it
    "components",  # JSON rows [component, name, seat, value] (see ludoteca.lab.components)
)
Progress = Callable[[int, int], None]
MAX_GAMES = 10_000_000  # games per sweep point: the study lists its tasks in memory


def _count(what: str, value: Any, low: int, high: int) -> None:
    """ValueError unless ``value`` is an integer (not a bool) from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"the {what} must be an integer, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"the {what} must be from {low} to {high:,}, not {value}")


@dataclass(frozen=True)
class Task:
    """One game to play: everything its result depends on."""

    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    seed: int
    point: str
    index: int
    max_actions: int

    @property
    def key(self) -> tuple[str, str, int]:
        return game_key(self.options, self.seats, self.seed)


def game_key(options: dict[str, Any], seats: Iterable[str], seed: int) -> tuple[str, str, int]:
    return json.dumps(options, sort_keys=True), json.dumps(list(seats)), seed


@dataclass
class Study:
    """What to play: ``sweep`` maps option names to the values to try (all combinations)."""

    game: str
    bots: list[str]
    games: int
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    sweep: dict[str, list[str]] = field(default_factory=dict)
    seed: int = 0
    max_actions: int = 20000
    skill_games: int = 0  # games per budget of the skill trace (0: no trace)

    def check(self) -> None:
        """ValueError for anything that cannot be played, before any game starts."""
        _count("number of games", self.games, 1, MAX_GAMES)
        _count("most actions of a game", self.max_actions, 1, 10**9)
        _count("seed", self.seed, 0, 2**63 - 1)
        _count("number of skill games", self.skill_games, 0, MAX_GAMES)
        if self.players is not None:
            _count("number of players", self.players, 1, 100)
        if not isinstance(self.bots, list) or not all(isinstance(b, str) for b in self.bots):
            raise ValueError(f"the bots are a list of bot specs, not {self.bots!r}")
        if not self.bots:
            raise ValueError("a study needs at least one bot")
        for spec in self.bots:
            make_bot(spec, seed=0)
        for name, values in self.sweep.items():
            if not values:
                raise ValueError(f"the sweep of {name!r} has no values")
            if len(set(map(str, values))) < len(values):
                raise ValueError(f"the sweep of {name!r} names a value twice: {values}")
            if name in self.options or (name == "players" and self.players is not None):
                raise ValueError(f"option {name!r} is both fixed and swept")
        self.points()

    def points(self) -> list[tuple[str, dict[str, Any]]]:
        """(label, resolved options) of every sweep point, in the order of the sweep."""
        names = list(self.sweep)
        found = []
        for values in itertools.product(*(self.sweep[name] for name in names)):
            chosen = dict(self.options)
            chosen.update(zip(names, values, strict=True))
            if self.players is not None:
                chosen["players"] = self.players
            if "players" not in chosen:
                kind = type(load_game(self.game, **chosen))
                chosen["players"] = min(max(len(self.bots), kind.min_players), kind.max_players)
            resolved = load_game(self.game, **chosen).options
            label = ", ".join(f"{n}={v}" for n, v in zip(names, values, strict=True))
            found.append((label or "all", dict(resolved)))
        return found

    def info(self) -> dict[str, Any]:
        """The study as the summary states it."""
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games_per_point": self.games,
            "players": self.players,
            "options": dict(self.options),
            "sweep": {name: list(values) for name, values in self.sweep.items()},
            "seed": self.seed,
            "max_actions": self.max_actions,
            "skill_games": self.skill_games,
            "skill_fixed": f"mcts:{SKILL_FIXED}",
        }

    def tasks(self) -> list[Task]:
        tasks = []
        for label, options in self.points():
            rotation = seatings(len(self.bots), options["players"])
            for index in range(self.games):
                plan = rotation[index % len(rotation)]
                seats = tuple(self.bots[b] for b in plan)
                seed = match_seed(self.seed, index)
                tasks.append(Task(self.game, options, seats, seed, label, index, self.max_actions))
        return tasks

    def skill_tasks(self) -> list[Task]:
        """The skill trace's games: per point and budget, ``skill_games`` games of MCTS of
        that budget against MCTS of ``SKILL_FIXED`` iterations, seats rotated as in
        ``tasks`` (the budget's bot is bot 0)."""
        tasks = []
        for label, options in self.points():
            rotation = skill_rotation(options["players"])
            for budget_number, budget in enumerate(SKILL_BUDGETS):
                bots = (f"mcts:{budget}", f"mcts:{SKILL_FIXED}")
                for game in range(self.skill_games):
                    index = budget_number * self.skill_games + game
                    seats = tuple(bots[b] for b in rotation[index % len(rotation)])
                    seed = match_seed(self.seed, index)
                    point = SKILL + label
                    tasks.append(
                        Task(self.game, options, seats, seed, point, index, self.max_actions)
                    )
        return tasks


def skill_rotation(players: int) -> list[list[int]]:
    """The skill trace's seat plans: two bots rotated as in an arena; alone, the budget's."""
    return seatings(2, players) if players > 1 else [[0]]


def random_tasks(
    game: str, options: dict[str, Any], games: int, seed: int, max_actions: int
) -> list[Task]:
    """``games`` games of the ``random`` bot in every seat (seeded as the study's games)."""
    seats = ("random",) * options["players"]
    return [
        Task(game, options, seats, match_seed(seed, index), "random", index, max_actions)
        for index in range(games)
    ]


class Watcher:
    """Counts turns and lead changes from the scores at the start of every turn."""

    def __init__(self) -> None:
        self.mover: int | None = None
        self.turns = 0
        self.leader: int | None = None
        self.lead_changes = 0

    def __call__(self, state: State) -> None:
        seat = state.current_player
        if seat == CHANCE:
            return
        solitaire = state.game.num_players == 1
        if seat >= 0 and seat == self.mover and not solitaire:
            return  # the same turn goes on
        if seat >= 0:
            self.turns += 1  # in a solitaire game, every decision is a turn
        self._look(state.scores())
        self.mover = seat

    def _look(self, scores: list[float]) -> None:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) != 1:
            return  # a shared lead changes nothing yet
        if self.leader is not None and leaders[0] != self.leader:
            self.lead_changes += 1
        self.leader = leaders[0]


def play_game(task: Task) -> dict[str, Any]:
    """Play one task; its row of ``games.parquet``."""
    started = time.perf_counter()
    game = load_game(task.game, **task.options)
    watcher = Watcher()
    final, _, _ = play_seeded(game, task.seats, task.seed, watcher, task.max_actions)
    finished = final.is_terminal()
    end = (final.end_reason() or "") if finished else UNFINISHED
    components = analyse(final)
    return {
        "point": task.point,
        "index": task.index,
        "seed": task.seed,
        "options": json.dumps(task.options, sort_keys=True),
        "seats": list(task.seats),
        "scores": [float(score) for score in final.scores()],
        "winners": final.winners(),
        "actions": len(final),
        "turns": watcher.turns,
        "lead_changes": watcher.lead_changes,
        "end": end,
        "seconds": time.perf_counter() - started,
        "record": final.history(),
        "components": json.dumps([list(row) for row in components]),
    }


# -- where the games run ------------------------------------------------------------------------


def run_here(tasks: list[Task], jobs: int) -> Iterator[dict[str, Any]]:
    """Rows as games finish, in this process (``jobs`` 1) or in ``jobs`` forked processes."""
    if jobs == 1:
        yield from map(play_game, tasks)
        return
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_interrupts)
    try:
        yield from pool.imap_unordered(play_game, tasks)
    finally:
        pool.terminate()
        pool.join()


def _ignore_interrupts() -> None:
    """Ctrl-C is for the parent, which saves what is done and stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class RayUnavailable(RuntimeError):
    """Ray could not start here or join the cluster at the address."""


def run_on_ray(
    tasks: list[Task], address: str, cpus: int | None = None
) -> Iterator[dict[str, Any]]:
    """Rows as games finish on Ray: ``address`` "auto" starts a runtime on this machine (with
    ``cpus`` cores, or all), anything else joins that cluster. One task per game; a task whose
    worker dies is run again by Ray (``max_retries``), and a game's result does not depend on
    which worker plays it."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        check_reachable(address)
        try:
            ray.init(**ray_settings(address, cpus))
        except Exception as error:  # Ray raises bare Exceptions for a node that did not start
            ray.shutdown()
            raise RayUnavailable(
                str(error).splitlines()[0] if str(error) else repr(error)
            ) from None
    try:
        remote = ray.remote(max_retries=5)(play_game)
        pending = [remote.remote(task) for task in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=min(len(pending), 8), timeout=0.5)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def check_reachable(address: str, seconds: float = 5.0) -> None:
    """RayUnavailable at once if nothing listens at a ``HOST:PORT`` address (Ray itself would
    keep retrying for minutes); "auto" and other address forms are left to Ray."""
    host, colon, port = address.rpartition(":")
    if not colon or not host or not port.isdigit() or "/" in host:
        return
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as error:
        raise RayUnavailable(f"nothing answers at {address}: {error}") from None


def ray_settings(address: str, cpus: int | None) -> dict[str, Any]:
    """``ray.init`` arguments: the workers run this very copy of ``ludoteca``."""
    import ludoteca

    package = Path(ludoteca.__file__).parent
    quiet = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address == "auto":
        path = os.pathsep.join(filter(None, [str(package.parent), os.environ.get("PYTHONPATH")]))
        env = {"env_vars": {"PYTHONPATH": path}}
        return {"num_cpus": cpus, "runtime_env": env, **quiet}
    # another machine's workers get the package shipped with the job
    return {"address": address, "runtime_env": {"py_modules": [str(package)]}, **quiet}


# -- the study's folder -------------------------------------------------------------------------


def check_folder(folder: str | Path) -> None:
    """ValueError if ``folder`` cannot hold a study: a file, or inside one."""
    for path in (Path(folder), *Path(folder).parents):
        if path.exists() and not path.is_dir():
            raise ValueError(f"{path} is a file, not a folder: --out names the study's folder")


class Store:
    """The games of a study folder, saved to ``games.parquet`` (atomically) as they come."""

    def __init__(self, folder: str | Path, every: float = 5.0):
        import pyarrow.parquet as pq

        check_folder(folder)
        self.folder = Path(folder)
        self.path = self.folder / GAMES_FILE
        self.every = every
        self.rows: dict[tuple[str, str, int], dict[str, Any]] = {}
        if self.path.exists():
            for row in pq.read_table(self.path).to_pylist():
                self.rows[game_key(json.loads(row["options"]), row["seats"], row["seed"])] = row
        self.saved_at = time.monotonic()
        self.dirty = False

    def __contains__(self, key: tuple[str, str, int]) -> bool:
        return key in self.rows

    def add(self, row: dict[str, Any]) -> None:
        self.rows[game_key(json.loads(row["options"]), row["seats"], row["seed"])] = row
        self.dirty = True
        if time.monotonic() - self.saved_at >= self.every:
            self.save()

    def save(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self.dirty and self.path.exists():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        rows = sorted(self.rows.values(), key=lambda row: (row["point"], row["index"], row["seed"]))
        table = pa.Table.from_pylist(rows, schema=schema())
        partial = self.path.with_suffix(".parquet.partial")
        pq.write_table(table, partial)
        partial.replace(self.path)
        self.saved_at, self.dirty = time.monotonic(), False

    def of(self, tasks: list[Task]) -> list[dict[str, Any]]:
        """The rows of these tasks that are here, in the tasks' order."""
        return [self.rows[task.key] for task in tasks if task.key in self.rows]


def schema():
    import pyarrow as pa

    return pa.schema(
        [
            ("point", pa.string()),
            ("index", pa.int64()),
            ("seed", pa.int64()),
            ("options", pa.string()),
            ("seats", pa.list_(pa.string())),
            ("scores", pa.list_(pa.float64())),
            ("winners", pa.list_(pa.int64())),
            ("actions", pa.int64()),
            ("turns", pa.int64()),
            ("lead_changes", pa.int64()),
            ("end", pa.string()),
            ("seconds", pa.float64()),
            ("record", pa.list_(pa.string())),
            ("components", pa.string()),
        ]
    )


def run_study(
    study: Study,
    folder: str | Path,
    *,
    jobs: int = 1,
    ray: str | None = None,
    cpus: int | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play the study's games missing from ``folder`` and save them; every game's row. The
    games run in ``jobs`` processes, or on Ray (``ray`` "auto" with ``cpus`` cores, or a
    cluster's address)."""
    study.check()
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    tasks = study.tasks() + study.skill_tasks()
    store = Store(folder)
    todo = [task for task in tasks if task.key not in store]
    done = len(tasks) - len(todo)
    if progress is not None:
        progress(done, len(tasks))
    if todo:
        rows = run_here(todo, jobs) if ray is None else run_on_ray(todo, ray, cpus)
        try:
            for row in rows:
                store.add(row)
                done += 1
                if progress is not None:
                    progress(done, len(tasks))
        finally:
            store.save()
    else:
        store.save()
    return store.of(tasks)
