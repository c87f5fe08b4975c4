"""The package's import graph (drawn by grimp): no circles, layers in one direction, and in
every game the rules never reach the view or the knowledge."""

from __future__ import annotations

import grimp
import pytest

from ludoteca.games import registry

GAMES = [module for module in registry.modules().values() if module.startswith("ludoteca.")]

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
