"""Account recovery in Debian's Chromium: the links the site mails (to a real SMTP server on
loopback) are opened in the browser; a forgotten password is reset and the new one logs in.
Screenshots of the recovery pages in four languages at two sizes, checked by axe."""

from __future__ import annotations

import pytest

from .screens import close, every_language, in_every_size, new_page
from .test_accounts_browser import PASSWORD, sign_up
from .test_browser import ARGS, browser  # noqa: F401  (fixture)
from .test_persistence import kill, start_server
from .test_recovery import NEW_PASSWORD, Inbox, link_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def mailing_server(tmp_path_factory):
    inbox = Inbox()
    inbox.controller.start()
    data = tmp_path_factory.mktemp("recovery")
    process, base = start_server(data, workers=0, more=["--smtp", f"smtp://127.0.0.1:{inbox.port}"])
    yield base, inbox
    kill(process)
    inbox.controller.stop()


def test_a_forgotten_password_is_reset_through_the_mailed_link(mailing_server, browser):  # noqa: F811
    base, inbox = mailing_server
    page = new_page(browser)
    sign_up(page, base, "Rita")
    page.goto(base + "/account")
    page.fill("#lt-email-email", "rita@example.org")
    page.click("#lt-email-submit")
    page.wait_for_selector("#lt-email-said:has-text('rita@example.org')")
    page.goto(link_in(inbox.wait(len(inbox.messages) or 1, "the verification")))
    page.wait_for_selector("#lt-verified")
    page.goto(base + "/account")
    page.click("#lt-logout")
    page.wait_for_url(base + "/")
    page.goto(base + "/account")
    count = len(inbox.messages)
    page.fill("#lt-reset-name", "rita")
    page.click("#lt-reset-submit")
    page.wait_for_selector("#lt-reset-said:not(:empty)")
    page.goto(link_in(inbox.wait(count + 1, "the reset")))
    page.fill("#lt-new-password-password", NEW_PASSWORD)
    page.click("#lt-new-password-submit")
    page.wait_for_selector("#lt-to-login")
    page.click("#lt-to-login")
    page.fill("#lt-login-name", "Rita")
    page.fill("#lt-login-password", PASSWORD)
    page.click("#lt-login-submit")
    page.wait_for_function("() => document.querySelector('#lt-login-error').textContent.length > 0")
    page.fill("#lt-login-password", NEW_PASSWORD)
    page.click("#lt-login-submit")
    page.wait_for_url("**/player/Rita")
    close(page)


def test_screenshots_of_the_recovery_pages_pass_axe(mailing_server, browser):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    base, _ = mailing_server
    axe, problems = Axe(), []
    for lang, page in every_language(browser, base):
        for name, path in (("account-mail", "/account"), ("reset", "/account/reset?token=x")):
            page.goto(base + path)
            page.wait_for_selector("#lt-app > section")
            in_every_size(page, axe, f"recovery-{name}-{lang}", problems)
    assert not problems, problems
