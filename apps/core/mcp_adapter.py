"""Service functions become MCP tools: schema from type hints, description from the docstring,
structured output from the return type, annotations from the action kind. No hand-written JSON.

The server is the SDK's low-level `Server` with our own `tools/list` and `tools/call` handlers over
the apps' action tables (`apps/core/mcp_tools.py`): nothing is compiled per tool when a server is
built (schemas are derived on the first `tools/list` and shared by every server), a call validates
its arguments once (the action's own model) and serializes its result once.

The episode a call acts on comes from the HTTP request (put in the ASGI scope by the gateway from
the URL path), never from `Mcp-Session-Id`, so both protocol generations work. A server built with
`filtered=True` (the gateway's combined endpoint) lists and accepts only the tools of the apps the
request's episode holds, so one server serves every set of apps.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.context import ServerRequestContext

from apps.core.error_shapes import Refusal
from apps.core.errors import ErrorKind
from apps.core.mcp_tools import ToolTable, failure
from apps.core.scope_keys import EPISODE_SCOPE_KEY, SURFACE_HEADER
from apps.core.spec import AppSpec

__all__ = ["EPISODE_SCOPE_KEY", "SURFACE_HEADER", "EpisodeToolServer", "build_mcp_server", "run_stdio"]

# Given the low-level request context, the episode the request acts on (raise LookupError if none).
EpisodeResolver = Callable[[ServerRequestContext], Any]
_HAS_SCHEMA_HOOK = "get_tool_input_schema" in inspect.signature(Server.__init__).parameters
UNBOUND = "this MCP endpoint is not bound to an episode; use the URL /e/<token>/<app>/mcp"


def episode_from_request(ctx: ServerRequestContext) -> Any:
    """The episode the gateway attached to this HTTP request's ASGI scope."""
    request = ctx.request
    episode = getattr(request, "scope", {}).get(EPISODE_SCOPE_KEY) if request is not None else None
    if episode is None:
        raise LookupError(UNBOUND)
    return episode


def surface_from_request(ctx: ServerRequestContext) -> str:
    """`cli` when the saasgym CLI made the call, else `mcp`."""
    headers = getattr(ctx.request, "headers", None) or {}
    return "cli" if headers.get(SURFACE_HEADER) == "cli" else "mcp"


def version() -> str:
    """The installed saasgym package's version (the `serverInfo.version` of every server)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("saasgym")
    except PackageNotFoundError:
        return "0.0.0"


class EpisodeToolServer(Server):
    """A low-level MCP `Server` serving the action tables of `specs` for the request's episode."""

    def __init__(
        self,
        specs: Sequence[AppSpec],
        *,
        name: str,
        prefix: bool,
        resolve: EpisodeResolver = episode_from_request,
        filtered: bool = False,
    ):
        titles = ", ".join(s.title for s in specs)
        # mcp >= 2.3 validates `Mcp-Param-*` headers against a tool's schema; mcp 2.0 (the floor) has no hook
        schema_hook = {"get_tool_input_schema": self._input_schema} if _HAS_SCHEMA_HOOK else {}
        super().__init__(
            name,
            version=version(),
            instructions=f"saasgym {titles}: tools act on your own episode of a simulated company.",
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            **schema_hook,
        )
        self.table = ToolTable(specs, prefix=prefix)
        self.resolve, self.filtered = resolve, filtered

    def _apps(self, ctx: ServerRequestContext) -> Any:
        """The app names whose tools this request may see (None: every app of the server)."""
        if not self.filtered:
            return None
        try:
            return self.resolve(ctx).apps
        except LookupError:
            return None

    def _input_schema(self, name: str) -> dict[str, Any] | None:
        tool = self.table.get(name)
        return tool.listed().input_schema if tool is not None else None

    async def _list_tools(self, ctx: ServerRequestContext, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.table.listed(self._apps(ctx)))

    async def _call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> Any:
        tool = self.table.get(params.name)
        apps = self._apps(ctx)
        if tool is not None and apps is not None and tool.app is not None and tool.app not in apps:
            message = (
                f"Unknown tool: {params.name}: the app {tool.app} is not part of this episode "
                f"(its apps: {', '.join(sorted(apps))}); see tools/list"
            )
            return failure(self.table.shape, Refusal(message, code=ErrorKind.NOT_FOUND))
        if tool is None:
            message = f"Unknown tool: {params.name}; see tools/list"
            return failure(self.table.shape, Refusal(message, code=ErrorKind.NOT_FOUND))
        try:
            episode = self.resolve(ctx)
        except LookupError as exc:
            return failure(self.table.shape, Refusal(str(exc), code=ErrorKind.NOT_FOUND))
        arguments = dict(params.arguments or {})
        return await tool.call(episode, arguments, surface_from_request(ctx))

    async def serve_stdio(self) -> None:
        """Serve this server over stdin/stdout until the client closes it."""
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream):
            await self.run(read_stream, write_stream, self.create_initialization_options())


def build_mcp_server(
    specs: Sequence[AppSpec],
    *,
    name: str,
    prefix: bool,
    resolve: EpisodeResolver = episode_from_request,
    filtered: bool = False,
) -> EpisodeToolServer:
    """An MCP server exposing the actions of `specs` for whichever episode the request is bound to."""
    return EpisodeToolServer(specs, name=name, prefix=prefix, resolve=resolve, filtered=filtered)


def run_stdio(server: EpisodeToolServer) -> None:
    """Serve `server` over stdio (blocking)."""
    anyio.run(server.serve_stdio)
