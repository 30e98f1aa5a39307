"""Bring your production MCP server: mcp-salesforce-connector (PyPI, pinned, own venv) unchanged, its
SALESFORCE_INSTANCE_URL the gateway and SALESFORCE_ACCESS_TOKEN the episode's capability. Its tools
query, create and update through the episode's Salesforce REST API; the calls land in the journal as
`api` actions and the verifier scores the episode like any other."""

from __future__ import annotations

import json
import os

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.apis.conftest import venv_python


def _server(base: str, token: str, cert) -> StdioServerParameters:  # noqa: ANN001
    python = venv_python("salesforce-mcp")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"SALESFORCE_INSTANCE_URL": base, "SALESFORCE_ACCESS_TOKEN": token}
    env |= {"REQUESTS_CA_BUNDLE": str(cert), "SSL_CERT_FILE": str(cert)}
    return StdioServerParameters(command=str(python.parent / "salesforce"), args=[], env=env)


def _session(params: StdioServerParameters, work):  # noqa: ANN001, ANN202
    """Run `work(client)` in one stdio session with the server."""

    async def go():
        async with Client(params) as client:
            return await work(client)

    return anyio.run(go)


def _text(result) -> str:  # noqa: ANN001
    return "".join(getattr(c, "text", "") for c in result.content)


async def _first_id(client, soql: str) -> str:  # noqa: ANN001
    """The first record's Id of run_soql_query's json format ("Total: N records" then the JSON list)."""
    result = await client.call_tool("run_soql_query", {"query": soql, "format": "json"})
    return json.loads(_text(result).split("\n", 1)[1])[0]["Id"]


def test_salesforce_mcp_server_queries_creates_updates_and_is_verified(tls_server):
    manager = tls_server.gateway.manager
    made = manager.create(world="acme", task="crm-create-contact-parker")

    async def create_contact(client):  # noqa: ANN001, ANN202
        tools = [t.name for t in (await client.list_tools()).tools]
        account = await _first_id(client, "SELECT Id, Name FROM Account WHERE Name = 'Parker PLC'")
        contact = {"AccountId": account, "FirstName": "Dana", "LastName": "Whitfield"}
        contact |= {
            "Title": "Procurement Lead",
            "Email": "dana.whitfield@parkerplc.com",
            "Phone": "(662) 555-0148",
        }
        return tools, await client.call_tool("create_record", {"object_name": "Contact", "data": contact})

    tools, created = _session(_server(tls_server.base, made.performer_token, tls_server.cert), create_contact)
    assert {"run_soql_query", "run_sosl_search", "create_record", "update_record"} <= set(tools)
    assert not created.is_error, _text(created)
    assert manager.verify(made.row.id)["outcome"] == "pass"
    assert {e.surface for e in made.episode.events() if e.kind == "action"} == {"api"}

    # The verifier holds the server's work to the task: the right update passes, a wrong rating fails.
    for rating, outcome in (("Hot", "pass"), ("Warm", "fail")):
        made = manager.create(world="acme", task="crm-myers-rating-employees")
        updated = _session(
            _server(tls_server.base, made.performer_token, tls_server.cert), _rate_myers(rating)
        )
        assert not updated.is_error, _text(updated)
        assert manager.verify(made.row.id)["outcome"] == outcome


def _rate_myers(rating: str):  # noqa: ANN202
    """The session work: find Myers LLC by SOQL, then update its rating and number of employees."""

    async def work(client):  # noqa: ANN001, ANN202
        myers = await _first_id(client, "SELECT Id FROM Account WHERE Name = 'Myers LLC'")
        data = {"Rating": rating, "NumberOfEmployees": 850}
        return await client.call_tool(
            "update_record", {"object_name": "Account", "record_id": myers, "data": data}
        )

    return work
