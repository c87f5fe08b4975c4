"""Several ``ludoteca serve`` processes on one real PostgreSQL database (run when
LUDOTECA_TEST_POSTGRES holds a database URL; each test module works in a schema of its own).

Any instance serves any room: a move made through one is seen through the other; two moves
racing for one position through two instances, exactly one is played; the instance driving a
room of bots is killed (SIGKILL) and the room finishes on another; two browsers connected to
different instances play a whole game of Bohnen; the same through nginx (deploy/nginx.conf)."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from ludoteca.server.publisher import PRESENCE_PAUSE

from .test_persistence import ROOT, server_env

URL = os.environ.get("LUDOTECA_TEST_POSTGRES")

pytestmark = [
    pytest.mark.skipif(not URL, reason="set LUDOTECA_TEST_POSTGRES to a database URL"),
    pytest.mark.slow,
]

DEADLINE = 60.0  # seconds a poll may wait: generous, the machine is shared


@pytest.fixture(scope="module")
def database():
    """A schema of its own in the test database, as a URL whose connections use it."""
    from sqlalchemy import create_engine, text

    assert URL is not None
    schema = f"instances_{secrets.token_hex(4)}"
    engine = create_engine(URL)
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in URL else "?"
    yield f"{URL}{separator}options={quote(f'-csearch_path={schema}')}"
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    engine.dispose()


class Instance:
    """One ``ludoteca serve`` process (with the test game ``pile``)."""

    def __init__(
        self,
        database: str,
        name: str,
        bot_delay: float = 0.0,
        port: int = 0,
        idle_rooms: float = 300.0,
    ):
        command = [sys.executable, "-m", "tests.web.serve_for_tests", "--port", str(port)]
        command += ["--database", database, "--workers", "0", "--lang", "en"]
        command += ["--bot-delay", str(bot_delay), "--lease", "2", "--instance", name]
        command += ["--idle-rooms", str(idle_rooms)]
        command += ["--log-format", "json"]
        for limit in ("rooms=1000/minute", "joins=1000/minute", "hellos=1000/minute"):
            command += ["--limit", limit]
        self.name = name
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"ludoteca-{name}.log"
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=server_env(),
            stdout=subprocess.PIPE,
            stderr=self.log.open("w"),
            text=True,
        )
        self.base = ""
        deadline = time.monotonic() + DEADLINE
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            found = re.search(r"http://[\d.]+:\d+", line)
            if found:
                self.base = found.group(0)
                break
            if not line and self.process.poll() is not None:
                raise AssertionError(f"{name} did not start: {self.log.read_text()[-2000:]}")
        self.ws = self.base.replace("http://", "ws://")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> str:
        """SIGTERM, as an orchestrator stops it; returns what it printed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            output, _ = self.process.communicate(timeout=30)
            return output
        return ""


@pytest.fixture(scope="module")
def pair(database):
    instances = [Instance(database, f"a-{secrets.token_hex(2)}")]
    instances.append(Instance(database, f"b-{secrets.token_hex(2)}"))
    yield instances
    for instance in instances:
        instance.kill()


def poll(check, what: str, deadline: float = DEADLINE):
    """``check()`` until it returns something true (that is returned), or fail naming ``what``."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {deadline} s for {what}")


def pile_room(base: str, seats: list[dict], start: int = 12) -> dict:
    made = httpx.post(
        base + "/api/rooms",
        json={"game": "pile", "options": {"start": start, "refill": False}, "seats": seats},
    )
    assert made.status_code == 200, made.text
    return made.json()


def act(base: str, room: str, seat: int, token: str, action: str, move: int) -> httpx.Response:
    body = {"seat": seat, "token": token, "action": action, "move": move}
    return httpx.post(f"{base}/api/rooms/{room}/actions", json=body, timeout=30)


def states(socket_, until) -> dict:
    """Read ``state`` messages from a socket until ``until(message)``; returns that one."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        message = json.loads(socket_.recv(timeout=DEADLINE))
        if message["type"] == "state" and until(message):
            return message
    raise AssertionError("no such state came")


# -- health ----------------------------------------------------------------------------------


