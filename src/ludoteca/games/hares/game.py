"""Hares (Зайцы): pawn-hares run to their burrows past a hunter that never moves.

One player. A level card sets out the hares, carrots, burrows and the hunter; the colour of the
hares (chosen, or drawn at a chance node) decides the side: white runs up from rank 2, black
runs down from rank 7 on the mirrored card. After each hare move the hunter checks its squares
and catches every unprotected hare standing there.

Where the rules are: every rule of a move is decided in the compiled core (``core.py``):
which moves are legal (``core._targets``, listed by ``core.moves``), what a move does and
whom the hunter catches (``core.step``), and why a move is refused (``core.refusal``); the game
ends when ``core.moves`` finds none. This module keeps the names, the declared facts and the
binding: the state holds the core's masks and asks the core. The actions are read in
``moves.py``, the words (labels, prompts, refusals, log, text board) are in ``words.py``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State
from ludoteca.engine.playouts import Playouts, check_playouts

from . import core, tensors, words
from .board import COLOURS, Field, Position, mask_of, name, rank_of, squares_of
from .cards import DECKS, Card, card, cards, result, stars
from .moves import DRAWS, MOVE_CODES, MOVE_NAMES, Draw, Move

__all__ = ["HaresGame", "HaresState", "levels", "result", "stars"]


class HaresState(State):
    """A position of one level card; ``board`` is None until the colour is drawn. The
    position is kept as the compiled core's masks (``hares``, ``carrots``, ``caught_now``);
    ``position`` gives it as sets of squares."""

    game: HaresGame

    def __init__(
        self,
        game: HaresGame,
        board: Field | None,
        hares: int,
        carrots: int,
        hunter: bool = True,
        saved: int = 0,
        caught: int = 0,
        caught_now: int = 0,
        codes: list[int] | None = None,
    ):
        super().__init__(game)
        self.board = board
        self.hares = hares
        self.carrots = carrots
        self.hunter = hunter
        self.saved = saved
        self.caught = caught
        self.caught_now = caught_now
        self._codes = codes  # the legal moves as the core numbers them, once asked

    @classmethod
    def at(cls, game: HaresGame, board: Field | None, position: Position) -> HaresState:
        """The state of ``position`` on ``board`` (None: the colour not drawn yet)."""
        return cls(
            game,
            board,
            mask_of(position.hares),
            mask_of(position.carrots),
            position.hunter,
            position.saved,
            position.caught,
            mask_of(position.caught_now),
        )

    @cached_property
    def position(self) -> Position:
        return Position(
            frozenset(squares_of(self.hares)),
            frozenset(squares_of(self.carrots)),
            self.hunter,
            self.saved,
            self.caught,
            tuple(squares_of(self.caught_now)),
        )

    @property
    def card(self) -> Card:
        return self.game.card

    @property
    def colour(self) -> str | None:
        return None if self.board is None else self.board.colour

    def shown_field(self) -> Field:
        """The field to draw: before the colour is drawn, the card as printed (white)."""
        return self.board if self.board is not None else self.card.field("white")

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.board is None:
            return CHANCE
        return 0 if self._moves_here() else TERMINAL

    @property
    def field(self) -> Field:
        """The card's field in the colour drawn (only once the colour is drawn)."""
        assert self.board is not None, "the colour is not drawn yet"
        return self.board

    def _moves_here(self) -> list[int]:
        """The legal moves as ``origin * 64 + target`` (see ``core.moves``)."""
        if self._codes is None:
            self._codes = core.moves(
                self.field.table, self.hares, self.carrots, self.hunter
            ).tolist()
        return self._codes

    def _legal_actions(self) -> list[str]:
        return [MOVE_NAMES[move] for move in self._moves_here()]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.board is not None:
            return []
        return [(draw, 0.5) for draw in DRAWS]

    def _next(self, action: str) -> HaresState:
        board = self.board
        if board is None:
            colour = Draw.parse(action).colour
            return HaresState.at(self.game, self.card.field(colour), self.card.position(colour))
        hares, carrots, hunter, saved, caught, codes = core.play(
            board.table, self.hares, self.carrots, self.hunter, MOVE_CODES[action]
        )
        return HaresState(
            self.game,
            board,
            hares,
            carrots,
            hunter,
            self.saved + saved,
            self.caught + len(squares_of(caught)),
            caught,
            codes.tolist(),
        )

    def scores(self) -> list[float]:
        return [self.saved]

    def end_reason(self) -> str | None:
        """ "all_saved"; "none_left" (every hare saved or caught); "stuck" (hares are left but
        none can move); None before the end."""
        if not self.is_terminal():
            return None
        if self.saved == len(self.card.hares):
            return "all_saved"
        return "stuck" if self.hares else "none_left"

    def _key(self) -> Any:
        return (
            self.colour,
            self.hares,
            self.carrots,
            self.hunter,
            self.saved,
            self.caught,
            self.caught_now,
        )

    # -- derived facts -----------------------------------------------------------------------

    def hunter_squares(self) -> list[str]:
        """The squares the hunter checks now ([] once it is taken, or before the colour)."""
        if self.board is None or not self.hunter:
            return []
        return _names(squares_of(core.checked(self.board.table, self.hares, self.carrots)))

    def warm(self) -> dict[str, list[str]]:
        """Where each hare can go: hare square → target squares."""
        found: dict[str, list[str]] = {}
        if self.board is None:
            return found
        for code in self._moves_here():
            move = Move.from_code(code)
            found.setdefault(move.start, []).append(move.end)
        return found

    def result(self) -> dict[str, int] | None:
        """{"saved", "of", "stars"} at the end, else None."""
        if not self.is_terminal():
            return None
        return result(self.saved, len(self.card.hares), self.card.best)

    # -- views -------------------------------------------------------------------------------

    def _observe(self, seat: int | None) -> dict[str, Any]:
        p, board = self.position, self.shown_field()
        hunter = (
            {"piece": board.hunter_piece, "square": name(board.hunter_square)} if p.hunter else None
        )
        ended = self.result()
        return {
            "hares": _names(p.hares),
            "carrots": _names(p.carrots),
            "burrows": _names(board.burrows),
            "hunter": hunter,
            "saved": p.saved,
            "caught": p.caught,
            "colour": self.colour,
            "level": self.card.level,
            "best": self.card.best,
            "of": len(self.card.hares),
            "stuck": _names(squares_of(self.hares & int(board.table[core.FAR]))),
            "protected": _names(squares_of(core.protected(board.table, self.hares))),
            "caught_now": _names(p.caught_now),
            "hunter_squares": self.hunter_squares(),
            "warm": self.warm(),
            "title": self.card.title_message().to_json(),
            "idea": self.card.idea_message().to_json(),
            "result": ended,
            "result_text": None if ended is None else self.result_message().to_json(),
        }

    def result_message(self) -> Message:
        return words.result_message(self)

    def clicks(self, action: str) -> list[str]:
        move = Move.parse(action)
        return [f"sq-{move.start}", f"sq-{move.end}"]

    def label(self, action: str) -> Message:
        return words.label(self, action)

    def describe(self, seat: int, action: str) -> Message:
        return words.describe(self, seat, action)

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        assert isinstance(before, HaresState)
        return words.consequence(self, before)

    def prompt(self, seat: int | None) -> Message:
        return words.prompt(self)

    def why_illegal(self, action: str) -> Message:
        return words.why_illegal(self, action)

    def canonical(self, action: str) -> str:
        """``d2–d3``, ``d2-d3``, ``d2×e3`` (as the moves are displayed) stand for ``d2d3``…"""
        move = Move.read(action)
        return action if move is None else str(move)

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def __str__(self) -> str:
        return self.text_board("en")

    def text_board(self, lang: str = "en") -> str:
        return words.text_board(self, lang)


