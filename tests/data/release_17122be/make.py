"""Make the databases of tests/web/test_upgrade.py with the release before accounts.

Ours: run with that release's code (commit 17122be) on the import path, e.g.

    git archive 17122be src tests | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src:/tmp/old python3 tests/data/release_17122be/make.py \
        sqlite:///tests/data/release_17122be/ludoteca.sqlite3 tests/data/release_17122be/sqlite.json
    PYTHONPATH=/tmp/old/src:/tmp/old python3 tests/data/release_17122be/make.py \
        postgresql+psycopg://USER:PASS@127.0.0.1:5432/EMPTY_DB tests/data/release_17122be/postgres.json
    pg_dump --no-owner --no-privileges --inserts EMPTY_DB > postgres.sql  (then, by hand: the
        "public." qualifiers and the search_path line taken out, so it loads into any schema)

It leaves three rooms: a Bohnen game four moves in, a Pile game two moves in, and a finished
Pile game; the JSON file keeps the seat tokens (the database has only their hashes).
"""

from __future__ import annotations

import json
import sys

from starlette.testclient import TestClient

from ludoteca.games import registry
from ludoteca.server import Settings, create_app


def main(url: str, tokens_file: str) -> None:
    registry.add("pile", "tests.web.pilegame")
    app = create_app(Settings(database=url, bot_workers=0))
    kept: dict[str, dict[str, str]] = {}
    with TestClient(app) as client:
        for name, game, options, moves in (
            ("bohnen", "bohnen", {}, 4),
            ("pile", "pile", {"start": 6, "refill": False}, 2),
            ("finished", "pile", {"start": 2, "refill": False}, 2),
        ):
            made = client.post(
                "/api/rooms",
                json={
                    "game": game,
                    "options": options,
                    "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bob"}],
                },
            ).json()
            room = made["room"]
            tokens = {}
            for seat in ("0", "1"):
                claimed = client.post(
                    f"/api/rooms/{room}/claim", json={"seat": int(seat), "token": made["tokens"][seat]}
                ).json()
                tokens[seat] = claimed["token"]
            for move in range(moves):
                view = client.get(f"/api/rooms/{room}/view").json()
                seat = view["observation"]["current_player"]
                mine = client.get(
                    f"/api/rooms/{room}/view", headers={"X-Seat-Token": tokens[str(seat)]}
                ).json()
                action = mine["observation"]["legal"][0]["action"]
                answer = client.post(
                    f"/api/rooms/{room}/actions",
                    json={"seat": seat, "token": tokens[str(seat)], "action": action, "move": move},
                )
                assert answer.status_code == 200, answer.text
            kept[name] = {"room": room, **tokens}
    app.state.hub.close()
    with open(tokens_file, "w", encoding="utf-8") as out:
        json.dump(kept, out, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
