"""Potager: two vegetable gardens fed from a shared hedge; harvest beds that match patterns.

A turn is a chain of decisions by one seat: ``take:<slot>`` then ``place:<space>`` (or a
``harvest:…``); covering a tool space, placing a tool token or a gnome landing on a tool space
opens an optional tool step (its uses, or ``skip``). Every refill of the trampoline is the
chance node ``draw:<kind>`` with the bag's real odds. See docs/rules/potager.md.

Where the rules are: every decision (what is legal, what an action does, the end of the game,
why it ended and who won, the draw's odds) is made once, by the compiled core ``core.py`` on
one array per position; the engine's ``CompiledState`` binds it. This module names what the
array holds (``position.py`` translates it) and states the game's declared facts; actions are
parsed by ``move.py``, and everything said in words is in ``words.py``. The list of rules and
the functions that decide them is in docs/adding-a-game.md ("Where each rule is decided:
Potager").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Generic, TypeVar, overload

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State
from ludoteca.engine.compiled import CompiledState
from ludoteca.engine.playouts import Playouts, check_playouts

from . import core, tensors, words
from .board import INDEX, KINDS, SPACES, TOOL_SPACES, TRACK_END, pattern_by_id
from .move import Move, canonical
from .position import (
    CACHED_GARDENS,
    CODE_TOKENS,
    DRAWS,
    ENDS,
    FIELDS,
    LOW_BITS,
    Garden,
    Token,
    action_list,
    bound,
    decode,
    encode,
    start,
)

STANDARD, BONUS_TOOLS = "standard", "bonus-tools"

# the draws' odds by the bag's counts (the array's bytes)
ODDS: dict[bytes, tuple[tuple[str, float], ...]] = {}

T = TypeVar("T")


class _Field(Generic[T]):
    """A field of the position, read from its array (``decode``, every field at once) on the
    first look, then found in the state's ``__dict__``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, state: None, owner: type | None = None) -> _Field[T]: ...

    @overload
    def __get__(self, state: PotagerState, owner: type | None = None) -> T: ...

    def __get__(self, state: PotagerState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        state.__dict__.update(decode(state.cells))
        return state.__dict__[self.name]


class PotagerState(CompiledState):
    """A position: one array (``cells``) that the compiled core (``core.py``) reads and
    plays; its fields below are read from it when first looked at."""

    game: PotagerGame
    bag: _Field[tuple[int, ...]] = _Field()
    hedge: _Field[tuple[str | None, ...]] = _Field()
    trampoline: _Field[str | None] = _Field()
    gardens: _Field[tuple[Garden, Garden]] = _Field()
    points: _Field[tuple[int, int]] = _Field()
    to_move: _Field[int] = _Field()
    # "draw" (chance), "turn", "place", "tool", "shovel", "gnome" or "over"
    phase: _Field[str] = _Field()
    hand: _Field[tuple[str, int] | None] = _Field()  # (kind, hedge slot it came from)
    tool: _Field[str | None] = _Field()  # the tool whose step this is
    pinned: _Field[str | None] = _Field()  # the space the wheelbarrow may not move from
    shovel_slot: _Field[int | None] = _Field()  # after a swap: slots k and k+1 may be taken
    # spaces of the mover's tokens turned over by a harvest this turn: they wait for a later
    # turn (the rule text: "lors d'un prochain tour")
    turned: _Field[frozenset[str]] = _Field()
    own_garden_only: _Field[bool] = _Field()  # the tool came through the toolbox
    after: _Field[tuple[Any, ...]] = _Field()  # what follows once the draws are done
    end_triggered: _Field[bool] = _Field()
    loser: _Field[int | None] = _Field()
    ended: _Field[str | None] = _Field()  # why the game ended (see ``end_reason``)

    def __init__(self, game: PotagerGame):
        super().__init__(game, bound(), start(game.bonus_tools).copy(), CHANCE)

    # -- the contract -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            return []
        bag = self.cells[core.BAG : core.BAG + len(KINDS)]
        key = bag.tobytes()
        odds = ODDS.get(key)
        if odds is None:
            if len(ODDS) >= CACHED_GARDENS:
                ODDS.clear()
            chances = np.empty(len(KINDS))
            core.odds(self.cells, chances)
            counts, shares = bag.tolist(), chances.tolist()
            odds = ODDS[key] = tuple((DRAWS[k], shares[k]) for k, n in enumerate(counts) if n)
        return list(odds)

    def copy_with(self, **changes: Any) -> PotagerState:
        """A copy with some fields changed (those of ``decode``), without history."""
        unknown = set(changes) - set(FIELDS)
        if unknown:
            raise TypeError(f"not a field of a Potager position: {', '.join(sorted(unknown))}")
        cells = encode({name: changes.get(name, getattr(self, name)) for name in FIELDS})
        return self.made(cells, core.seat_to_move(cells))

    def scores(self) -> list[float]:
        cells = self.cells
        return [cells.item(core.POINTS), cells.item(core.POINTS + 1)]

    def winners(self) -> list[int]:
        if self.current_player != TERMINAL:
            return []
        won = core.winners(self.cells)
        return [seat for seat in (0, 1) if won >> seat & 1]

    def end_reason(self) -> str | None:
        """Why the game ended, as the core found it (the deciding end first): "full_garden"
        (the player who could do nothing had a full garden and lost), "points" (40 points
        reached), "empty_bag" (the trampoline could not be refilled), "stuck" (nothing to do,
        garden not full)."""
        ended = self.cells.item(core.ENDED)
        return None if ended < 0 else ENDS[ended]

    # -- reading the position -----------------------------------------------------------------

    def garden_codes(self) -> tuple[int, int]:
        """Both gardens as numbers (equal gardens, equal numbers; ``position.TOKEN_CODES``),
        kept by the core."""
        low0, high0, low1, high1 = self.cells[core.CODES : core.CODES + 4].tolist()
        return low0 | high0 << LOW_BITS, low1 | high1 << LOW_BITS

    def points_and_codes(self) -> tuple[int, int, int, int]:
        """Both seats' points, then both gardens' codes, at once (the bots' measure of every
        search leaf reads them)."""
        points0, points1, low0, high0, low1, high1 = self.cells[
            core.POINTS : core.CODES + 4
        ].tolist()
        return points0, points1, low0 | high0 << LOW_BITS, low1 | high1 << LOW_BITS

    def garden(self, seat: int) -> Garden:
        """``seat``'s garden, read from the array alone (the other fields are not decoded)."""
        if "gardens" in self.__dict__:
            return self.gardens[seat]
        codes = self.cells[seat * len(SPACES) : (seat + 1) * len(SPACES)].tolist()
        return tuple(CODE_TOKENS[code] for code in codes)

    def token(self, seat: int, space: str) -> Token | None:
        return self.gardens[seat][INDEX[space]]

    @property
    def in_hand(self) -> tuple[str, int]:
        """(kind, hedge slot) of the token taken and not yet placed."""
        assert self.hand is not None, "no token in hand"
        return self.hand

    def is_full(self, seat: int) -> bool:
        return all(token is not None for token in self.gardens[seat])

    def tool_space(self, seat: int, tool: str) -> str:
        """The first space of ``seat``'s garden that shows ``tool`` (an uncovered printed tool
        space, or a tool token)."""
        for space, token in zip(SPACES, self.gardens[seat], strict=True):
            shown = TOOL_SPACES.get(space) if token is None else token[0]
            if shown == tool:
                return space
        raise ValueError(f"no {tool} shows in the garden of seat {seat}")

    def bag_size(self) -> int:
        return sum(self.bag)

    # -- words for people (words.py) ----------------------------------------------------------

    def clicks(self, action: str) -> list[str]:
        move = Move.parse(action)
        kind = move.kind
        me, opponent = f"g{self.to_move}", f"g{1 - self.to_move}"
        if kind in ("take", "poison"):
            slot = move.slot if kind == "take" else self.hedge.index(move.name) + 1
            return [f"hedge-{slot}"]
        if kind in ("place", "mole"):
            return [f"{me if kind == 'place' else opponent}-{move.space}"]
        if kind == "harvest":
            return [f"pat-{move.name}"] + [f"{me}-{space}" for space in move.spaces]
        if kind in ("move", "send"):
            return [f"{me}-{move.space}", f"{me if kind == 'move' else opponent}-{move.target}"]
        if kind == "flip":
            return [f"g{move.garden}-{move.space}"]
        if kind == "tool":
            # in a tool step, the toolbox chooses among the opponent's tools
            seat = 1 - self.to_move if self.phase == "tool" else self.to_move
            return [f"g{seat}-{self.tool_space(seat, move.name)}"]
        if kind in ("swap", "hose"):
            return [f"{kind}-{move.slot if kind == 'swap' else move.name}"]
        return ["skip"]

    def canonical(self, action: str) -> str:
        return canonical(action)

    def label(self, action: str) -> Message:
        return words.label(self, Move.parse(action))

    def describe(self, seat: int, action: str) -> Message:
        return words.describe(self, seat, Move.parse(action))

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        assert isinstance(before, PotagerState)
        return words.consequence(before, self, seat)

    def prompt(self, seat: int | None) -> Message:
        return words.prompt(self, seat)

    def why_illegal(self, action: str) -> Message:
        return words.why_illegal(self, action)

    def text_board(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        return words.text_board(self, lang, names)

    def text_topics(self, lang: str = "en") -> dict[str, str]:
        return {"patterns": words.patterns_text(lang)}

    def __str__(self) -> str:
        return self.text_board("en")

    # -- observation --------------------------------------------------------------------------

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        def garden(g: int) -> dict[str, Any]:
            return {
                space: {"kind": token[0], "double": token[1]}
                for space, token in zip(SPACES, self.gardens[g], strict=True)
                if token is not None
            }

        return {
            "gardens": [garden(0), garden(1)],
            "tool_spaces": dict(TOOL_SPACES),
            "hedge": list(self.hedge),
            "trampoline": self.trampoline,
            "bag": {kind: n for kind, n in zip(KINDS, self.bag, strict=True) if n},
            "bag_count": self.bag_size(),
            "gnomes": list(self.points),
            "phase": self.phase,
            "hand": None if self.hand is None else {"kind": self.hand[0], "slot": self.hand[1]},
            "tool": self.tool,
            "end_triggered": self.end_triggered,
            "loser": self.loser,
            "turned": sorted(self.turned, key=INDEX.__getitem__),
            "patterns": _patterns(),
        }


@cache
def _patterns() -> dict[str, Any]:
    """The pattern cards as the observation shows them: the same in every position, made
    once (issue 30: they were a third of an observation); read only."""
    return {p.id: {"vegetable": p.vegetable, "rows": p.rows()} for p in pattern_by_id().values()}


class PotagerGame(Game[PotagerState]):
    id = "potager"
    name = "Potager"
    min_players = max_players = 2
    option_specs = (
        Option("variant", STANDARD, (STANDARD, BONUS_TOOLS), help="potager.option.variant"),
    )

    @property
    def bonus_tools(self) -> bool:
        return self.options["variant"] == BONUS_TOOLS

    def new_initial_state(self) -> PotagerState:
        return PotagerState(self)

    def score_range(self) -> tuple[float, float]:
        """The score track runs from 0 to 60."""
        return 0.0, float(TRACK_END)

    def max_game_length(self) -> int:
        """A generous bound: the six setup draws; at most 54 turns that place a token (each
        empties the bag by one draw) and 28 that harvest (at least 3 points each, and the end
        comes at 40 points), each with its draw and at most 40 decisions of tools and beds."""
        return 6 + (54 + 28) * 41

    def all_actions(self) -> list[str]:
        """Every draw, take, placement, harvest bed (each pattern on each set of spaces it can
        cover), tool action and skip, whether or not the variant ever uses it."""
        return list(action_list())

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` uniformly random games played by the compiled core, with no Python work per
        action (the rules the states play, not the same games for a seed)."""
        check_playouts(n, seed, policy)
        table = bound().tables
        scores, winners, lengths = core.playouts(n, seed % 2**32, start(self.bonus_tools), table)
        return Playouts(scores.astype(float), winners, lengths)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)


__all__ = ["PotagerGame", "PotagerState"]
