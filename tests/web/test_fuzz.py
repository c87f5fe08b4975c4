"""Property-based fuzzing, bounded in time: schemathesis against the app's own OpenAPI schema
(every endpoint, valid and invalid input) and Hypothesis against the WebSocket. Whatever
comes in, the answer is never a 500 and every refusal has the documented shape."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.server import Limits, Settings, create_app

pytestmark = pytest.mark.slow  # every endpoint fuzzed: minutes on a crowded machine

LOOSE = Limits(
    rooms="100000/minute", joins="100000/minute", hellos="100000/minute", messages="100000/second"
)
FAST = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    from starlette.testclient import TestClient

    from ludoteca.games import registry

    added = "pile" not in registry.ids()
    if added:
        registry.add("pile", "tests.web.pilegame")
    app = create_app(
        Settings(data_dir=tmp_path_factory.mktemp("fuzz"), bot_workers=0, limits=LOOSE)
    )
    with TestClient(app) as client:
        app.state.client = client
        yield app
    if added:
        registry.remove("pile")


@pytest.fixture(scope="module")
def api_schema(fuzz_app):
    """The schema as the app makes it (docs are off: it is taken from the app object)."""
    found = schemathesis.openapi.from_dict(fuzz_app.openapi())
    found.app = fuzz_app
    return found


schema = schemathesis.pytest.from_fixture("api_schema")


def assert_error_shape(response) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:300])
    if response.status_code >= 400:
        body = response.json()
        assert body["type"] == "error" and body["code"] == response.status_code, body
        assert isinstance(body["key"], str) and isinstance(body["message"], str), body


@schema.parametrize()
@FAST
def test_no_input_to_any_endpoint_gets_a_500(case):
    response = case.call()
    assert_error_shape(response)


# -- the WebSocket ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.text(max_size=60),
    JSON.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "act", "undo", "hints", "lang", "dance"])},
        optional={
            "token": JSON,
            "lang": JSON,
            "views": JSON,
            "action": JSON,
            "move": JSON,
            "on": JSON,
        },
    ).map(json.dumps),
)


@given(frames=st.lists(MESSAGES, min_size=1, max_size=6))
@FAST
def test_no_websocket_message_drops_the_socket(fuzz_app, frames):
    client = fuzz_app.state.client
    made = client.post(
        "/api/rooms",
        json={"game": "pile", "seats": [{"kind": "person"}, {"kind": "person"}]},
    ).json()
    with client.websocket_connect(f"/ws/rooms/{made['room']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["tokens"]["0"]}))
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        for frame in frames:
            ws.send_text(frame)
        ws.send_bytes(b"\x00\xff binary")
        # the socket still answers: the binary frame is refused, then a valid message is served
        ws.send_text(json.dumps({"type": "lang", "lang": "de"}))
        refused_binary = False
        for _ in range(60):
            message = ws.receive_json()
            assert message["type"] in ("error", "state", "ack", "welcome", "presence")
            if message["type"] == "error":
                assert message["code"] < 500 and message["message"], message
                refused_binary = refused_binary or "binary" in message["message"]
            if message["type"] == "state" and refused_binary:
                break
        else:
            raise AssertionError("the socket stopped answering")
