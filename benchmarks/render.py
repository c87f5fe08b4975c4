"""What a picture and an observation cost, game by game and seat count by seat count.

    nice -n 10 python3 benchmarks/render.py [--positions 60] [--before DIR] [--rounds 2] [--only NAME] [--quick]

For each game and player count, seeded random games are played; at each position the seat to
move is shown its picture (with the seats' names, as the server draws it) and its message
without the picture (``state.observation`` with the words the page shows, as JSON, the text
board given, as the server builds it once a change for every seat). The figures are CPU ms,
warm (200 positions of games with another seed are drawn first, so caches hold what a
long-running server has in them):

- ``picture``: the mover's picture of a new position (what a change costs the first view);
- ``seats``: the pictures of every seat and a spectator of a position, as a server sends them
  after a change (what is the same for every seat is built once);
- ``obs.``: the mover's message without the picture; ``board``: the text board (the part of
  every seat's message built once a change);

and the bytes of a picture: as sent, deflated alone (permessage-deflate without context
takeover) and deflated with the socket's running context (with takeover, the default of
browsers and of ``websockets``), and the bytes of the picture's top-level groups that changed
since the reader's previous picture (what a patch would carry). Goals (issue 30): a picture
at most 0.5 ms, an observation at most 0.3 ms.

``--before DIR`` (``git archive main src benchmarks | tar -x -C DIR``) measures that code too:
each tree runs in a process of its own that stays up for the whole run, every case is asked
of both in turn (which goes first alternates) ``--rounds`` times, and the lower figure of each
is printed, both side by side, with before ÷ now.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

# (game, options) of every game and player count
CASES: list[tuple[str, dict[str, Any]]] = [
    ("bohnen", {"players": 2}),
    ("bohnen", {"players": 3}),
    ("bohnen", {"players": 4}),
    ("potager", {}),
    ("habitats", {"players": 2}),
    ("habitats", {"players": 3}),
    ("habitats", {"players": 4}),
    ("habitats", {"players": 5}),
    ("hares", {}),
    ("habanero", {}),
]
NAMES = ("Zoë", "Ильич", "Ana-Lucía", "Bartholomew", "Å")
WARM = 200
GROUP = re.compile(r'<g id="([^"]+)"')


def label(game_id: str, options: dict[str, Any]) -> str:
    return f"{game_id} {options['players']}p" if "players" in options else game_id


def positions(game_id: str, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """``count`` consecutive decision positions of seeded random games (a new game when one
    ends)."""
    from ludoteca import load_game

    rng = random.Random(seed)
    found: list[Any] = []
    state = load_game(game_id, **options).new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            found.append(state)
            state = load_game(game_id, **options).new_initial_state()
        elif state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(outcomes, odds)[0])
        else:
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def seat_of(state: Any) -> int:
    return state.current_player if state.current_player >= 0 else 0


def groups(svg: str) -> dict[str, str]:
    """The picture cut at each ``<g id=…>``: id → the text from it to the next one."""
    marks = [(m.start(), m.group(1)) for m in GROUP.finditer(svg)]
    cuts = [start for start, _ in marks] + [len(svg)]
    return {name: svg[cuts[i] : cuts[i + 1]] for i, (_, name) in enumerate(marks)}


def measure(game_id: str, options: dict[str, Any], count: int) -> dict[str, float]:
    from ludoteca.engine.parts import Overlay
    from ludoteca.games import registry
    from ludoteca.server.presenter import described, dumps
    from ludoteca.server.words import translated

    view = registry.view(game_id)
    assert view is not None
    players = positions(game_id, options, 1, 0)[0].game.num_players
    names = Overlay(names=NAMES[:players]) if players > 1 else None

    def picture(state: Any, seat: int | None) -> str:
        return view.svg(state, seat, lang="en", overlay=names)

    def every_seat(state: Any) -> None:
        for seat in [*range(players), None]:
            picture(state, seat)

    def observation(state: Any, board: str) -> str:
        seat = seat_of(state)
        return dumps(described(state, translated(state.observation(seat), "en"), "en", board))

    # warm: other games first (200 positions, so that rare paths such as a compiled search's
    # first call are loaded before the timing, as in a server that has run a while)
    for state in positions(game_id, options, max(count, WARM), 1):
        picture(state, seat_of(state)), observation(state, state.text_board("en"))
    states = positions(game_id, options, count, 2)
    start = time.process_time()
    drawn = [picture(state, seat_of(state)) for state in states]
    pictures = time.process_time() - start
    start = time.process_time()
    boards = [state.text_board("en") for state in states]
    board_time = time.process_time() - start
    start = time.process_time()
    for state, board in zip(states, boards, strict=True):
        observation(state, board)
    observations = time.process_time() - start
    again = positions(game_id, options, count, 3)  # new positions: nothing drawn yet
    start = time.process_time()
    for state in again:
        every_seat(state)
    seats = time.process_time() - start

    alone = sum(len(zlib.compress(svg.encode(), 6, wbits=-15)) for svg in drawn)
    running = zlib.compressobj(6, zlib.DEFLATED, -15)
    taken = 0
    for svg in drawn:
        taken += len(running.compress(svg.encode()) + running.flush(zlib.Z_SYNC_FLUSH))
    changed = 0
    before: dict[str, str] = {}
    for svg in drawn:
        now = groups(svg)
        changed += sum(len(part.encode()) for name, part in now.items() if before.get(name) != part)
        before = now
    n = len(states)
    return {
        "picture_ms": 1000 * pictures / n,
        "seats_ms": 1000 * seats / len(again),
        "observation_ms": 1000 * observations / n,
        "board_ms": 1000 * board_time / n,
        "bytes": sum(len(svg.encode()) for svg in drawn) / n,
        "deflated": alone / n,
        "running": taken / n,
        "changed": changed / n,
    }


class Tree:
    """A tree's measuring process (this script with ``--serve``), up for the whole run: asked
    a case a line, it answers its figures as JSON."""

    def __init__(self, root: str) -> None:
        env = dict(os.environ, PYTHONPATH=f"{root}/src:{root}")
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def measure(self, case: int, count: int) -> dict[str, float]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{case} {count}\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def stop(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def serve() -> None:
    for line in sys.stdin:
        case, count = map(int, line.split())
        print(json.dumps(measure(*CASES[case], count)), flush=True)


def best(trees: list[Tree], case: int, count: int, rounds: int) -> list[dict[str, float]]:
    """Each tree's lowest figures of ``rounds`` measurements, the trees asked in turn."""
    found: list[list[dict[str, float]]] = [[] for _ in trees]
    for round_ in range(rounds):
        order = list(range(len(trees)))
        if round_ % 2:
            order.reverse()
        for i in order:
            found[i].append(trees[i].measure(case, count))
    return [{key: min(one[key] for one in runs) for key in runs[0]} for runs in found]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="positions timed per case")
    parser.add_argument("--before", help="a checkout of the code to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="measurements a case and tree")
    parser.add_argument("--quick", action="store_true", help="20 positions a case")
    parser.add_argument("--only", help="cases whose name contains this")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve()
    count = 20 if args.quick else args.positions
    print(load())
    print(
        f"{count} positions a case, the lowest of {args.rounds} rounds; CPU ms; bytes a picture"
        " (goal: picture <= 0.5 ms, observation <= 0.3 ms)"
    )
    head = f"{'':13} {'picture':>7} {'seats':>6} {'obs.':>6} {'board':>6} {'bytes':>7}"
    head += f" {'deflated':>8} {'running':>7} {'changed':>7}"
    if args.before:
        head += f"  | before: {'picture':>7} {'seats':>6} {'obs.':>6} {'board':>6} {'bytes':>7}"
        head += "  before ÷ now: picture, obs."
    print(head)
    trees = [Tree(str(Path(__file__).resolve().parents[1]))]
    if args.before:
        trees.append(Tree(str(Path(args.before).resolve())))
    try:
        for index, (game_id, options) in enumerate(CASES):
            if args.only and args.only not in label(game_id, options):
                continue
            now, *old = best(trees, index, count, args.rounds)
            line = (
                f"{label(game_id, options):13} {now['picture_ms']:7.3f} {now['seats_ms']:6.2f}"
                f" {now['observation_ms']:6.3f} {now['board_ms']:6.3f} {now['bytes']:7.0f}"
                f" {now['deflated']:8.0f} {now['running']:7.0f} {now['changed']:7.0f}"
            )
            if old:
                was = old[0]
                line += (
                    f"  |         {was['picture_ms']:7.3f} {was['seats_ms']:6.2f}"
                    f" {was['observation_ms']:6.3f} {was['board_ms']:6.3f} {was['bytes']:7.0f}"
                    f"  x{was['picture_ms'] / now['picture_ms']:.1f},"
                    f" x{was['observation_ms'] / now['observation_ms']:.1f}"
                )
            print(line, flush=True)
    finally:
        for tree in trees:
            tree.stop()
    print(load())


if __name__ == "__main__":
    main()
