"""Mail from the site, through the SMTP server the operator names (``--smtp URL``).

``smtp://[user:password@]host[:port]`` sends in the clear (a relay on the same machine),
``smtp+starttls://…`` upgrades with STARTTLS (port 587), ``smtps://…`` speaks TLS from the start
(port 465). Without a URL the site sends no mail, and the pages say that account recovery is
not available. Sending runs in a thread: an SMTP server may take seconds to answer.
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
TIMEOUT = 20.0  # seconds an SMTP server may take to answer


@dataclass(frozen=True)
class Mailer:
    url: str | None = None
    sender: str = "ludoteca@localhost"

    def __post_init__(self) -> None:
        if self.url is not None and urlsplit(self.url).scheme not in SCHEMES:
            raise ValueError(
                f"the SMTP URL must begin with {', '.join(f'{s}://' for s in SCHEMES)}"
            )

    @property
    def enabled(self) -> bool:
        return self.url is not None

    async def send(
        self, to: str, subject: str, body: str, headers: dict[str, str] | None = None
    ) -> None:
        """Send one plain-text message (nothing when no SMTP server is set); ``headers``:
        more of them (List-Unsubscribe)."""
        if self.url is None:
            return
        # header lines up to RFC 5322's 998 characters: a link in a header stays one word
        message = EmailMessage(policy=policy.default.clone(max_line_length=998))
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        for name, value in (headers or {}).items():
            message[name] = value
        message.set_content(body)
        await asyncio.to_thread(self._deliver, message)

    def _deliver(self, message: EmailMessage) -> None:
        assert self.url is not None
        parts = urlsplit(self.url)
        host, port = parts.hostname or "localhost", parts.port or SCHEMES[parts.scheme]
        if parts.scheme == "smtps":
            connection: smtplib.SMTP = smtplib.SMTP_SSL(
                host, port, timeout=TIMEOUT, context=ssl.create_default_context()
            )
        else:
            connection = smtplib.SMTP(host, port, timeout=TIMEOUT)
        with connection:
            if parts.scheme == "smtp+starttls":
                connection.starttls(context=ssl.create_default_context())
            if parts.username:
                connection.login(unquote(parts.username), unquote(parts.password or ""))
            connection.send_message(message)
