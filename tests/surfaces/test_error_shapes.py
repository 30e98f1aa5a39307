"""Every refused call speaks its product's error shape, over a real MCP client on each app's endpoint.

Every tool of every app gets a value of the wrong type, no arguments at all (when it has required
ones) and an unknown argument. Each refusal must be the product's body (Salesforce REST list,
ServiceNow Table API object, Microsoft Graph error) as JSON text and as `structuredContent` (valid
against the tool's output schema, which lists the error body as the alternative to the result),
name the parameter and its expected type, and never show pydantic, an `…Arguments` / `…_args`
model name or a validation-library URL. Then one business refusal per kind and app, with its code.
"""

from __future__ import annotations

import json
import re
from typing import Any

import anyio
import jsonschema
import pytest
from mcp.client import Client

DATA_POLICY = "Data Policy Exception: The following fields are mandatory"
LEAKS = re.compile(r"pydantic|errors\.pydantic\.dev|\w+Arguments\b|\w+_args\b|Input should|Traceback", re.I)
APPS = ("crm", "ticketing", "office")
# What each product calls a wrong type / a missing argument / an unknown argument.
EXPECTED = {
    "crm": {"type": "JSON_PARSER_ERROR", "missing": "REQUIRED_FIELD_MISSING", "unknown": "INVALID_FIELD"},
    "ticketing": {
        "type": "Exception while reading request",
        "missing": "Operation Failed",
        "unknown": "Exception while reading request",
    },
    "office": {"type": "RequestBodyRead", "missing": "ErrorInvalidRequest", "unknown": "RequestBodyRead"},
}


def wrong_value(schema: dict[str, Any]) -> Any:
    """A value no parameter of this schema's type accepts."""
    kinds = schema.get("type", "string")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds)
    if kinds & {"integer", "number", "boolean"}:
        return "not-a-number"
    if "array" in kinds:
        return 12345
    return {"nested": ["object"]}  # text, date-time, enum: an object is none of them


def decode(app: str, result: Any) -> tuple[str, str, Any]:
    """(code, message, field list or None) of a refusal, after checking text and structured agree."""
    assert result.is_error
    text = result.content[0].text
    assert not LEAKS.search(text), text
    body = json.loads(text)
    structured = result.structured_content  # the same body, as an object
    assert structured == ({"errors": body} if app == "crm" else body), (body, structured)
    if app == "crm":
        assert isinstance(body, list)
        (entry,) = body
        assert set(entry) == {"errorCode", "message", "fields"}
        return entry["errorCode"], entry["message"], entry["fields"]
    if app == "ticketing":
        assert body["status"] == "failure" and set(body["error"]) == {"message", "detail"}, body
        return body["error"]["message"], body["error"]["detail"], None
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "innerError"}, body
    return body["error"]["code"], body["error"]["message"], None


async def _probe_every_tool(url: str) -> list[tuple[str, str, Any, Any, Any]]:
    """(tool, probe kind, parameter, result, the tool's output schema) of each probe."""
    out = []
    async with Client(url) as client:
        for tool in (await client.list_tools()).tools:
            props = tool.input_schema.get("properties", {})
            required = tool.input_schema.get("required", [])
            probes = [("unknown", "zz_not_a_parameter", {"zz_not_a_parameter": 1})]
            if props:  # a required one when there is one: the other required ones are reported after it
                name = required[0] if required else sorted(props)[0]
                probes.append(("type", name, {name: wrong_value(props[name])}))
            if required:
                probes.append(("missing", required[0], {}))
            for kind, param, args in probes:
                result = await client.call_tool(tool.name, args)
                out.append((tool.name, kind, param, result, tool.output_schema))
    return out


@pytest.mark.parametrize("app", APPS)
def test_argument_errors_of_every_tool_are_in_the_product_shape(live_server, app):
    episode, urls = live_server.new_episode("tiny", apps=list(APPS))
    before = episode.state_hash()
    probes = anyio.run(_probe_every_tool, urls.mcp(app))
    kinds = {kind for _, kind, *_ in probes}
    assert kinds == {"type", "missing", "unknown"} and len(probes) > 40
    for tool, kind, param, result, output_schema in probes:
        code, message, fields = decode(app, result)
        # what a validating client (the TypeScript SDK 1.x) checks: the error conforms to the output
        # schema, through its error alternative, never through the result's
        jsonschema.validate(result.structured_content, output_schema)
        ok = {**output_schema["anyOf"][0], "$defs": output_schema.get("$defs", {})}
        assert not jsonschema.Draft202012Validator(ok).is_valid(result.structured_content), tool
        assert code == EXPECTED[app][kind], (tool, kind, code, message)
        assert param in message, (tool, kind, message)
        if kind == "type":
            assert "must be" in message and "(got " in message, (tool, message)
        if kind == "missing":
            assert f"{param} is required: give " in message, (tool, message)
            if app == "ticketing":
                assert message.startswith(
                    f"Data Policy Exception: The following fields are mandatory: {param}"
                )
        if fields is not None:  # Salesforce names every missing required field in one entry
            assert fields[0] == param and (kind == "missing" or fields == [param]), (tool, kind, fields)
    assert episode.state_hash() == before


