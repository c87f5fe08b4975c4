"""Behind the documented nginx (deploy/nginx.conf, on a port other than 80): each client keeps
quotas of its own, the owner of a guessed-at account still logs in, and a real browser's own
requests and WebSocket pass the origin check.

Clients come from different loopback addresses (127.0.0.2, 127.0.0.3, …: all of 127.0.0.0/8
is this machine), so nginx sees them apart and says so in X-Forwarded-For; the server believes
it from nginx only (``--trusted-proxy 127.0.0.1``)."""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from ludoteca.server.logins import PAIR_FAILURES

from .test_persistence import ROOT, server_env

pytestmark = [
    pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed"),
    pytest.mark.slow,
]

PASSWORD = "sow-beans-in-autumn"
DEADLINE = 60.0  # seconds a wait may take: generous, the machine is shared


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command: list[str], cwd: Path | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        command,
        cwd=cwd,
        env=server_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    seen: object = None
    while time.monotonic() < deadline:
        try:
            seen = condition()
            if seen:
                return
        except httpx.HTTPError as error:
            seen = error
        time.sleep(0.1)
    raise AssertionError(f"waited {DEADLINE:.0f} s for {what}; last seen: {seen!r}")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[str]:
    """One instance (SQLite) behind nginx as deploy/nginx.conf sets it up, on a free port."""
    folder = tmp_path_factory.mktemp("proxy")
    port = free_port()
    command = [sys.executable, "-m", "tests.web.serve_for_tests", "--port", str(port)]
    command += ["--data", str(folder / "data"), "--workers", "0", "--lang", "en"]
    command += ["--trusted-proxy", "127.0.0.1", "--limit", "rooms=3/minute"]
    server = start(command, cwd=ROOT)
    line = ""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline and not re.search(r"http://[\d.]+:\d+/", line):
        line = server.stdout.readline() if server.stdout else ""
        if not line and server.poll() is not None:
            raise AssertionError(f"the server ended before it answered (exit {server.returncode})")
    front = free_port()
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    conf = conf.replace("127.0.0.1:8001", f"127.0.0.1:{port}")
    conf = re.sub(r"\n\s*server 127\.0\.0\.1:8002[^\n]*", "", conf)  # one instance here
    conf = conf.replace("listen 127.0.0.1:8080", f"listen 127.0.0.1:{front}")
    (folder / "nginx.conf").write_text(conf)
    (folder / "logs").mkdir()
    nginx = start(
        ["nginx", "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    )
    base = f"http://127.0.0.1:{front}"
    try:
        wait_for(lambda: httpx.get(base + "/readyz", timeout=5).status_code == 200, "nginx")
        yield base
    finally:
        nginx.send_signal(signal.SIGQUIT)
        server.send_signal(signal.SIGTERM)
        for process in (nginx, server):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


@contextmanager
def client_from(address: str, base: str) -> Iterator[httpx.Client]:
    """A client whose connections come from ``address`` (a loopback address of its own)."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=base, transport=transport, timeout=30) as client:
        client.get("/api/account")  # the CSRF cookie
        client.headers["X-CSRF-Token"] = client.cookies["ludoteca_csrf"]
        yield client


def test_each_client_behind_nginx_has_quotas_of_its_own(site):
    """One client's room quota (3 a minute here) and its wrong log-ins touch nobody else."""
    with client_from("127.0.0.2", site) as guesser, client_from("127.0.0.3", site) as player:
        seats = [{"kind": "person"}, {"kind": "person"}]
        body = {"game": "pile", "options": {}, "seats": seats}
        codes = [guesser.post("/api/rooms", json=body).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert player.post("/api/rooms", json=body).status_code == 200
        assert (
            player.post(
                "/api/account/signup", json={"name": "Owner", "password": PASSWORD}
            ).status_code
            == 200
        )
        player.post("/api/account/logout")
        for _ in range(PAIR_FAILURES):
            wrong = {"name": "Owner", "password": "not-the-password"}
            assert guesser.post("/api/account/login", json=wrong).status_code == 401
        refused = guesser.post("/api/account/login", json={"name": "Owner", "password": PASSWORD})
        assert refused.status_code == 429 and refused.headers["retry-after"]
        # the owner, at another address, is not locked out by the guesses
        owner = player.post("/api/account/login", json={"name": "Owner", "password": PASSWORD})
        assert owner.status_code == 200, owner.text


def test_a_name_guessed_from_many_addresses_still_lets_its_owners_browser_in(site):
    with client_from("127.0.0.4", site) as owner:
        made = owner.post("/api/account/signup", json={"name": "Keeper", "password": PASSWORD})
        assert made.status_code == 200 and "ludoteca_known" in owner.cookies
        owner.post("/api/account/logout")
        for index in range(12):  # 2 wrong guesses from each of 12 addresses: 24 in all
            with client_from(f"127.0.1.{index + 1}", site) as guesser:
                for _ in range(2):
                    guess = {"name": "Keeper", "password": f"guess-{index}-{_}-xxxx"}
                    assert guesser.post("/api/account/login", json=guess).status_code in (401, 429)
        with client_from("127.0.2.1", site) as stranger:
            slowed = stranger.post(
                "/api/account/login", json={"name": "Keeper", "password": PASSWORD}
            )
            assert slowed.status_code == 429
            assert slowed.json()["key"] == "web.account.slow_down"
        back = owner.post("/api/account/login", json={"name": "Keeper", "password": PASSWORD})
        assert back.status_code == 200, back.text


def test_a_client_cannot_claim_https_or_another_address_through_nginx(site):
    """nginx sets X-Forwarded-Proto to its own scheme and appends the real peer to
    X-Forwarded-For, so what a client writes in them changes nothing."""
    with client_from("127.0.0.5", site) as client:
        answer = client.get("/api/account", headers={"X-Forwarded-Proto": "https"})
        assert "strict-transport-security" not in answer.headers
        assert "Secure" not in answer.headers.get("set-cookie", "")
        seats = [{"kind": "person"}, {"kind": "person"}]
        body = {"game": "pile", "options": {}, "seats": seats}
        codes = [
            client.post(
                "/api/rooms", json=body, headers={"X-Forwarded-For": f"198.51.100.{n}"}
            ).status_code
            for n in range(4)
        ]
        assert codes == [200, 200, 200, 429]  # counted for 127.0.0.5 all the same


@pytest.mark.browser
def test_a_browser_plays_through_nginx_on_another_port_with_csp_enforced(site):
    """The page's own POSTs and its WebSocket carry ``Origin: http://127.0.0.1:<port>``: the
    Host nginx forwards keeps the port, so they pass the origin check."""
    from playwright.sync_api import sync_playwright

    from .conftest import launch
    from .test_browser import start_from_lobby

    with sync_playwright() as playwright:
        browser = launch(playwright)  # the CSP enforced, its violations noted
        try:
            page = browser.new_page()
            console: list[str] = []
            page.on("console", lambda message: console.append(message.text))
            page.on(
                "response",
                lambda answer: (
                    answer.status >= 400 and console.append(f"{answer.status} {answer.url}")
                ),
            )
            try:
                start_from_lobby(page, site, "pile", {"start": 6, "refill": False}, ["me", "bot"])
            except Exception as error:
                raise AssertionError(
                    f"no room made from the lobby; the page said {console}"
                ) from error
            page.wait_for_selector("#lt-board svg")
            page.wait_for_selector("#lt-status:has-text('connected')")
            page.locator('#lt-board [id="take:1"]').first.click(force=True)
            page.wait_for_selector("#lt-log-box li")
            assert not [text for text in console if "403" in text], console
            assert browser.taken() == [], "Content-Security-Policy violations"
        finally:
            browser.close()
