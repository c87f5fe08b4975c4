"""Potager's compiled core: the whole rules on one int64 array. Every decision about a
transition is made here once, the end of the game and who won included; the game's Python
(``game.py``) only names what the array holds.

A position is one array (the layout below: both gardens as token codes,
``position.TOKEN_CODES``; the hedge, trampoline and bag as indexes of ``board.KINDS``; the
turn's phase and its pending step; why the game ended). An action is its index in
``PotagerGame.all_actions()``. ``legal`` lists the legal actions in the order of
``State.legal_actions()``, ``step`` plays one in place and returns the seat to move next
(the engine's ``compiled.CompiledState`` binds the two), ``odds`` gives the draw's chances,
``winners`` the winning seats, ``playouts`` plays whole random games with them.

A garden is read as bitmasks of the 21 spaces (bit i: ``SPACES[i]``). The beds of every
vegetable's patterns are one flat table of bitmasks, vegetable after vegetable, in the order
of ``board.placement_masks``. The tables (action ids, beds, the printed tool spaces) are one
array ``r`` made by ``position.rules_table()``, an argument rather than a constant so that the
compiled code (numba, ``cache=True``) never holds stale data; its first entries give where
each table starts (``R_*``). ``promise`` is the bots' measure of a garden, not a rule.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True)
def promise(
    masks: np.ndarray,
    doubles: np.ndarray,
    free: int,
    beds: np.ndarray,
    weights: np.ndarray,
    starts: np.ndarray,
    double: float,
) -> float:
    """The bots' promise of a garden (see ``knowledge.promise``): per vegetable ``double`` for
    each double token and its best open bed's weight × tokens², less a crowding penalty."""
    value = 0.0
    for vegetable in range(masks.shape[0]):
        mine = masks[vegetable]
        for _ in range(doubles[vegetable]):
            value += double
        if mine == 0:
            continue
        open_cells = mine | free
        best = 0.0
        for row in range(starts[vegetable], starts[vegetable + 1]):
            if beds[row] & open_cells == beds[row]:
                have = _count(beds[row] & mine)
                best = max(best, weights[row] * have * have)
        value += best
    empty = _count(free)
    if empty <= 3:
        value -= 2.5 * (4 - empty)
    return value


# -- the whole rules ---------------------------------------------------------------------------

SPACES = 21
# the layout of a position
G = 0  # both gardens, seat * 21 + space: a token code (0 empty, see position.TOKEN_CODES)
HEDGE = 42  # the 5 slots: a kind or -1
TRAMP = 47  # the trampoline's kind or -1
BAG = 48  # 9 counts, in KINDS order
POINTS = 57  # one per seat
CODES = 59  # each garden's code (position.garden_code) in two words: spaces 0-10 and 11-20
TO_MOVE = 63
PHASE = 64  # one of PHASES
HAND_KIND = 65  # the kind taken and not yet placed, -1
HAND_SLOT = 66  # and the hedge slot (1 to 5) it came from
TOOL = 67  # the tool of a tool step (TOOLS), -1
PINNED = 68  # the space the wheelbarrow may not move from, -1
SHOVEL = 69  # after a swap of slots k and k+1: k, -1
TURNED = 70  # the mover's spaces turned over by a harvest this turn, a bitmask
OWN = 71  # 1: the tool came through the toolbox (the own garden only)
AFTER = 72  # what follows once the draws are done (AFTERS), with two arguments
AFTER_A = 73
AFTER_B = 74
END = 75  # 1: the end is triggered
LOSER = 76  # the seat that lost with a full garden, -1
ENDED = 77  # why the game ended (ENDS), -1 before the end
SIZE = 78
LOW_SPACES = 11  # the spaces of a code's first word (4 bits each)

