"""``ludoteca play``: a game in the terminal against bots (or bots alone with --watch)."""

from __future__ import annotations

import argparse
import random
import sys

from ludoteca.bots import hint, make_bot
from ludoteca.engine import CHANCE, IllegalAction, Record, State, sample_chance

from .common import add_language, make_game, say, text

COMMANDS = ("help", "moves", "board", "hint", "undo", "save", "quit")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play GAME against bots. Game options follow as --name value "
        "(see 'ludoteca games'), e.g. --level 5 or --capture-chain following.",
    )
    parser.add_argument("game", help="game id, e.g. bohnen")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    parser.add_argument(
        "--bot", default="heuristic", help="bot for the other seats: random, heuristic, mcts:easy…"
    )
    parser.add_argument("--watch", action="store_true", help="bots play every seat")
    parser.add_argument("--seed", type=int, help="seed for chance and bots (default: random)")
    parser.add_argument("--save", metavar="FILE", help="save the game record (JSON) here")
    add_language(parser)
    parser.set_defaults(run=run, accepts_options=True)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    try:
        game = make_game(args.game, args.players, args.extra)
        bots = {s: make_bot(args.bot, seed=seed + s) for s in range(game.num_players)}
    except ValueError as error:
        print(say(lang, "cli.error", error=str(error)), file=sys.stderr)
        return 2
    if not args.watch and not 0 <= args.seat < game.num_players:
        seats = game.num_players - 1
        print(say(lang, "cli.play.bad_seat", seat=args.seat, last=seats), file=sys.stderr)
        return 2
    session = Session(game.new_initial_state(), lang, None if args.watch else args.seat, seed)
    session.bots = bots
    final = session.run()
    if args.save:
        Record.of(final, seed=seed).save(args.save)
        print(say(lang, "cli.play.saved", file=args.save))
    return 0


class Session:
    """One terminal game: the state, the person's seat, the seeded chance and the bots."""

    def __init__(self, state: State, lang: str, seat: int | None, seed: int):
        self.state = state
        self.lang = lang
        self.seat = seat
        self.rng = random.Random(seed)
        self.bots: dict = {}
        self.turn_start: list[State] = []

    def run(self) -> State:
        while not self.state.is_terminal():
            player = self.state.current_player
            if player == CHANCE:
                self.push(sample_chance(self.state, self.rng))
            elif player == self.seat:
                self.show_board()
                action = self.ask()
                if action is None:
                    return self.state
                self.push(action)
            else:
                self.push(self.bots[player].choose(self.state))
        self.show_end()
        return self.state

    def push(self, action: str) -> None:
        seat = self.state.current_player
        if seat == self.seat:
            self.turn_start.append(self.state)
        else:
            self.turn_start.clear()
        print(text(self.state.describe(seat, action), self.lang))
        self.state = self.state.apply(action)
        if self.seat is None and seat != CHANCE:
            self.show_board()

    def show_board(self) -> None:
        print(self.state.text_board(self.lang))

    def ask(self) -> str | None:
        print(text(self.state.prompt(self.seat), self.lang))
        self.show_moves()
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                print()
                return None
            if not line:
                continue
            answer = self.command(line)
            if answer != "":
                return answer

    def command(self, line: str) -> str | None:
        """The action ``line`` stands for; "" to ask again; None to quit."""
        legal = self.state.legal_actions()
        word = line.split()[0].lower()
        if line in legal:
            return line
        if line.isdigit() and 1 <= int(line) <= len(legal):
            return legal[int(line) - 1]
        if word in ("quit", "exit"):
            return None
        if word == "help":
            print(say(self.lang, "cli.play.help"))
        elif word == "moves":
            self.show_moves()
        elif word == "board":
            self.show_board()
        elif word == "hint":
            self.show_hint()
        elif word == "undo":
            self.undo()
        else:
            self.refuse(line)
        return ""

    def refuse(self, line: str) -> None:
        try:
            self.state.apply(line)
        except IllegalAction as error:
            reason = say(self.lang, error.key, **error.params) if error.key else error.reason
            print(say(self.lang, "cli.play.refused", action=line, reason=reason))

    def show_moves(self) -> None:
        for number, action in enumerate(self.state.legal_actions(), start=1):
            label = text(self.state.label(action), self.lang)
            extra = "" if label == action else f"  {label}"
            print(f"  {number:>3}. {action}{extra}")

    def show_hint(self) -> None:
        advice = hint(self.state, self.seat)
        if advice is None:
            print(say(self.lang, "cli.play.no_hint"))
            return
        because = text(advice.reason, self.lang)
        value = advice.value
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        print(say(self.lang, "cli.play.hint", action=advice.action, value=shown, reason=because))

    def undo(self) -> None:
        if not self.turn_start:
            print(say(self.lang, "cli.play.no_undo"))
            return
        self.state = self.turn_start.pop()
        self.show_board()
        self.show_moves()

    def show_end(self) -> None:
        if self.seat is not None:
            self.show_board()
        print(say(self.lang, "core.prompt.game_over"))
        for seat, score in enumerate(self.state.scores()):
            you = say(self.lang, "cli.play.you") if seat == self.seat else ""
            print(say(self.lang, "cli.play.score", player=seat + 1, score=score, you=you))
        winners = ", ".join(str(w + 1) for w in self.state.winners())
        print(say(self.lang, "cli.play.winners", winners=winners))
