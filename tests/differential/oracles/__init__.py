"""Pre-change copies of games' rules, kept as oracles for the differential tests.

Each package here is the game's rules modules as they were before its compiled core (a
frozen copy, labelled as such: never edited to follow the game). ``tests/differential``
plays seeded random games through an oracle and the live game side by side.
"""
