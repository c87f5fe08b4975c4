"""The package's import graph (drawn by grimp): no circles, layers in one direction, in every
game the rules never reach the view or the knowledge, and nothing outside ``ludoteca.games``
imports a game's folder or names a game (a game is its folder plus one registry line)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from ludoteca.games import registry

GAMES = [module for module in registry.modules().values() if module.startswith("ludoteca.")]
GAME_IDS = [game_id for game_id, module in registry.modules().items() if module in GAMES]
PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ludoteca"

# Files outside games/ that may name a game, each with the reason (none today).
MAY_NAME_A_GAME: dict[str, str] = {}

# Each layer may import only the layers below it (later in this list).
LAYERS = (
    "ludoteca.cli",
    "ludoteca.server",
    "ludoteca.web",
    "ludoteca.lab",
    "ludoteca.adapters",
    "ludoteca.bots",
    "ludoteca.games",
    "ludoteca.engine",
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # Imports made only for type checking never run, so they cannot close a circle.
    return grimp.build_graph("ludoteca", exclude_type_checking_imports=True)


def test_there_are_no_circles(graph):
    circles = [
        (module, imported)
        for module in sorted(graph.modules)
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith("ludoteca") and graph.chain_exists(imported, module)
    ]
    assert circles == []


def test_layers_import_downwards_only(graph):
    for index, layer in enumerate(LAYERS):
        for above in LAYERS[:index]:
            assert not graph.chain_exists(layer, above, as_packages=True), f"{layer} -> {above}"


@pytest.mark.parametrize("package", GAMES)
def test_the_rules_reach_neither_view_nor_knowledge(graph, package):
    for part in ("view", "knowledge"):
        chain = graph.find_shortest_chain(f"{package}.game", f"{package}.{part}")
        assert chain is None, f"the rules import the {part}: {' -> '.join(chain)}"


@pytest.mark.parametrize("package", GAMES)
def test_every_game_has_its_parts_in_the_same_files(package):
    graph_modules = grimp.build_graph("ludoteca").find_children(package)
    assert {f"{package}.{name}" for name in ("game", "view", "knowledge")} <= graph_modules


def outside_the_games() -> list[Path]:
    """The package's code, pages, styles and catalogs outside ``ludoteca/games/``."""
    files = [
        path for kind in ("py", "js", "html", "css", "po") for path in PACKAGE.rglob(f"*.{kind}")
    ]
    return sorted(path for path in files if PACKAGE / "games" not in path.parents)


def test_nothing_outside_the_games_imports_a_games_folder(graph):
    found = [
        (module, imported)
        for module in sorted(graph.modules)
        if not module.startswith("ludoteca.games")
        for imported in graph.find_modules_directly_imported_by(module)
        if any(imported == game or imported.startswith(f"{game}.") for game in GAMES)
    ]
    assert found == []


def test_nothing_outside_the_games_names_a_game():
    """No game id as an identifier, a string, a docstring or a comment, in any case: the
    server, lab, bots, adapters, CLI and web client read a game's declared parts instead."""
    assert GAME_IDS
    word = re.compile(r"\b(" + "|".join(map(re.escape, GAME_IDS)) + r")\b", re.IGNORECASE)
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in outside_the_games()
        if path.relative_to(PACKAGE).as_posix() not in MAY_NAME_A_GAME
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if word.search(line)
    ]
    assert found == [], "\n".join(found)


# games whose compiled core is imported with their first board, not with the package
CORE_ON_FIRST_USE = ("bohnen", "habitats")


def test_listing_a_game_loads_no_compiled_code():
    """``ludoteca play bohnen --help`` and the game list need the game's class, not its core:
    numba (and the SciPy numba imports when it is installed) costs a second of start-up."""
    names = ", ".join(repr(game) for game in CORE_ON_FIRST_USE)
    script = (
        "import sys\n"
        "from ludoteca.cli import build_parser\n"
        "from ludoteca.games import registry\n"
        f"for game in ({names},):\n"
        "    build_parser('en', ['play', game])\n"
        "    registry.game_class(game).info()\n"
        "print(sorted(m for m in ('numba', 'scipy') if m in sys.modules))\n"
    )
    src = str(Path(__file__).resolve().parents[1] / "src")
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": src},
        check=True,
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
