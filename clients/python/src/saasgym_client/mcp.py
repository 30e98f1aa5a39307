"""MCP `tools/list` and `tools/call` over streamable HTTP, spoken directly as JSON-RPC over httpx.

Two protocol revisions:
- `2026-07-28` (sessionless): every request is one self-contained POST carrying its protocol version,
  client capabilities and client info in `params._meta` and the routing headers `MCP-Protocol-Version`,
  `Mcp-Method` and (for `tools/call`) `Mcp-Name`; no handshake, no session.
- `2025-11-25` (session): `initialize`, then `notifications/initialized`, then requests carrying the
  `Mcp-Session-Id` the server issued; the session is ended with a DELETE.

`protocol="auto"` tries the sessionless revision first and falls back to the session protocol when the
server refuses it (a server on the `mcp` 1.x SDK, say). Either revision may answer with JSON or with an
SSE stream; both are read.
"""

from __future__ import annotations

import contextlib
import itertools
import json
from typing import Any

import httpx

from saasgym_client.models import McpError, SaasgymError, Tool, ToolResult

MODERN = "2026-07-28"
LEGACY = "2025-11-25"
CLIENT_INFO = {"name": "saasgym-client", "version": "0.1.0"}
_ACCEPT = "application/json, text/event-stream"


class Protocol:
    """The protocol state of one MCP connection, without I/O: builds requests, reads responses."""

    def __init__(self, url: str, protocol: str = "auto", headers: dict[str, str] | None = None):
        if protocol not in ("auto", MODERN, LEGACY):
            raise ValueError(f"protocol must be 'auto', {MODERN!r} or {LEGACY!r}, not {protocol!r}")
        self.url, self.wanted, self.extra = url, protocol, dict(headers or {})
        self.version: str | None = None if protocol == "auto" else protocol
        self.session_id: str | None = None
        self.initialized = False
        self._ids = itertools.count(1)

    @property
    def needs_handshake(self) -> bool:
        return self.version == LEGACY and not self.initialized

    def headers(self, method: str | None = None, name: str | None = None) -> dict[str, str]:
        out = {"Accept": _ACCEPT, "Content-Type": "application/json", **self.extra}
        version = self.version or MODERN
        if version == MODERN:
            out["MCP-Protocol-Version"] = MODERN
            if method:
                out["Mcp-Method"] = method
            if name:
                out["Mcp-Name"] = name
        else:
            if self.initialized:
                out["MCP-Protocol-Version"] = version
            if self.session_id:
                out["Mcp-Session-Id"] = self.session_id
        return out

    def request(self, method: str, params: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        rid = next(self._ids)
        params = dict(params or {})
        if (self.version or MODERN) == MODERN:
            params["_meta"] = {
                "io.modelcontextprotocol/protocolVersion": MODERN,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
            }
        return rid, {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}

    def initialize_request(self) -> tuple[int, dict[str, Any]]:
        params = {"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": CLIENT_INFO}
        return self.request("initialize", params)

    def handshake_done(self, response: httpx.Response, result: dict[str, Any]) -> dict[str, Any]:
        """Record the handshake's outcome; returns the `notifications/initialized` body to send."""
        self.session_id = response.headers.get("mcp-session-id")
        self.version = result.get("protocolVersion") or LEGACY
        self.initialized = True
        return {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def falls_back(self, response: httpx.Response) -> bool:
        """In auto mode, does this refusal of a sessionless request mean "speak the session protocol"?"""
        if self.wanted != "auto" or self.version is not None:
            return False
        if response.status_code in (400, 404, 405, 406):
            self.version = LEGACY
            return True
        return False

    def settle(self) -> None:
        """A sessionless request succeeded: stay on that revision."""
        if self.version is None:
            self.version = MODERN

    def read(self, response: httpx.Response, rid: int) -> Any:
        """The result of request `rid` from a JSON or SSE response; raises McpError / SaasgymError."""
        kind = response.headers.get("content-type", "")
        messages: list[Any] = []
        if "text/event-stream" in kind:
            messages = _sse_messages(response.text)
        elif response.content:
            try:
                messages = [response.json()]
            except ValueError:
                messages = []
        for message in messages:
            batch = message if isinstance(message, list) else [message]
            for m in batch:
                if isinstance(m, dict) and m.get("id") == rid:
                    if "error" in m:
                        err = m["error"]
                        raise McpError(err.get("code", 0), err.get("message", ""), err.get("data"))
                    return m.get("result")
        if response.status_code >= 400:
            raise SaasgymError(response.status_code, response.text.strip() or response.reason_phrase)
        raise McpError(-32603, f"no response to request {rid} in the server's reply ({kind or 'empty'})")


def _sse_messages(text: str) -> list[Any]:
    """The JSON payloads of an SSE stream's `message` events (data lines joined per event)."""
    out, data, event = [], [], "message"
    for line in [*text.splitlines(), ""]:
        if not line:
            if data and event == "message":
                with contextlib.suppress(ValueError):
                    out.append(json.loads("\n".join(data)))
            data, event = [], "message"
        elif line.startswith("data:"):
            data.append(line[5:].lstrip(" "))
        elif line.startswith("event:"):
            event = line[6:].strip()
    return out


def _tools(pages: list[dict[str, Any]]) -> list[Tool]:
    return [Tool.from_json(t) for page in pages for t in page.get("tools", [])]


class McpClient:
    """A synchronous MCP client for one endpoint (an episode's `mcp` or `<app>_mcp` URL)."""

    def __init__(
        self,
        url: str,
        protocol: str = "auto",
        timeout: float = 60.0,
        http: httpx.Client | None = None,
        headers: dict[str, str] | None = None,
    ):
        self.proto = Protocol(url, protocol, headers)
        self._own = http is None
        self.http = http or httpx.Client(timeout=timeout)

    def __enter__(self) -> McpClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _post(self, method: str, params: dict[str, Any] | None = None, name: str | None = None) -> Any:
        if self.proto.needs_handshake:
            self._handshake()
        rid, body = self.proto.request(method, params)
        response = self.http.post(self.proto.url, json=body, headers=self.proto.headers(method, name))
        if self.proto.falls_back(response):
            return self._post(method, params, name)
        result = self.proto.read(response, rid)
        self.proto.settle()
        return result

    def _handshake(self) -> None:
        rid, body = self.proto.initialize_request()
        response = self.http.post(self.proto.url, json=body, headers=self.proto.headers())
        note = self.proto.handshake_done(response, self.proto.read(response, rid))
        self.http.post(self.proto.url, json=note, headers=self.proto.headers())

    def list_tools(self) -> list[Tool]:
        """Every tool of the endpoint (all pages)."""
        pages, cursor = [], None
        while True:
            page = self._post("tools/list", {"cursor": cursor} if cursor else None) or {}
            pages.append(page)
            cursor = page.get("nextCursor")
            if not cursor:
                return _tools(pages)

    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolResult:
        """Call a tool; a refusal by the tool comes back as `ToolResult.is_error`, not as an exception."""
        params = {"name": name, "arguments": dict(arguments or {})}
        return ToolResult.from_json(self._post("tools/call", params, name=name) or {})

    def close(self) -> None:
        if self.proto.session_id:
            with contextlib.suppress(httpx.HTTPError):
                self.http.delete(self.proto.url, headers=self.proto.headers())
            self.proto.session_id = None
        if self._own:
            self.http.close()


class AsyncMcpClient:
    """The asynchronous twin of `McpClient`."""

    def __init__(
        self,
        url: str,
        protocol: str = "auto",
        timeout: float = 60.0,
        http: httpx.AsyncClient | None = None,
        headers: dict[str, str] | None = None,
    ):
        self.proto = Protocol(url, protocol, headers)
        self._own = http is None
        self.http = http or httpx.AsyncClient(timeout=timeout)

    async def __aenter__(self) -> AsyncMcpClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _post(self, method: str, params: dict[str, Any] | None = None, name: str | None = None) -> Any:
        if self.proto.needs_handshake:
            await self._handshake()
        rid, body = self.proto.request(method, params)
        response = await self.http.post(self.proto.url, json=body, headers=self.proto.headers(method, name))
        if self.proto.falls_back(response):
            return await self._post(method, params, name)
        result = self.proto.read(response, rid)
        self.proto.settle()
        return result

    async def _handshake(self) -> None:
        rid, body = self.proto.initialize_request()
        response = await self.http.post(self.proto.url, json=body, headers=self.proto.headers())
        note = self.proto.handshake_done(response, self.proto.read(response, rid))
        await self.http.post(self.proto.url, json=note, headers=self.proto.headers())

    async def list_tools(self) -> list[Tool]:
        """Every tool of the endpoint (all pages)."""
        pages, cursor = [], None
        while True:
            page = await self._post("tools/list", {"cursor": cursor} if cursor else None) or {}
            pages.append(page)
            cursor = page.get("nextCursor")
            if not cursor:
                return _tools(pages)

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolResult:
        """Call a tool; a refusal by the tool comes back as `ToolResult.is_error`, not as an exception."""
        params = {"name": name, "arguments": dict(arguments or {})}
        return ToolResult.from_json(await self._post("tools/call", params, name=name) or {})

    async def aclose(self) -> None:
        if self.proto.session_id:
            with contextlib.suppress(httpx.HTTPError):
                await self.http.delete(self.proto.url, headers=self.proto.headers())
            self.proto.session_id = None
        if self._own:
            await self.http.aclose()
