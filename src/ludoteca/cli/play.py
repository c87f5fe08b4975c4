"""``ludoteca play``: a game in the terminal against bots (or bots alone with --watch).

With ``--save FILE`` the record is written (atomically) after every action, so an interrupted
game is never lost; ``ludoteca play --resume FILE`` continues it.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from ludoteca import load_game
from ludoteca.bots import Bot, hint, make_bot
from ludoteca.engine import CHANCE, IllegalAction, Message, Record, Seat, State, sample_chance
from ludoteca.engine.i18n import has_key, translate

from .common import (
    add_game_parsers,
    add_language,
    check_writable,
    end_words,
    game_name,
    game_options,
    say,
    shorten,
    text,
)

COMMANDS = ("help", "moves", "board", "hint", "undo", "save", "quit")
DEFAULT_BOT = "heuristic"
DEFAULT_DELAY = 0.5
LONGEST_LINE = 200  # no action of any game is longer; a longer line is refused unread
# a warm start takes a second or two even on a busy machine; numba compiling a game's core on
# the first run after an install takes a minute or two
COMPILING_NOTE_AFTER = 5.0
COMPILING_CPU = 4.0  # a warm start takes one or two seconds of CPU, a compiling one ten or more


def register(subparsers: argparse._SubParsersAction, lang: str) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play GAME against bots, or watch bots play it. 'ludoteca play GAME --help' "
        "lists the game's own options; 'ludoteca play --resume FILE' continues a saved game.",
    )
    parser.add_argument(
        "--resume", metavar="FILE", help="continue the game saved in FILE (and keep saving there)"
    )
    _add_common(parser, defaults=True)
    # the same options after the game's name; they leave the values above alone unless given
    add_game_parsers(parser, lang, _add_common, required=False)
    parser.set_defaults(run=run)


def _add_common(parser: argparse.ArgumentParser, defaults: bool = False) -> None:
    def default(value: Any) -> Any:
        return value if defaults else argparse.SUPPRESS

    parser.add_argument("--seat", type=int, default=default(None), help="your seat (default 0)")
    parser.add_argument(
        "--bot",
        default=default(None),
        help=f"bot for the other seats: random, heuristic, mcts:easy|medium|hard "
        f"(default {DEFAULT_BOT})",
    )
    parser.add_argument(
        "--watch", action="store_true", default=default(False), help="bots play every seat"
    )
    parser.add_argument(
        "--seed", type=int, default=default(None), help="seed for chance and bots (default: random)"
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        default=default(None),
        help="save the game record (JSON) here after every action",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=default(DEFAULT_DELAY),
        metavar="SECONDS",
        help=f"pause after each bot move, so it can be followed (default {DEFAULT_DELAY}; 0: none)",
    )
    add_language(parser, default=None if defaults else argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.resume:
        given = (args.seat, args.bot, args.seed, args.save)
        if args.game is not None or args.watch or any(v is not None for v in given):
            print(say(lang, "cli.play.resume_alone"), file=sys.stderr)
            return 2
        return resume(args.resume, lang, max(0.0, args.delay))
    if args.game is None:
        print(say(lang, "cli.play.no_game"), file=sys.stderr)
        return 2
    if args.seed is not None and not 0 <= args.seed < 2**63:
        print(say(lang, "cli.play.bad_seed"), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    begun, note = time.process_time(), CompilingNote(lang)
    try:
        with note:
            game = load_game(args.game, **game_options(args))
        bot = args.bot or DEFAULT_BOT
        make_bot(bot)  # an unknown bot is refused before anything starts
    except ValueError as error:
        print(say(lang, "cli.error", error=str(error)), file=sys.stderr)
        return 2
    seat = None if args.watch else (args.seat or 0)
    if seat is not None and not 0 <= seat < game.num_players:
        last = game.num_players - 1
        print(say(lang, "cli.play.bad_seat", seat=shorten(str(seat)), last=last), file=sys.stderr)
        return 2
    if args.save and (problem := check_writable(args.save, lang)):
        print(problem, file=sys.stderr)
        return 2
    if game.num_players == 1 and seat is not None and args.bot:
        name = game_name(game.id, game.name, lang)
        print(say(lang, "cli.play.solitaire_bot", game=name, bot=args.bot, id=game.id))
    meta = {"seed": seed, "seat": seat, "bot": bot}
    with note:
        state = game.new_initial_state()
        prepare(state, begun)
    return Session(state, lang, meta, max(0.0, args.delay), args.save, note).start()


class CompilingNote:
    """A block run ``with`` it that is still running after ``after`` seconds (numba compiling
    the game's core on the first run after an install) gets one line saying why the program
    takes so long; the line is said once, however many blocks are slow. The waits that are
    not the program's (the person typing, a bot thinking) are run in ``aside()``."""

    def __init__(self, lang: str, after: float = COMPILING_NOTE_AFTER):
        self.lang = lang
        self.after = after
        self.said = threading.Event()
        self.timer: threading.Timer | None = None

    def say(self) -> None:
        if not self.said.is_set():
            self.said.set()
            print(say(self.lang, "cli.play.compiling"), flush=True)

    def __enter__(self) -> CompilingNote:
        self.timer = threading.Timer(self.after, self.say)
        self.timer.daemon = True
        self.timer.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.timer is not None:
            self.timer.cancel()

    @contextlib.contextmanager
    def aside(self) -> Iterator[None]:
        self.__exit__()
        try:
            yield
        finally:
            self.__enter__()


def prepare(start: State, begun: float) -> None:
    """Compute what the first screen shows. When the start since ``begun`` (CPU time) took
    longer than a warm one can, numba was compiling the game's core (the first run after an
    install): then the rest of the core is compiled now too, not in the middle of a game."""
    rng = random.Random(0)
    state = start
    while not state.is_terminal() and state.current_player == CHANCE:
        state = state.apply(sample_chance(state, rng))
    state.legal_actions()
    if time.process_time() - begun > COMPILING_CPU:
        compile_the_rest(start)


def compile_the_rest(start: State) -> State:
    """One game from ``start`` by the heuristic bots and a short search, so that every part
    of the core a game calls is compiled; the game's end."""
    rng = random.Random(0)
    bot = make_bot(DEFAULT_BOT, seed=0)
    search: Bot | None = make_bot("mcts:easy", seed=0)  # its rollouts and the game's hints
    state = start
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            if search is not None:
                search.choose(state)
                search = None
            action = bot.choose(state)
        state = state.apply(action)
    state.scores()
    return state


def resume(path: str, lang: str, delay: float) -> int:
    """Continue the game saved in ``path``: same seat, bot and seed, saving there again."""
    try:
        record = Record.load(path)
        begun, note = time.process_time(), CompilingNote(lang)
        with note:
            game = load_game(record.game, **record.options)
            state = game.replay(record.actions)
            prepare(state, begun)
        meta = _resumed_meta(record.meta, game.num_players)
    except (OSError, ValueError) as error:
        print(say(lang, "cli.error", error=_reason(error, path)), file=sys.stderr)
        return 2
    if problem := check_writable(path, lang):
        print(problem, file=sys.stderr)
        return 2
    print(say(lang, "cli.play.resumed", file=path, n=len(record.actions)))
    return Session(state, lang, meta, delay, path, note).start()


def _resumed_meta(meta: dict, players: int) -> dict[str, Any]:
    """The seat, bot and seed a record was played with (a web record has none of them)."""
    seat = meta.get("seat", 0)
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise ValueError(f"the record's seat {seat!r} is no seat of this game")
    bot = meta.get("bot", DEFAULT_BOT)
    if not isinstance(bot, str):
        raise ValueError(f"the record's bot {bot!r} is no bot")
    make_bot(bot)
    seed = meta.get("seed", 0)
    if type(seed) is not int or not 0 <= seed < 2**63:
        seed = 0
    return {"seed": seed, "seat": seat, "bot": bot}


def _reason(error: Exception, path: str) -> str:
    if isinstance(error, OSError):
        return f"{path}: {error.strerror or error}"
    return str(error)


def bot_names(players: int, person: int | None, bot: str, lang: str) -> tuple[str, ...]:
    """The seats' names in the terminal: the person's seat is "Player N", each bot is named by
    its level and, as several share it, by its seat number ("Bot: easy (2)")."""
    key = f"web.bot.{bot.replace(':', '.')}"
    label = translate(key, lang) if has_key(key, "en") else bot
    if players - (person is not None) < 2:  # one bot: its level names it
        return tuple("" if seat == person else label for seat in range(players))
    return tuple(
        ""
        if seat == person
        else translate("web.seat.numbered", lang, {"name": label, "n": seat + 1})
        for seat in range(players)
    )


class Session:
    """One terminal game: the state, the person's seat, the seeded chance, the bots and the
    file the record is kept in."""

    def __init__(
        self,
        state: State,
        lang: str,
        meta: dict[str, Any],
        delay: float,
        path: str | None,
        note: CompilingNote | None = None,
    ):
        self.state = state
        self.lang = lang
        self.meta = meta
        self.seat: int | None = meta["seat"]
        self.delay = delay
        self.path = path
        # continuing a saved game draws on from where the record stops, reproducibly
        seed = meta["seed"] + len(state)
        self.rng = random.Random(seed)
        self.bots: dict[int, Bot] = {
            s: make_bot(meta["bot"], seed=seed + s) for s in range(state.game.num_players)
        }
        self.turn_start: list[State] = []
        self.note = note or CompilingNote(lang)
        self.names = bot_names(state.game.num_players, self.seat, meta["bot"], lang)

    def start(self) -> int:
        """Play until the end, a quit or Ctrl-C; the record stays saved in every case."""
        # What the start loaded (numba's compiler above all, some 120,000 objects) lives to
        # the end: frozen, the collector never walks it again, in the game nor at the exit
        # (measured: a fifth of the CPU time of 'echo quit | ludoteca play <game>' of a compiled game).
        gc.freeze()
        try:
            self.save()
        except OSError as error:
            print(
                say(self.lang, "cli.error", error=_reason(error, str(self.path))), file=sys.stderr
            )
            return 2
        try:
            with self.note:
                finished = self.run()
        except KeyboardInterrupt:
            print()
            print(say(self.lang, "cli.interrupted"))
            self.tell_saved(finished=False)
            return 130
        self.tell_saved(finished)
        return 0

    def run(self) -> bool:
        """True when the game reached its end, False when the person quit."""
        if self.state.is_terminal():
            print(say(self.lang, "cli.play.already_over"))
        topics = self.state.text_topics(self.lang)
        if topics and self.seat is not None:
            print(say(self.lang, "cli.play.topics", topics=", ".join(topics)))
        while not self.state.is_terminal():
            player = self.state.current_player
            if player == CHANCE:
                self.push(sample_chance(self.state, self.rng))
            elif player == self.seat:
                self.show_board()
                action = self.ask()
                if action is None:
                    return False
                self.push(action)
            else:
                with self.note.aside():
                    action = self.bots[player].choose(self.state)
                    time.sleep(self.delay)
                self.push(action)
        self.show_end()
        return True

    def push(self, action: str) -> None:
        seat = self.state.current_player
        if seat == self.seat:
            self.turn_start.append(self.state)
        else:
            self.turn_start.clear()
        before, line = self.state, self.state.describe(seat, action)
        self.state = self.state.apply(action)
        found = self.state.consequence(before, seat, action)  # the beans captured, the points
        if found is not None:
            line = Message("core.log.then", {"line": line, "then": found})
        print(line.text(self.lang, self.names))
        self.save()
        if self.seat is None and seat != CHANCE:
            self.show_board()

    def save(self) -> None:
        if self.path:
            Record.of(self.state, **self.meta).save(self.path)

    def tell_saved(self, finished: bool) -> None:
        if not self.path:
            return
        key = "cli.play.saved" if finished else "cli.play.saved_to_resume"
        print(say(self.lang, key, file=self.path))

    def show_board(self) -> None:
        print(self.state.text_board(self.lang, self.names))

    def ask(self) -> str | None:
        print(self.state.prompt(self.seat).text(self.lang, self.names))
        self.show_moves()
        while True:
            try:
                with self.note.aside():
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
        if len(line) > LONGEST_LINE:
            print(say(self.lang, "cli.play.too_long", n=LONGEST_LINE))
            return ""
        legal = self.state.legal_actions()
        if line in legal:
            return line
        if line.isdigit():
            return self.numbered(line, legal)
        alias = self.state.canonical(line)
        if alias in legal:
            return alias
        word, _, rest = line.partition(" ")
        word = word.lower()
        topics = self.state.text_topics(self.lang)
        if word in ("quit", "exit"):
            return None
        if word == "help":
            self.show_help(topics)
        elif word == "moves":
            self.show_moves()
        elif word == "board":
            self.show_board()
        elif word == "hint":
            self.show_hint()
        elif word == "undo":
            self.undo()
        elif word == "save":
            self.save_as(rest.strip())
        elif word in topics:
            print(topics[word])
        else:
            self.refuse(line)
        return ""

    def numbered(self, line: str, legal: list[str]) -> str:
        if len(line) <= 6 and 1 <= int(line) <= len(legal):
            return legal[int(line) - 1]
        print(say(self.lang, "cli.play.no_number", number=shorten(line), last=len(legal)))
        return ""

    def show_help(self, topics: dict[str, str]) -> None:
        print(say(self.lang, "cli.play.help"))
        if topics:
            print(say(self.lang, "cli.play.topics", topics=", ".join(topics)))

    def refuse(self, line: str) -> None:
        try:
            self.state.apply(line)
        except IllegalAction as error:
            reason = say(self.lang, error.key, **error.params) if error.key else error.reason
            print(say(self.lang, "cli.play.refused", action=shorten(line), reason=reason))

    def save_as(self, path: str) -> None:
        """``save FILE``: save now and after every action from here on."""
        path = path or self.path or ""
        if not path:
            print(say(self.lang, "cli.play.save_needs_file"))
            return
        problem = check_writable(path, self.lang)
        if problem is None:
            try:
                Record.of(self.state, **self.meta).save(path)
            except OSError as error:
                problem = say(self.lang, "cli.error", error=_reason(error, path))
        if problem:
            print(problem)
            return
        self.path = path
        print(say(self.lang, "cli.play.saving", file=path))

    def show_moves(self) -> None:
        for number, action in enumerate(self.state.legal_actions(), start=1):
            label = text(self.state.label(action), self.lang)
            extra = "" if label == action else f"  {label}"
            print(f"  {number:>3}. {action}{extra}")

    def show_hint(self) -> None:
        with self.note.aside():  # a search: its time is thinking, not a start
            advice = hint(self.state, self.seat) if self.seat is not None else None
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
        self.save()
        self.show_board()
        self.show_moves()

    def show_end(self) -> None:
        if self.seat is not None:
            self.show_board()
        print(end_words(self.state, self.seat).text(self.lang, self.names))
        for seat, score in enumerate(self.state.scores()):
            you = say(self.lang, "cli.play.you") if seat == self.seat else ""
            name = Seat(seat).text(self.lang, self.names)
            print(say(self.lang, "cli.play.score_named", name=name, score=score, you=you))
        winners = ", ".join(Seat(w).text(self.lang, self.names) for w in self.state.winners())
        print(say(self.lang, "cli.play.winners_named", winners=winners))
