"""A room is an actor: each command is handled under its lock and answered with the events of
what changed; nothing outside ``server/room.py`` changes a room."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest

from ludoteca.engine.traits import Traits
from ludoteca.games import registry
from ludoteca.server import room as room_module
from ludoteca.server.commands import (
    Abandoned,
    Act,
    DrawAnswered,
    DrawOffered,
    Ended,
    Exchange,
    Moved,
    Rematch,
    RematchDue,
    RematchVoted,
    Resigned,
    Said,
    Say,
    SeatRevoked,
    SeatsOnline,
    SeatTaken,
    SpectatorsCounted,
    TableMove,
    TakeSeat,
    Undo,
    Undone,
    Unwatch,
    Watch,
    Watched,
)
from ludoteca.server.db import SeatInfo, Store
from ludoteca.server.errors import RoomError
from ludoteca.server.watchers import Outbox, Watcher

from .test_parts import PEOPLE, make_room

SERVER = Path(room_module.__file__).parent


@pytest.fixture
def store(tmp_path, test_games):
    found = Store(f"sqlite:///{tmp_path / 'actor.sqlite3'}")
    yield found
    found.close()


def watcher() -> Watcher:
    return Watcher(outbox=Outbox(lambda text: asyncio.sleep(0)))


def test_moves_undos_and_the_end_are_events(store):
    room = make_room(store)

    async def play():
        assert await room.handle(Act(0, "take:1", 0)) == [Moved(0, "take:1", 1)]
        for move in range(1, 4):
            await room.handle(Act(move % 2, "take:1", move))
        return await room.handle(Act(0, "take:1", 4))

    assert asyncio.run(play()) == [Moved(0, "take:1", 5), Ended("finished")]
    assert room.status == "finished"
    alone = make_room(store, PEOPLE[:1], "alone", game="count")

    async def undo():
        await alone.handle(Act(0, "add:1", 0))
        return await alone.handle(Undo(0, 1))

    assert asyncio.run(undo()) == [Undone(0, 2)] and alone.state.history() == []


def test_table_moves_are_events(store, monkeypatch):
    declared = registry.traits

    def draws_in_pile(game_id):  # the test game "pile" declares draws here
        return Traits(draws=True) if game_id == "pile" else declared(game_id)

    monkeypatch.setattr(registry, "traits", draws_in_pile)
    room = make_room(store)

    async def play():
        offered = await room.handle(TableMove(0, "offer", 0))
        agreed = await room.handle(TableMove(1, "agree", 1))
        return offered, agreed

    offered, agreed = asyncio.run(play())
    assert offered == [DrawOffered(0, 1)]
    assert agreed == [DrawAnswered(1, True, 2), Ended("finished")]
    assert room.result == {"reason": "draw", "seat": 1, "winners": [0, 1]}

    other = make_room(store, room_id="r2")
    assert asyncio.run(other.handle(TableMove(1, "resign", 0))) == [
        Resigned(1, False, 1),
        Ended("finished"),
    ]
    third = make_room(store, room_id="r3")
    events = asyncio.run(third.handle(TableMove(0, "abandon", 0)))
    assert events == [Abandoned(0, 1), Ended("abandoned")] and third.status == "abandoned"


def test_a_refusal_changes_nothing_and_says_what_changed_before_it(store):
    room = make_room(store)
    before = room.presence

    async def refused(command):
        with pytest.raises(RoomError) as error:
            await room.handle(command)
        return error.value

    assert asyncio.run(refused(Act(1, "take:1", 0))).key == "web.error.not_your_turn"
    assert asyncio.run(refused(TableMove(0, "agree", 0))).key == "web.error.no_draw_offer"
    assert asyncio.run(refused(Rematch(0, True))).key == "web.error.rematch_not_over"
    error = asyncio.run(refused(Say(None, "hello")))
    assert error.key == "web.error.chat_spectators" and error.news == []
    assert room.version == 0 and room.presence == before and not room.rematch_votes


def test_watchers_and_presence_are_events(store):
    room = make_room(store)
    player, spectator = watcher(), watcher()

    async def run():
        came = await room.handle(Watch(player, 0))
        looked = await room.handle(Watch(spectator, None))
        went = await room.handle(Unwatch(player))
        return came, looked, went

    came, looked, went = asyncio.run(run())
    assert came == [Watched(player, []), SeatsOnline(True, player)]
    assert looked == [Watched(spectator, []), SpectatorsCounted(True)]
    assert went == [SeatsOnline(True, None)]
    assert player.seat == 0 and room.watchers == {spectator} and room.online() == []


def test_seats_chat_and_rematch_are_events(store):
    seats = [PEOPLE[0], SeatInfo(1, "open", None, "", None)]
    room = make_room(store, seats)
    holder = watcher()

    async def run():
        await room.handle(Watch(holder, 0))
        taken = await room.handle(TakeSeat(1, "Cy", "c"))
        said = await room.handle(Say(1, "hi"))
        await room.handle(TableMove(0, "resign", 0))
        first = await room.handle(Rematch(0, True, "addr"))
        second = await room.handle(Rematch(1, True, "addr"))
        return taken, said, first, second

    taken, said, first, second = asyncio.run(run())
    assert taken == [SeatTaken(1)] and room.seat_of("c") == 1
    assert len(said) == 1 and isinstance(said[0], Said) and said[0].message["text"] == "hi"
    assert first == [RematchVoted((0,))]
    assert second == [RematchVoted((0, 1)), RematchDue("addr")]


def test_opening_an_invitation_takes_the_seat_from_whoever_held_its_old_token(store):
    room = make_room(store)
    old = watcher()

    async def run():
        await room.handle(Watch(old, 1))
        return await room.handle(Exchange(1, "b", "fresh", "Bea"))

    events = asyncio.run(run())
    assert events == [SeatRevoked(1, (old,)), SeatTaken(1)]
    assert old not in room.watchers and room.seat_of("fresh") == 1


def test_commands_on_one_room_are_handled_one_at_a_time(store):
    """Of many actions racing for one position exactly one is played; actions sent in order
    are all played, in order; the log stored matches."""
    room = make_room(store)

    async def race():
        tries = [room.handle(Act(0, "take:1", 0)) for _ in range(8)]
        return await asyncio.gather(*tries, return_exceptions=True)

    results = asyncio.run(race())
    played = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, RoomError)]
    assert played == [[Moved(0, "take:1", 1)]]
    assert len(refused) == 7 and {r.key for r in refused} == {"web.error.moved_on"}

    async def in_order():
        moves = [room.handle(Act(move % 2, "take:1", move)) for move in range(1, 4)]
        return await asyncio.gather(*moves)

    assert [events[0].move for events in asyncio.run(in_order())] == [2, 3, 4]
    loaded = store.load_room("r1")
    assert loaded is not None and len(loaded.log) == 4 == room.version


def _room_fields() -> set[str]:
    """The names a Room assigns on itself."""
    tree = ast.parse((SERVER / "room.py").read_text("utf-8"))
    fields = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Store):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            fields.add(node.attr)
    return fields


MUTATING = {"add", "discard", "clear", "pop", "update", "append", "remove", "difference_update"}


def _changes_a_room(target: ast.expr, fields: set[str]) -> bool:
    """``room.field = …``, ``room.field[k] = …``, ``room.seats[k].name = …`` on a variable
    that holds a room (named ``room``, ``live``, ``new`` or ``*room*``)."""
    chain = []
    while isinstance(target, ast.Attribute | ast.Subscript):
        if isinstance(target, ast.Attribute):
            chain.append(target.attr)
        target = target.value
    if not isinstance(target, ast.Name) or not chain:
        return False
    name = target.id
    holds_room = "room" in name or name in ("live", "new", "old", "again")
    return holds_room and chain[-1] in fields


def test_nothing_outside_the_room_changes_a_room():
    fields = _room_fields()
    assert {"presence", "watchers", "rematch_votes", "status", "stale"} <= fields
    found = []
    for path in sorted(SERVER.glob("*.py")):
        if path.name in ("room.py", "db.py"):  # db.py changes rows of the rooms table
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign | ast.Delete):
                targets = list(node.targets)
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                targets = [node.func.value] if node.func.attr in MUTATING else []
            for target in targets:
                if _changes_a_room(target, fields):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert found == []


def test_the_room_takes_no_callbacks_and_the_hub_is_small():
    source = (SERVER / "room.py").read_text("utf-8")
    assert "self.changed" not in source and "self.caught_up" not in source
    assert len((SERVER / "rooms.py").read_text("utf-8").splitlines()) < 300
