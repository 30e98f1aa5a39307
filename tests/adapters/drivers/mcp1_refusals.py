"""The official Python SDK's client at mcp 1.x (ClientSession over streamable HTTP) calls refused tools.

ClientSession validates every successful structured result against the tool's output schema; the
driver reports what it received for one success and one refusal per app endpoint.
"""

from __future__ import annotations

import asyncio
from importlib import metadata

from common import emit, load_job
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client


async def calls(url: str, steps: list[list]) -> list[dict]:
    out = []
    async with streamablehttp_client(url) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        await session.list_tools()  # the output schemas the session validates results against
        for tool, args in steps:
            result = await session.call_tool(tool, args)
            text = result.content[0].text if result.content else ""
            out.append({"isError": result.isError, "text": text, "structured": result.structuredContent})
    return out


job = load_job()
report = {"mcp": metadata.version("mcp")}
for app, steps in job["calls"].items():
    report[app] = asyncio.run(calls(job["urls"][app], steps))
emit(report)
