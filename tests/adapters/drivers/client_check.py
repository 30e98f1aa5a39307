"""The client's whole surface against a live gateway, from a venv that pins mcp 1.x on Python 3.10."""

from __future__ import annotations

import asyncio
import sys
from importlib import metadata

from common import emit, load_job
from saasgym_client import LEGACY, MODERN, AsyncHarness, Harness, McpError, SaasgymError

job = load_job()
requires = [r for r in metadata.requires("saasgym-client") or [] if "extra ==" not in r]
out: dict = {"python": list(sys.version_info[:2]), "mcp": metadata.version("mcp"), "deps": requires}

with Harness(job["base"], key=job["key"]) as gym:
    out["worlds"] = sorted(w.name for w in gym.worlds())
    out["tasks"] = len(gym.tasks())
    out["crm_dev_tasks"] = sorted({(t.split, "crm" in t.apps) for t in gym.tasks(app="crm", split="dev")})
    ep = gym.create_episode(task=job["task"])
    out["task"] = ep.task.id
    golden = ep.status().state_hash
    for protocol in ("auto", MODERN, LEGACY):
        with ep.mcp(protocol=protocol) as mcp:
            tools = mcp.list_tools()
            found = mcp.call_tool("crm_list_accounts", {"search": "Dorsey"})
            refused = mcp.call_tool("crm_get_account", {"account_id": "no-such-id"})
            out[protocol] = {
                "spoken": mcp.proto.version,
                "session": mcp.proto.session_id is not None,
                "tools": len(tools),
                "found": found.data["total"],
                "refused": [refused.is_error, "no-such-id" in refused.text],
            }
    with ep.mcp("crm") as mcp:
        try:
            mcp.call_tool("no_such_tool", {})
            out["unknown_tool"] = "accepted"
        except McpError:
            out["unknown_tool"] = "mcp_error"
    with ep.mcp("crm") as mcp:
        made = mcp.call_tool("create_account", {"name": "Client Test Co"})
    out["wrote"] = not made.is_error
    out["changed"] = ep.status().state_hash != golden
    snap, at_snap = ep.snapshot(), ep.status().state_hash
    fork = ep.fork()
    out["fork_hash_equal"] = fork.status().state_hash == at_snap
    fork.close()
    out["events"] = [e.get("name") for e in ep.events()][-1:]
    with ep.mcp("crm") as mcp:
        mcp.call_tool("create_account", {"name": "After The Snapshot"})
    out["restored"] = ep.restore(snap).state_hash == at_snap
    ep.reset()
    out["reset_golden"] = ep.status().state_hash == golden
    out["ui"] = ep.ui_launch().startswith(job["base"] + "/e/")
    verdict = ep.verify()
    out["verdict"] = [verdict.outcome, verdict.reward, verdict.score, verdict.void]
    out["closed"] = ep.close().state
    try:
        with ep.mcp() as mcp:
            mcp.list_tools()
    except SaasgymError as exc:  # the episode's URLs stop working when it is closed
        out["after_close"] = exc.status
    plain = gym.create_episode(world="tiny", apps=["crm"])
    try:
        plain.verify()
    except SaasgymError as exc:
        out["no_task"] = [exc.status, exc.detail]
    plain.close()
    try:
        gym.create_episode(world="no-such-world")
    except SaasgymError as exc:
        out["bad_world"] = exc.status


async def concurrent() -> list:
    async with AsyncHarness(job["base"], key=job["key"]) as gym:

        async def one(protocol: str) -> list:
            ep = await gym.create_episode(task=job["task"])
            async with ep.mcp(protocol=protocol) as mcp:
                tools = await mcp.list_tools()
                found = await mcp.call_tool("crm_list_accounts", {"search": "Dorsey"})
            verdict = await ep.verify()
            await ep.close()
            return [protocol, mcp.proto.version, len(tools), found.data["total"], verdict.outcome]

        return list(await asyncio.gather(*(one(p) for p in ("auto", MODERN, LEGACY, LEGACY))))


out["async"] = asyncio.run(concurrent())
try:
    Harness(job["base"], key="wrong").worlds()
except SaasgymError as exc:
    out["bad_key"] = exc.status
emit(out)
