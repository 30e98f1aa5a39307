"""The gateway accepts connections before its MCP servers are built; an early MCP call waits for them."""

from __future__ import annotations

import tempfile
from pathlib import Path

import anyio
import httpx
from mcp.client import Client

from apps.core.api import Gym
from mcp_gateway.gateway import Gateway
from mcp_gateway.live import free_port, serve_in_thread
from mcp_gateway.settings import Settings


def test_health_answers_at_once_and_an_early_mcp_call_is_served(gym: Gym):
    port = free_port()
    settings = Settings(port=port, state_dir=Path(tempfile.mkdtemp()), keys={"harness": "k"})
    gateway = Gateway(gym, settings)
    _, urls = gateway.create("tiny", apps=["crm"])
    server, thread, _ = serve_in_thread(gateway.asgi(), port)  # returns once the socket accepts
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200

        async def first_call():
            async with Client(urls.mcp("crm")) as client:
                return await client.call_tool("get_current_user", {})

        result = anyio.run(first_call)
        assert not result.is_error and result.structured_content["id"]
        assert gateway.mcp.wait_built(0)  # built by now
    finally:
        server.should_exit = True
        thread.join(timeout=10)
