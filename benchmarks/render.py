"""What a picture and an observation cost, game by game and seat count by seat count.

    nice -n 10 python3 benchmarks/render.py [--positions 60] [--before DIR] [--quick]

For each game and player count, seeded random games are played; at each position the seat to
move is shown its picture (with the seats' names, as the server draws it) and its message
without the picture (``state.observation`` with the words the page shows, as JSON). The
figures are CPU ms per picture and per observation, warm (200 positions of games with another
seed are drawn first, so caches hold what a long-running server has in them), and the bytes of a picture:
as sent, deflated alone (permessage-deflate without context takeover) and deflated with the
socket's running context (with takeover, the default of browsers and of ``websockets``),
and the bytes of the picture's top-level groups that changed since the reader's previous
picture (what a patch would carry). Goals (issue 30): a picture at most 0.5 ms, an
observation at most 0.3 ms.

``--before DIR`` (``git archive main src benchmarks | tar -x -C DIR``) runs the same
measurements on that code in a subprocess, game by game in turn, and prints both side by side.
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

    def picture(state: Any) -> str:
        return view.svg(state, seat_of(state), lang="en", overlay=names)

    def observation(state: Any) -> str:
        seat = seat_of(state)
        return dumps(described(state, translated(state.observation(seat), "en"), "en"))

    # warm: other games first (200 positions, so that rare paths such as a compiled search's
    # first call are loaded before the timing, as in a server that has run a while)
    for state in positions(game_id, options, max(count, WARM), 1):
        picture(state), observation(state)
    states = positions(game_id, options, count, 2)
    start = time.process_time()
    drawn = [picture(state) for state in states]
    pictures = time.process_time() - start
    start = time.process_time()
    for state in states:
        observation(state)
    observations = time.process_time() - start

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
        "observation_ms": 1000 * observations / n,
        "bytes": sum(len(svg.encode()) for svg in drawn) / n,
        "deflated": alone / n,
        "running": taken / n,
        "changed": changed / n,
    }


def measured_elsewhere(directory: str, case: int, count: int) -> dict[str, float]:
    """The same measurement on the code in ``directory`` (a subprocess)."""
    env = dict(os.environ, PYTHONPATH=f"{directory}/src:{directory}")
    out = subprocess.run(
        [sys.executable, __file__, "--case", str(case), "--positions", str(count)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="positions timed per case")
    parser.add_argument("--before", help="a checkout of the code to compare with")
    parser.add_argument("--quick", action="store_true", help="20 positions a case")
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)  # one case, as JSON
    args = parser.parse_args()
    count = 20 if args.quick else args.positions
    if args.case is not None:
        print(json.dumps(measure(*CASES[args.case], count)))
        return
    print(load())
    print(
        f"{count} positions a case; CPU ms; bytes a picture (goal: picture <= 0.5 ms, "
        "observation <= 0.3 ms)"
    )
    head = f"{'':13} {'picture ms':>10} {'obs. ms':>8} {'bytes':>7} {'deflated':>8} "
    head += f"{'running':>8} {'changed':>8}"
    if args.before:
        head += f"   | before: {'picture':>8} {'obs.':>6} {'bytes':>7} {'deflated':>8}"
    print(head)
    for index, (game_id, options) in enumerate(CASES):
        now = measured_elsewhere(str(Path(__file__).resolve().parents[1]), index, count)
        line = (
            f"{label(game_id, options):13} {now['picture_ms']:10.3f} {now['observation_ms']:8.3f}"
            f" {now['bytes']:7.0f} {now['deflated']:8.0f} {now['running']:8.0f}"
            f" {now['changed']:8.0f}"
        )
        if args.before:
            old = measured_elsewhere(args.before, index, count)
            line += (
                f"   |         {old['picture_ms']:8.3f} {old['observation_ms']:6.3f}"
                f" {old['bytes']:7.0f} {old['deflated']:8.0f}"
                f"   x{old['picture_ms'] / now['picture_ms']:.1f} picture"
            )
        print(line, flush=True)
    print(load())


if __name__ == "__main__":
    main()
