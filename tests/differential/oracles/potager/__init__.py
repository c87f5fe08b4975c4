"""The pre-change oracle of Potager: a copy of its rules modules as they were on main (5db6725)
before the compiled core (issue #19), imports made absolute. Only the differential tests use
it; it is not the game and is never changed to follow the game."""