# phases, and what follows the draws
DRAW, TURN, PLACE, TOOL_STEP, SHOVEL_STEP, GNOME, OVER = range(7)
START, AFTER_TOOL, AFTER_GNOME, AFTER_END = range(4)
# the ends of the game, the deciding one first (position.ENDS names them)
FULL_GARDEN, POINTS_REACHED, EMPTY_BAG, STUCK = range(4)
# action kinds (the first table of r is their ids by kind and two arguments)
A_DRAW, A_TAKE, A_PLACE, A_MOLE, A_HARVEST, A_MOVE, A_FLIP, A_TOOL = range(8)
A_SEND, A_SWAP, A_POISON, A_HOSE, A_SKIP = range(8, 13)
# tools: the printed ones, then the tokens' (the tool token of kind k is tool k - 1)
GLOVES, BASKET, WHEELBARROW, CAN, SHOVEL_TOOL, POISON, HOSE, TOOLBOX = range(8)
VEGETABLE_KINDS = 5
MOLE = 15  # a mole's token code; 1-5 single vegetables, 6-10 double, 11-14 tool tokens
CHANCE, TERMINAL = -1, -4  # as engine.CHANCE and engine.TERMINAL
LISTED = 1024  # more than any position's legal actions

# where each table of r starts: action ids by (kind, a, b) 13 × 21 × 21; each bed's harvest
# id; the beds; their starts by vegetable; the tool of each space (-1); each space's column
# (0-4); by action id its kind and two arguments; each kind's draw id. And three values: the
# printed tool spaces' mask, the score track's tool spaces as a mask of scores, the points
# that end the game
R_IDS, R_BED_IDS, R_BEDS, R_STARTS, R_SPACE_TOOLS, R_COLUMN = range(6)
R_KIND, R_FIRST, R_SECOND, R_DRAWS = range(6, 10)
R_TOOL_MASK, R_TRACK_TOOLS, R_WINNING_POINTS = range(10, 13)
R_HEADER = 13


@njit(cache=True)
def _id(r: np.ndarray, kind: int, a: int, b: int) -> int:
    return r[r[R_IDS] + (kind * SPACES + a) * SPACES + b]


@njit(cache=True)
def _free(s: np.ndarray, seat: int) -> int:
    """The empty spaces of ``seat``'s garden as a bitmask."""
    mask = 0
    for i in range(SPACES):
        if s[G + seat * SPACES + i] == 0:
            mask |= 1 << i
    return mask


@njit(cache=True)
def _put(s: np.ndarray, seat: int, space: int, code: int) -> None:
    """Put the token ``code`` (0: none) on ``space`` of ``seat``'s garden, its code kept."""
    s[G + seat * SPACES + space] = code
    word = CODES + 2 * seat + (space >= LOW_SPACES)
    shift = 4 * (space % LOW_SPACES if space < LOW_SPACES else space - LOW_SPACES)
    s[word] = s[word] & ~(15 << shift) | code << shift


@njit(cache=True)
def _room(s: np.ndarray, kind: int, r: np.ndarray) -> bool:
    """Whether the mover can place a token of ``kind``: a vegetable on an empty space of the
    own garden, a tool token on an empty space off the tool spaces of either garden."""
    me = s[TO_MOVE]
    mine = _free(s, me)
    if kind < VEGETABLE_KINDS:
        return mine != 0
    return (mine | _free(s, 1 - me)) & ~r[R_TOOL_MASK] != 0


@njit(cache=True)
def _takes(s: np.ndarray, out: np.ndarray, n: int, r: np.ndarray) -> int:
    for slot in range(5):
        kind = s[HEDGE + slot]
        if kind >= 0 and _room(s, kind, r):
            out[n] = _id(r, A_TAKE, slot, 0)
            n += 1
    return n


