"""The OpenAPI schema describes what the API really answers: schemathesis generates requests
from it for every operation and checks each answer against it, on the live server
(``python -m taubench api`` on 127.0.0.1). Bounded (25 examples per operation, a hard time
limit) and derandomized, so it runs the same requests every time.

The server has no provider key in its environment (conftest strips them) and its own runs
and data folders: whatever POST /runs accepts is at most an offline oracle run."""

import signal

import pytest
import schemathesis
from conftest import serving_api
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from taubench.integrations.http_api.server import create_app

TOKEN = "schema-test-token"
TIME_LIMIT_S = 45  # for every operation together, once the server is up


@pytest.fixture(scope="module")
def live_api(tmp_path_factory):
    with serving_api(tmp_path_factory.mktemp("api-schema"), {"TAUBENCH_API_TOKEN": TOKEN}) as client:

        def expired(signum, frame):
            raise TimeoutError(f"the schema checks ran past their {TIME_LIMIT_S} s")

        previous = signal.signal(signal.SIGALRM, expired)
        signal.alarm(TIME_LIMIT_S)
        try:
            yield client
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def live_schema(live_api):
    return schemathesis.openapi.from_url(str(live_api.base_url.join("/openapi.json")))


OPERATIONS = [(method.upper(), path) for path, methods in create_app().openapi()["paths"].items() for method in methods]


@pytest.mark.parametrize("method, path", OPERATIONS)
def test_every_answer_is_one_the_schema_describes(live_schema, method, path):
    """Requests that fit the schema and requests that break it (negative data) alike."""
    operation = live_schema[path][method]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @given(cases)
    @settings(max_examples=25, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    def answered_as_described(case):
        case.call_and_validate(
            headers={"Authorization": f"Bearer {TOKEN}"},
            checks=[not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance],
            timeout=20,
        )

    answered_as_described()
