"""``ludoteca learn GAME``: the game's guided first game (engine/lessons.py) in the terminal,
one rule a step, with the play command's prompt (moves by number or notation, ``board``,
``moves``, ``help``, ``quit``); at its end, if the person wishes, a short game against the
easiest bot."""

from __future__ import annotations

import argparse
import random
import sys

from ludoteca import load_game
from ludoteca.bots import BOTS
from ludoteca.engine import Game, State
from ludoteca.engine.lessons import Lesson, judge
from ludoteca.games import registry

from .common import add_language, game_name, say
from .play import DEFAULT_DELAY, CompilingNote, Session

EASIEST = next(iter(BOTS))  # the bots are listed from the weakest: random play
YES = ("y", "yes", "j", "ja", "o", "oui", "д", "да")


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser(
        "learn",
        help="learn a game step by step in the terminal",
        description="A guided first game of GAME: one rule a step, then a short game "
        "against the easiest bot.",
    )
    parser.add_argument("game", metavar="GAME", help=f"one of {', '.join(registry.ids())}")
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        lesson = registry.traits(args.game).lesson
    except ValueError as error:
        print(say(lang, "cli.error", error=str(error)), file=sys.stderr)
        return 2
    if lesson is None:
        print(say(lang, "cli.learn.no_lesson", game=args.game), file=sys.stderr)
        return 2
    note = CompilingNote(lang)
    with note:
        game = load_game(args.game, **lesson.options)
    tutor = Tutor(game, lesson, lang, note)
    if tutor.start() != 0 or not tutor.finished:
        return 0
    return tutor.then()


class Tutor(Session):
    """The lesson's steps in turn: each one's setup played and logged, its words said, and
    the learner's move asked for and judged until it is the one the step asks for."""

    def __init__(self, game: Game, lesson: Lesson, lang: str, note: CompilingNote):
        meta = {"seed": 0, "seat": lesson.learner, "bot": EASIEST}
        super().__init__(game.new_initial_state(), lang, meta, 0.0, None, note)
        self.lesson = lesson
        self.finished = False
        if game.num_players > 1:
            names = [say(lang, "web.learn.opponent")] * game.num_players
            names[lesson.learner] = say(lang, "web.learn.you")
            self.names = tuple(names)

    def run(self) -> bool:
        title = self.lesson.title.text(self.lang)
        print(say(self.lang, "cli.learn.start", title=title, n=len(self.lesson.steps)))
        for step in range(len(self.lesson.steps)):
            if not self.teach(step):
                return False
        print(say(self.lang, "cli.learn.done"))
        self.finished = True
        return True

    def teach(self, step: int) -> bool:
        """Step ``step``: False when the person quit."""
        taught = self.lesson.steps[step]
        for action in taught.setup:
            self.push(action)
        total = len(self.lesson.steps)
        print()
        print(say(self.lang, "cli.learn.step", step=step + 1, steps=total))
        print(taught.say.text(self.lang))
        if not taught.expect:
            return self.read_on()
        self.show_board()
        while True:
            tried = self.ask()
            if tried is None:
                return False
            verdict = judge(self.state, self.lesson, step, tried)
            if verdict.accepted:
                self.push(verdict.action)
                print(say(self.lang, "web.learn.well_done"))
                return True
            assert verdict.reason is not None  # a move not accepted is refused with a reason
            print(say(self.lang, "web.learn.refused", reason=verdict.reason.text(self.lang)))

    def read_on(self) -> bool:
        """An explanation only: the person reads and presses Enter (False: quit)."""
        try:
            with self.note.aside():
                line = input(say(self.lang, "cli.learn.enter") + " ")
        except EOFError:
            print()
            return False
        return line.strip().lower() not in ("quit", "exit")

    def command(self, line: str) -> str | None:
        word = line.strip().lower()
        if word in ("undo", "save", "hint"):  # the lesson leads: its words are the hint
            print(say(self.lang, "cli.learn.no_command", command=word))
            return ""
        if word == "help":
            print(say(self.lang, "cli.learn.help"))
            return ""
        return super().command(line)

    def then(self) -> int:
        """The short game against the easiest bot, if the person wants it."""
        game = load_game(self.state.game.id, **self.lesson.then)
        name = game_name(game.id, game.name, self.lang)
        try:
            with self.note.aside():
                answer = input(say(self.lang, "cli.learn.play_now", game=name) + " ")
        except EOFError:
            print()
            return 0
        if answer.strip().lower() not in YES:
            return 0
        seat = self.lesson.learner
        meta = {"seed": random.SystemRandom().randrange(2**32), "seat": seat, "bot": EASIEST}
        start: State = game.new_initial_state()
        return Session(start, self.lang, meta, DEFAULT_DELAY, None, self.note).start()
