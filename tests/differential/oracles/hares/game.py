"""Hares (Зайцы): pawn-hares run to their burrows past a hunter that never moves.

One player. A level card sets out the hares, carrots, burrows and the hunter; the colour of the
hares (chosen, or drawn at a chance node) decides the side: white runs up from rank 2, black
runs down from rank 7 on the mirrored card. After each hare move the hunter checks its squares
and catches every unprotected hare standing there.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ludoteca.engine import CHANCE, TERMINAL, Game, Message, Option, State
from ludoteca.engine.notation import from_to
from tests.differential.oracles.hares import tensors
from tests.differential.oracles.hares.board import (
    COLOURS,
    Field,
    Position,
    advance,
    checked_squares,
    file_of,
    hare_moves,
    is_protected,
    name,
    rank_of,
    square,
    stuck_hares,
)
from tests.differential.oracles.hares.cards import Card, card, cards

MOVE = re.compile(r"^([a-h][1-8])([a-h][1-8])$")


def stars(saved: int, best: int) -> int:
    """3 stars for the card's best, 2 for one less, 1 for any other save, 0 for none."""
    if saved <= 0:
        return 0
    if saved >= best:
        return 3
    return 2 if saved == best - 1 else 1


def result(saved: int, of: int, best: int) -> dict[str, int]:
    """The result as data, for level progress: {"saved", "of", "stars"}."""
    return {"saved": saved, "of": of, "stars": stars(saved, best)}


