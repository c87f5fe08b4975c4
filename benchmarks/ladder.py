"""The bots at equal thinking time: MCTS on this code against the same MCTS on older code.

    nice -n 10 python3 benchmarks/ladder.py --before DIR [--games 6] [--seconds 0.1]
                                           [--only bohnen,habanero] (default: every game)

``DIR`` is a checkout of the code before the compiled cores (e.g. ``git archive 5db6725 src
benchmarks | tar -x -C DIR``). Each side is a process of its own running its own code tree
(two trees cannot share one process: both are the package ``ludoteca``); this process keeps
the game on the current code, draws chance and asks the side whose seat moves for an action,
sending the game's record. Both sides are ``MCTSBot(seconds=S)``: the same search with the
same thinking time a move (wall time), so a faster core shows as more simulations a move.

- A game with several seats (Bohnen, Potager, Habitats): game ``i`` seats the current code
  first when ``i`` is even, second when odd; a win, draw or loss by score.
- A solitaire game (Habanero, Hares): both sides play game ``i`` from the same chance stream
  (``random.Random(i)`` draws every chance outcome in turn); the current side "wins" a game
  when it scores more than the older one. Hares' bot plays the exact solver's move wherever
  the solver answers (0 simulations), so there both sides play the same game.

Prints, per game, the current side's wins-draws-losses, its score rate (a draw counts half)
with its 95% Wilson interval, the mean scores and the simulations a move of each side. Each
side replays only the actions it has not seen (its clock starts at the search). Thinking time
is wall time: both sides run under the same load (one thinks at a time), so load costs both
alike on average but adds noise; say so when quoting the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "src"))

from ludoteca import CHANCE, list_games, load_game  # noqa: E402
from ludoteca.engine import sample_chance  # noqa: E402
from ludoteca.lab.arena import wilson  # noqa: E402

GAMES = [info["id"] for info in list_games()]

# what a side runs: one request (a JSON line) in, one action (a JSON line) out
SIDE = """
import json, sys
sys.path.insert(0, {src!r})
from ludoteca import load_game
from ludoteca.bots import MCTSBot
key, done, state = None, [], None
for line in sys.stdin:
    ask = json.loads(line)
    record = ask["record"]
    # the same game as the last request, a few actions on: only those are applied
    if (ask["game"], ask["options"]) != key or record[: len(done)] != done:
        key, done = (ask["game"], ask["options"]), []
        state = load_game(ask["game"], **ask["options"]).new_initial_state()
    for action in record[len(done):]:
        state = state.apply(action)
    done = list(record)
    bot = MCTSBot(seconds=ask["seconds"], seed=ask["seed"])
    action = bot.choose(state)
    print(json.dumps({{"action": action, "iterations": bot.last_iterations}}), flush=True)
"""


class Side:
    """A bot in a process of its own, on the code tree ``src``."""

    def __init__(self, label: str, src: Path):
        self.label = label
        self.process = subprocess.Popen(
            [sys.executable, "-c", SIDE.format(src=str(src))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.iterations: list[int] = []

    def choose(self, game: str, options: dict[str, Any], record: list[str], **how: Any) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        ask = {"game": game, "options": options, "record": record, **how}
        self.process.stdin.write(json.dumps(ask) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        self.iterations.append(answer["iterations"])
        return str(answer["action"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def play(
    game_id: str, seats: list[Side], chance: random.Random, seconds: float, seed: int
) -> list[float]:
    """One game, the seats' sides choosing; the final scores."""
    game = load_game(game_id)
    options = dict(game.options)
    state = game.new_initial_state()
    record: list[str] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = sample_chance(state, chance)
        else:
            side = seats[state.current_player]
            action = side.choose(
                game_id, options, record, seconds=seconds, seed=seed * 1000 + len(record)
            )
        state = state.apply(action)
        record.append(action)
    return [float(score) for score in state.scores()]


def compare(game_id: str, now: Side, before: Side, games: int, seconds: float) -> dict[str, Any]:
    """The current side's wins (ties half) and both sides' mean scores over ``games`` games."""
    game = load_game(game_id)
    solitaire = game.num_players == 1
    if game.new_initial_state().current_player >= 0:
        for side in (now, before):  # load (or compile) each side's code before timing it
            side.choose(game_id, dict(game.options), [], seconds=seconds, seed=0)
            side.iterations.clear()
    outcomes, mine, theirs = [0, 0, 0], [], []  # the current side's wins, draws, losses
    for index in range(games):
        if solitaire:
            ours = play(game_id, [now], random.Random(index), seconds, index)[0]
            other = play(game_id, [before], random.Random(index), seconds, index)[0]
        else:
            first = index % 2 == 0
            order = [now, before] if first else [before, now]
            scores = play(game_id, order, random.Random(index), seconds, index)
            ours, other = (scores[0], scores[1]) if first else (scores[1], scores[0])
        outcomes[0 if ours > other else 1 if ours == other else 2] += 1
        mine.append(ours)
        theirs.append(other)
        sys.stderr.write(f"\r{game_id}: {index + 1}/{games} games ")
    sys.stderr.write("\n")
    return {"outcomes": outcomes, "games": games, "now": mine, "before": theirs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="a checkout of the older code")
    parser.add_argument("--games", type=int, default=6, help="games per game id")
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time a move")
    parser.add_argument(
        "--only", default=",".join(GAMES), help="comma-separated game ids (default: all)"
    )
    args = parser.parse_args(argv)
    one, five, _ = os.getloadavg()
    print(f"MCTS {args.seconds} s a move, now against before ({args.before}), {args.games} games")
    print(f"load average at the start {one:.1f} (1 min), {five:.1f} (5 min)")
    print(
        f"{'game':<10}{'W-D-L now':>12}{'now score':>10}{'95% interval':>16}{'mean now':>10}"
        f"{'mean before':>12}"
        f"{'sims now':>10}{'sims before':>12}"
    )
    for game_id in args.only.split(","):
        now, before = Side("now", HERE / "src"), Side("before", Path(args.before) / "src")
        started = time.perf_counter()
        try:
            found = compare(game_id, now, before, args.games, args.seconds)
        finally:
            now.close()
            before.close()
        won, drawn, lost = found["outcomes"]
        low, high = wilson(won + drawn / 2, found["games"])
        rate = (won + drawn / 2) / found["games"]
        print(
            f"{game_id:<10}{f'{won}-{drawn}-{lost}':>12}{rate:>10.0%}{f'[{low:.0%}, {high:.0%}]':>16}"
            f"{sum(found['now']) / args.games:>10.2f}{sum(found['before']) / args.games:>12.2f}"
            f"{sum(now.iterations) / max(1, len(now.iterations)):>10.0f}"
            f"{sum(before.iterations) / max(1, len(before.iterations)):>12.0f}"
            f"   ({time.perf_counter() - started:.0f} s)"
        )
    one, five, _ = os.getloadavg()
    print(f"load average at the end {one:.1f} (1 min), {five:.1f} (5 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
