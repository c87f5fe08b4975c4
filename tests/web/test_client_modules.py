"""The browser client is native ES modules served as JavaScript, with one language list."""

from __future__ import annotations

import re

from ludoteca.engine import LANGUAGES
from ludoteca.web import STATIC

MODULES = sorted(STATIC.glob("js/**/*.js"))


def test_every_module_is_served_as_javascript_under_the_csp(client):
    assert MODULES
    for path in MODULES:
        answer = client.get(f"/static/{path.relative_to(STATIC).as_posix()}")
        assert answer.status_code == 200, path
        kind = answer.headers["content-type"].split(";")[0]
        assert kind in ("text/javascript", "application/javascript"), (path, kind)
        assert "script-src 'self'" in answer.headers["content-security-policy"]


def test_the_page_loads_the_entry_module():
    page = (STATIC / "index.html").read_text()
    assert '<script type="module" src="/static/js/main.js"></script>' in page


def test_every_import_names_an_existing_module():
    for path in MODULES:
        for target in re.findall(r'^import .* from "(\.[^"]+)";$', path.read_text(), re.M):
            assert (path.parent / target).resolve().is_file(), (path, target)


def test_one_language_list_matching_the_server():
    source = (STATIC / "js" / "langs.js").read_text()
    assert tuple(re.findall(r'\["(\w\w)", "[^"]+"\]', source)) == LANGUAGES
    others = [p for p in MODULES if p.name != "langs.js"] + [STATIC / "index.html"]
    for path in others:  # nowhere else are the languages spelled out
        assert "Deutsch" not in path.read_text() and '"ru"' not in path.read_text(), path