def test_each_instance_is_alive_and_ready(pair):
    for instance in pair:
        assert httpx.get(instance.base + "/healthz").json()["status"] == "ok"
        ready = httpx.get(instance.base + "/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["checks"] == {"database": "ok", "bus": "ok", "serving": "ok"}
        assert ready.json()["instance"] == instance.name


# -- any instance serves any room ----------------------------------------------------------


def test_a_socket_on_one_instance_sees_a_move_made_through_the_other(pair):
    from websockets.sync.client import connect

    a, b = pair
    made = pile_room(a.base, [{"kind": "person"}, {"kind": "person"}])
    room, tokens = made["room"], made["tokens"]
    with connect(f"{a.ws}/ws/rooms/{room}") as watching:
        watching.send(json.dumps({"type": "hello", "token": tokens["1"], "views": False}))
        states(watching, lambda m: m["move"] == 0)
        moved = act(b.base, room, 0, tokens["0"], "take:2", 0)  # through the other instance
        assert moved.status_code == 200, moved.text
        seen = states(watching, lambda m: m["move"] == 1)
        assert seen["observation"]["current_player"] == 1
        # and the socket's own move, made through A, is stored once and seen through B
        watching.send(json.dumps({"type": "act", "action": "take:1", "move": 1}))
        states(watching, lambda m: m["move"] == 2)
    view = httpx.get(f"{b.base}/api/rooms/{room}/view", headers={"x-seat-token": tokens["0"]})
    assert view.json()["move"] == 2
    assert view.json()["observation"]["current_player"] == 0


def test_a_seat_taken_through_one_instance_is_known_to_the_other(pair):
    a, b = pair
    made = pile_room(a.base, [{"kind": "person"}, {"kind": "open"}])
    httpx.get(f"{b.base}/api/rooms/{made['room']}")  # B holds the room too
    joined = httpx.post(f"{a.base}/api/rooms/{made['room']}/join", json={"seat": 1, "name": "Jo"})
    assert joined.status_code == 200, joined.text
    token = joined.json()["token"]
    assert act(b.base, made["room"], 0, made["tokens"]["0"], "take:1", 0).status_code == 200
    moved = act(b.base, made["room"], 1, token, "take:1", 1)  # B learns of the seat's token
    assert moved.status_code == 200, moved.text
    info = httpx.get(f"{b.base}/api/rooms/{made['room']}").json()
    assert info["seats"][1]["name"] == "Jo" and info["seats"][1]["kind"] == "person"


def test_two_players_on_two_instances_rematch(pair):
    """The rematch votes live in the database: each instance tells its sockets the other's
    votes (a small message), and both players are sent the one rematch opened."""
    from websockets.sync.client import connect

    a, b = pair
    made = pile_room(a.base, [{"kind": "person"}, {"kind": "person"}], start=2)
    room, tokens = made["room"], made["tokens"]
    assert act(a.base, room, 0, tokens["0"], "take:1", 0).status_code == 200
    assert act(a.base, room, 1, tokens["1"], "take:1", 1).status_code == 200
    with connect(f"{a.ws}/ws/rooms/{room}") as ann, connect(f"{b.ws}/ws/rooms/{room}") as bob:
        for socket_, seat in ((ann, "0"), (bob, "1")):
            socket_.send(json.dumps({"type": "hello", "token": tokens[seat], "views": False}))
            states(socket_, lambda m: m["room"]["status"] == "finished")
        ann.send(json.dumps({"type": "table", "do": "rematch", "move": 2}))
        assert _next(bob, "rematch_votes")["votes"] == [0]  # told through the other instance
        bob.send(json.dumps({"type": "table", "do": "rematch", "move": 2}))
        told = {name: _next(socket_, "rematch") for name, socket_ in (("a", ann), ("b", bob))}
    assert told["a"]["room"] == told["b"]["room"] != room
    assert (told["a"]["seat"], told["b"]["seat"]) == (1, 0)


def _next(socket_, kind: str) -> dict:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        message = json.loads(socket_.recv(timeout=DEADLINE))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} came")


def test_moves_racing_through_both_instances_play_exactly_one(pair):
    from sqlalchemy import create_engine, text

    a, b = pair
    made = pile_room(a.base, [{"kind": "person"}, {"kind": "person"}], start=30)
    room, tokens = made["room"], made["tokens"]
    httpx.get(f"{b.base}/api/rooms/{room}")  # both hold the room in memory
    played = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for move in range(10):
            seat = move % 2
            races = [
                pool.submit(act, a.base, room, seat, tokens[str(seat)], "take:1", move),
                pool.submit(act, b.base, room, seat, tokens[str(seat)], "take:2", move),
            ]
            answers = [race.result() for race in races]
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200, 409], [answer.text for answer in answers]
            loser = next(answer for answer in answers if answer.status_code == 409)
            assert loser.json()["key"] == "web.error.moved_on"
            played.append("take:1" if answers[0].status_code == 200 else "take:2")
    views = [httpx.get(f"{i.base}/api/rooms/{room}/view").json() for i in pair]
    assert [view["move"] for view in views] == [10, 10]
    assert views[0]["observation"] == views[1]["observation"]  # both instances agree
    engine = create_engine(_database_url(a))
    with engine.connect() as connection:
        logged = connection.execute(
            text("SELECT number, action FROM actions WHERE room_id = :r ORDER BY number"),
            {"r": room},
        ).all()
    engine.dispose()
    assert [row[0] for row in logged] == list(range(10))
    assert [row[1] for row in logged] == played


