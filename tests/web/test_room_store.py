"""The play page's model: one reducer folds the server's messages into the room's state, and
the panels take that data, not the page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from ludoteca.web import STATIC

JS = STATIC / "js"

FOLD = """
import { emptyRoom, reduce } from %s;
const messages = JSON.parse(process.argv[1]);
let state = emptyRoom();
const seen = [];
for (const message of messages) {
  const before = state;
  state = reduce(state, message, 1000);
  seen.push({ same: before === state, moved: state.moved, move: state.message && state.message.move,
    online: state.room && state.room.online, chat: state.chat.map((m) => m.text),
    news: state.chatNews.messages.map((m) => m.text), offset: state.offset, seat: state.seat,
    error: state.error && state.error.code, rematch: state.rematchOffer && state.rematchOffer.room });
}
console.log(JSON.stringify(seen));
"""


def fold(messages):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    script = FOLD % json.dumps((JS / "roomstore.js").as_uri())
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(messages)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


ROOM = {"online": [], "spectators": 0, "table": {"spectators_chat": False}, "seats": []}


def test_the_reducer_folds_the_servers_messages_into_one_state():
    chat = [{"id": 1, "text": "hi", "seat": 0}]
    seen = fold(
        [
            {"type": "welcome", "seat": 1, "room": ROOM, "now": 1003.5, "chat": chat},
            {"type": "state", "move": 0, "room": ROOM, "observation": {}},
            {"type": "presence", "online": [0, 1], "spectators": 2},
            {"type": "state", "move": 0, "room": ROOM, "observation": {}},
            {"type": "state", "move": 1, "room": ROOM, "observation": {}},
            {"type": "chat", "messages": [{"id": 2, "text": "gg", "seat": 1}]},
            {"type": "ack", "move": 1},
            {"type": "error", "code": 409, "message": "moved on"},
            {"type": "rematch", "room": "new", "seat": 0, "token": "t", "game": "pile"},
        ]
    )
    welcome, first, presence, again, moved, said, ack, error, rematch = seen
    assert welcome["seat"] == 1 and welcome["offset"] == 3.5 and welcome["chat"] == ["hi"]
    assert first["move"] == 0 and not first["moved"]
    assert presence["online"] == [0, 1] and presence["move"] == 0
    assert not again["moved"] and moved["moved"] and moved["move"] == 1
    assert said["chat"] == ["hi", "gg"] and said["news"] == ["gg"]
    assert ack["same"]  # an acknowledgement changes nothing
    assert error["error"] == 409 and rematch["rematch"] == "new"


def test_presence_before_any_state_changes_nothing():
    assert fold([{"type": "presence", "online": [0], "spectators": 1}])[0]["same"]


def test_the_panels_take_data_not_the_page():
    panels = ["clocks.js", "table.js", "chat.js", "notify.js"]
    for name in panels:
        source = (JS / name).read_text("utf-8")
        for params in re.findall(r"export (?:async )?function \w+\(([^)]*)\)", source):
            assert "page" not in params, (name, params)
        assert "page." not in source, name
    play = (JS / "pages" / "play.js").read_text("utf-8")
    assert "this.store.dispatch(message)" in play and "this.message =" not in play
