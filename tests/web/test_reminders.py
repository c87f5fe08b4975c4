"""The "your move" mails of games with days per move, through a real SMTP server on loopback
(aiosmtpd): to the account whose move it is, once a day per game at most, in its language,
with a link to the room and a one-click unsubscribe that needs no log-in."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from ludoteca.server.reminders import plural_form, time_left, unsubscribe_token

from .test_accounts import csrf, sign_up
from .test_recovery import Inbox, inbox, link_in, mailing, token_of  # noqa: F401  (fixtures)

DAYS = {"clock": "days", "days": 3}
OPEN = [{"kind": "open"}, {"kind": "open"}]


def test_the_time_left_is_said_in_words_in_each_language():
    assert time_left(2 * 86400 + 4 * 3600 + 59, "en") == "2 days 4 hours"
    assert time_left(86400 + 3600, "de") == "1 Tag 1 Stunde"
    assert time_left(5 * 86400, "ru") == "5 дней" and time_left(22 * 3600, "ru") == "22 часа"
    assert time_left(21 * 3600, "ru") == "21 час" and time_left(1800, "fr") == "moins d’une heure"
    assert [plural_form(n, "ru") for n in (1, 3, 5, 11, 21, 112)] == [
        "one",
        "few",
        "many",
        "many",
        "one",
        "many",
    ]


def verified(client: TestClient, inbox: Inbox, name: str, lang: str = "en") -> None:  # noqa: F811
    sign_up(client, name)
    count = len(inbox.messages)
    answer = client.post(
        f"/api/account/email?lang={lang}",
        json={"email": f"{name.lower()}@example.org"},
        headers=csrf(client),
    )
    assert answer.status_code == 200, answer.text
    token = token_of(link_in(inbox.wait(count + 1, "the verification")))
    assert client.post(
        "/api/account/verify", json={"token": token}, headers=csrf(client)
    ).is_success


def table_for_two(ann: TestClient, bob: TestClient) -> tuple[str, str, str]:
    made = ann.post(
        "/api/rooms",
        json={
            "game": "pile",
            "options": {"start": 9, "refill": False},
            "seats": OPEN,
            "table": DAYS,
        },
        headers=csrf(ann),
    )
    assert made.status_code == 200, made.text
    room = made.json()["room"]
    seats = [
        who.post(f"/api/rooms/{room}/join", json={"seat": seat}, headers=csrf(who)).json()
        for seat, who in enumerate((ann, bob))
    ]
    return room, seats[0]["token"], seats[1]["token"]


def act(client: TestClient, room: str, seat: int, token: str, move: int) -> None:
    answer = client.post(
        f"/api/rooms/{room}/actions",
        json={"seat": seat, "token": token, "action": "take:1", "move": move},
        headers=csrf(client),
    )
    assert answer.status_code == 200, answer.text


def mails_to(inbox: Inbox, address: str) -> list:  # noqa: F811
    return [
        m
        for m in inbox.messages
        if m["To"] == address and "/room/" in m.get_payload(decode=True).decode("utf-8")
    ]


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + 20
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert condition(), what


def test_the_player_to_move_is_mailed_once_a_day_and_unsubscribes_in_one_click(mailing, inbox):  # noqa: F811
    ann, bob = mailing, TestClient(mailing.app)
    verified(ann, inbox, "Ann")
    verified(bob, inbox, "Bob", "de")  # Bob's mails are in German, the language he gave it in
    room, ann_token, bob_token = table_for_two(ann, bob)
    reminders = mailing.app.state.hub.reminders
    before = reminders.sent  # Ann, to move first, was mailed as the game began
    act(ann, room, 0, ann_token, 0)
    wait_for(lambda: len(mails_to(inbox, "bob@example.org")) == 1, "no mail for Bob")
    mail = mails_to(inbox, "bob@example.org")[0]
    body = mail.get_payload(decode=True).decode("utf-8")
    assert "Sie sind am Zug" in mail["Subject"] and "Hallo Bob" in body
    assert "2 Tage 23 Stunden" in body  # the clock's 3 days, less the moments since
    assert f"http://127.0.0.1:8000/room/{room}" in body
    unsubscribe = next(w for w in body.split() if "/account/unsubscribe?token=" in w)
    assert mail["List-Unsubscribe"] == f"<{unsubscribe}>"

    act(bob, room, 1, bob_token, 1)
    act(ann, room, 0, ann_token, 2)  # Bob's move again, the same day: no second mail
    wait_for(lambda: reminders.sent >= before + 1 and not reminders.busy, "mails on the way")
    assert len(mails_to(inbox, "bob@example.org")) == 1

    stranger = TestClient(mailing.app)  # no log-in
    token = token_of(unsubscribe)
    forged = token[:-1] + ("0" if token[-1] != "0" else "1")
    refused = stranger.post(
        "/api/account/unsubscribe", json={"token": forged}, headers=csrf(stranger)
    )
    assert refused.status_code == 400 and refused.json()["key"] == "web.account.bad_link"
    done = stranger.post("/api/account/unsubscribe", json={"token": token}, headers=csrf(stranger))
    assert done.status_code == 200 and done.json() == {"name": "Bob", "on": False}
    assert bob.get("/api/account/reminders").json() == {"on": False, "available": True}
    assert ann.get("/api/account/reminders").json()["on"] is True


def test_no_mail_without_a_verified_address_or_while_looking_at_the_room(mailing, inbox):  # noqa: F811
    ann, bob = mailing, TestClient(mailing.app)
    verified(ann, inbox, "Ann")
    sign_up(bob, "Bob")  # no address
    room, ann_token, bob_token = table_for_two(ann, bob)
    act(ann, room, 0, ann_token, 0)
    with ann.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_json({"type": "hello", "token": ann_token})
        assert socket.receive_json()["type"] == "welcome"
        wait_for(lambda: not mailing.app.state.hub.reminders.busy, "mails on the way")
        first = len(mails_to(inbox, "ann@example.org"))
        act(bob, room, 1, bob_token, 1)  # Ann's move, but she is looking: no mail
        hub = mailing.app.state.hub
        wait_for(lambda: hub.rooms[room].version == 2, "the move was not played")
        wait_for(lambda: not hub.reminders.busy, "mails on the way")
    assert len(mails_to(inbox, "ann@example.org")) == first
    assert mails_to(inbox, "bob@example.org") == []
    assert unsubscribe_token(7, "k") != unsubscribe_token(8, "k")
