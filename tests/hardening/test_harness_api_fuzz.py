"""Property-based fuzzing of the harness API from its own OpenAPI schema (schemathesis): no 5xx on any
route, and every response conforms to the schema it documents."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from mcp_gateway.live import start_live_server

KEY = {"Authorization": "Bearer test-harness-key"}


@pytest.fixture(scope="module")
def harness_schema():
    server = start_live_server(capacity=64, keys={"harness": "test-harness-key", "reviewer": "test-review"})
    server.new_episode("tiny")  # something for the routes that take an episode id
    warm, _ = server.new_episode("acme")  # builds acme's golden image before the first fuzzed request
    server.gateway.manager.close(warm.id)
    yield schemathesis.openapi.from_url(f"{server.base}/v1/openapi.json")
    server.stop()


schema = schemathesis.pytest.from_fixture("harness_schema")


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_route_answers_5xx_or_breaks_its_schema(case):
    case.call_and_validate(headers=KEY, checks=[not_a_server_error, response_schema_conformance], timeout=60)
