"""The pre-change oracle of Hares: a copy of its rules modules (board, cards, game, tensors,
solver, knowledge) as they were on main (0876e7b) before the compiled core (issue #19),
imports made absolute; the level cards are read from ``ludoteca.games.hares``' data. Only the
differential tests use it; it is not the game and is never changed to follow the game."""
