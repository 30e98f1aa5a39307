"""`saasgym serve` prints one line per web UI whose vendor design system is not installed (SLDS for the CRM,
Fluent 2 for the office apps), and none when they are."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from apps.crm import design_system as slds
from apps.office import design_system as fluent
from mcp_gateway.live import free_port


def test_serve_prints_one_line_per_app_whose_package_is_absent(tmp_path):
    absent = {"SAASGYM_SLDS_DIR": str(tmp_path / "no"), "SAASGYM_FLUENT_DIR": str(tmp_path / "no")}
    out = serve_banner(tmp_path, absent)
    notices = [line for line in out.splitlines() if "is not installed" in line]
    assert notices == [slds.NOTICE, fluent.NOTICE], out


def test_serve_prints_no_notice_when_the_packages_are_installed(tmp_path):
    out = serve_banner(tmp_path, {})
    assert "crm web UI:" in out and "office web UI:" in out, out
    assert "not installed" not in out, out


def serve_banner(tmp_path, extra_env: dict[str, str]) -> str:
    """Everything `saasgym serve` printed from its start to its stop (the banner and any notice)."""
    port = free_port()
    cmd = [sys.executable, "-m", "mcp_gateway", "serve", f"--port={port}", "--world=tiny", "--workers=1"]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SAASGYM_STATE_DIR": str(tmp_path), **extra_env},
    )
    out: list[str] = []
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()
        out.append(line)
        if "harness API:" in line or not line:
            break
    proc.send_signal(signal.SIGINT)
    try:
        out.append(proc.communicate(timeout=30)[0])
    except subprocess.TimeoutExpired:
        proc.kill()
        out.append(proc.communicate()[0])
    return "".join(out)
