"""The code before a change, as git keeps it: a pinned tree unpacked at test time.

The stored digests (tests/data/differential/) prove on their own that a game still plays as it
did; they need nothing here. When one differs, or in the few live side-by-side tests, the old
code is played beside the new one to name the first step where they part: the pinned commit's
``src`` (with its own differential harness) is unpacked once into a folder of the system's
temporary directory, as ``git archive`` makes it, and played in a process of its own, which
streams its facts of every step back to this one (as OpenSpiel's playthrough files are
compared against the code that wrote them). Without the git history (a shallow clone, an
unpacked release) this is not possible, and those tests skip, saying so.
"""

from __future__ import annotations

import importlib.util
import io
import os
import pickle
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

# main just before issue 29's refactor: every game there plays every stored digest
PINNED = "f4b56b9dca9b6712025da607bddfb72fce9f9e5e"
# what the old side needs: its package and the harness that hashes a game's facts
HARNESS = (
    "src",
    "tests/__init__.py",
    "tests/differential/__init__.py",
    "tests/differential/chunks.py",
    "tests/differential/pinning.py",
)


class Unavailable(Exception):
    """The pinned tree cannot be had here; the message says why."""


def _git(what: str, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"") or str(error).encode()
        raise Unavailable(
            f"git cannot give {what} ({detail.decode().strip()[:200]}); a shallow clone or a "
            "tree without .git has no history to compare against"
        ) from None
    return done.stdout


def tree(commit: str = PINNED) -> Path:
    """The pinned tree, unpacked once (later runs reuse it, and numba's caches in it)."""
    place = Path(tempfile.gettempdir()) / f"ludoteca-before-{commit[:12]}"
    if (place / "src").is_dir():
        return place
    archive = _git(f"the tree of commit {commit}", "archive", "--format=tar", commit, *HARNESS)
    building = Path(tempfile.mkdtemp(prefix=place.name + ".", dir=place.parent))
    with tarfile.open(fileobj=io.BytesIO(archive)) as unpacking:
        unpacking.extractall(building, filter="data")
    try:
        building.rename(place)
    except OSError:  # another run unpacked it meanwhile
        shutil.rmtree(building, ignore_errors=True)
    return place


def module_at(commit: str, path: str, name: str) -> ModuleType:
    """One module file as it was at ``commit`` (it may import only the standard library),
    imported under ``name``."""
    source = _git(f"{path} of commit {commit}", "show", f"{commit}:{path}")
    folder = Path(tempfile.gettempdir()) / f"ludoteca-before-{commit[:12]}-files"
    folder.mkdir(exist_ok=True)
    file = folder / f"{name}.py"
    if not file.exists():
        file.write_bytes(source)
    spec = importlib.util.spec_from_file_location(name, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# Played in the pinned tree: its own harness's facts of every step of every variant asked
# for, pickled one by one (one process for all of a game's variants: each process loads the
# pinned package and its compiled cores again, which costs more than the games themselves).
SCRIPT = """
import pickle, sys
from tests.differential.chunks import extra_of
from tests.differential.pinning import _games
from ludoteca.games import registry
game_id, variants, games, seed, observed = pickle.loads(bytes.fromhex(sys.argv[1]))
out = sys.stdout.buffer
for options in variants:
    game = registry.load(game_id, **options)
    for index, step, name, value in _games(
        game, games, seed, observed, extra_of(game_id, "ludoteca.games")
    ):
        pickle.dump((index, step, f"{options} {name}", value), out)
"""


def facts(
    game_id: str, variants: list[dict[str, Any]], *, games: int, seed: int, observed: int
) -> Iterator[tuple[int, int, str, Any]]:
    """(game, step, name, value) of every fact of the seeded random games of each variant in
    turn, as the pinned tree's rules and knowledge give them (see ``pinning._games``); each
    name begins with its variant's options."""
    where = tree()
    task = pickle.dumps((game_id, variants, games, seed, observed)).hex()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(where / "src"), str(where)])}
    with subprocess.Popen(
        [sys.executable, "-c", SCRIPT, task], cwd=where, env=env, stdout=subprocess.PIPE
    ) as old:
        assert old.stdout is not None
        try:
            while True:
                try:
                    yield pickle.load(old.stdout)
                except EOFError:
                    break
        finally:
            old.kill()
    if old.returncode not in (0, -9):
        raise RuntimeError(f"the pinned tree failed to play {game_id} {variants} (see stderr)")
