"""Running a task's oracle (or any step list) on a surface: Python, MCP over HTTP, or the CLI.

Step arguments may reference earlier results: "$2.id" is step 2's `id`, "$1.records.0.id" walks
into lists. Tool names are full (`crm_update_opportunity`); `complete_task` ends the turn.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from apps.core.naming import split_qualified
from apps.core.registry import discover
from tasks.refs import resolve_args
from tasks.truth_model import OracleStep


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
    """The performer's command line for one tool call (`saasgym-tools` and `saasgym` take the same)."""
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
            for item in value:
                argv += [flag, _text(item)]
        elif value is not None:
            argv += [flag, _text(value)]
    return argv


def _needs_json(items: list[Any]) -> bool:
    """Whether a list must go as one JSON array: empty, structured items, or an item that reads as JSON."""
    return not items or any(isinstance(i, (list, dict)) or str(i).lstrip().startswith("[") for i in items)


def _text(value: Any) -> str:
    """An option's value on the command line: objects as JSON, the rest as text."""
    return json.dumps(value) if isinstance(value, dict | list) else str(value)


def performer_cli_env() -> dict[str, str]:
    """The environment the performer's CLI (`saasgym_client.cli`, from the thin client) runs in: as it is
    when the client is installed, else with a checkout's `clients/python/src` on the path."""
    env = dict(os.environ)
    if importlib.util.find_spec("saasgym_client") is None:
        source = Path(__file__).resolve().parents[1] / "clients" / "python" / "src"
        if not source.is_dir():
            raise StepFailed("the performer's CLI needs the saasgym-client package (pip install it)")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    return env


def run_cli(url: str, steps: Sequence[OracleStep]) -> list[Any]:
    """Run steps as subprocesses of the performer's CLI (`saasgym-tools`, the thin client's, which holds no
    task or world data) against an episode URL (logged with surface `cli`)."""
    results: list[Any] = []
    env = {**performer_cli_env(), "SAASGYM_URL": url}
    for step in steps:
        argv = cli_argv(step.tool, resolve_args(step.args, results))
        out = subprocess.run(
            [sys.executable, "-m", "saasgym_client.cli", *argv, "--json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        if out.returncode != 0:
            raise StepFailed(f"{step.tool}: {out.stderr.strip()}")
        results.append(json.loads(out.stdout))
    return results