def _database_url(instance: Instance) -> str:
    arguments = instance.process.args
    assert isinstance(arguments, list)
    return str(arguments[arguments.index("--database") + 1])


# -- leases ----------------------------------------------------------------------------------


def test_a_room_of_bots_finishes_on_another_instance_when_its_driver_is_killed(pair, database):
    from sqlalchemy import create_engine, text
    from websockets.sync.client import connect

    _, b = pair
    driver = Instance(database, f"c-{secrets.token_hex(2)}", bot_delay=0.5)
    engine = create_engine(database)
    try:
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        room = pile_room(driver.base, bots, start=30)["room"]
        with connect(f"{driver.ws}/ws/rooms/{room}") as on_driver:
            on_driver.send(json.dumps({"type": "hello", "views": False}))
            states(on_driver, lambda m: m["move"] >= 2)  # the driver plays
            with connect(f"{b.ws}/ws/rooms/{room}") as on_b:
                on_b.send(json.dumps({"type": "hello", "views": False}))
                first = states(on_b, lambda m: True)
                with engine.connect() as connection:
                    holder = connection.execute(
                        text("SELECT holder FROM room_leases WHERE room_id = :r"), {"r": room}
                    ).scalar()
                assert holder == driver.name
                assert not first["observation"]["terminal"]
                driver.kill()  # mid-game, without a word
                last = states(on_b, lambda m: m["room"]["status"] == "finished")
        assert last["observation"]["terminal"] and last["move"] > first["move"]
        record = httpx.get(f"{b.base}/api/rooms/{room}/record")
        assert record.status_code == 200, record.text
        assert sum(int(a[-1]) for a in record.json()["actions"]) == 30
    finally:
        driver.kill()
        engine.dispose()


def test_an_adopter_learns_of_watchers_on_another_instance(pair, database):
    """The room's only watcher is on B, and A adopts the room (B is paused meanwhile, so A
    must): A never saw that watcher, so it asks who watches the room, and its bots play on
    for the watcher on B once B answers."""
    from sqlalchemy import create_engine, text
    from websockets.sync.client import connect

    a, b = pair
    driver = Instance(database, f"f-{secrets.token_hex(2)}", bot_delay=0.3)
    engine = create_engine(database)

    def holder() -> str | None:
        with engine.connect() as connection:
            return connection.execute(
                text("SELECT holder FROM room_leases WHERE room_id = :r"), {"r": room}
            ).scalar()

    try:
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        room = pile_room(driver.base, bots, start=30)["room"]
        with connect(f"{driver.ws}/ws/rooms/{room}") as on_driver:
            on_driver.send(json.dumps({"type": "hello", "views": False}))
            states(on_driver, lambda m: m["move"] >= 2)  # the driver plays
            with connect(f"{b.ws}/ws/rooms/{room}") as on_b:
                on_b.send(json.dumps({"type": "hello", "views": False}))
                first = states(on_b, lambda m: True)
                assert holder() == driver.name
                # B tells the others of its spectator within a pause; that news goes to the
                # driver, and dies with it
                time.sleep(PRESENCE_PAUSE + 1)
                b.process.send_signal(signal.SIGSTOP)
                try:
                    driver.kill()
                    poll(lambda: holder() == a.name, "A to adopt the room")
                finally:
                    b.process.send_signal(signal.SIGCONT)
                last = states(on_b, lambda m: m["room"]["status"] == "finished")
        assert last["observation"]["terminal"] and last["move"] > first["move"]
    finally:
        b.process.send_signal(signal.SIGCONT)
        driver.kill()
        engine.dispose()


def test_a_stopping_instance_hands_its_rooms_over_and_says_so(pair, database):
    from websockets.sync.client import connect

    _, b = pair
    leaving = Instance(database, f"d-{secrets.token_hex(2)}", bot_delay=0.5)
    try:
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        room = pile_room(leaving.base, bots, start=30)["room"]
        with connect(f"{leaving.ws}/ws/rooms/{room}") as on_leaving:
            on_leaving.send(json.dumps({"type": "hello", "views": False}))
            states(on_leaving, lambda m: m["move"] >= 2)
            with connect(f"{b.ws}/ws/rooms/{room}") as on_b:
                on_b.send(json.dumps({"type": "hello", "views": False}))
                states(on_b, lambda m: True)
                output = leaving.stop()
                assert "handed over" in output, output
                last = states(on_b, lambda m: m["room"]["status"] == "finished")
        assert last["room"]["status"] == "finished"
        ready = json.loads(Path(leaving.log).read_text().splitlines()[-1])
        assert {"time", "level", "logger", "message", "instance"} <= set(ready)
    finally:
        leaving.kill()