@njit(cache=True)
def _harvests(s: np.ndarray, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The mover's beds that its tokens cover, none of them turned this turn."""
    me = s[TO_MOVE]
    turned = s[TURNED]
    for vegetable in range(VEGETABLE_KINDS):
        mine = 0
        for i in range(SPACES):
            code = s[G + me * SPACES + i]
            if code == 1 + vegetable or code == 6 + vegetable:
                mine |= 1 << i
        if mine == 0:
            continue
        for row in range(r[r[R_STARTS] + vegetable], r[r[R_STARTS] + vegetable + 1]):
            bed = r[r[R_BEDS] + row]
            if bed & mine == bed and bed & turned == 0:
                out[n] = r[r[R_BED_IDS] + row]
                n += 1
    return n


@njit(cache=True)
def _places(s: np.ndarray, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """A vegetable on an empty own space; a tool token on an empty own space off the tool
    spaces, or as a mole on such a space of the opponent's garden."""
    me = s[TO_MOVE]
    mine = _free(s, me)
    if s[HAND_KIND] >= VEGETABLE_KINDS:
        mine &= ~r[R_TOOL_MASK]
    for i in range(SPACES):
        if mine >> i & 1:
            out[n] = _id(r, A_PLACE, i, 0)
            n += 1
    if s[HAND_KIND] >= VEGETABLE_KINDS:
        theirs = _free(s, 1 - me) & ~r[R_TOOL_MASK]
        for i in range(SPACES):
            if theirs >> i & 1:
                out[n] = _id(r, A_MOLE, i, 0)
                n += 1
    return n


@njit(cache=True)
def _visible(s: np.ndarray, seat: int, found: np.ndarray, r: np.ndarray) -> int:
    """The tools visible in ``seat``'s garden (uncovered tool spaces, tool tokens), each
    once, in the order of their first space; their count."""
    count = 0
    seen = 0
    for i in range(SPACES):
        code = s[G + seat * SPACES + i]
        tool = -1
        if code == 0:
            tool = r[r[R_SPACE_TOOLS] + i]
        elif 11 <= code <= 14:
            tool = SHOVEL_TOOL + code - 11
        if tool >= 0 and not seen >> tool & 1:
            seen |= 1 << tool
            found[count] = tool
            count += 1
    return count


@njit(cache=True)
def _flips(s: np.ndarray, own: bool, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The watering can: a vegetable of the own garden, then (not through the toolbox) of
    the opponent's."""
    me = s[TO_MOVE]
    for seat in (me, 1 - me):
        if seat != me and own:
            break
        for i in range(SPACES):
            if 1 <= s[G + seat * SPACES + i] <= 10:
                out[n] = _id(r, A_FLIP, seat, i)
                n += 1
    return n


@njit(cache=True)
def _hoses(s: np.ndarray, own: bool, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The hose: each column holding a vegetable (of the own garden only through the
    toolbox)."""
    me = s[TO_MOVE]
    columns = 0
    for seat in (me, 1 - me):
        if seat != me and own:
            break
        for i in range(SPACES):
            if 1 <= s[G + seat * SPACES + i] <= 10:
                columns |= 1 << r[r[R_COLUMN] + i]
    for column in range(5):
        if columns >> column & 1:
            out[n] = _id(r, A_HOSE, column, 0)
            n += 1
    return n


@njit(cache=True)
def _moves(s: np.ndarray, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The wheelbarrow: any own token but the pinned one to an empty own space (a vegetable
    may go onto a tool space, a tool token or a mole may not)."""
    me = s[TO_MOVE]
    free = _free(s, me)
    for i in range(SPACES):
        code = s[G + me * SPACES + i]
        if code == 0 or i == s[PINNED]:
            continue
        targets = free if code <= 10 else free & ~r[R_TOOL_MASK]
        for j in range(SPACES):
            if targets >> j & 1:
                out[n] = _id(r, A_MOVE, i, j)
                n += 1
    return n


@njit(cache=True)
def _tool_uses(s: np.ndarray, tool: int, own: bool, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The uses of ``tool`` (any but the toolbox, see ``_uses``) written from ``out[n]``."""
    if tool == GLOVES:
        return _takes(s, out, n, r)
    if tool == BASKET:
        return _harvests(s, out, n, r)
    if tool == WHEELBARROW:
        return _moves(s, out, n, r)
    if tool == CAN:
        return _flips(s, own, out, n, r)
    if tool == SHOVEL_TOOL:
        for k in range(4):
            if s[HEDGE + k] >= 0 and s[HEDGE + k + 1] >= 0:
                out[n] = _id(r, A_SWAP, k, 0)
                n += 1
        return n
    if tool == POISON:
        for vegetable in range(VEGETABLE_KINDS):
            for slot in range(5):
                if s[HEDGE + slot] == vegetable:
                    out[n] = _id(r, A_POISON, vegetable, 0)
                    n += 1
                    break
        return n
    if tool == HOSE:
        return _hoses(s, own, out, n, r)
    return n


@njit(cache=True)
def _uses(s: np.ndarray, tool: int, own: bool, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The uses of ``tool``; the toolbox's: each tool visible in the opponent's garden (not
    their toolbox) that can do something in the mover's own garden."""
    if tool != TOOLBOX:
        return _tool_uses(s, tool, own, out, n, r)
    found = np.empty(8, np.int64)
    scratch = np.empty(LISTED, np.int64)
    for k in range(_visible(s, 1 - s[TO_MOVE], found, r)):
        if found[k] != TOOLBOX and _tool_uses(s, found[k], True, scratch, 0, r):
            out[n] = _id(r, A_TOOL, found[k], 0)
            n += 1
    return n


@njit(cache=True)
def _gnome_options(s: np.ndarray, out: np.ndarray, n: int, r: np.ndarray) -> int:
    """The gnome's bonus: each tool visible in the own garden that can do something, or a
    mole of the own garden sent to an empty space off the tool spaces of the opponent's."""
    me = s[TO_MOVE]
    found = np.empty(8, np.int64)
    scratch = np.empty(LISTED, np.int64)
    for k in range(_visible(s, me, found, r)):
        if _uses(s, found[k], s[OWN] != 0, scratch, 0, r):
            out[n] = _id(r, A_TOOL, found[k], 0)
            n += 1
    targets = _free(s, 1 - me) & ~r[R_TOOL_MASK]
    for i in range(SPACES):
        if s[G + me * SPACES + i] != MOLE:
            continue
        for j in range(SPACES):
            if targets >> j & 1:
                out[n] = _id(r, A_SEND, i, j)
                n += 1
    return n


@njit(cache=True)
def legal(s: np.ndarray, out: np.ndarray, r: np.ndarray) -> int:
    """Write the legal actions' ids into ``out``, in the order of the state's legal actions;
    their count (0 where no seat moves)."""
    phase = s[PHASE]
    if phase == TURN:
        return _harvests(s, out, _takes(s, out, 0, r), r)
    if phase == PLACE:
        return _places(s, out, 0, r)
    if phase == SHOVEL_STEP:
        n = 0
        for slot in (s[SHOVEL] - 1, s[SHOVEL]):  # the two swapped slots
            kind = s[HEDGE + slot]
            if kind >= 0 and _room(s, kind, r):
                out[n] = _id(r, A_TAKE, slot, 0)
                n += 1
        return n
    if phase == TOOL_STEP:
        n = _uses(s, s[TOOL], s[OWN] != 0, out, 0, r)
    elif phase == GNOME:
        n = _gnome_options(s, out, 0, r)
    else:
        return 0
    out[n] = _id(r, A_SKIP, 0, 0)
    return n + 1


# -- playing an action (in place) ---------------------------------------------------------------


@njit(cache=True)
def _start_turn(s: np.ndarray, r: np.ndarray) -> None:
    """The mover's turn, unless they can neither take nor harvest: then the game is over, and
    lost by them if their garden is full."""
    s[PHASE] = TURN
    scratch = np.empty(LISTED, np.int64)
    if _takes(s, scratch, 0, r) or _harvests(s, scratch, 0, r):
        return
    if _free(s, s[TO_MOVE]) == 0:
        s[LOSER] = s[TO_MOVE]
    _over(s, r)


@njit(cache=True)
def _over(s: np.ndarray, r: np.ndarray) -> None:
    """The game is over; why, the deciding end first: a seat lost with a full garden, the
    winning points were reached, the trampoline could not be refilled (the end triggered),
    or the seat to move could do nothing with room in its garden."""
    s[PHASE] = OVER
    if s[LOSER] >= 0:
        s[ENDED] = FULL_GARDEN
    elif max(s[POINTS], s[POINTS + 1]) >= r[R_WINNING_POINTS]:
        s[ENDED] = POINTS_REACHED
    else:
        s[ENDED] = EMPTY_BAG if s[END] else STUCK


@njit(cache=True)
def winners(s: np.ndarray) -> int:
    """The seats that won a finished game as a bitmask: the one that did not lose with a full
    garden, else the best scores (both on a tie)."""
    if s[LOSER] >= 0:
        return 1 << (1 - s[LOSER])
    best = max(s[POINTS], s[POINTS + 1])
    return int(s[POINTS] == best) | int(s[POINTS + 1] == best) << 1


@njit(cache=True)
def odds(s: np.ndarray, out: np.ndarray) -> None:
    """Each kind's chance to be drawn from the bag into ``out`` (in KINDS order)."""
    total = s[BAG : BAG + 9].sum()
    for kind in range(9):
        out[kind] = s[BAG + kind] / total


@njit(cache=True)
def _end_turn(s: np.ndarray, r: np.ndarray) -> None:
    """The turn is over: the game too after the second seat's once the end is triggered."""
    for field in (TOOL, PINNED, SHOVEL, HAND_KIND, HAND_SLOT):
        s[field] = -1
    s[TURNED] = 0
    s[OWN] = 0
    if s[END] and s[TO_MOVE] == 1:
        _over(s, r)  # both players have had as many turns
        return
    s[TO_MOVE] = 1 - s[TO_MOVE]
    _start_turn(s, r)


@njit(cache=True)
def _enter_tool(s: np.ndarray, tool: int, pinned: int, own: int, r: np.ndarray) -> None:
    """The optional step of ``tool``; left out when it can do nothing."""
    s[PHASE] = TOOL_STEP
    s[TOOL] = tool
    s[PINNED] = pinned
    s[HAND_KIND] = -1
    s[HAND_SLOT] = -1
    s[OWN] = own
    scratch = np.empty(LISTED, np.int64)
    if not _uses(s, tool, own != 0, scratch, 0, r):
        _end_turn(s, r)


@njit(cache=True)
def _gnome(s: np.ndarray, old: int, new: int, r: np.ndarray) -> None:
    """The gnome's bonus when its move ends on a track tool space (5, 10, …, 35)."""
    s[PHASE] = GNOME
    s[TOOL] = -1
    s[PINNED] = -1
    if new != old and new < 63 and r[R_TRACK_TOOLS] >> new & 1:
        scratch = np.empty(LISTED, np.int64)
        if _gnome_options(s, scratch, 0, r):
            return
    _end_turn(s, r)


@njit(cache=True)
def _proceed(s: np.ndarray, r: np.ndarray) -> None:
    after, a, b = s[AFTER], s[AFTER_A], s[AFTER_B]
    s[AFTER], s[AFTER_A], s[AFTER_B] = AFTER_END, -1, -1
    if after == START:
        _start_turn(s, r)
    elif after == AFTER_TOOL:
        _enter_tool(s, a, b, 0, r)
    elif after == AFTER_GNOME:
        _gnome(s, a, b, r)
    else:
        _end_turn(s, r)


@njit(cache=True)
def _settle(s: np.ndarray, r: np.ndarray) -> None:
    """Close the hedge's gaps (tokens slide towards slot 1, the trampoline token enters the
    first free slot), ask chance to refill the trampoline, then go on."""
    count = 0
    for slot in range(5):
        kind = s[HEDGE + slot]
        if kind >= 0:
            s[HEDGE + count] = kind
            count += 1
    if count < 5 and s[TRAMP] >= 0:
        s[HEDGE + count] = s[TRAMP]
        s[TRAMP] = -1
        count += 1
    for slot in range(count, 5):
        s[HEDGE + slot] = -1
    if s[TRAMP] < 0:
        if s[BAG : BAG + 9].sum():
            s[PHASE] = DRAW
            return
        s[END] = 1  # the trampoline cannot be refilled
    _proceed(s, r)


@njit(cache=True)
def _score(s: np.ndarray, points: int, r: np.ndarray) -> None:
    """The mover scores ``points``; the gnome's bonus follows."""
    me = s[TO_MOVE]
    old = s[POINTS + me]
    s[POINTS + me] = old + points
    if old + points >= r[R_WINNING_POINTS]:
        s[END] = 1
    s[AFTER], s[AFTER_A], s[AFTER_B] = AFTER_GNOME, old, old + points


@njit(cache=True)
def _flip(s: np.ndarray, seat: int, space: int) -> None:
    code = s[G + seat * SPACES + space]
    _put(s, seat, space, code - 5 if code >= 6 else code + 5)


@njit(cache=True)
def step(s: np.ndarray, action: int, r: np.ndarray) -> int:
    """Play ``action`` (an id) on ``s`` in place; the seat to move next, CHANCE or TERMINAL."""
    kind, a, b = r[r[R_KIND] + action], r[r[R_FIRST] + action], r[r[R_SECOND] + action]
    me = s[TO_MOVE]
    if kind == A_DRAW:
        s[BAG + a] -= 1
        s[TRAMP] = a
        _settle(s, r)
    elif kind == A_TAKE:
        s[HAND_KIND], s[HAND_SLOT] = s[HEDGE + a], a + 1
        s[HEDGE + a] = -1
        s[PHASE], s[TOOL], s[SHOVEL] = PLACE, -1, -1
    elif kind == A_PLACE:
        _place(s, a, r)
    elif kind == A_MOLE:
        s[HAND_KIND], s[HAND_SLOT] = -1, -1
        _put(s, 1 - me, a, MOLE)
        s[AFTER] = AFTER_END
        _settle(s, r)
    elif kind == A_HARVEST:
        _harvest(s, r[r[R_BEDS] + a], r)
    elif kind == A_TOOL:  # in a tool step, the toolbox choosing one of the opponent's tools
        _enter_tool(s, a, -1, 1 if s[PHASE] == TOOL_STEP else 0, r)
    elif kind == A_MOVE:
        _move(s, a, b, r)
    elif kind == A_FLIP:
        _flip(s, a, b)
        _end_turn(s, r)
    elif kind == A_SWAP:
        _swap(s, a, r)
    elif kind == A_POISON:
        count = 0
        for slot in range(5):
            if s[HEDGE + slot] == a:
                s[HEDGE + slot] = -1
                count += 1
        _score(s, count, r)
        _settle(s, r)
    elif kind == A_HOSE:
        for seat in (me, 1 - me):
            if seat != me and s[OWN]:
                break
            for i in range(SPACES):
                if r[r[R_COLUMN] + i] == a and 1 <= s[G + seat * SPACES + i] <= 10:
                    _flip(s, seat, i)
        _end_turn(s, r)
    elif kind == A_SEND:
        _put(s, me, a, 0)
        _put(s, 1 - me, b, MOLE)
        _end_turn(s, r)
    else:  # skip
        _end_turn(s, r)
    return seat_to_move(s)


@njit(cache=True)
def seat_to_move(s: np.ndarray) -> int:
    """The seat to move in ``s``, CHANCE or TERMINAL."""
    if s[PHASE] == OVER:
        return TERMINAL
    return CHANCE if s[PHASE] == DRAW else s[TO_MOVE]


@njit(cache=True)
def _place(s: np.ndarray, space: int, r: np.ndarray) -> None:
    """The token in hand onto ``space``: a vegetable double side up in the column of its
    slot, single elsewhere (a covered tool space's tool follows); a tool token, whose bonus
    follows."""
    kind, slot = s[HAND_KIND], s[HAND_SLOT]
    s[HAND_KIND], s[HAND_SLOT] = -1, -1
    me = s[TO_MOVE]
    if kind < VEGETABLE_KINDS:
        double = r[r[R_COLUMN] + space] + 1 == slot
        _put(s, me, space, 6 + kind if double else 1 + kind)
        tool = r[r[R_SPACE_TOOLS] + space]
        if tool >= 0:
            s[AFTER], s[AFTER_A] = AFTER_TOOL, tool
            s[AFTER_B] = space if tool == WHEELBARROW else -1
        else:
            s[AFTER] = AFTER_END
    else:
        _put(s, me, space, 11 + kind - VEGETABLE_KINDS)
        s[AFTER], s[AFTER_A], s[AFTER_B] = AFTER_TOOL, SHOVEL_TOOL + kind - VEGETABLE_KINDS, -1
    _settle(s, r)


@njit(cache=True)
def _harvest(s: np.ndarray, bed: int, r: np.ndarray) -> None:
    """The bed's tokens score a point each: a double one turns single (and waits for a later
    turn), a single one leaves the garden."""
    me = s[TO_MOVE]
    count = 0
    for i in range(SPACES):
        if bed >> i & 1:
            count += 1
            code = s[G + me * SPACES + i]
            if code >= 6:
                _put(s, me, i, code - 5)
                s[TURNED] |= 1 << i
            else:
                _put(s, me, i, 0)
    _score(s, count, r)
    _proceed(s, r)


@njit(cache=True)
def _move(s: np.ndarray, source: int, target: int, r: np.ndarray) -> None:
    """The wheelbarrow moves a token (a turned one keeps waiting where it goes); landing on a
    tool space, that tool follows."""
    me = s[TO_MOVE]
    _put(s, me, target, s[G + me * SPACES + source])
    _put(s, me, source, 0)
    if s[TURNED] >> source & 1:
        s[TURNED] = s[TURNED] & ~(1 << source) | 1 << target
    tool = r[r[R_SPACE_TOOLS] + target]
    if tool >= 0:
        _enter_tool(s, tool, target if tool == WHEELBARROW else -1, 0, r)
    else:
        _end_turn(s, r)


@njit(cache=True)
def _swap(s: np.ndarray, k: int, r: np.ndarray) -> None:
    """The golden shovel swaps slots k and k + 1 (0-based here); one of them is then taken."""
    s[HEDGE + k], s[HEDGE + k + 1] = s[HEDGE + k + 1], s[HEDGE + k]
    s[PHASE], s[TOOL], s[SHOVEL] = SHOVEL_STEP, -1, k + 1
    for slot in (k, k + 1):
        if s[HEDGE + slot] >= 0 and _room(s, s[HEDGE + slot], r):
            return
    _end_turn(s, r)


@njit(cache=True)
def _drawn(s: np.ndarray, point: float) -> int:
    """The kind drawn for ``point`` uniform in [0, 1), by the bag's odds."""
    chances = np.empty(9)
    odds(s, chances)
    seen = 0.0
    for kind in range(9):
        seen += chances[kind]
        if point < seen:
            return kind
    return 8


@njit(cache=True)
def playouts(
    n: int, seed: int, start: np.ndarray, r: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` games from ``start``, chance by the bag's odds, every action uniformly random:
    their scores (n × 2), winners (n × 2: the seat of a player who lost with a full garden
    is not one, else the best scores) and lengths (actions, draws included)."""
    np.random.seed(seed)
    scores = np.zeros((n, 2), np.int64)
    wins = np.zeros((n, 2), np.bool_)
    lengths = np.zeros(n, np.int64)
    out = np.empty(LISTED, np.int64)
    s = np.empty(SIZE, np.int64)
    for game in range(n):
        s[:] = start
        length = 0
        while s[PHASE] != OVER:
            if s[PHASE] == DRAW:
                action = r[r[R_DRAWS] + _drawn(s, np.random.random())]
            else:
                action = out[np.random.randint(legal(s, out, r))]
            step(s, action, r)
            length += 1
        scores[game, 0], scores[game, 1] = s[POINTS], s[POINTS + 1]
        won = winners(s)
        for seat in range(2):
            wins[game, seat] = won >> seat & 1
        lengths[game] = length
    return scores, wins, lengths
