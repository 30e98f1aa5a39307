"""Adapter tests: each framework runs in its own venv (scripts/adapter_venvs.sh) against a live gateway.

A test builds its venv if needed (idempotent), runs a driver from `drivers/` in it, and reads the JSON the
driver prints. Rollouts replay the scripted agent's steps, so their verdicts can be compared one by one
with `saasgym rollout --agent scripted-slip` on the same gateway.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from apps.core.worlds import load_world
from mcp_gateway.rollout.agents import ScriptedAgent
from tasks.store import tasks_of

ROOT = Path(__file__).resolve().parents[2]
DRIVERS = Path(__file__).parent / "drivers"
KEY = "test-harness-key"
TASK = "crm-convert-dorsey-full"  # six steps with references to earlier results; one slip in eight
K = 8


VENVS = ROOT / os.environ.get("SAASGYM_VENVS", ".venvs")  # an absolute $SAASGYM_VENVS stays as it is


def venv_python(name: str) -> Path:
    """The interpreter of venv `name`, built (or found up to date, with the current wheel) by
    scripts/adapter_venvs.sh."""
    subprocess.run(["bash", str(ROOT / "scripts/adapter_venvs.sh"), name], check=True, cwd=ROOT)
    return VENVS / name / "bin" / "python"


def run_driver(
    venv: str,
    driver: str,
    job: dict,
    timeout: float = 600,
    *,
    drivers: Path = DRIVERS,
    env: dict | None = None,
) -> dict:
    """Run <drivers>/<driver>.py in venv `venv` with `job` as JSON on stdin (and `env` added to the
    environment); its last stdout line is JSON."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")} | (env or {})
    done = subprocess.run(
        [str(venv_python(venv)), str(drivers / f"{driver}.py")],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, f"{driver} failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def scripted_job(base: str, task: str = TASK, k: int = K) -> dict:
    """What a driver needs to replay the scripted-slip agent's rollouts of `task` through its adapter."""
    agent = ScriptedAgent(tasks_of(load_world("acme")), slip=0.3)
    scripts = [[{"tool": s.tool, "args": s.args} for s in agent.steps(task, i)] for i in range(k)]
    return {"base": base, "key": KEY, "task": task, "scripts": scripts, "repo": str(ROOT)}


@pytest.fixture(scope="session")
def reference_outcomes(live_server, tmp_path_factory) -> list[str]:
    """`saasgym rollout --agent scripted-slip` of TASK on the live gateway: one outcome per rollout index."""
    out = tmp_path_factory.mktemp("rollout") / "ref.jsonl"
    cmd = [sys.executable, "-m", "mcp_gateway", "rollout", "--task", TASK, "--k", str(K)]
    cmd += ["--agent", "scripted-slip", "--url", live_server.base, "--key", KEY, "--out", str(out), "--json"]
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    rows = sorted((json.loads(line) for line in out.read_text().splitlines()), key=lambda r: r["rollout"])
    return [r["outcome"] for r in rows]