def test_a_room_stored_before_its_instance_took_a_lease_goes_on_unopened(pair, database):
    """An instance stored a room of a bot and a person, then died before it took the room's
    lease (the room is written straight into the database here): the instances adopt it, and
    its bot moves though nobody opened the room."""
    from sqlalchemy import create_engine, text

    from ludoteca.server.db import SeatInfo, Store

    store = Store(database)
    room = f"u{secrets.token_hex(4)}"
    seats = [SeatInfo(0, "bot", "random", "", None), SeatInfo(1, "person", None, "", "0" * 64)]
    options = {"start": 12, "refill": False}
    store.create_room(room, "pile", options, secrets.token_hex(16), seats, None, False, {})
    store.close()
    engine = create_engine(database)

    def bot_moved() -> tuple | None:
        with engine.connect() as connection:
            return connection.execute(
                text(
                    "SELECT l.holder FROM room_leases l JOIN actions a ON a.room_id = l.room_id "
                    "WHERE l.room_id = :r AND a.number = 0"
                ),
                {"r": room},
            ).first()

    try:
        holder = poll(bot_moved, "the unleased room to be adopted and its bot to move")
        assert holder[0] in {instance.name for instance in pair}
    finally:
        engine.dispose()


def test_idle_rooms_leave_memory_and_a_room_of_bots_goes_on_when_looked_at(pair, database):
    """An instance lets rooms nobody watches through it go from memory, keeping the leases of
    those it drives: a move made elsewhere meanwhile is there when the room is used again, and
    a room of bots it drives, let go, plays on when someone watches it through another
    instance (the driver loads it again on hearing of the watcher)."""
    from sqlalchemy import create_engine, text
    from websockets.sync.client import connect

    a, b = pair
    forgetful = Instance(database, f"e-{secrets.token_hex(2)}", bot_delay=0.3, idle_rooms=1)
    engine = create_engine(database)
    try:
        made = pile_room(forgetful.base, [{"kind": "person"}, {"kind": "person"}])
        room, tokens = made["room"], made["tokens"]
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        robots = pile_room(forgetful.base, bots, start=30)["room"]
        with connect(f"{forgetful.ws}/ws/rooms/{robots}") as looking:
            looking.send(json.dumps({"type": "hello", "views": False}))
            first = states(looking, lambda m: m["move"] >= 1)  # it drives the room of bots
        with engine.connect() as connection:
            holder = connection.execute(
                text("SELECT holder FROM room_leases WHERE room_id = :r"), {"r": robots}
            ).scalar()
        assert holder == forgetful.name
        rooms_held = lambda: httpx.get(forgetful.base + "/healthz").json()["rooms"]  # noqa: E731
        poll(lambda: rooms_held() == 0, "the idle rooms to leave memory")
        assert act(a.base, room, 0, tokens["0"], "take:2", 0).status_code == 200
        view = httpx.get(
            f"{forgetful.base}/api/rooms/{room}/view", headers={"x-seat-token": tokens["1"]}
        )
        assert view.json()["move"] == 1 and view.json()["observation"]["current_player"] == 1
        with connect(f"{b.ws}/ws/rooms/{robots}") as on_b:
            on_b.send(json.dumps({"type": "hello", "views": False}))
            last = states(on_b, lambda m: m["room"]["status"] == "finished")
        assert last["observation"]["terminal"] and last["move"] > first["move"]
    finally:
        forgetful.kill()
        engine.dispose()


# -- two browsers, two instances -------------------------------------------------------------