async def _calls(url: str, calls: list[tuple[str, dict]]) -> list[Any]:
    async with Client(url) as client:
        return [await client.call_tool(name, args) for name, args in calls]


def test_ticketing_refusals_use_servicenow_wording(live_server):
    episode, urls = live_server.new_episode("tiny", apps=list(APPS))
    closed = episode.call("ticketing_list_incidents", state=[7], limit=1)["records"][0]["number"]
    me = episode.call("ticketing_get_current_user")["sys_id"]
    missing, acl, choice, transition, typed = anyio.run(
        _calls,
        urls.mcp("ticketing"),
        [
            ("get_incident", {"incident_id": "INC9999999"}),
            ("update_incident", {"incident_id": closed, "short_description": "edit a closed one"}),
            ("create_incident", {"caller_id": me, "short_description": "x", "category": "furniture"}),
            ("start_incident_work", {"incident_id": closed}),
            ("create_incident", {"caller_id": me, "short_description": "x", "impact": "high"}),
        ],
    )
    heading, detail, _ = decode("ticketing", missing)
    assert heading == "No Record found" and "INC9999999" in detail
    heading, detail, _ = decode("ticketing", acl)
    assert heading == "Operation Failed"
    assert detail.startswith("ACL Exception Update Failed due to security constraints: ") and closed in detail
    heading, detail, _ = decode("ticketing", choice)
    assert heading == "Operation Failed" and "'furniture' is not a valid value" in detail
    heading, detail, _ = decode("ticketing", transition)
    assert heading == "Operation Failed" and closed in detail
    heading, detail, _ = decode("ticketing", typed)
    assert heading == "Exception while reading request"
    assert detail == 'impact must be one of 1, 2, 3 (got "high")'


def test_office_refusals_use_graph_codes(live_server):
    episode, urls = live_server.new_episode("tiny", apps=list(APPS))
    results = anyio.run(
        _calls,
        urls.mcp("office"),
        [
            ("get_message", {"message_id": "AAMk-nothing"}),
            ("get_message", {"message_id": "3f2c0000-0000-4000-8000-000000000000"}),
            ("send_mail", {"to": ["not an address"], "subject": "s", "body": "b"}),
            ("send_mail", {"to": [], "subject": "s", "body": "b"}),
            ("create_mail_folder", {"display_name": "Inbox"}),
            ("list_messages", {"limit": 0}),
        ],
    )
    codes = [decode("office", r)[0] for r in results]
    assert codes == [
        "ErrorInvalidIdMalformed",  # not an id at all, as Graph answers it
        "ErrorItemNotFound",  # a well-formed id of nothing
        "ErrorInvalidRecipients",
        "ErrorInvalidRecipients",
        "ErrorFolderExists",
        "ErrorInvalidRequest",
    ]
    assert "limit must be between 1 and 200" in decode("office", results[-1])[1]
    inner = json.loads(results[0].content[0].text)["error"]["innerError"]  # Graph's innerError on every error
    assert set(inner) == {"date", "request-id", "client-request-id"}


def test_crm_and_engine_refusals(live_server):
    _, urls = live_server.new_episode("tiny", apps=list(APPS))
    blank, unknown_tool = anyio.run(
        _calls, urls.mcp("crm"), [("create_account", {"name": "  "}), ("no_such_tool", {})]
    )
    code, message, fields = decode("crm", blank)
    assert code == "REQUIRED_FIELD_MISSING" and fields == ["name"]
    code, message, _ = decode("crm", unknown_tool)
    assert code == "NOT_FOUND" and "Unknown tool: no_such_tool" in message
    (combined,) = anyio.run(_calls, urls.mcp(), [("complete_task", {"answer": 42})])
    body = json.loads(combined.content[0].text)
    assert combined.structured_content == body  # the same body as structured content
    assert body["error"] == {
        "code": "invalid_type",
        "message": "answer must be text (got int)",
        "field": "answer",
    }


def test_cli_prints_the_product_shape_and_exits_nonzero(live_server):
    from tests.surfaces.test_cli import saasgym

    _, urls = live_server.new_episode("tiny", apps=list(APPS))
    base = f"{urls.base}/e/{urls.token}"
    refused = saasgym("ticketing", "get-incident", "--incident-id", "INC9999999", url=base)
    assert refused.returncode == 1
    body = json.loads(refused.stderr)
    assert body["status"] == "failure" and body["error"]["message"] == "No Record found"
    typed = saasgym("office", "list-messages", "--limit", "many", url=base)  # refused before any call
    assert typed.returncode == 2
    error = json.loads(typed.stderr)["error"]
    assert error["code"] == "RequestBodyRead" and "innerError" in error
    assert error["message"] == 'limit must be an integer from 1 to 200 (got "many")'
