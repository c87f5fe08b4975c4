"""The games. Adding one: a package here that exports ``GAME``, and one line below."""

from ludoteca.engine.registry import Registry

registry = Registry()
registry.add("habanero", "ludoteca.games.habanero")
registry.add("potager", "ludoteca.games.potager")
registry.add("bohnen", "ludoteca.games.bohnen")
registry.add("habitats", "ludoteca.games.habitats")
registry.add("hares", "ludoteca.games.hares")