@pytest.mark.browser
def test_a_ban_through_one_instance_closes_the_socket_on_the_other(pair, database):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from .test_accounts import post, sign_up

    a, b = pair
    with (
        httpx.Client(base_url=a.base, timeout=30) as alma,
        httpx.Client(base_url=b.base, timeout=30) as bob,
    ):
        sign_up(alma, "Alma")
        sign_up(bob, "Bob")
        command = [sys.executable, "-m", "ludoteca", "admin", "grant", "Alma"]
        command += ["--database", database, "--lang", "en"]
        granted = subprocess.run(command, cwd=ROOT, env=server_env(), capture_output=True)
        assert granted.returncode == 0, granted.stderr
        made = pile_room(b.base, [{"kind": "person"}, {"kind": "person"}])
        cookie = "; ".join(f"{name}={value}" for name, value in bob.cookies.items())
        url = f"{b.ws}/ws/rooms/{made['room']}"
        with connect(url, additional_headers={"Cookie": cookie}) as socket_:
            hello = {"type": "hello", "token": made["tokens"]["1"], "views": False}
            socket_.send(json.dumps(hello))
            states(socket_, lambda m: m["move"] == 0)
            post(alma, "/api/admin/ban", {"name": "Bob"})  # through the other instance
            seen = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    seen.append(json.loads(socket_.recv(timeout=DEADLINE)))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
            assert [m.get("key") for m in seen if m["type"] == "error"] == ["web.mod.banned"]


def test_two_browsers_on_two_instances_play_bohnen_to_the_end(pair):
    from .conftest import launch
    from .test_browser import click_action, current, start_from_lobby, wait_my_turn_or_end

    a, b = pair
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            contexts = [
                browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)
            ]
            host, guest = (context.new_page() for context in contexts)
            start_from_lobby(host, a.base, "bohnen", {"players": 2}, ["me", "invite"])
            link = host.locator(".invite-link").first.input_value()
            guest.goto(link.replace(a.base, b.base))  # the guest comes in through B
            guest.wait_for_function(
                "() => window.ludoteca.message && window.ludoteca.message.seat === 1"
            )
            assert guest.url.startswith(b.base)
            import random

            rng = random.Random(20)
            pages = {0: host, 1: guest}
            for _ in range(1000):
                state = current(host)
                if state["observation"]["terminal"]:
                    break
                mover = pages[state["observation"]["current_player"]]
                message = wait_my_turn_or_end(mover, -1)
                if message["observation"]["terminal"]:
                    break
                click_action(mover, rng.choice(message["observation"]["legal"]))
                for page in pages.values():  # each sees it, through its own instance
                    page.wait_for_function(
                        "m => window.ludoteca.message.move > m", arg=message["move"]
                    )
            else:
                raise AssertionError("the game did not end")
            for page in pages.values():
                page.wait_for_selector("dialog#lt-end[open]")
            assert current(host)["observation"]["scores"] == current(guest)["observation"]["scores"]
            assert current(guest)["room"]["status"] == "finished"
            assert browser.taken() == []
        finally:
            browser.close()


# -- nginx in front (deploy/nginx.conf) ------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_nginx_in_front_of_two_instances_keeps_a_game_going_when_one_is_killed(database, tmp_path):
    """deploy/nginx.conf as docs/deploy.md runs it (its ports replaced by free ones): a game
    played over WebSockets through nginx goes on after the instance serving it is killed."""
    from websockets.sync.client import connect

    ports = [free_port(), free_port()]
    instances = [
        Instance(database, f"n{index}-{secrets.token_hex(2)}", port=port)
        for index, port in enumerate(ports)
    ]
    front = free_port()
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    conf = conf.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}")
    conf = conf.replace("127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
    conf = conf.replace("127.0.0.1:8080", f"127.0.0.1:{front}")
    (tmp_path / "nginx.conf").write_text(conf)
    (tmp_path / "logs").mkdir()
    nginx = subprocess.Popen(
        ["nginx", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{front}"
    try:
        poll(lambda: _answers(base + "/readyz"), "nginx to answer")
        made = pile_room(base, [{"kind": "person"}, {"kind": "person"}], start=20)
        room, tokens = made["room"], made["tokens"]
        ws = base.replace("http://", "ws://") + f"/ws/rooms/{room}"
        seen_by = set()
        for move in range(6):
            seat = move % 2
            with connect(ws) as player:  # through nginx: the Upgrade is passed on
                player.send(json.dumps({"type": "hello", "token": tokens[str(seat)]}))
                states(player, lambda m, move=move: m["move"] == move)
                player.send(json.dumps({"type": "act", "action": "take:1", "move": move}))
                states(player, lambda m, move=move: m["move"] == move + 1)
            seen_by.add(httpx.get(base + "/readyz").json()["instance"])
            if move == 2:
                instances[0].kill()  # one instance dies mid-game: nginx uses the other
        assert len(seen_by) >= 1
        view = httpx.get(f"{base}/api/rooms/{room}/view").json()
        assert view["move"] == 6
    finally:
        nginx.send_signal(signal.SIGQUIT)
        try:
            nginx.wait(timeout=10)
        except subprocess.TimeoutExpired:
            nginx.kill()
        for instance in instances:
            instance.kill()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