class HaresState(State):
    """A position of one level card; ``board`` is None until the colour is drawn."""

    game: HaresGame

    def __init__(self, game: HaresGame, board: Field | None, position: Position):
        super().__init__(game)
        self.board = board
        self.position = position
        self._over: bool | None = None

    @property
    def card(self) -> Card:
        return self.game.card

    @property
    def colour(self) -> str | None:
        return None if self.board is None else self.board.colour

    def _shown_field(self) -> Field:
        """The field to draw: before the colour is drawn, the card as printed (white)."""
        return self.board if self.board is not None else self.card.field("white")

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.board is None:
            return CHANCE
        if self._over is None:
            self._over = not self._moves_here()
        return TERMINAL if self._over else 0

    @property
    def field(self) -> Field:
        """The card's field in the colour drawn (only once the colour is drawn)."""
        assert self.board is not None, "the colour is not drawn yet"
        return self.board

    def _moves_here(self) -> list[tuple[int, int]]:
        p = self.position
        return hare_moves(self.field, p.hares, p.carrots, p.hunter)

    def _legal_actions(self) -> list[str]:
        return [name(a) + name(b) for a, b in self._moves_here()]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.board is not None:
            return []
        return [("colour:white", 0.5), ("colour:black", 0.5)]

    def _next(self, action: str) -> HaresState:
        if action.startswith("colour:"):
            colour = action.split(":", 1)[1]
            return HaresState(self.game, self.card.field(colour), self.card.position(colour))
        move = MOVE.match(action)
        assert move is not None, "only legal actions reach _next"
        origin, target = square(move.group(1)), square(move.group(2))
        return HaresState(
            self.game, self.board, advance(self.field, self.position, (origin, target))
        )

    def scores(self) -> list[float]:
        return [self.position.saved]

    def end_reason(self) -> str | None:
        """ "all_saved"; "none_left" (every hare saved or caught); "stuck" (hares are left but
        none can move); None before the end."""
        if not self.is_terminal():
            return None
        if self.position.saved == len(self.card.hares):
            return "all_saved"
        return "stuck" if self.position.hares else "none_left"

    def _key(self) -> Any:
        p = self.position
        return (self.colour, p.hares, p.carrots, p.hunter, p.saved, p.caught, p.caught_now)

    # -- derived facts -----------------------------------------------------------------------

    def hunter_squares(self) -> list[str]:
        """The squares the hunter checks now ([] once it is taken, or before the colour)."""
        p = self.position
        if self.board is None or not p.hunter:
            return []
        return _names(checked_squares(self.board, p.hares, p.carrots))

    def warm(self) -> dict[str, list[str]]:
        """Where each hare can go: hare square → target squares."""
        found: dict[str, list[str]] = {}
        if self.board is None:
            return found
        for origin, target in self._moves_here():
            found.setdefault(name(origin), []).append(name(target))
        return found

    def result(self) -> dict[str, int] | None:
        """{"saved", "of", "stars"} at the end, else None."""
        if not self.is_terminal():
            return None
        return result(self.position.saved, len(self.card.hares), self.card.best)

    # -- views -------------------------------------------------------------------------------

    def _observe(self, seat: int | None) -> dict[str, Any]:
        p, board = self.position, self._shown_field()
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
            "stuck": _names(stuck_hares(board, p.hares)),
            "protected": _names(sq for sq in p.hares if is_protected(board, p.hares, sq)),
            "caught_now": _names(p.caught_now),
            "hunter_squares": self.hunter_squares(),
            "warm": self.warm(),
            "title": Message(self.card.title).to_json(),
            "idea": Message(self.card.idea).to_json(),
            "result": ended,
            "result_text": None if ended is None else self.result_message().to_json(),
        }

    def result_message(self) -> Message:
        p = self.position
        return Message(
            "hares.result",
            {"saved": p.saved, "of": len(self.card.hares), "n": stars(p.saved, self.card.best)},
        )

    def clicks(self, action: str) -> list[str]:
        return [f"sq-{action[:2]}", f"sq-{action[2:]}"]

    def _kind(self, action: str) -> str:
        """move, carrot, hunter or burrow (from the action and the fixed field only)."""
        board = self._shown_field()
        origin, target = square(action[:2]), square(action[2:])
        if file_of(origin) != file_of(target):
            return "hunter" if target == board.hunter_square else "carrot"
        return "burrow" if target in board.burrows else "move"

    def label(self, action: str) -> Message:
        return Message(f"hares.label.{self._kind(action)}", {"from": action[:2], "to": action[2:]})

    def describe(self, seat: int, action: str) -> Message:
        if seat == CHANCE:
            colour = action.split(":", 1)[1]
            return Message("hares.log.colour", {"colour": Message(f"hares.colour.{colour}")})
        return Message(f"hares.log.{self._kind(action)}", {"from": action[:2], "to": action[2:]})

    def consequence(self, before: State, seat: int, action: str) -> Message | None:
        """A hare safe in a burrow; hares the hunter caught."""
        assert isinstance(before, HaresState)
        found: list[Message] = []
        p, q = self.position, before.position
        if p.saved > q.saved:
            found.append(Message("hares.log.saved", {"saved": p.saved, "of": len(self.card.hares)}))
        if p.caught > q.caught:
            squares = ", ".join(name(sq) for sq in p.caught_now)
            found.append(Message("hares.log.caught", {"squares": squares or "—"}))
        if len(found) == 2:
            return Message("core.log.and", {"first": found[0], "second": found[1]})
        return found[0] if found else None

    def prompt(self, seat: int | None) -> Message:
        player = self.current_player
        if player == TERMINAL:
            return Message(f"hares.end.{self.end_reason()}", {"result": self.result_message()})
        if player == CHANCE:
            return Message("hares.prompt.colour")
        return Message(
            "hares.prompt.move",
            {
                "level": self.card.level,
                "title": Message(self.card.title),
                "saved": self.position.saved,
            },
        )

    def why_illegal(self, action: str) -> Message:
        return why_illegal(self, action)

    def canonical(self, action: str) -> str:
        """``d2–d3``, ``d2-d3``, ``d2×e3`` (as the moves are displayed) stand for ``d2d3``…"""
        move = from_to(action)
        return action if move is None else move[0] + move[1]

    def observation_tensor(self, seat: int) -> np.ndarray:
        return tensors.encode(self, seat)

    def __str__(self) -> str:
        return self.text_board("en")

    def text_board(self, lang: str = "en") -> str:
        return text_board(self, lang)


LETTERS = {"rook": "R", "bishop": "B", "knight": "N", "queen": "Q", "king": "K"}


def _say(key: str, lang: str, **params: Any) -> str:
    return Message(key, params).text(lang)


# -- the text board ----------------------------------------------------------------------------


