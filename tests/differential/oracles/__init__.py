"""Pre-change implementations of games, kept as test oracles for the differential tests."""
