"""Bohnen's compiled core: sowing, relays, captures, must-feed and the end-of-game search.

These functions are the rules; ``board.py``, ``search.py`` and ``game.py`` call them (strings,
messages and the history stay in Python). They are compiled by numba on first use and cached
on disk (``cache=True``), so only the very first run of a fresh install waits for them.

A board layout is one int64 array (``layout``): the player count, the lap cap, each pit's
owner, the capture chain (for each pit the eleven others in the order a capture runs back
through them) and the seats' pits. A position (twelve bean counts and the seat to move) is
packed into two int64 codes for the search's memory: six bits a pit, so up to 63 beans.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core.cpu import CPUTargetOptions
from numba.typed import Dict

from .starts import CANNOT_FEED_NOW, CAPTURE_NOW, DEAD, LIVE, NO_BEANS_NOW, SEARCH, UNKNOWN

PITS = 12
PLAYERS = 0
MAX_LAPS = 1
PER_SEAT = 2
NEXT = 3  # four slots: the seat after each seat
OWNER = NEXT + 4
CHAIN = OWNER + PITS
SEAT_PITS = CHAIN + PITS * (PITS - 1)
SIZE = SEAT_PITS + PITS

MEMO_KEY = types.UniTuple(types.int64, 2)

# The functions on the way of a turn start are compiled without numba's reference counts
# (its ``_nrt`` option, not in its type stubs): nothing there makes an array, and the counts'
# atomic operations on every view and call were a third of a playout's time. Such a function
# must not call one that makes an array (numba would refuse it). The option is numba's own
# and undocumented: where a numba release no longer has it, the same code is compiled with
# the counts (slower, the same results) rather than refused.
LEAN: dict[str, Any] = {"cache": True}
if hasattr(CPUTargetOptions, "_nrt"):
    LEAN["_nrt"] = False

# the most answers a search memory keeps (about 50 MB when full)
MEMO_SIZE = 1 << 20
# the most positions of the short search at every turn start (see ``_start_slot``): with 32
# rather than 16 it finds most captures the whole search would have had to (about 1 in 90
# contract actions asked the search with 16, 1 in 500 with 32), and costs no more on average
QUICK_BOUND = 32
# A memory of turn starts, by position: an open-addressing table of STARTS_SLOTS slots of two
# int64 (the position's low code; a tag, see below) in buckets of four (a cache line each). A
# full bucket gives up its oldest slot. No finding changes (each is a function of the
# position, the layout and the bound), so a table serves one layout and bound, and forgetting
# one only costs its search again.
STARTS_SLOTS = 1 << 20  # 16 MB
BUCKET = 4
# a slot's tag: the position's high code (14 bits), the playable pits' mask, what the short
# search found + 1 and the whole search's answer + 1 (0 while it is not known)
MASK_AT = 14
FOUND_AT = MASK_AT + PITS
ANSWER_AT = FOUND_AT + 2

# the ends of a game (``_end``), in the order of game.END_REASONS
NO_BEANS, CANNOT_FEED, NO_CAPTURE, REPETITION, NO_PROGRESS = 0, 1, 2, 3, 4
# what ``_end`` gives otherwise: the game goes on, or only the whole search (ASK) or the count
# of the turn starts since the last capture (COUNT) can tell
GOES_ON, ASK, COUNT = -1, -2, -3
# the rule limits (``limits``, the first slots of the tables): the search bound, the most beans
# of an exact search, the quiet limit and the repetition limit
BOUND, EXACT_BEANS, QUIET_LIMIT, REPEAT_LIMIT = 0, 1, 2, 3
LIMITS = 4


def make_layout(
    players: int, owner: tuple[int, ...], chain: tuple[tuple[int, ...], ...], max_laps: int
) -> np.ndarray:
    """The layout array of one board (see the module's doc)."""
    layout = np.zeros(SIZE, np.int64)
    layout[PLAYERS] = players
    layout[MAX_LAPS] = max_laps
    per_seat = PITS // players
    layout[PER_SEAT] = per_seat
    layout[NEXT : NEXT + players] = [(seat + 1) % players for seat in range(players)]
    layout[OWNER : OWNER + PITS] = owner
    layout[CHAIN:SEAT_PITS] = np.array(chain, np.int64).ravel()
    for seat in range(players):
        pits = [p for p in range(PITS) if owner[p] == seat]
        layout[SEAT_PITS + seat * per_seat : SEAT_PITS + (seat + 1) * per_seat] = pits
    return layout


@njit(cache=True, inline="always")
def _copy(source: np.ndarray, target: np.ndarray) -> None:
    """Twelve pits copied (a slice assignment costs several times more in numba)."""
    for i in range(PITS):
        target[i] = source[i]


@njit(cache=True, inline="always")
def _wrap(index: int) -> int:
    """A pit index of 0 to 23 brought back to 0 to 11 (cheaper than ``% PITS``)."""
    return index - PITS if index >= PITS else index


# -- one move -----------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _sow(board: np.ndarray, start: int, mover: int, layout: np.ndarray, out: np.ndarray) -> int:
    """Sow from ``start`` with relays, in place; the pits to capture (before the grand slam
    rule) go to ``out`` in chain order and their number is returned."""
    pit = start
    for _lap in range(layout[MAX_LAPS]):
        beans = board[pit]
        board[pit] = 0
        if beans > 11:  # whole rounds over the eleven other pits first
            rounds = beans // 11
            for i in range(1, PITS):
                board[_wrap(pit + i)] += rounds
            beans -= 11 * rounds
            if beans == 0:
                beans = 11  # the last round ends on the pit before the start: sown again
                for i in range(1, PITS):
                    board[_wrap(pit + i)] -= 1
        last = pit if beans else _wrap(pit + PITS - 1)  # (an empty pit: never a move)
        for _ in range(beans):  # at most eleven: never back to the start pit
            last += 1
            if last == PITS:
                last = 0
            board[last] += 1
        held = board[last]
        if held >= 4:
            pit = last  # relay: take them all and sow on
            continue
        if held == 1 or layout[OWNER + last] == mover:
            return 0
        out[0] = last
        count = 1
        base = CHAIN + last * (PITS - 1)
        for i in range(PITS - 1):
            p = layout[base + i]
            if layout[OWNER + p] == mover or not 2 <= board[p] <= 3:
                break
            out[count] = p
            count += 1
        return count
    return 0  # the last allowed lap ended on a full pit: the move stops there


@njit(**LEAN)
def _grand_slam(
    board: np.ndarray, captured: np.ndarray, count: int, mover: int, layout: np.ndarray
) -> tuple[int, int]:
    """Apply the grand slam rule to ``captured[:count]`` in place: a lone pit of an opponent
    the capture would strip bare is left untouched. The pits left and a bit mask of the
    opponents who must name the pit they keep (several of their pits are taken)."""
    choosers = 0
    players = layout[PLAYERS]
    for seat in range(players):
        if seat == mover:
            continue
        theirs = 0
        taken = 0
        lone = -1
        for i in range(count):
            p = captured[i]
            if layout[OWNER + p] == seat:
                theirs += 1
                taken += board[p]
                lone = p
        if theirs == 0:
            continue
        held = 0
        for p in range(PITS):
            if layout[OWNER + p] == seat:
                held += board[p]
        if held > taken:
            continue
        if theirs == 1:
            kept = 0
            for i in range(count):
                if captured[i] != lone:
                    captured[kept] = captured[i]
                    kept += 1
            count = kept
        else:
            choosers |= 1 << seat
    return count, choosers


@njit(cache=True, inline="always")
def _beans_of(board: np.ndarray, seat: int, layout: np.ndarray) -> int:
    per_seat = layout[PER_SEAT]
    total = 0
    for i in range(per_seat):
        total += board[layout[SEAT_PITS + seat * per_seat + i]]
    return total


@njit(**LEAN)
def _playable(board: np.ndarray, mover: int, layout: np.ndarray, work: np.ndarray) -> int:
    """The pits ``mover`` may sow from as a bit mask: its non-empty pits, and when the next
    seat has no beans only those after which it has some (must feed). ``work``: scratch of
    2 × 12."""
    per_seat = layout[PER_SEAT]
    following = layout[NEXT + mover]
    feeding = _beans_of(board, following, layout) > 0
    after = work[:PITS]
    out = work[PITS:]
    mask = 0
    for i in range(per_seat):
        pit = layout[SEAT_PITS + mover * per_seat + i]
        if board[pit] == 0:
            continue
        if not feeding:
            _copy(board, after)
            _sow(after, pit, mover, layout, out)
            if _beans_of(after, following, layout) == 0:
                continue
        mask |= 1 << pit
    return mask


# -- the end-of-game search ----------------------------------------------------------------------


@njit(**LEAN)
def _direct_capture(board: np.ndarray, mover: int, layout: np.ndarray) -> bool:
    """A quick, sound test: ``mover`` captures now with a first lap ending on an opponent's
    pit of 1 or 2 beans, that opponent keeping other beans (not when it must feed)."""
    per_seat = layout[PER_SEAT]
    if _beans_of(board, layout[NEXT + mover], layout) == 0:
        return False
    for i in range(per_seat):
        p = layout[SEAT_PITS + mover * per_seat + i]
        beans = board[p]
        if 0 < beans <= 11:
            last = _wrap(p + beans)
            seat = layout[OWNER + last]
            if (
                seat != mover
                and 1 <= board[last] <= 2
                and _beans_of(board, seat, layout) > board[last]
            ):
                return True
    return False


@njit(**LEAN)
def _quiet_threat(board: np.ndarray, mover: int, layout: np.ndarray) -> bool:
    """A second quick, sound test: the next seat has a first-lap capture that some move of
    ``mover`` leaves standing (sowing neither the threat nor its target, without a relay)."""
    per_seat = layout[PER_SEAT]
    following = layout[NEXT + mover]
    threats = 0  # (pit | target << 4) << 8k for the k-th threat
    count = 0
    for i in range(per_seat):
        p = layout[SEAT_PITS + following * per_seat + i]
        beans = board[p]
        if 0 < beans <= 11:
            target = _wrap(p + beans)
            if layout[OWNER + target] != following and 1 <= board[target] <= 2:
                threats |= (p | target << 4) << (8 * count)
                count += 1
    if count == 0:
        return False
    for j in range(per_seat):
        q = layout[SEAT_PITS + mover * per_seat + j]
        beans = board[q]
        if not 0 < beans <= 11 or board[_wrap(q + beans)] >= 3:
            continue  # empty, a wrapping lap, or a relay: too much changes
        for k in range(count):
            p = threats >> (8 * k) & 15
            target = threats >> (8 * k + 4) & 15
            if target == q or _wrap(p - q + PITS) <= beans or _wrap(target - q + PITS) <= beans:
                continue  # the move would empty or sow the threat
            victim = layout[OWNER + target]
            others = _beans_of(board, victim, layout) - board[target]
            if victim == mover:
                others -= beans
            if others > 0:  # the victim keeps beans elsewhere: no grand slam
                return True
    return False


@njit(**LEAN)
def _children(
    board: np.ndarray, mover: int, layout: np.ndarray, children: np.ndarray, work: np.ndarray
) -> int:
    """-1 if ``mover`` can capture now (by the quick tests or a legal capturing move), else
    the number of capture-free children written to ``children`` (rows of twelve pits), in
    pit order; the seat after each is the next one. ``work``: scratch of 2 × 12."""
    if _direct_capture(board, mover, layout) or _quiet_threat(board, mover, layout):
        return -1
    per_seat = layout[PER_SEAT]
    following = layout[NEXT + mover]
    feeding = _beans_of(board, following, layout) > 0
    out = work[PITS:]
    count = 0
    for i in range(per_seat):
        pit = layout[SEAT_PITS + mover * per_seat + i]
        if board[pit] == 0:
            continue
        after = children[count]  # sown in place: kept if it is a capture-free legal move
        _copy(board, after)
        taken = _sow(after, pit, mover, layout, out)
        if not feeding and _beans_of(after, following, layout) == 0:
            continue  # not allowed: it leaves the next seat without beans
        if taken and _grand_slam(after, out, taken, mover, layout)[0] > 0:
            return -1
        count += 1
    return count


@njit(**LEAN)
def _code(board: np.ndarray, mover: int) -> tuple[int, int]:
    low = 0
    for i in range(10):
        low |= board[i] << (6 * i)
    return low, board[10] | (board[11] << 6) | (mover << 12)


@njit(**LEAN)
def _decode(low: int, high: int, board: np.ndarray) -> int:
    for i in range(10):
        board[i] = (low >> (6 * i)) & 63
    board[10] = high & 63
    board[11] = (high >> 6) & 63
    return high >> 12


@njit(cache=True)
def _search(
    board: np.ndarray,
    mover: int,
    bound: int,
    layout: np.ndarray,
    memo: dict[tuple[int, int], int],
    exact: bool,
) -> int:
    """LIVE if some sequence of legal moves from this turn start captures, DEAD if none does,
    UNKNOWN once more than ``bound`` positions were met. Depth first over the capture-free
    continuations, children in pit order, each position once: the order fixes where the
    bound is passed, so it is part of the rules.

    ``memo`` keeps answers (functions of the position and the bound): a dead search makes
    every position it met dead (a search from one would meet only those); an ``exact`` search
    (too few beans to reach the bound: its answer is the truth) also skips positions known
    dead, stops at one known live and marks the positions on its way to a capture live."""
    per_seat = layout[PER_SEAT]
    children = np.empty((per_seat, PITS), np.int64)
    work = np.empty(2 * PITS, np.int64)
    if _children(board, mover, layout, children, work) < 0:
        return LIVE
    grand = np.empty((per_seat, PITS), np.int64)
    position = np.empty(PITS, np.int64)
    root = _code(board, mover)
    seen = {root}
    parent = {root: root}
    stack = [root]
    while len(stack) > 0:
        here = stack.pop()
        seat = _decode(here[0], here[1], position)
        count = _children(position, seat, layout, children, work)
        following = layout[NEXT + seat]
        for c in range(count):
            child = _code(children[c], following)
            if child in seen:
                continue
            known = memo.get(child, UNKNOWN) if exact else UNKNOWN
            if known == DEAD:
                continue
            if known == LIVE or _children(children[c], following, layout, grand, work) < 0:
                if exact:
                    _remember(memo, LIVE)
                    while True:  # the way here: every position on it leads to the capture
                        memo[here] = LIVE
                        if here == root:
                            break
                        here = parent[here]
                else:
                    _remember(memo, 0)
                    memo[root] = LIVE
                return LIVE
            if len(seen) >= bound:
                _remember(memo, 0)
                memo[root] = UNKNOWN
                return UNKNOWN
            seen.add(child)
            if exact:
                parent[child] = here
            stack.append(child)
    _remember(memo, len(seen))
    for position_code in seen:
        memo[position_code] = DEAD
    return DEAD


@njit(cache=True)
def _remember(memo: dict[tuple[int, int], int], more: int) -> None:
    """Make room for ``more`` answers: the memory is emptied when full (no answer changes)."""
    if len(memo) + more >= MEMO_SIZE:
        memo.clear()


# -- the memory of turn starts ---------------------------------------------------------------------


def new_starts() -> np.ndarray:
    """An empty memory of turn starts (see ``STARTS_SLOTS``)."""
    return np.zeros(2 * STARTS_SLOTS, np.int64)


@njit(cache=True, inline="always")
def _bucket(low: int, high: int) -> int:
    """The first slot of the position's bucket."""
    mixed = (low ^ (high << 45)) * 0x5851F42D4C957F2D  # wraps around: a multiplicative hash
    return ((mixed >> 40) & (STARTS_SLOTS // BUCKET - 1)) * BUCKET


@njit(**LEAN)
def _recall(starts: np.ndarray, low: int, high: int) -> int:
    """The slot that remembers this position, or -1."""
    first = _bucket(low, high)
    for slot in range(first, first + BUCKET):
        if starts[2 * slot] == low and starts[2 * slot + 1] & ((1 << MASK_AT) - 1) == high:
            tag = starts[2 * slot + 1]
            if tag != 0:
                return slot
    return -1


@njit(**LEAN)
def _keep(starts: np.ndarray, low: int, high: int, mask: int, found: int) -> int:
    """Remember the playable pits and what the short search found at a position not
    remembered yet, in the first slot of its bucket (the others move on, the last is
    forgotten); the slot."""
    first = _bucket(low, high)
    for slot in range(first + BUCKET - 1, first, -1):
        starts[2 * slot] = starts[2 * slot - 2]
        starts[2 * slot + 1] = starts[2 * slot - 1]
    starts[2 * first] = low
    starts[2 * first + 1] = high | mask << MASK_AT | (found + 1) << FOUND_AT
    return first


@njit(cache=True, inline="always")
def _found(tag: int) -> int:
    return (tag >> FOUND_AT & 3) - 1


@njit(cache=True, inline="always")
def _mask(tag: int) -> int:
    return tag >> MASK_AT & ((1 << PITS) - 1)


@njit(cache=True, inline="always")
def _answer_in(starts: np.ndarray, slot: int) -> int:
    """The whole search's answer kept in ``slot`` (DEAD, LIVE or UNKNOWN), -1 if not known."""
    return (starts[2 * slot + 1] >> ANSWER_AT) - 1


@njit(cache=True, inline="always")
def _keep_answer(starts: np.ndarray, slot: int, answer: int) -> None:
    """Keep the whole search's ``answer`` in ``slot`` (which has none yet)."""
    starts[2 * slot + 1] |= (answer + 1) << ANSWER_AT


# -- the entry points Python calls ---------------------------------------------------------------


@njit(**LEAN)
def _sow_and_pack(
    board: np.ndarray, start: int, mover: int, layout: np.ndarray, out: np.ndarray
) -> tuple[int, int, int]:
    """Sows from ``start`` on ``board`` and applies the grand slam rule: (how many pits to
    capture, listed in ``out``; the same packed 4 bits each, pit + 1; the choosers' mask)."""
    count = _sow(board, start, mover, layout, out)
    choosers = 0
    if count:
        count, choosers = _grand_slam(board, out, count, mover, layout)
    return count, _pack(out, count), choosers


@njit(cache=True, inline="always")
def _pack(out: np.ndarray, count: int) -> int:
    """The pits ``out[:count]`` of a capture packed in one int: 4 bits each, pit + 1, the
    first in the lowest bits (``board.unpack`` reads it)."""
    packed = 0
    for i in range(count):
        packed |= (out[i] + 1) << (4 * i)
    return packed


@njit(cache=True)
def outcome(
    pits: tuple[int, ...], start: int, mover: int, layout: np.ndarray
) -> tuple[tuple[int, ...], int, int]:
    """The move from ``start``: the pits after sowing, the pits to capture after the grand
    slam rule (4 bits each, pit + 1, chain order, the first in the lowest bits) and the bit
    mask of the opponents who need a ``leave:`` choice."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    out = np.empty(PITS, np.int64)
    count, packed, choosers = _sow_and_pack(board, start, mover, layout, out)
    return _as_tuple(board), packed, choosers


@njit(cache=True)
def _as_tuple(b: np.ndarray) -> tuple[int, ...]:
    return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11])


@njit(cache=True)
def sow(
    pits: tuple[int, ...], start: int, mover: int, layout: np.ndarray
) -> tuple[np.ndarray, int]:
    """The pits after sowing from ``start`` and the capture before the grand slam rule
    (packed as in ``outcome``)."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    out = np.empty(PITS, np.int64)
    count = _sow(board, start, mover, layout, out)
    return board, _pack(out, count)


@njit(cache=True)
def playable(pits: tuple[int, ...], mover: int, layout: np.ndarray) -> int:
    """The bit mask of the pits ``mover`` may sow from."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    return _playable(board, mover, layout, np.empty(2 * PITS, np.int64))


@njit(cache=True)
def quick_tests(pits: tuple[int, ...], mover: int, layout: np.ndarray) -> tuple[bool, bool]:
    """The two quick tests: (direct capture, quiet threat)."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    return _direct_capture(board, mover, layout), _quiet_threat(board, mover, layout)


@njit(cache=True)
def children(pits: tuple[int, ...], mover: int, layout: np.ndarray) -> np.ndarray:
    """The capture-free children's pits (rows, pit order), or None-like: an array of one row
    of -1 when ``mover`` can capture now."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    per_seat = layout[PER_SEAT]
    rows = np.empty((per_seat, PITS), np.int64)
    count = _children(board, mover, layout, rows, np.empty(2 * PITS, np.int64))
    if count < 0:
        return np.full((1, PITS), -1, np.int64)
    return rows[:count].copy()


@njit(cache=True)
def capture_search(
    pits: tuple[int, ...],
    mover: int,
    bound: int,
    layout: np.ndarray,
    memo: dict[tuple[int, int], int],
    exact: bool,
) -> int:
    """``_search`` from a position given as a tuple of twelve counts (``memo`` from
    ``new_memo``, for this layout and bound only; ``exact``: the position is small enough
    for the search never to reach the bound)."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    return _answer(board, mover, bound, layout, memo, exact)


# -- one action of a State: positions as two int codes (see ``_code``) ---------------------------

# What a turn start shows: starts.NO_BEANS_NOW, CANNOT_FEED_NOW, CAPTURE_NOW or SEARCH.

# work: 2 × 12 and the root's children
WORK = 2 * PITS + 6 * PITS
# the short search's scratch beyond the root: for each position met (at most QUICK_BOUND + 1)
# its children, their number, its seat, its codes and a stack slot
DEEP_KIDS = (QUICK_BOUND + 1) * 6 * PITS
DEEP = DEEP_KIDS + 6 * (QUICK_BOUND + 1)
# the scratch of one entry point: board, out, work and deep (one allocation a call)
SCRATCH = 2 * PITS + WORK + DEEP


@njit(**LEAN)
def _start_slot(
    board: np.ndarray,
    mover: int,
    low: int,
    high: int,
    bound: int,
    layout: np.ndarray,
    work: np.ndarray,
    deep: np.ndarray,
    starts: np.ndarray,
) -> tuple[int, int, int]:
    """(what the turn start of the position coded ``low``, ``high`` shows, as above; the
    playable pits' mask; its slot in ``starts``, or -1). A short search (at most
    ``QUICK_BOUND`` positions, ``bound`` if less) that finds a capture counts as CAPTURE_NOW:
    the search with the whole bound meets the same positions in the same order, so it would
    find the same capture (its memory of answers changes none of them). ``starts``: the
    memory of turn starts (``new_starts``), for this layout and bound, where the mask and the
    finding are looked up first and kept; ``work``: scratch of ``WORK``; ``deep``: scratch of
    ``DEEP`` for the short search beyond the root (``LEAN``: no array made on the way)."""
    slot = _recall(starts, low, high)
    if slot >= 0:
        tag = starts[2 * slot + 1]
        return (CAPTURE_NOW if _found(tag) == LIVE else SEARCH), _mask(tag), slot
    if _beans_of(board, mover, layout) == 0:
        return NO_BEANS_NOW, 0, -1
    mask = _playable(board, mover, layout, work)
    if mask == 0:
        return CANNOT_FEED_NOW, 0, -1
    found = _short_search(board, mover, min(bound, QUICK_BOUND), layout, work, deep)
    slot = _keep(starts, low, high, mask, found)
    return (CAPTURE_NOW if found == LIVE else SEARCH), mask, slot


@njit(**LEAN)
def _short_search(
    board: np.ndarray,
    mover: int,
    bound: int,
    layout: np.ndarray,
    work: np.ndarray,
    deep: np.ndarray,
) -> int:
    """``_search`` without a memory of answers, for a small ``bound``: the same positions in
    the same order and the same answer (LIVE, or UNKNOWN for DEAD too), with the positions met
    kept in short arrays, each with its children (found when it was met, so never sown
    twice). ``deep``: scratch of ``DEEP``."""
    per_seat = layout[PER_SEAT]
    root = work[2 * PITS : 2 * PITS + per_seat * PITS].reshape((per_seat, PITS))
    count = _children(board, mover, layout, root, work)
    if count < 0:
        return LIVE
    return _beyond(board, mover, count, bound, layout, work, deep)


@njit(**LEAN)
def _beyond(
    board: np.ndarray,
    mover: int,
    count: int,
    bound: int,
    layout: np.ndarray,
    work: np.ndarray,
    deep: np.ndarray,
) -> int:
    """The short search beyond the root, whose ``count`` children are in ``work``."""
    per_seat = layout[PER_SEAT]
    root = work[2 * PITS : 2 * PITS + per_seat * PITS].reshape((per_seat, PITS))
    size = max(bound, 1) + 1  # the positions met, and one more tested before the bound
    kids = deep[: size * per_seat * PITS].reshape((size, per_seat, PITS))
    for c in range(count):
        _copy(root[c], kids[0, c])
    low, high = _code(board, mover)
    return _search_on(kids, deep[DEEP_KIDS:], count, low, high, mover, bound, layout, work)


@njit(**LEAN)
def _search_on(
    kids: np.ndarray,
    rest: np.ndarray,
    count: int,
    low: int,
    high: int,
    mover: int,
    bound: int,
    layout: np.ndarray,
    work: np.ndarray,
) -> int:
    """The short search beyond the root (its ``count`` children in ``kids[0]``): LIVE or
    UNKNOWN. ``rest``: scratch for the others' counts, seats, codes and the stack."""
    size = kids.shape[0]
    counts = rest[:size]
    seats = rest[size : 2 * size]
    seen = rest[2 * size : 4 * size]  # two codes a position
    stack = rest[4 * size : 5 * size]  # indices of positions met
    counts[0] = count
    seen[0] = low
    seen[1] = high
    seats[0] = mover
    met = 1
    depth = 1
    stack[0] = 0
    while depth > 0:
        depth -= 1
        here = stack[depth]
        following = layout[NEXT + seats[here]]
        for c in range(counts[here]):
            child = kids[here, c]
            low, high = _code(child, following)
            known = False
            for i in range(met):
                if seen[2 * i] == low and seen[2 * i + 1] == high:
                    known = True
                    break
            if known:
                continue
            counts[met] = _children(child, following, layout, kids[met], work)
            if counts[met] < 0:
                return LIVE
            if met >= bound:
                return UNKNOWN
            seen[2 * met] = low
            seen[2 * met + 1] = high
            seats[met] = following
            stack[depth] = met
            depth += 1
            met += 1
    return UNKNOWN  # dead as far as it looked: the whole search decides


@njit(**LEAN)
def _settle(
    board: np.ndarray,
    mover: int,
    out: np.ndarray,
    count: int,
    bound: int,
    layout: np.ndarray,
    work: np.ndarray,
    starts: np.ndarray,
) -> tuple[int, int, int, int, int, int]:
    """Take the pits ``out[:count]`` for ``mover`` and pass the turn: the next position's codes,
    the beans taken, and the next turn start (``_start_slot``: kind, mask and slot; ``work``:
    scratch of ``WORK + DEEP``)."""
    gain = 0
    for i in range(count):
        gain += board[out[i]]
        board[out[i]] = 0
    following = layout[NEXT + mover]
    low, high = _code(board, following)
    deep = work[WORK:]
    kind, mask, slot = _start_slot(board, following, low, high, bound, layout, work, deep, starts)
    return low, high, gain, kind, mask, slot


# -- whole games: batch playouts and search rollouts ---------------------------------------------


@njit(cache=True)
def new_memo() -> dict[tuple[int, int], int]:
    """An empty memory of search answers (position code -> answer) for one bound."""
    return Dict.empty(key_type=MEMO_KEY, value_type=types.int64)


@njit(**LEAN)
def _occurrences(history: np.ndarray, length: int, low: int, high: int) -> int:
    """How often the turn start coded ``low``, ``high`` is among the first ``length`` rows of
    ``history`` (two codes a row): what the repetition rules count (``_end``)."""
    count = 0
    for i in range(length):
        if history[i, 0] == low and history[i, 1] == high:
            count += 1
    return count


@njit(cache=True)
def _answer(
    board: np.ndarray,
    mover: int,
    bound: int,
    layout: np.ndarray,
    memo: dict[tuple[int, int], int],
    exact: bool,
) -> int:
    """The search's answer at a turn start, remembered in ``memo`` or searched."""
    here = _code(board, mover)
    if here in memo:
        return memo[here]
    return _search(board, mover, bound, layout, memo, exact)


# -- the ends of a game ----------------------------------------------------------------------------
#
# At every turn start the game may end, checked in this order: the mover has no beans, cannot
# feed the next seat, nobody can capture any more (the end-of-game search), a repetition while
# the search cannot tell, no progress (the quiet limit, or a position met the third time since
# the last capture). ``_end`` is that order; States (``step``, ``turn_end``) and whole games
# (``_play``) all ask it.
#
# The turn starts since the last capture come with a filter that spares counting them where no
# repetition is possible: ``seen`` has the bit of each one's ``history_bucket``, ``twice`` the
# bits met more than once (64 buckets: one int64 each). A position may have occurred before only
# where its bit was in ``seen`` (``again``), twice before only where it was in ``twice``
# (``third``, the repetition limit being 3).


@njit(**LEAN)
def history_bucket(low: int, high: int) -> int:
    """The bucket (0 to 63) of the position coded ``low``, ``high``: the top bits of a mix of
    both codes in which every bit of them counts (int64 arithmetic wraps around; the masks make
    the right shifts logical)."""
    mixed = low * -7046029254386353131 + high * -4417276706812531889  # 0x9E3779B97F4A7C15...
    mixed ^= (mixed >> 29) & 0x7FFFFFFFF
    mixed *= -4658895280553007687  # 0xBF58476D1CE4E5B9 (splitmix64's multiplier)
    mixed ^= (mixed >> 32) & 0xFFFFFFFF
    return (mixed >> 58) & 63


@njit(**LEAN)
def remember(seen: int, twice: int, low: int, high: int) -> tuple[int, int, bool, bool]:
    """Add the turn start coded ``low``, ``high`` to the filter ``seen``, ``twice``: the new
    filter, and whether this position may have occurred once (``again``) or twice (``third``)
    since the last capture before now."""
    bit = 1 << history_bucket(low, high)
    again = seen & bit != 0
    third = twice & bit != 0
    if again:
        twice |= bit
    return seen | bit, twice, again, third


@njit(cache=True, inline="always")
def _possible(kind: int, starts: np.ndarray, slot: int) -> int:
    """Whether a capture is still possible at a turn start that shows ``kind`` (LIVE where a
    capture was found; for SEARCH the search's answer kept in ``slot``, -1 if not known)."""
    if kind == CAPTURE_NOW:
        return LIVE
    if kind == SEARCH:
        return _answer_in(starts, slot)
    return DEAD  # (no beans, cannot feed: the game ends before the search is asked)


@njit(cache=True, inline="always")
def _end(
    kind: int, possible: int, quiet: int, again: bool, third: bool, count: int, limits: np.ndarray
) -> int:
    """The end code at a turn start, or GOES_ON: ``kind`` is what the turn start shows,
    ``possible`` the search's answer (-1: not asked yet: ASK), ``quiet`` the actions since the
    last capture, ``again`` and ``third`` the filter's (``remember``), ``count`` how often the
    position occurred since the last capture, this time included (-1: not counted yet: COUNT,
    where it matters)."""
    if kind == NO_BEANS_NOW:
        return NO_BEANS
    if kind == CANNOT_FEED_NOW:
        return CANNOT_FEED
    if possible < 0:
        return ASK
    if possible == DEAD:
        return NO_CAPTURE
    if possible == UNKNOWN and again:  # a repetition ends a game the search cannot tell
        if count < 0:
            return COUNT
        if count >= 2:
            return REPETITION
    if quiet >= limits[QUIET_LIMIT]:
        return NO_PROGRESS
    if third:
        if count < 0:
            return COUNT
        if count >= limits[REPEAT_LIMIT]:
            return NO_PROGRESS
    return GOES_ON


@njit(cache=True)
def _ask(
    board: np.ndarray,
    mover: int,
    slot: int,
    limits: np.ndarray,
    layout: np.ndarray,
    memo: dict[tuple[int, int], int],
    starts: np.ndarray,
) -> int:
    """The search's answer at the turn start ``board``, ``mover`` (``_answer``), kept in the
    position's ``slot`` of the memory of turn starts (-1: none)."""
    exact = board.sum() <= limits[EXACT_BEANS]
    possible = _answer(board, mover, limits[BOUND], layout, memo, exact)
    if slot >= 0:
        _keep_answer(starts, slot, possible)
    return possible


@njit(cache=True)
def _gain(board: np.ndarray, start: int, mover: int, layout: np.ndarray, work: np.ndarray) -> int:
    """The beans the move from ``start`` captures, a grand slam leaving each opponent its
    emptiest pit (``gain``)."""
    after = work[:PITS]
    out = work[PITS:]
    _copy(board, after)
    count = _sow(after, start, mover, layout, out)
    if count == 0:
        return 0
    count, choosers = _grand_slam(after, out, count, mover, layout)
    gain = 0
    for i in range(count):
        gain += after[out[i]]
    for seat in range(layout[PLAYERS]):
        if choosers >> seat & 1:
            least = 1 << 30
            for i in range(count):
                if layout[OWNER + out[i]] == seat and after[out[i]] < least:
                    least = after[out[i]]
            gain -= least
    return gain


@njit(cache=True)
def gain(pits: tuple[int, ...], start: int, mover: int, layout: np.ndarray) -> int:
    """``_gain`` of the position ``pits`` (for ``board.gain``)."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    return _gain(board, start, mover, layout, np.empty(2 * PITS, np.int64))


@njit(cache=True, inline="always")
def _bit_count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, inline="always")
def _nth_pit(mask: int, n: int) -> int:
    """The pit of the ``n``-th set bit of ``mask`` (0 is the lowest)."""
    for _ in range(n):
        mask &= mask - 1
    pit = 0
    while not mask >> pit & 1:
        pit += 1
    return pit


@njit(cache=True)
def _pick_pit(
    board: np.ndarray, mask: int, mover: int, greedy: bool, layout: np.ndarray, work: np.ndarray
) -> int:
    """A uniformly random pit of ``mask``, or with ``greedy`` one of those capturing most."""
    chosen = -1
    count = 0
    best = -1
    for pit in range(PITS):
        if not mask >> pit & 1:
            continue
        gain = _gain(board, pit, mover, layout, work) if greedy else 0
        if gain > best:
            best = gain
            count = 0
        if gain == best:
            count += 1
            if np.random.randint(count) == 0:
                chosen = pit  # uniform among the best, in one pass
    return chosen


@njit(cache=True)
def _play(
    board: np.ndarray,
    scores: np.ndarray,
    mover: int,
    quiet: int,
    history: np.ndarray,
    layout: np.ndarray,
    limits: np.ndarray,
    memo: dict[tuple[int, int], int],
    epsilon: float,
    cut: int,
    record: np.ndarray,
    starts: np.ndarray,
) -> tuple[int, int, int]:
    """Play on from a turn start, in place on ``board`` (pits) and ``scores`` (captured beans):
    every seat greedy (the most beans captured now, a grand slam leaving the emptiest pit)
    except with probability ``epsilon`` uniformly random, until the game ends or ``cut``
    decisions were made (-1: no cut). (end code or -1 when cut, actions played, seat to move).
    ``history``: the turn starts since the last capture, two codes each (``_code``).
    The actions are written to ``record`` while it has room: a pit, or 12 + the pit left."""
    players = layout[PLAYERS]
    work = np.empty(WORK, np.int64)
    deep = np.empty(DEEP, np.int64)
    out = np.empty(PITS, np.int64)
    # the turn starts since the last capture: at most one a move, and a game ends when the
    # quiet limit is reached; their filter (``remember``), the latest one's findings last
    length = history.shape[0]
    seen = np.empty((length + limits[QUIET_LIMIT] + 2, 2), np.int64)
    met = twice = 0
    again = third = False
    for i in range(length):
        seen[i, 0] = history[i, 0]
        seen[i, 1] = history[i, 1]
        met, twice, again, third = remember(met, twice, seen[i, 0], seen[i, 1])
    actions = 0
    decisions = 0
    low, high = _code(board, mover)
    while True:
        kind, mask, slot = _start_slot(
            board, mover, low, high, limits[BOUND], layout, work, deep, starts
        )
        possible = _possible(kind, starts, slot)
        end = _end(kind, possible, quiet, again, third, -1, limits)
        if end == ASK:
            possible = _ask(board, mover, slot, limits, layout, memo, starts)
            end = _end(kind, possible, quiet, again, third, -1, limits)
        if end == COUNT:
            count = _occurrences(seen, length, low, high)
            end = _end(kind, possible, quiet, again, third, count, limits)
        if end >= 0:
            return end, actions, mover
        if decisions == cut:
            return -1, actions, mover
        decisions += 1
        if epsilon >= 1.0:
            start = _nth_pit(mask, np.random.randint(_bit_count(mask)))
        else:
            greedy = np.random.random() >= epsilon
            start = _pick_pit(board, mask, mover, greedy, layout, work)
        count = _sow(board, start, mover, layout, out)
        choosers = 0
        if count:
            count, choosers = _grand_slam(board, out, count, mover, layout)
        if actions < record.shape[0]:
            record[actions] = start
        actions += 1
        for seat in range(players):
            if not choosers >> seat & 1:
                continue
            if cut >= 0 and decisions == cut:
                return -1, actions, mover  # cut before a leave: choice (scored as it stands)
            decisions += 1
            greedy = epsilon < 1.0 and np.random.random() >= epsilon
            keepable = _keepable(out, count, seat, layout)
            kept = -1
            options = 0
            for i in range(count):
                p = out[i]
                if not keepable >> p & 1:
                    continue
                options += 1
                if greedy:
                    if kept < 0 or (board[p], p) < (board[kept], kept):
                        kept = p
                elif np.random.randint(options) == 0:
                    kept = p  # a uniform choice, one pass
            count = _without(out, count, kept)
            if actions < record.shape[0]:
                record[actions] = PITS + kept
            actions += 1
        quiet += 1  # a move without a capture (a capture sets it back to 0)
        if count:
            for i in range(count):
                scores[mover] += board[out[i]]
                board[out[i]] = 0
            quiet = 0
            length = met = twice = 0
        mover = layout[NEXT + mover]
        low, high = _code(board, mover)
        met, twice, again, third = remember(met, twice, low, high)
        seen[length, 0] = low
        seen[length, 1] = high
        length += 1


@njit(cache=True, inline="always")
def _held(board: np.ndarray, taken: np.ndarray, layout: np.ndarray) -> np.ndarray:
    """Each seat's score at the end: the beans it captured (``taken``, a seat's each; 4 in a
    rollout) and the beans left in its own pits."""
    held = taken.copy()
    for seat in range(layout[PLAYERS]):
        held[seat] += _beans_of(board, seat, layout)
    return held


@njit(cache=True)
def final_scores(pits: tuple[int, ...], captured: np.ndarray, layout: np.ndarray) -> np.ndarray:
    """``_held`` for a state's pits and captured beans (a seat's each)."""
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    return _held(board, captured, layout)


@njit(cache=True)
def playouts(
    n: int,
    seed: int,
    start: np.ndarray,
    record: np.ndarray,
    tables: np.ndarray,
    memo: dict[tuple[int, int], int],
) -> tuple[np.ndarray, np.ndarray]:
    """``n`` uniformly random games from the start: (final scores per game and seat, actions
    per game). ``record`` (n rows, possibly of length 0) receives each game's actions;
    ``tables`` and ``memo``: the search's (``new_tables``, ``new_memo``)."""
    limits, layout, _scratch, starts = _parts(tables)
    np.random.seed(seed)
    players = layout[PLAYERS]
    scores = np.zeros((n, players), np.int64)
    lengths = np.zeros(n, np.int64)
    history = np.empty((1, 2), np.int64)  # a game's first turn start
    for game in range(n):
        board = start.copy()
        taken = np.zeros(players, np.int64)
        history[0, 0], history[0, 1] = _code(board, 0)
        _end, actions, _mover = _play(
            board, taken, 0, 0, history, layout, limits, memo, 1.0, -1, record[game], starts
        )
        scores[game] = _held(board, taken, layout)
        lengths[game] = actions
    return scores, lengths


@njit(cache=True)
def rollout(
    pits: tuple[int, ...],
    captured: np.ndarray,
    mover: int,
    quiet: int,
    history: np.ndarray,
    epsilon: float,
    cut: int,
    seed: int,
    layout: np.ndarray,
    limits: np.ndarray,
    starts: np.ndarray,
    memo: dict[tuple[int, int], int],
) -> tuple[int, int, int, int, int, int, int, int, int]:
    """One search rollout from a turn start (``history``: the turn starts since the last
    capture, the two position codes of each (``_code``); ``layout``, ``limits``, ``starts``
    and ``memo``: the search's, the parts of its tables apart (a rollout that cuts the
    tables itself pays for it on every call), kept between rollouts): the end code (-1 when
    cut), then for seats 0-3 the beans each holds (captured and in its pits) and the beans
    each captured."""
    np.random.seed(seed)
    board = np.empty(PITS, np.int64)
    for i in range(PITS):
        board[i] = pits[i]
    taken = np.zeros(4, np.int64)
    taken[: captured.shape[0]] = captured
    nothing = np.empty(0, np.int64)
    end, _actions, _mover = _play(
        board, taken, mover, quiet, history, layout, limits, memo, epsilon, cut, nothing, starts
    )
    held = _held(board, taken, layout)
    return end, held[0], held[1], held[2], held[3], taken[0], taken[1], taken[2], taken[3]


# -- one action of a State in one call (``step``) ------------------------------------------------
#
# The contract's hot path calls the core once an action; numba's dispatch costs for every
# argument (an array several times an int), so ``step`` takes the limits, the layout, a scratch
# and the memory of turn starts as one array, the tables (``new_tables``); the scratch made
# once spares an allocation a call (a call holds the GIL: no two use it at once). A State
# keeps what ``step`` needs of its history as ints: the actions since the last capture and the
# filter of its turn starts (``remember``); ``step`` gives them back for the new state, with
# the end (``_end``) or GOES_ON.

TABLE_LIMITS = 0
TABLE_LAYOUT = LIMITS
TABLE_SCRATCH = TABLE_LAYOUT + SIZE
TABLE_STARTS = TABLE_SCRATCH + SCRATCH


def new_tables(layout: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """The tables of one layout and its ``limits`` (``BOUND``...): the limits, the layout, a
    scratch of ``SCRATCH``, then an empty memory of turn starts (``new_starts``)."""
    scratch = np.zeros(SCRATCH, np.int64)
    return np.concatenate((limits.astype(np.int64), layout, scratch, new_starts()))


@njit(cache=True, inline="always")
def _parts(tables: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The limits, the layout, the scratch and the memory of turn starts of ``tables``."""
    return (
        tables[TABLE_LIMITS:TABLE_LAYOUT],
        tables[TABLE_LAYOUT:TABLE_SCRATCH],
        tables[TABLE_SCRATCH:TABLE_STARTS],
        tables[TABLE_STARTS:],
    )


@njit(cache=True, inline="always")
def _unpack(packed: int, out: np.ndarray) -> int:
    """The pits of a packed capture (4 bits each, pit + 1) into ``out``; how many."""
    count = 0
    while packed:
        out[count] = (packed & 15) - 1
        packed >>= 4
        count += 1
    return count


@njit(cache=True, inline="always")
def _keepable(out: np.ndarray, count: int, seat: int, layout: np.ndarray) -> int:
    """The pits a grand slam's opponent ``seat`` may choose to keep (``leave:``): the bit mask
    of the pits of the capture ``out[:count]`` on its side."""
    mask = 0
    for i in range(count):
        if layout[OWNER + out[i]] == seat:
            mask |= 1 << out[i]
    return mask


@njit(cache=True)
def keepable(packed: int, choosers: int, layout: np.ndarray) -> int:
    """``_keepable`` for the grand slam pending as ``step`` gives it: the pits the first of
    the ``choosers`` (the lowest seat of the mask) may keep of the capture ``packed``."""
    out = np.empty(PITS, np.int64)
    seat = 0
    while not choosers >> seat & 1:
        seat += 1
    return _keepable(out, _unpack(packed, out), seat, layout)


@njit(cache=True, inline="always")
def _without(out: np.ndarray, count: int, kept: int) -> int:
    """The capture ``out[:count]`` without the pit ``kept`` (a grand slam's choice), in place;
    how many pits are left."""
    left = 0
    for i in range(count):
        if out[i] != kept:
            out[left] = out[i]
            left += 1
    return left


@njit(**LEAN)
def step(
    low: int,
    high: int,
    action: int,
    packed: int,
    choosers: int,
    quiet: int,
    seen: int,
    twice: int,
    tables: np.ndarray,
) -> tuple[int, int, int, int, int, int, int, int, int, int]:
    """One action of the position coded ``low``, ``high``: sow from pit ``action`` (0-11), or
    leave pit ``action - 12`` of the grand slam pending (its capture ``packed``, the bit mask
    of the ``choosers`` still to choose, the lowest first); ``quiet``, ``seen``, ``twice``:
    the actions since the last capture and the filter of the turn starts since then.

    (codes, packed capture, choosers still to choose, beans taken, end, playable pits' mask,
    quiet, seen, twice) of the new state. With choosers (a grand slam to decide) the codes are
    those of the pits before the capture and the seat does not change (the end GOES_ON);
    else the capture is taken, the turn passes and the end is ``_end``'s at the new turn
    start (ASK, COUNT: the search's answer or the count of the history must tell first; see
    ``turn_end``)."""
    limits, layout, scratch, starts = _parts(tables)
    board = scratch[:PITS]
    out = scratch[PITS : 2 * PITS]
    mover = _decode(low, high, board)
    if action < PITS:
        count, packed, choosers = _sow_and_pack(board, action, mover, layout, out)
    else:
        count = _without(out, _unpack(packed, out), action - PITS)
        packed = _pack(out, count)
        choosers &= choosers - 1  # the lowest has chosen
    quiet += 1
    if choosers:
        low, high = _code(board, mover)
        return low, high, packed, choosers, 0, GOES_ON, 0, quiet, seen, twice
    work = scratch[2 * PITS :]
    low, high, gain, kind, mask, slot = _settle(
        board, mover, out, count, limits[BOUND], layout, work, starts
    )
    if count:
        quiet = seen = twice = 0  # the history starts again
    seen, twice, again, third = remember(seen, twice, low, high)
    end = _end(kind, _possible(kind, starts, slot), quiet, again, third, -1, limits)
    return low, high, packed, 0, gain, end, mask, quiet, seen, twice


# ``step``'s one signature: eight ints (Python ints, within int64) and the tables
STEP_TYPES = (*(types.int64,) * 8, types.int64[::1])


def step_entry() -> Any:
    """``step`` compiled for ``STEP_TYPES`` (or loaded from numba's disk cache), as a function
    that skips numba's dispatch: finding the types of the arguments and the compiled version
    for them was a fifth of a contract action. It checks no types: pass exactly those."""
    return step.compile(STEP_TYPES)


@njit(**LEAN)
def turn_end(low: int, high: int, quiet: int, count: int, tables: np.ndarray) -> tuple[int, int]:
    """(``_end`` or GOES_ON, the playable pits' mask) at the turn start coded ``low``,
    ``high``, which occurred ``count`` times since the last capture (this time included),
    after ``quiet`` actions without a capture: where ``step`` left the end to Python (COUNT),
    and for a position set up by hand. ASK where the search must tell first (``search_answer``
    keeps its answer where this finds it)."""
    limits, layout, scratch, starts = _parts(tables)
    board = scratch[:PITS]
    mover = _decode(low, high, board)
    work = scratch[2 * PITS :]
    deep = work[WORK:]
    kind, mask, slot = _start_slot(
        board, mover, low, high, limits[BOUND], layout, work, deep, starts
    )
    return _end(kind, _possible(kind, starts, slot), quiet, True, True, count, limits), mask


# ``turn_end``'s one signature (see ``step_entry``)
TURN_END_TYPES = (*(types.int64,) * 4, types.int64[::1])


def turn_end_entry() -> Any:
    """``turn_end`` compiled for ``TURN_END_TYPES``, without numba's dispatch."""
    return turn_end.compile(TURN_END_TYPES)


@njit(cache=True)
def search_answer(low: int, high: int, tables: np.ndarray, memo: dict[tuple[int, int], int]) -> int:
    """The search's answer (DEAD, LIVE or UNKNOWN) at the turn start coded ``low``, ``high``
    (``capture_search``): kept in its slot of the memory of turn starts, if it has one, else
    asked (``_answer``: in ``memo`` or searched) and kept there."""
    limits, layout, _scratch, starts = _parts(tables)
    board = np.empty(PITS, np.int64)
    mover = _decode(low, high, board)
    slot = _recall(starts, low, high)
    known = _answer_in(starts, slot) if slot >= 0 else -1
    return known if known >= 0 else _ask(board, mover, slot, limits, layout, memo, starts)
