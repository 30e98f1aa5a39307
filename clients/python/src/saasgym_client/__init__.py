"""A thin client for a saasgym gateway: the harness API (`/v1`) and MCP over streamable HTTP (sync, async)."""

from saasgym_client.aio import AsyncEpisode, AsyncHarness
from saasgym_client.harness import Episode, Harness
from saasgym_client.mcp import LEGACY, MODERN, AsyncMcpClient, McpClient
from saasgym_client.models import (
    EpisodeStatus,
    McpError,
    Outcome,
    Page,
    SaasgymError,
    Task,
    Tool,
    ToolResult,
    Verdict,
    World,
)

__all__ = [
    "LEGACY",
    "MODERN",
    "AsyncEpisode",
    "AsyncHarness",
    "AsyncMcpClient",
    "Episode",
    "EpisodeStatus",
    "Harness",
    "McpClient",
    "McpError",
    "Outcome",
    "Page",
    "SaasgymError",
    "Task",
    "Tool",
    "ToolResult",
    "Verdict",
    "World",
]
