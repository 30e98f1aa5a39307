"""Sidecar mode of `saasgym serve` (`--task T --token-file F`): the gateway beside one harness task.

At start it provisions one episode of T, serves that episode's MCP at the predictable `/task/mcp` (and
`/task/<app>/mcp`), and keeps the harness key in F: read when F exists, else generated into it with mode
0600. The verifier step reads F to call `/v1/episodes/{id}/verify`; the agent gets only the MCP URL.
"""

from __future__ import annotations

from pathlib import Path

from apps.core.api import Episode
from apps.core.worlds import list_worlds
from mcp_gateway.gateway import EpisodeUrls
from mcp_gateway.routing import PINNED_PREFIX
from mcp_gateway.settings import Settings, read_or_create_key
from tasks.store import find_task


class SidecarError(Exception):
    """The sidecar cannot start (unknown task, unusable token file); the message says what to fix."""


def check_task(task_id: str) -> None:
    """Refuse an unknown task before anything is written."""
    if find_task(task_id, list_worlds()) is None:
        raise SidecarError(f"unknown task {task_id!r}; `saasgym tasks list` shows the tasks")


def use_token_file(settings: Settings, token_file: Path) -> None:
    """Make the key in `token_file` (created with mode 0600 when missing) the harness key."""
    try:
        key = read_or_create_key(token_file)
    except OSError as exc:
        raise SidecarError(f"cannot use token file {token_file}: {exc.strerror or exc}") from None
    if not key:
        raise SidecarError(f"token file {token_file} is empty: remove it to have a key generated")
    settings.keys["harness"] = key


def pinned_rows(base: str, episode: Episode) -> list[tuple[str, str]]:
    """The predictable MCP URLs of the sidecar's episode, as `saasgym serve` prints them."""
    rows = [("MCP (all apps)", f"{base}{PINNED_PREFIX}/mcp")]
    return rows + [(f"{name} MCP", f"{base}{PINNED_PREFIX}/{name}/mcp") for name in episode.apps]


def capability_rows(urls: EpisodeUrls, episode: Episode) -> list[tuple[str, str]]:
    """The episode's capability URLs (MCP and one-time UI launch), as `saasgym serve` prints them."""
    rows = [("MCP (all apps)", urls.mcp())]
    for name in episode.apps:
        rows += [
            (f"{name} MCP", urls.mcp(name)),
            (f"{name} web UI", f"{urls.ui(name)}   (one-time launch link)"),
        ]
    return rows