def _names(squares) -> list[str]:
    """Square names in alphabetical order (a1, a2, …, h8)."""
    return sorted(name(sq) for sq in squares)


class HaresGame(Game[HaresState]):
    """Hares on one level card (option ``level``), white, black or a random colour."""

    id = "hares"
    name = "Hares"
    min_players = max_players = 1
    option_specs = (
        Option("level", 1, minimum=1, maximum=20, help="hares.option.level"),
        Option("colour", "random", ("random", "white", "black"), help="hares.option.colour"),
        Option("cards", "printed", DECKS, help="hares.option.cards"),
    )

    @property
    def card(self) -> Card:
        return card(self.options["level"], self.options["cards"])

    def new_initial_state(self) -> HaresState:
        colour = self.options["colour"]
        if colour == "random":
            return HaresState.at(self, None, self.card.position("white"))
        return HaresState.at(self, self.card.field(colour), self.card.position(colour))

    def score_range(self) -> tuple[float, float]:
        """From no hare saved to every hare of the card."""
        return 0.0, float(len(self.card.hares))

    def max_game_length(self) -> int:
        """The colour draw, then hare moves: each moves forward only, at most 7 times."""
        return 1 + 7 * len(self.card.hares)

    def all_actions(self) -> list[str]:
        """The colour draw (with colour ``random``), then for each colour that can be played every
        pawn move from every square: one and two squares forward and the two diagonals."""
        colour = self.options["colour"]
        colours = COLOURS if colour == "random" else (colour,)
        listed = list(DRAWS) if colour == "random" else []
        for c in colours:
            board = Field(c, frozenset(), "rook", 0)
            for sq in range(64):
                ahead = board.forward(sq)
                if ahead is None:
                    continue
                targets = [*board.diagonals(sq), ahead]
                if rank_of(sq) == board.first_rank:
                    targets.append(ahead + board.step)
                listed += [str(Move(sq, target)) for target in sorted(targets)]
        return listed

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)

    def playouts(self, n: int, seed: int, policy: str = "random") -> Playouts:
        """``n`` random games played wholly inside the compiled core (see ``Game.playouts``):
        the colour drawn (or the one chosen), then every legal move alike."""
        check_playouts(n, seed, policy)
        fields = [self.card.field(colour) for colour in COLOURS]
        starts = [self.card.position(colour) for colour in COLOURS]
        colour = self.options["colour"]
        saved, lengths = core.random_playouts(
            np.stack([board.table for board in fields]),
            np.array([mask_of(start.hares) for start in starts], dtype=np.int64),
            np.array([mask_of(start.carrots) for start in starts], dtype=np.int64),
            -1 if colour == "random" else COLOURS.index(colour),
            n,
            seed,
        )
        return Playouts(saved.astype(float).reshape(n, 1), np.ones((n, 1), dtype=bool), lengths)


def levels(deck: str = "printed") -> list[dict[str, Any]]:
    """Every level card of ``deck`` as data: level, title and idea keys, best result, number
    of hares (a generated card's title and idea also take its ``params``)."""
    return [
        {"level": c.level, "title": c.title, "idea": c.idea, "best": c.best, "hares": len(c.hares)}
        | ({"params": dict(c.params)} if c.params else {})
        for c in cards(deck)
    ]
