"""Long commands show progress: rich's bar redrawn in place on a terminal, a line per unit done in a log."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEY = "test-harness-key"
TASK = "crm-close-won-villanueva"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _saasgym(*args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "mcp_gateway", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)


def test_on_a_terminal_the_bar_counts_units_and_names_the_last():
    primary, secondary = pty.openpty()
    code = (
        "from mcp_gateway.progress import progress_bar\n"
        "with progress_bar('calibrating') as step:\n"
        "    step('', 3); step('task-a', 0); step('task-b', 0); step('task-c', 0)\n"
    )
    env = os.environ | {"PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "100"}
    terminal = {"stdout": secondary, "stderr": secondary}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT, **terminal)
    os.close(secondary)
    raw = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        raw += chunk
    os.close(primary)
    assert proc.wait(timeout=60) == 0
    shown = ANSI.sub("", raw.decode())
    assert re.search(r"calibrating task-c .*3/3", shown), shown
    assert "calibrating 1/3" not in shown  # the bar, not the log lines
    assert raw.rstrip().endswith(b"\x1b[2K")  # transient: the bar is erased when the command ends


def test_rollout_logs_a_line_per_rollout_done(live_server):
    args = ("--agent", "scripted", "--url", live_server.base, "--key", KEY)
    done = _saasgym("rollout", "--task", TASK, "--k", "2", *args)
    assert done.returncode == 0, done.stderr
    lines = [x for x in done.stderr.splitlines() if x.startswith("rollouts ")]
    assert [x.split(": ", 1)[0] for x in lines] == ["rollouts 1/2", "rollouts 2/2"], done.stderr
    assert sorted(x.split(": ", 1)[1] for x in lines) == [f"{TASK} #0: pass", f"{TASK} #1: pass"]


def test_tasks_check_logs_a_line_per_task_calibrated():
    done = _saasgym("tasks", "check", "--task", TASK, "--surfaces", "python", "--no-families")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert f"calibrating 1/1: {TASK}" in done.stderr.splitlines()
