"""The dependency floor: the MCP tests pass on mcp 2.0.0 (what verifiers 0.4 pins), in their own venv."""

from __future__ import annotations

import os
import subprocess

from tests.adapters.conftest import ROOT, venv_python

MCP_TESTS = ["tests/surfaces/test_mcp_http.py", "tests/gateway/test_capability_urls.py"]


def test_mcp_tests_pass_on_the_oldest_supported_mcp():
    python = venv_python("mcp-floor")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    version = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('mcp'))"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert version.stdout.strip() == "2.0.0"
    run = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *MCP_TESTS],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "failed" not in run.stdout
