"""CRM tool schemas an LLM can use: every parameter described, picklists as enums, Salesforce lengths,
ranges and formats, read from a real MCP client's tools/list over HTTP; every refusal has a code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import anyio
from mcp.client import Client

from apps.crm import fields as crm_fields
from apps.crm.services import actions
from tests.schema_reading import plain_properties

SERVICES = Path(__file__).resolve().parents[2] / "apps" / "crm" / "services"
OBJECT_OF_ACTION = {"account": "Account", "contact": "Contact", "lead": "Lead", "opportunity": "Opportunity"}


def documented_args(description: str) -> dict[str, str]:
    """The `Args:` entries of a Google-style docstring (name -> text, continuation lines joined)."""
    if "Args:" not in description:
        return {}
    out: dict[str, str] = {}
    current = None
    for line in description.split("Args:", 1)[1].splitlines()[1:]:
        match = re.match(r"^ {4}(\w+): (.+)$", line)
        if match:
            current = match.group(1)
            out[current] = match.group(2)
        elif line.startswith("        ") and current:
            out[current] += " " + line.strip()
        elif line.strip():
            break
    return out


def test_every_parameter_of_every_crm_tool_is_described():
    missing = [
        f"{action.name}.{p.name}"
        for action in actions
        for p in action.params
        if len(documented_args(action.description).get(p.name, "")) < 5
    ]
    assert missing == []


def test_every_refusal_in_the_crm_services_carries_a_salesforce_code():
    uncoded = []
    for path in sorted(SERVICES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            raised = isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "ActionError",
                "NotFoundError",
            )
            if raised and not any(k.arg == "code" for k in node.keywords):
                uncoded.append(f"{path.name}:{node.lineno}")
    assert uncoded == []


async def _tools(url: str):
    async with Client(url) as client:
        return {t.name: t for t in (await client.list_tools()).tools}


def test_schemas_carry_enums_lengths_ranges_and_formats(live_server):
    _, urls = live_server.new_episode()
    tools = anyio.run(_tools, urls.mcp("crm"))
    account = plain_properties(tools["create_account"].input_schema)
    assert account["name"]["maxLength"] == 255 and account["phone"]["maxLength"] == 40
    assert account["description"]["maxLength"] == 32_000
    assert "Banking" in account["industry"]["enum"]
    contact = plain_properties(tools["create_contact"].input_schema)
    assert contact["last_name"]["maxLength"] == 80 and contact["first_name"]["maxLength"] == 40
    assert (contact["email"]["maxLength"], contact["email"]["format"]) == (80, "email")
    assert contact["title"]["maxLength"] == 128
    assert plain_properties(tools["create_lead"].input_schema)["company"]["maxLength"] == 255
    opp = plain_properties(tools["create_opportunity"].input_schema)
    assert opp["name"]["maxLength"] == 120
    assert opp["stage_name"]["enum"][0] == "Prospecting" and "Closed Lost" in opp["stage_name"]["enum"]
    assert (opp["probability"]["minimum"], opp["probability"]["maximum"]) == (0, 100)
    assert opp["close_date"]["format"] == "date"
    assert plain_properties(tools["create_task"].input_schema)["subject"]["maxLength"] == 255
    assert tools["describe_object"].input_schema["properties"]["object_name"]["enum"][:4] == [
        "Account",
        "Contact",
        "Lead",
        "Opportunity",
    ]
    # the schema's maxLength is the catalogue's length (the one the service enforces), everywhere
    for name, tool in tools.items():
        verb, _, noun = name.partition("_")
        object_name = OBJECT_OF_ACTION.get(noun)
        if verb not in ("create", "update") or object_name is None:
            continue
        for arg, schema in plain_properties(tool.input_schema).items():
            if "maxLength" in schema:
                assert schema["maxLength"] == crm_fields.length_of(object_name, arg), f"{name}.{arg}"
    assert "reopen_opportunity" not in tools
