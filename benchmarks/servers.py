"""The baselines' servers: a trivial `MCPServer` tool and a bare FastAPI route, served like the gateway.

Both run on uvicorn in a background thread with the same settings `start_live_server` gives the real
gateway (loopback, `log_level="warning"`, lifespan on), so the only difference measured is the work
behind the route.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings

from mcp_gateway.live import serve_in_thread
from mcp_gateway.settings import Settings

PAGE = "<!doctype html><html lang=en><head><title>ok</title></head><body><p>ok</p></body></html>"


@dataclass
class ThreadServer:
    base: str
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def serve(app: Any) -> ThreadServer:
    """Run an ASGI app the way `start_live_server` runs the gateway; returns once it accepts requests."""
    # Benchmark clients stand for many agents on one address: the per-client cap must not count them as one.
    server, thread, port = serve_in_thread(app, settings=Settings(max_pending_per_client=10_000))
    return ThreadServer(f"http://127.0.0.1:{port}", server, thread)


def trivial_mcp_app(port_hint: str = "127.0.0.1") -> Any:
    """A streamable-HTTP MCP app with one tool that echoes its argument (nothing behind it)."""
    server = MCPServer("trivial", log_level="WARNING")

    @server.tool()
    async def echo(text: str) -> str:
        """Return `text`."""
        return text

    security = TransportSecuritySettings(
        allowed_hosts=["127.0.0.1:*", "localhost:*"], allowed_origins=["http://127.0.0.1:*"]
    )
    return server.streamable_http_app(transport_security=security, host=port_hint)


def bare_fastapi_app() -> FastAPI:
    """One route returning a small fixed HTML page."""
    app = FastAPI()

    @app.get("/page")
    async def page() -> HTMLResponse:
        return HTMLResponse(PAGE)

    return app
