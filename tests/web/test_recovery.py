"""Account recovery by e-mail through a real SMTP server on loopback (aiosmtpd): an address
verified by the link mailed to it, a password reset by a single-use link, the old password
refused after; without SMTP the site says recovery is not available."""

from __future__ import annotations

import re
import socket
import time
from email import message_from_bytes
from email.message import Message

import pytest
from starlette.testclient import TestClient

from ludoteca.server import Settings, create_app

from .test_accounts import PASSWORD, csrf, sign_up

NEW_PASSWORD = "harvest-the-leeks-in-march"


class Inbox:
    """An SMTP server on loopback that keeps what it is sent."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[Message] = []
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802  (aiosmtpd's name)
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"

    def wait(self, count: int, what: str) -> Message:
        deadline = time.monotonic() + 30
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(self.messages) >= count, f"no mail came for {what}"
        return self.messages[count - 1]


def link_in(message: Message) -> str:
    body = message.get_payload(decode=True).decode("utf-8")
    return re.search(r"https?://\S+", body).group(0)


@pytest.fixture
def inbox():
    box = Inbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture
def mailing(tmp_path, inbox, test_games):
    settings = Settings(
        data_dir=tmp_path,
        bot_workers=0,
        smtp=f"smtp://127.0.0.1:{inbox.port}",
        public_url="http://127.0.0.1:8000",
    )
    app = create_app(settings)
    with TestClient(app) as client:
        yield client
    app.state.hub.close()


def token_of(link: str) -> str:
    return link.split("token=", 1)[1]


def test_an_address_is_verified_by_its_link_and_a_reset_changes_the_password(mailing, inbox):
    client = mailing
    sign_up(client, "Ana")
    assert client.get("/api/account").json()["mail"] is True
    answer = client.post(
        "/api/account/email", json={"email": "ana@example.org"}, headers=csrf(client)
    )
    assert answer.status_code == 200 and answer.json()["email_verified"] is False
    verify = inbox.wait(1, "the verification")
    assert verify["To"] == "ana@example.org" and "confirm" in verify["Subject"]
    link = link_in(verify)
    assert link.startswith("http://127.0.0.1:8000/account/verify?token=")
    assert (
        client.post(
            "/api/account/verify", json={"token": token_of(link)}, headers=csrf(client)
        ).status_code
        == 200
    )
    me = client.get("/api/account").json()
    assert me["email"] == "ana@example.org" and me["email_verified"] is True
    client.post("/api/account/logout", headers=csrf(client))

    asked = client.post("/api/account/reset", json={"name": "ana"}, headers=csrf(client))
    assert asked.status_code == 200 and asked.json() == {"sent": True}
    reset = inbox.wait(2, "the reset")
    link = link_in(reset)
    assert "/account/reset?token=" in link and "Ana" in reset.get_payload(decode=True).decode()
    confirm = {"token": token_of(link), "password": NEW_PASSWORD}
    done = client.post("/api/account/reset/confirm", json=confirm, headers=csrf(client))
    assert done.status_code == 200, done.text
    again = client.post("/api/account/reset/confirm", json=confirm, headers=csrf(client))
    assert again.status_code == 400 and again.json()["key"] == "web.account.bad_link"

    def login(password: str) -> int:
        return client.post(
            "/api/account/login", json={"name": "Ana", "password": password}, headers=csrf(client)
        ).status_code

    assert login(PASSWORD) == 401  # the old password stops working
    assert login(NEW_PASSWORD) == 200


def test_a_reset_for_a_name_without_a_verified_address_says_the_same_and_mails_nothing(
    mailing, inbox
):
    client = mailing
    sign_up(client, "Bob")
    client.post("/api/account/email", json={"email": "bob@example.org"}, headers=csrf(client))
    inbox.wait(1, "the verification")
    client.post("/api/account/logout", headers=csrf(client))
    for name in ("Bob", "Nobody"):  # unverified, and no such account
        asked = client.post("/api/account/reset", json={"name": name}, headers=csrf(client))
        assert asked.status_code == 200 and asked.json() == {"sent": True}
    # a mail is handed to the SMTP server before the answer: nothing more can come now
    assert len(inbox.messages) == 1


def test_a_reset_link_is_refused_once_expired_or_mistyped(mailing, inbox):
    client = mailing
    for token in ("x" * 43, "", "nope"):
        done = client.post(
            "/api/account/reset/confirm",
            json={"token": token or "?", "password": NEW_PASSWORD},
            headers=csrf(client),
        )
        assert done.status_code == 400 and done.json()["key"] == "web.account.bad_link"
    bad = client.post("/api/account/email", json={"email": "not-an-address"}, headers=csrf(client))
    assert bad.status_code in (400, 401)


def test_without_smtp_recovery_is_not_available(client):
    assert client.get("/api/account").json()["mail"] is False
    asked = client.post("/api/account/reset", json={"name": "Ana"}, headers=csrf(client))
    assert asked.status_code == 503 and asked.json()["key"] == "web.account.no_mail"


def test_links_are_not_built_from_a_foreign_host_header(tmp_path, inbox, test_games):
    """Without --public-url, a request that came to another host than this machine gets no
    link mailed (its Host could point the link, and the token, elsewhere)."""
    settings = Settings(data_dir=tmp_path, bot_workers=0, smtp=f"smtp://127.0.0.1:{inbox.port}")
    app = create_app(settings)
    with TestClient(app, base_url="http://evil.example") as client:
        sign_up(client, "Ana")
        answer = client.post(
            "/api/account/email", json={"email": "a@example.org"}, headers=csrf(client)
        )
        assert answer.status_code == 503 and answer.json()["key"] == "web.account.no_public_url"
    app.state.hub.close()
    assert inbox.messages == []
