"""Running a task's oracle (or any step list) on a surface: Python, MCP over HTTP, or the CLI.

Step arguments may reference earlier results: "$2.id" is step 2's `id`, "$1.records.0.id" walks
into lists. Tool names are full (`crm_update_opportunity`); `complete_task` ends the turn.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from apps.core.naming import split_qualified
from apps.core.registry import discover
from tasks.model import OracleStep
from tasks.refs import resolve_args


class StepFailed(Exception):
    """A step of a script failed (the tool returned an error)."""


def run_python(episode: Any, steps: Sequence[OracleStep], *, surface: str = "python") -> list[Any]:
    """Run steps in-process (the same service functions, logged with `surface`)."""
    results: list[Any] = []
    for step in steps:
        args = resolve_args(step.args, results)
        if step.tool == "complete_task":
            outcome = episode.complete_task(args.get("answer"), surface=surface)
        else:
            found = split_qualified(step.tool, episode.apps)
            if found is None:
                raise StepFailed(f"{step.tool}: not a tool of this episode's apps")
            outcome = episode.invoke(*found, args, surface=surface)
        if not outcome.ok:
            raise StepFailed(f"{step.tool}: {outcome.error}")
        results.append(outcome.data())
    return results


async def run_mcp(url: str, steps: Sequence[OracleStep], *, mode: str = "auto") -> list[Any]:
    """Run steps through a real MCP client against an episode's combined endpoint (`/e/<token>/mcp`)."""
    from mcp.client import Client

    results: list[Any] = []
    async with Client(url, mode=mode) as client:
        for step in steps:
            result = await client.call_tool(step.tool, resolve_args(step.args, results))
            if result.is_error:
                raise StepFailed(f"{step.tool}: {' '.join(getattr(c, 'text', '') for c in result.content)}")
            results.append(result.structured_content)
    return results


def cli_argv(tool: str, args: dict[str, Any]) -> list[str]:
    """The `saasgym` command line for one tool call."""
    if tool == "complete_task":
        argv = ["complete-task"]
    else:
        app, name = split_qualified(tool, discover()) or ("?", tool)
        argv = [app, name.replace("_", "-")]
    for key, value in args.items():
        flag = "--" + key.replace("_", "-")
        if isinstance(value, bool):
            argv.append(flag if value else f"--no-{key.replace('_', '-')}")
        elif isinstance(value, (list, dict)) and (not isinstance(value, list) or _needs_json(value)):
            argv += [flag, json.dumps(value)]  # rows, objects, an empty list: JSON (apps/core/cli_params)
        elif isinstance(value, list):
            for item in value:  # objects and rows as JSON (the CLI reads them so)
                argv += [flag, json.dumps(item) if isinstance(item, dict | list) else str(item)]
        elif value is not None:
            argv += [flag, str(value)]
    return argv


def _needs_json(items: list[Any]) -> bool:
    """Whether a list must go as one JSON array: empty, structured items, or an item that reads as JSON."""
    return not items or any(isinstance(i, (list, dict)) or str(i).lstrip().startswith("[") for i in items)


def run_cli(url: str, steps: Sequence[OracleStep]) -> list[Any]:
    """Run steps as `saasgym` subprocesses against an episode URL (logged with surface `cli`)."""
    results: list[Any] = []
    env = {**os.environ, "SAASGYM_URL": url}
    for step in steps:
        argv = cli_argv(step.tool, resolve_args(step.args, results))
        out = subprocess.run(
            [sys.executable, "-m", "mcp_gateway", *argv, "--json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        if out.returncode != 0:
            raise StepFailed(f"{step.tool}: {out.stderr.strip()}")
        results.append(json.loads(out.stdout))
    return results
