"""What the compiled core finds at a turn start before the end-of-game search.

The mover has no beans, cannot feed the next seat, can capture now (by the quick tests or a
capturing legal move: the search's own first step, so the game goes on), or only the search
can tell; and the codes of the search's answers. A module of its own, so that the core and
the board share the codes without importing each other.
"""

NO_BEANS_NOW, CANNOT_FEED_NOW, CAPTURE_NOW, SEARCH = 0, 1, 2, 3

# the end-of-game search's answers (can anybody still capture?), and each as the rules say it
DEAD, LIVE, UNKNOWN = 0, 1, 2
ANSWERS = (False, True, None)

# Every game ends: players who keep avoiding captures cannot capture any more. The game ends
# after QUIET_LIMIT actions in a row without a capture, or when a position (pits and seat to
# move) occurs for the REPEAT_LIMIT-th time since the last capture ("no_progress"; the core's
# filter of turn starts tells the second and third occurrence apart, so it is 3).
QUIET_LIMIT = 100
REPEAT_LIMIT = 3
