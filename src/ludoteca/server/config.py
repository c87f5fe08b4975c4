"""How one server runs: where its data lives, how bots run, its quotas and its neighbours."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from limits import parse_many
from sqlalchemy.engine import make_url

COUNTS = ("mcts_rooms", "open_seeks")  # limits that are a number, not a rate
# the limits that are rates (counted by quotas.Quotas)
RATES = (
    "rooms",
    "joins",
    "hellos",
    "messages",
    "hints",
    "chat",
    "logins",
    "reports",
    "seeks",
    "analyses",
)


@dataclass(frozen=True)
class Limits:
    """Quotas, in the notation of the ``limits`` library ("10/minute;100/day").

    Each rate is counted per client address and, where a seat is known, per seat token."""

    rooms: str = "20/minute;300/day"  # rooms created
    joins: str = "30/minute"  # open seats taken and invitations opened
    hellos: str = "60/minute"  # WebSocket connections saying hello
    messages: str = "20/second;600/minute"  # actions, undos and other WebSocket messages
    hints: str = "60/minute"  # hints computed for a seat
    chat: str = "5/10seconds;40/minute"  # chat messages (room and lobby)
    # sign-ups and password changes (the latter per account too); log-ins have their own
    # quotas, kept in the database (logins.py)
    logins: str = "10/minute;100/hour"
    reports: str = "5/minute;30/day"  # reports to the administrators (per address, account)
    mcts_rooms: int = 3  # rooms with an MCTS bot in play at once, per client address
    seeks: str = "20/minute;300/day"  # seeks made (quick pairing)
    open_seeks: int = 3  # seeks open at once, per client address (or per account)
    analyses: str = "5/hour;20/day"  # finished games' analyses started (minutes of search each)

    def __post_init__(self) -> None:
        for name in RATES:
            parse_many(getattr(self, name))  # a bad rate fails at start-up, not at the first hit

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def with_overrides(self, given: dict[str, str]) -> Limits:
        """These limits with ``{name: rate}`` replacing some (ValueError names a bad one)."""
        changes: dict[str, str | int] = {}
        for name, value in given.items():
            if name not in self.names():
                raise ValueError(f"unknown limit {name!r}: one of {', '.join(self.names())}")
            changes[name] = int(value) if name in COUNTS else value
        try:
            return replace(self, **changes)  # type: ignore[arg-type]
        except ValueError as error:
            raise ValueError(f"bad limit: {error}") from None

    @classmethod
    def from_environment(cls) -> Limits:
        """Defaults overridden by ``LUDOTECA_LIMIT_<NAME>`` variables."""
        given = {
            name: os.environ[f"LUDOTECA_LIMIT_{name.upper()}"]
            for name in cls.names()
            if f"LUDOTECA_LIMIT_{name.upper()}" in os.environ
        }
        return cls().with_overrides(given)


@dataclass
class Settings:
    """Where the data lives and how bots run. ``database`` wins over ``data_dir``."""

    database: str | None = None
    data_dir: str | Path | None = None
    bot_workers: int | None = None  # processes for bots and hints; 0 = threads (tests)
    bot_delay: float = 0.0  # seconds a bot waits before moving, so people can follow
    limits: Limits = field(default_factory=Limits)
    # Origins allowed to send unsafe requests and open WebSockets ("https://example.org");
    # empty: only pages of this server itself (the Origin's host is the request's Host).
    allowed_origins: tuple[str, ...] = ()
    # Proxies (addresses or CIDR networks, "127.0.0.1", "10.0.0.0/8") whose X-Forwarded-For and
    # X-Forwarded-Proto are believed: behind them, a request's client address (what its quotas
    # count) and scheme (Secure cookies, HSTS) come from those headers. Empty: never believed,
    # so no client can choose the address its quotas count for.
    trusted_proxies: tuple[str, ...] = ()
    # Mail (account recovery): the SMTP server's URL (None: no mail, no recovery), the
    # sender, and the site's address as links in mails give it ("https://games.example.org")
    smtp: str | None = None
    mail_from: str = "ludoteca@localhost"
    public_url: str | None = None
    # Addresses or networks whose requests for /metrics are answered (others get 403)
    metrics_from: tuple[str, ...] = ("127.0.0.0/8", "::1/128")
    api_docs: bool = False  # serve /api/docs and /api/openapi.json
    abandon_after: float = 24 * 3600.0  # seconds without a move before a room is abandoned
    max_body: int = 256 * 1024  # bytes of a request body
    max_message: int = 64 * 1024  # characters of a WebSocket message
    # Several instances on one PostgreSQL database: seconds after which an instance that
    # stopped beating is taken for gone and its rooms are adopted by the others
    lease_seconds: float = 5.0
    instance: str | None = None  # this instance's name among them (default: host-pid-random)
    # Several instances: seconds a room no socket of this instance watches stays in its memory
    idle_rooms: float = 300.0

    def database_url(self) -> str:
        if self.database:
            return with_password(self.database)
        folder = Path(self.data_dir or os.environ.get("LUDOTECA_DATA", "data")).resolve()
        private_folder(folder)
        database = folder / "ludoteca.sqlite3"
        if not database.exists():
            os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))
        database.chmod(0o600)
        return f"sqlite:///{database}"


def private_folder(folder: Path) -> None:
    """Create ``folder`` readable by its owner only (room seeds and token hashes live there);
    a folder that exists already keeps the permissions its owner gave it."""
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
        folder.chmod(0o700)  # whatever the umask


def trusted_networks(given: tuple[str, ...]) -> tuple[str, ...]:
    """``given`` as networks ("10.1.2.3/8" becomes "10.0.0.0/8"; an address, itself); a bad
    one is a ValueError that names it."""
    networks = []
    for item in given:
        try:
            network = ipaddress.ip_network(item.strip(), strict=False)
        except ValueError:
            raise ValueError(f"not an address or network: {item!r}") from None
        networks.append(str(network))
    return tuple(networks)


def with_password(url: str) -> str:
    """``url`` with the database password from ``LUDOTECA_DATABASE_PASSWORD`` or the file named
    by ``LUDOTECA_DATABASE_PASSWORD_FILE`` when the URL carries none, so that the password need
    not stand on a command line (where ``ps`` shows it to every user of the machine)."""
    password = os.environ.get("LUDOTECA_DATABASE_PASSWORD")
    named = os.environ.get("LUDOTECA_DATABASE_PASSWORD_FILE")
    if password is None and named:
        try:
            password = Path(named).read_text("utf-8").strip()
        except OSError as error:
            raise ValueError(f"cannot read the database password file {named}: {error}") from None
    parsed = make_url(url)
    if password is None or parsed.password is not None:
        return url
    return parsed.set(password=password).render_as_string(hide_password=False)
