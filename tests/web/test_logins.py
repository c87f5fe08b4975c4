"""Log-in quotas that stop guessing without locking the owner out (server/logins.py), the
password and name rules, on the site's real database (SQLite here; the same tables serve
every instance on one database)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludoteca.server import Settings, create_app
from ludoteca.server.db import Store
from ludoteca.server.errors import RoomError
from ludoteca.server.logins import NAME_FAILURES, PAIR_FAILURES, LoginGuard, spacing

from .test_accounts import PASSWORD, csrf, sign_up


@pytest.fixture
def guard(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'site.sqlite3'}")
    yield LoginGuard(store)
    store.close()


def fail(guard: LoginGuard, address: str, name: str, known: int | None = None) -> None:
    guard.begin(address, name, known)  # let through, then never succeeded: a failure


def test_an_address_guessing_one_name_is_stopped_and_the_owner_elsewhere_is_not(guard):
    for _ in range(PAIR_FAILURES):
        fail(guard, "addr:203.0.113.9", "ana")
    with pytest.raises(RoomError) as refused:
        guard.begin("addr:203.0.113.9", "ana", None)
    assert refused.value.status == 429 and refused.value.key == "web.account.too_many_failures"
    assert refused.value.retry_after and refused.value.retry_after > 0
    attempt = guard.begin("addr:198.51.100.7", "ana", None)  # the owner, at home
    guard.succeeded(attempt)


def test_a_name_guessed_from_many_addresses_is_slowed_down_but_not_for_a_known_browser(guard):
    for index in range(NAME_FAILURES):
        fail(guard, f"addr:203.0.113.{index}", "ana")
    assert spacing(NAME_FAILURES) > 0
    with pytest.raises(RoomError) as refused:
        guard.begin("addr:192.0.2.1", "ana", None)  # a new browser: waits its turn
    assert refused.value.key == "web.account.slow_down"
    assert 1 <= refused.value.params["seconds"] <= spacing(NAME_FAILURES)
    store = guard.store
    from ludoteca.server.accounts import Accounts

    owner = Accounts(store).sign_up("Ana", PASSWORD)
    token = guard.know(owner.id)
    assert guard.known_user(token) == owner.id
    attempt = guard.begin("addr:192.0.2.1", "ana", guard.known_user(token))  # at once
    guard.succeeded(attempt)
    assert guard.known_user("not-a-token") is None


def test_the_counts_are_the_same_for_every_instance_on_one_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    one, two = Store(url), Store(url)
    try:
        first, second = LoginGuard(one), LoginGuard(two)
        for index in range(PAIR_FAILURES):
            fail(first if index % 2 else second, "addr:203.0.113.9", "ana")
        with pytest.raises(RoomError):
            first.begin("addr:203.0.113.9", "ana", None)
        with pytest.raises(RoomError):
            second.begin("addr:203.0.113.9", "ana", None)
    finally:
        one.close()
        two.close()


def test_spacing_doubles_and_is_capped():
    assert spacing(NAME_FAILURES - 1) == 0
    steps = [spacing(NAME_FAILURES * k) for k in range(1, 8)]
    assert steps == sorted(steps) and steps[1] == 2 * steps[0] and steps[-1] == max(steps)


# -- through the API ------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, bot_workers=0))
    with TestClient(app) as client:
        yield client
    app.state.hub.close()


def login(client: TestClient, name: str, password: str):
    return client.post(
        "/api/account/login", json={"name": name, "password": password}, headers=csrf(client)
    )


def test_the_owner_logs_in_after_someone_guessed_from_the_same_address(client, tmp_path):
    sign_up(client, "Ana")
    owner_browser = dict(client.cookies)
    client.post("/api/account/logout", headers=csrf(client))
    client.cookies.clear()
    for _ in range(PAIR_FAILURES):
        assert login(client, "Ana", "wrong-password-here").status_code == 401
    refused = login(client, "Ana", PASSWORD)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
    assert refused.json()["key"] == "web.account.too_many_failures"
    # The guesses came from this test client's address; the owner's own browser, known to the
    # account since it signed up, is still slowed down only per address: another address
    # logs in at once (tests/web/test_proxy.py drives that through nginx).
    assert "ludoteca_known" in owner_browser


@pytest.mark.parametrize("length", [72, 73, 100, 128])
def test_long_passwords_up_to_128_characters_are_taken(client, length):
    password = ("correct horse battery staple " * 5)[:length]
    response = client.post(
        "/api/account/signup",
        json={"name": f"Long{length}", "password": password},
        headers=csrf(client),
    )
    assert response.status_code == 200, response.text
    client.post("/api/account/logout", headers=csrf(client))
    assert login(client, f"Long{length}", password).status_code == 200


@pytest.mark.parametrize(
    ("password", "key"),
    [
        ("short-pw-11", "web.account.short_password"),
        ("x" * 129, "web.account.long_password"),
        ("aaaaaaaaaaaaaaaa", "web.account.weak_password"),
    ],
)
def test_password_rules_refuse_clearly(client, password, key):
    response = client.post(
        "/api/account/signup", json={"name": "Rules", "password": password}, headers=csrf(client)
    )
    assert response.status_code == 400 and response.json()["key"] == key


@pytest.mark.parametrize("name", ["admin", "Admin", "ADMINISTRATOR", "Аdmin", "Ludoteca", "root"])
def test_reserved_names_are_refused_whatever_they_are_written_in(client, name):
    response = client.post(
        "/api/account/signup", json={"name": name, "password": PASSWORD}, headers=csrf(client)
    )
    assert response.status_code == 400 and response.json()["key"] == "web.account.reserved_name"


def test_a_name_that_looks_like_a_taken_one_is_refused(client):
    sign_up(client, "Ana")
    client.post("/api/account/logout", headers=csrf(client))
    lookalike = "\u0410n\u0430"  # Cyrillic А, Latin n, Cyrillic а
    response = client.post(
        "/api/account/signup", json={"name": lookalike, "password": PASSWORD}, headers=csrf(client)
    )
    assert response.status_code == 409 and response.json()["key"] == "web.account.name_too_like"
    assert "Ana" not in response.json()["message"] or lookalike in response.json()["message"]
    response = client.post(
        "/api/account/signup", json={"name": "ANA", "password": PASSWORD}, headers=csrf(client)
    )
    assert response.status_code == 409 and response.json()["key"] == "web.account.name_taken"


def test_api_answers_are_not_stored_by_caches(client):
    made = client.get("/api/games")
    assert made.headers["cache-control"] == "no-store"
    assert "strict-transport-security" not in made.headers  # plain http here


def test_behind_a_trusted_proxy_https_gives_secure_cookies_and_hsts(tmp_path):
    """The proxy says the request came over HTTPS: cookies are Secure, answers carry HSTS.
    (TestClient's peer is named "testclient"; a real one is an address: test_proxy.py.)"""
    settings = Settings(data_dir=tmp_path, bot_workers=0, trusted_proxies=("testclient",))
    app = create_app(settings)
    with TestClient(app) as client:
        answer = client.get(
            "/api/account", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.4"}
        )
        assert answer.headers["strict-transport-security"].startswith("max-age=")
        assert "Secure" in answer.headers["set-cookie"]
    app.state.hub.close()


def test_forwarded_headers_are_ignored_without_a_trusted_proxy(client):
    answer = client.get("/api/account", headers={"X-Forwarded-Proto": "https"})
    assert "strict-transport-security" not in answer.headers
    assert "Secure" not in answer.headers["set-cookie"]


def _memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (the peak) of a process, in bytes."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text("ascii").splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) * 1024
    return found


@pytest.mark.slow
def test_thirty_sign_ups_at_once_do_not_take_64_mib_each(tmp_path):
    """Argon2 runs in a pool of two threads: 30 sign-ups arriving together (from 30 addresses,
    so that no quota refuses them) raise the server's peak memory by about two hashes, not
    thirty (measured before the pool: 386 MB for 30 log-ins)."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    from .test_persistence import kill, start_server

    process, base = start_server(tmp_path, workers=0)
    try:
        before = _memory(process.pid)["VmRSS"]

        def sign_up_from(index: int) -> int:
            transport = httpx.HTTPTransport(local_address=f"127.0.3.{index + 1}")
            with httpx.Client(base_url=base, transport=transport, timeout=120) as client:
                client.get("/api/account")
                answer = client.post(
                    "/api/account/signup",
                    json={"name": f"Burst{index}", "password": PASSWORD},
                    headers={"X-CSRF-Token": client.cookies["ludoteca_csrf"]},
                )
                return answer.status_code

        with ThreadPoolExecutor(max_workers=30) as pool:
            codes = list(pool.map(sign_up_from, range(30)))
        assert codes == [200] * 30
        grown = _memory(process.pid)["VmHWM"] - before
        assert grown < 200 * 1024 * 1024, f"peak memory grew by {grown / 2**20:.0f} MiB"
    finally:
        kill(process)
