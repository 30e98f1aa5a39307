"""Harbor driver: the exported task directory read by Harbor's own models and linter, then trials against
the sidecar: each script (the oracle, the scripted-slip rollouts, a null run doing nothing) runs through
the MCP URL the task.toml declares, with fastmcp's client (Harbor's MCP stack), after a reset of the
sidecar's episode; the exported verifier step then writes the reward files, read by Harbor's parser."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from types import SimpleNamespace

from common import emit, load_job, resolve, with_completion
from fastmcp import Client
from harbor.lint.models import COMPOSE_RULES, LintRule
from harbor.lint.task import lint_task
from harbor.models.task.config import TaskConfig
from harbor.models.task.task import Task
from harbor.verifier.verifier import Verifier

job = load_job()
folder = Path(job["task_dir"])
config = TaskConfig.model_validate_toml((folder / "task.toml").read_text())
task = Task(folder)
# Compose rules need the Docker CLI, which CI does not have: every other rule runs.
findings = [f.rule.value for f in lint_task(folder, selected_rules=set(LintRule) - COMPOSE_RULES)]
[server] = config.environment.mcp_servers
key = Path(job["token_file"]).read_text().strip()


def harness(method: str, path: str):
    request = urllib.request.Request(
        f"{job['base']}/v1{path}", method=method, headers={"Authorization": f"Bearer {key}"}
    )
    with urllib.request.urlopen(request) as reply:
        return json.loads(reply.read())


async def play(script: list[dict]) -> None:
    results: list = []
    async with Client(server.url) as client:
        for step in script:
            out = await client.call_tool(step["tool"], resolve(step["args"], results), raise_on_error=False)
            data = out.structured_content
            if data is None and not out.is_error:
                data = json.loads(out.content[0].text)
            results.append(None if out.is_error else data)


def verifier_step(n: int, keep: bool = True) -> dict:
    """The exported tests/ step on a plain interpreter (-I: no project on the path), then Harbor's parser.
    `keep`: the trials here share one sidecar, reset between them, so the step keeps the episode open
    (SAASGYM_KEEP_EPISODE=1), except for the last trial, which shows its default: the episode closed."""
    rewards = Path(job["reward_root"]) / str(n)
    env = {
        "PATH": os.environ["PATH"],
        "SAASGYM_REWARD_DIR": str(rewards),
        "SAASGYM_TOKEN_FILE": job["token_file"],
    }
    if keep:
        env["SAASGYM_KEEP_EPISODE"] = "1"
    run = subprocess.run(
        [sys.executable, "-I", str(folder / "tests/saasgym_verify.py")],
        env=env,
        capture_output=True,
        text=True,
    )
    saved = (rewards / "trajectory.jsonl").read_text()
    parser = Verifier.__new__(Verifier)  # only its reward-file parsers, on this trial's files
    parser.trial_paths = SimpleNamespace(
        reward_text_path=rewards / "reward.txt", reward_json_path=rewards / "reward.json"
    )
    return {
        "rc": run.returncode,
        "stdout": run.stdout.strip(),
        "text": parser._parse_reward_text(),
        "json": parser._parse_reward_json(),
        "trajectory": [json.loads(x)["type"] for x in saved.splitlines()],
    }


[episode] = harness("GET", "/episodes")


async def crash(script: list[dict]) -> None:
    """An agent that dies mid-trial (its MCP session cut after two calls, complete_task never called)."""
    results: list = []
    try:
        async with Client(server.url) as client:
            for step in script:
                args = resolve(step["args"], results)
                out = await client.call_tool(step["tool"], args, raise_on_error=False)
                results.append(None if out.is_error else out.structured_content)
                if len(results) == 2:
                    raise RuntimeError("the agent's container was killed")
    except RuntimeError:
        pass


trials = []
for n, script in enumerate([job["oracle"], *job["scripts"], []]):
    harness("POST", f"/episodes/{episode['episode_id']}/reset")
    asyncio.run(play(with_completion(script) if script else []))
    trials.append(verifier_step(n))
harness("POST", f"/episodes/{episode['episode_id']}/reset")
asyncio.run(crash(job["oracle"]))
crashed = verifier_step(len(trials), keep=False)  # Harbor still runs the verifier: it scores and closes
live_after = [e["episode_id"] for e in harness("GET", "/episodes") if e["state"] == "live"]
emit(
    {
        "mcp": {"name": server.name, "transport": server.transport, "url": server.url},
        "agent_user": config.agent.user,
        "name": task.name,
        "instruction": task.instruction,
        "lint": findings,
        "episode_task": episode["task"],
        "trials": trials,
        "crashed": crashed,
        "live_after": live_after,
    }
)
