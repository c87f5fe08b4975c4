"""Takebacks between people (server/takebacks.py): what may be taken back, who answers, and an
accepted takeback undoing exactly once; over the WebSocket too."""

from __future__ import annotations

import asyncio
import json

import pytest

from ludoteca.server import pace
from ludoteca.server.commands import (
    Act,
    PaceSet,
    PlayFor,
    SetPace,
    Takeback,
    TakebackAnswered,
    TakebackOffered,
    Undone,
)
from ludoteca.server.db import SeatInfo, Store
from ludoteca.server.errors import RoomError
from ludoteca.server.room import Room
from ludoteca.server.takebacks import Position, Takebacker, takeable

from .test_api import create, hello, receive_until
from .test_parts import PEOPLE, make_room

PEOPLE_MOVED = ((0, "take:1"),)


@pytest.fixture
def store(tmp_path, test_games):
    found = Store(f"sqlite:///{tmp_path / 'takebacks.sqlite3'}")
    yield found
    found.close()


def run(room, *commands):
    async def go():
        return [await room.handle(command) for command in commands]

    return asyncio.run(go())


def refused(room, command) -> str:
    with pytest.raises(RoomError) as error:
        run(room, command)
    return error.value.key


def test_only_your_own_last_decision_with_the_turn_passed_to_a_person_is_takeable():
    people = frozenset({0, 1})
    assert takeable(Position(PEOPLE_MOVED, 1, people, 1), 0)
    assert not takeable(Position(PEOPLE_MOVED, 1, people, 1), 1)  # not another's decision
    assert not takeable(Position(PEOPLE_MOVED, 0, people, 1), 0)  # your turn still: undo
    assert not takeable(Position((), 0, people, 0), 0)  # nothing decided yet
    chance_after = ((0, "take:2"), (-1, "roll:1"))
    assert not takeable(Position(chance_after, 1, people, 2), 0)  # chance revealed something
    assert not takeable(Position(PEOPLE_MOVED, 1, frozenset({0}), 1), 0)  # a bot to move
    assert not takeable(Position(PEOPLE_MOVED, None, people, 1), 0)  # over, or chance to move


def test_an_offer_lapses_with_the_next_move_and_a_declined_position_is_not_asked_again():
    takebacks, at = Takebacker(), Position(PEOPLE_MOVED, 1, frozenset({0, 1}), 1)
    assert takebacks.offered(at, 0) == [TakebackOffered(0, 1)]
    assert takebacks.public(1) == {"seat": 0} and takebacks.public(2) is None
    with pytest.raises(RoomError):
        takebacks.offered(at, 0)  # asked already
    assert takebacks.answered(at, 1, False) == ([TakebackAnswered(1, False, 1)], None)
    assert not takebacks.may_offer(at, 0)
    with pytest.raises(RoomError) as error:
        takebacks.offered(at, 0)
    assert error.value.key == "web.error.takeback_asked"


def test_an_accepted_takeback_undoes_the_decision_once(store):
    room = make_room(store)
    run(room, Act(0, "take:1", 0))
    assert room.may_take_back(0) and not room.may_take_back(1)
    assert run(room, Takeback(0, "offer", 1)) == [[TakebackOffered(0, 1)]]
    assert room.public()["takeback"] == {"seat": 0}
    assert refused(room, Takeback(0, "accept", 1)) == "web.error.no_takeback"  # not yours
    events = run(room, Takeback(1, "accept", 1))[0]
    assert events == [TakebackAnswered(1, True, 1), Undone(0, 2)]
    assert room.state.history() == [] and room.state.current_player == 0
    assert refused(room, Takeback(1, "accept", 2)) == "web.error.no_takeback"  # once only
    assert refused(room, Takeback(1, "accept", 1)) == "web.error.moved_on"
    assert room.public()["takeback"] is None
    again = Room(store.load_room("r1"), room.db)  # the undo is in the log: a restart agrees
    assert again.state.history() == [] and again.version == 2


def test_a_declined_or_lapsed_offer_changes_nothing(store):
    room = make_room(store)
    run(room, Act(0, "take:1", 0), Takeback(0, "offer", 1))
    assert run(room, Takeback(1, "decline", 1)) == [[TakebackAnswered(1, False, 1)]]
    assert room.state.history() == ["take:1"] and not room.may_take_back(0)
    other = make_room(store, room_id="r2")
    run(other, Act(0, "take:1", 0), Takeback(0, "offer", 1), Act(1, "take:1", 1))
    assert other.public()["takeback"] is None  # the move answered it
    assert refused(other, Takeback(1, "accept", 2)) == "web.error.no_takeback"
    assert refused(other, Takeback(0, "offer", 2)) == "web.error.cannot_take_back"


def test_nothing_is_taken_back_across_chance_or_from_a_bot(store):
    room = make_room(store, options={"start": 4, "refill": True})
    run(room, Act(0, "take:2", 0), PlayFor(-1, "roll:1", 1))  # a die rolled after it
    assert room.state.current_player == 1 and not room.may_take_back(0)
    assert refused(room, Takeback(0, "offer", 2)) == "web.error.cannot_take_back"
    vs_bot = [PEOPLE[0], SeatInfo(1, "bot", "random", "", None)]
    bot_room = make_room(store, vs_bot, "r3")
    run(bot_room, Act(0, "take:1", 0))
    assert not bot_room.may_take_back(0)


def test_a_takeback_offered_over_the_websocket_is_accepted_and_undone_once(client):
    made = create(client)
    room, tokens = made["room"], made["tokens"]
    with (
        client.websocket_connect(f"/ws/rooms/{room}") as ann,
        client.websocket_connect(f"/ws/rooms/{room}") as bob,
    ):
        hello(ann, tokens["0"])
        hello(bob, tokens["1"])
        ann.send_text(json.dumps({"type": "act", "action": "take:1", "move": 0}))
        state = receive_until(ann, lambda m: m["type"] == "state" and m["move"] == 1)
        assert state["can_take_back"]
        ann.send_text(json.dumps({"type": "takeback", "do": "offer", "move": 1}))
        asked = receive_until(bob, lambda m: m["type"] == "state" and m["room"]["takeback"])
        assert asked["room"]["takeback"] == {"seat": 0} and not asked["can_take_back"]
        for _ in range(2):  # a double click: the second is refused
            bob.send_text(json.dumps({"type": "takeback", "do": "accept", "move": 1}))
        undone = receive_until(bob, lambda m: m["type"] == "state" and m["move"] == 2)
        assert undone["room"]["to_move"] == 0 and undone["room"]["takeback"] is None
        error = receive_until(bob, lambda m: m["type"] == "error")
        assert error["key"] in ("web.error.moved_on", "web.error.no_takeback")
        history = client.get(f"/api/rooms/{room}").json()
        assert history["move"] == 2 and history["to_move"] == 0


def test_the_host_alone_sets_the_bots_pace_and_it_is_kept(store):
    room = make_room(store)
    assert room.table.pace == "normal" and pace.wait("normal", 0.8) == 0.8
    assert pace.wait("quick", 0.8) == 0.0 and pace.wait("slow", 0.8) == pytest.approx(2.4)
    assert refused(room, SetPace("not-the-host", "slow")) == "web.error.not_host"
    assert run(room, SetPace("host", "slow")) == [[PaceSet("slow")]]
    again = Room(store.load_room("r1"), room.db)
    assert again.table.pace == "slow" and again.public()["table"]["pace"] == "slow"
