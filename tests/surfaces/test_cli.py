"""The CLI as a subprocess: `saasgym crm …` against a live episode URL, and the world commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import anyio
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters


def saasgym(*args: str, url: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "160"}
    env.pop("SAASGYM_URL", None)
    if url:
        env["SAASGYM_URL"] = url
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


def test_create_then_read_as_json(live_server):
    episode, urls = live_server.new_episode()
    base = f"{urls.base}/e/{urls.token}"
    made = saasgym(
        "crm",
        "create-account",
        "--name",
        "Shell Co",
        "--industry",
        "Energy",
        "--annual-revenue",
        "2500000",
        "--json",
        url=base,
    )
    assert made.returncode == 0, made.stderr
    account = json.loads(made.stdout)
    assert account["name"] == "Shell Co" and account["annual_revenue"] == 2500000.0
    got = saasgym("crm", "get-account", "--account-id", account["id"], "--json", url=base)
    assert json.loads(got.stdout)["account"]["industry"] == "Energy"
    assert [e.surface for e in episode.events() if e.name == "create_account"] == ["cli"]


def test_table_output_by_default(live_server):
    _, urls = live_server.new_episode()
    out = saasgym(
        "crm", "list-accounts", "--limit", "3", "--sort-by", "name", "--url", f"{urls.base}/e/{urls.token}"
    )
    assert out.returncode == 0, out.stderr
    assert "name" in out.stdout and "total" in out.stdout


def test_table_output_shows_the_columns_a_person_needs(live_server):
    """A list whose records have none of the usual names (find_people's display_name, job_title …) showed
    its id alone; now its telling columns, and a caption saying how many were left out."""
    _, urls = live_server.new_episode(apps=["office"])
    out = saasgym("office", "find-people", "--query", "Customer Support", url=urls.cli)
    assert out.returncode == 0, out.stderr
    header = next(line for line in out.stdout.splitlines() if "display_name" in line)
    assert [c for c in ("id", "display_name", "job_title", "department", "mail") if c in header] == [
        "id", "display_name", "job_title", "department", "mail"
    ]  # fmt: skip
    assert "more fields not shown" in out.stdout


def test_an_app_not_in_the_episode_is_named_not_unreachable(live_server):
    _, urls = live_server.new_episode(apps=["office"])
    out = saasgym("ticketing", "list-catalog-items", url=urls.cli)
    assert out.returncode == 2 and "no app 'ticketing' in this episode; its apps: office" in out.stderr


def test_rule_violation_exits_nonzero_with_message(live_server):
    episode, urls = live_server.new_episode()
    before = episode.state_hash()
    out = saasgym(
        "crm", "create-account", "--name", "X", "--rating", "Lukewarm", url=f"{urls.base}/e/{urls.token}"
    )
    assert out.returncode == 1
    assert "rating" in out.stderr and "Hot" in out.stderr and "Traceback" not in out.stderr
    assert episode.state_hash() == before


def test_bad_type_and_missing_url_are_clear_errors():
    bad = saasgym(
        "crm", "create-account", "--name", "X", "--annual-revenue", "lots", "--url", "http://127.0.0.1:9/e/x"
    )
    assert bad.returncode == 2 and "annual_revenue" in bad.stderr and "Traceback" not in bad.stderr
    missing = saasgym("crm", "list-accounts")
    assert missing.returncode == 2 and "SAASGYM_URL" in missing.stderr
    unreachable = saasgym("crm", "list-accounts", "--url", "http://127.0.0.1:9/e/nothing")
    assert unreachable.returncode == 3 and "could not reach" in unreachable.stderr


def test_every_action_has_a_command():
    out = saasgym("crm", "--help")
    assert out.returncode == 0
    for name in ("create-account", "convert-lead", "update-opportunity", "pipeline-report", "search-records"):
        assert name in out.stdout


def test_world_commands():
    listed = saasgym("world", "list")
    assert listed.returncode == 0 and "acme" in listed.stdout and "tiny" in listed.stdout
    verified = saasgym("world", "verify", "tiny")
    assert verified.returncode == 0 and "tiny: ok" in verified.stdout


def test_world_generate_refuses_to_overwrite_a_frozen_world():
    out = saasgym("world", "generate", "--name", "tiny", "--seed", "1", "--scale", "0.02")
    assert out.returncode != 0 and "frozen" in out.stderr


def test_mcp_over_stdio():
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mcp_gateway", "mcp", "crm", "--stdio", "--world", "tiny"]
    )

    async def go():
        async with Client(params) as client:
            tools = (await client.list_tools()).tools
            made = await client.call_tool("create_account", {"name": "Over stdio"})
            return tools, made

    tools, made = anyio.run(go)
    assert any(t.name == "convert_lead" for t in tools)
    assert not made.is_error and made.structured_content["name"] == "Over stdio"
