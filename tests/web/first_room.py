"""Run by ``test_no_stall`` in a fresh process (nothing of a game's compiled core loaded yet): a
person plays a game against a bot over the WebSocket to its end, every move's view rendered,
while each compiled function's first load (from numba's cache, or its compilation) is noted
with whether it ran on an event loop. Prints ``{"loop": [names], "elsewhere": count,
"moves": n, "terminal": bool}``.

    python -m tests.web.first_room GAME DATA_FOLDER
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from numba.core.dispatcher import Dispatcher

MOVES = 600  # a random game of any of ours ends well before


def note_loads(loads: dict[str, Any]) -> None:
    """Each new compiled version of a function (loaded or compiled) is noted: by name if it
    happened on an event loop's thread, counted otherwise."""
    compile_ = Dispatcher.compile

    def noted(self: Dispatcher, sig: Any) -> Any:
        before = len(self.overloads)
        entry = compile_(self, sig)
        if len(self.overloads) > before:
            try:
                asyncio.get_running_loop()
                loads["loop"].append(self.py_func.__qualname__)
            except RuntimeError:
                loads["elsewhere"] += 1
        return entry

    Dispatcher.compile = noted  # type: ignore[method-assign]


def play(game: str, data: Path, loads: dict[str, Any]) -> None:
    from starlette.testclient import TestClient

    from ludoteca.server import Limits, Settings, create_app

    loose = {name: "100000/second" for name in ("messages", "hellos", "rooms", "joins")}
    limits = Limits().with_overrides(loose)
    app = create_app(Settings(data_dir=data, bot_workers=0, bot_delay=0.0, limits=limits))
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    with TestClient(app) as client:
        made = client.post("/api/rooms", json={"game": game, "options": {}, "seats": seats})
        room, token = made.json()["room"], made.json()["tokens"]["0"]
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "de"}))
            rng = random.Random(1)
            for _ in range(MOVES * 4):
                message = ws.receive_json()
                if message["type"] == "error":  # a move refused: the room's state again
                    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "de"}))
                if message["type"] != "state":
                    continue
                observation = message["observation"]
                if observation["terminal"]:
                    loads["terminal"] = True
                    break
                if observation["legal"] and message["seat"] == observation["current_player"]:
                    action = rng.choice(observation["legal"])["action"]
                    act = {"type": "act", "action": action, "move": message["move"]}
                    ws.send_text(json.dumps(act))
                    loads["moves"] += 1
    app.state.hub.close()


def main() -> None:
    loads: dict[str, Any] = {"loop": [], "elsewhere": 0, "moves": 0, "terminal": False}
    note_loads(loads)
    play(sys.argv[1], Path(sys.argv[2]), loads)
    print(json.dumps(loads))


if __name__ == "__main__":
    main()