def text_board(state: HaresState, lang: str = "en") -> str:
    """The board as text, in ``lang`` (``str(state)`` is its English version)."""
    board, p = state._shown_field(), state.position
    checked = {square(s) for s in state.hunter_squares()}
    ranks = range(1, 9) if state.colour == "black" else range(8, 0, -1)
    lines = [
        _say("hares.text.header", lang, level=state.card.level, title=Message(state.card.title))
        + " "
        + _say(f"hares.text.colour.{state.colour or 'random'}", lang),
        "    a b c d e f g h",
    ]
    for rank in ranks:
        cells = []
        for file in range(8):
            sq = file + 8 * (rank - 1)
            if sq in p.hares:
                cells.append("H")
            elif sq in p.carrots:
                cells.append("c")
            elif p.hunter and sq == board.hunter_square:
                cells.append(LETTERS[board.hunter_piece])
            elif sq in board.burrows:
                cells.append("o")
            elif sq in checked:
                cells.append("*")
            else:
                cells.append(".")
        lines.append(f" {rank}  {' '.join(cells)}  {rank}")
    lines.append("    a b c d e f g h")
    lines.append(_say("hares.text.legend", lang, hunter=LETTERS[board.hunter_piece]))
    lines.append(
        _say("hares.text.tally", lang, saved=p.saved, caught=p.caught, of=len(state.card.hares))
    )
    if p.caught_now:
        lines.append(
            _say("hares.text.caught_now", lang, squares=", ".join(map(name, p.caught_now)))
        )
    if state.is_terminal():
        lines.append(state.result_message().text(lang))
    return "\n".join(lines)


def _names(squares) -> list[str]:
    """Square names in alphabetical order (a1, a2, …, h8)."""
    return sorted(name(sq) for sq in squares)


def why_illegal(state: HaresState, action: str) -> Message:
    """The reason a hare move is refused, in the hare's own terms."""
    move = MOVE.match(action)
    if move is None:
        return Message("hares.illegal.notation", {"action": action})
    board, p = state.field, state.position
    origin, target = square(move.group(1)), square(move.group(2))
    params = {"action": action, "from": move.group(1), "to": move.group(2)}
    if origin not in p.hares:
        return Message("hares.illegal.no_hare", params)
    ahead = rank_of(target) - rank_of(origin)
    if board.colour == "black":
        ahead = -ahead
    sideways = abs(file_of(target) - file_of(origin))
    hunter_at = board.hunter_square if p.hunter else None
    if ahead <= 0:
        return Message("hares.illegal.backwards", params)
    if ahead == 1 and sideways == 0:
        if target in p.carrots:
            return Message("hares.illegal.carrot_ahead", params)
        if target == hunter_at:
            return Message("hares.illegal.hunter_ahead", params)
        return Message("hares.illegal.hare_ahead", params)
    if ahead == 2 and sideways == 0:
        if rank_of(origin) != board.first_rank:
            return Message("hares.illegal.double_step", {**params, "rank": board.first_rank})
        blocker = next(
            sq
            for sq in (origin + board.step, target)
            if sq in p.hares or sq in p.carrots or sq == hunter_at
        )
        return Message("hares.illegal.double_blocked", {**params, "square": name(blocker)})
    if ahead == 1 and sideways == 1:
        if target in p.hares:
            return Message("hares.illegal.diagonal_hare", params)
        return Message("hares.illegal.diagonal_empty", params)
    return Message("hares.illegal.too_far", params)


class HaresGame(Game[HaresState]):
    """Hares on one level card (option ``level``), white, black or a random colour."""

    id = "hares"
    name = "Hares"
    min_players = max_players = 1
    option_specs = (
        Option("level", 1, minimum=1, maximum=20, help="hares.option.level"),
        Option("colour", "random", ("random", "white", "black"), help="hares.option.colour"),
    )

    @property
    def card(self) -> Card:
        return card(self.options["level"])

    def new_initial_state(self) -> HaresState:
        colour = self.options["colour"]
        if colour == "random":
            return HaresState(self, None, self.card.position("white"))
        return HaresState(self, self.card.field(colour), self.card.position(colour))

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
        listed = [f"colour:{c}" for c in colours] if colour == "random" else []
        for c in colours:
            board = Field(c, frozenset(), "rook", 0)
            for sq in range(64):
                ahead = board.forward(sq)
                if ahead is None:
                    continue
                targets = [*board.diagonals(sq), ahead]
                if rank_of(sq) == board.first_rank:
                    targets.append(ahead + board.step)
                listed += [name(sq) + name(target) for target in sorted(targets)]
        return listed

    def observation_tensor_shape(self) -> tuple[int, ...]:
        return tensors.shape(self)


def levels() -> list[dict[str, Any]]:
    """Every level card as data: level, title and idea keys, best result, number of hares."""
    return [
        {"level": c.level, "title": c.title, "idea": c.idea, "best": c.best, "hares": len(c.hares)}
        for c in cards()
    ]
