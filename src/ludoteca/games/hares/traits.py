"""What Hares declares beyond its rules: stars per level card on a player's profile (every
level open from the start) and the lab's share of mistakes per card."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.traits import Finished, Item, Progress, Traits, Use, steps

from .cards import card, cards
from .game import HaresState, stars
from .moves import DRAW
from .solver import best_move

STARS = 3  # the most stars a card gives


def progress(finished: Sequence[Finished]) -> Progress:
    """The best stars per printed level card. Every card is open from the start, as in most
    puzzle games that rank by stars: a player who finds a card too easy or is stuck on one
    skips ahead, and the stars still show which cards are done and how well. The generated
    cards (option ``cards``) are extra practice and count for no stars here."""
    best: dict[int, int] = {}
    for game in finished:
        if game.seat == 0 and game.options.get("cards", "printed") == "printed":
            level = int(game.options.get("level", 1))
            won = stars(int(game.scores[0]), card(level).best)
            best[level] = max(best.get(level, 0), won)
    items = tuple(
        Item(str(level), stars=best.get(level, 0)) for level in range(1, len(cards()) + 1)
    )
    return Progress(items, option="level", stars=STARS)


def mistakes(final: HaresState) -> list[Use]:
    """The level card and the share of the player's moves that were mistakes: a move is one
    when the exact solver says it saves fewer hares than the best move of its position."""
    moves = wrong = 0
    for before, _action, _after in steps(final):
        if before.current_player != 0 or before.board is None:
            continue
        best = best_move(before.board, before.position)[0]
        for action in before.legal_actions():
            option = before.apply(action)
            assert option.board is not None  # the colour, once drawn, stays
            gained = option.position.saved - before.position.saved
            wrong += gained + best_move(option.board, option.position)[0] < best
            moves += 1
    share = wrong / moves if moves else 0.0
    level = final.game.options["level"]
    printed = final.game.options["cards"] == "printed"
    return [Use("card", str(level) if printed else f"G{level}", 0, share)]


TRAITS = Traits[HaresState](
    progress=progress,
    analysis=mistakes,
    ends=("all_saved", "none_left", "stuck"),
    move_kind=lambda action: "colour" if action.startswith(DRAW) else "move",
)
