"""Harbor 0.26.0 (its own Python 3.12 venv): `saasgym export harbor` and the `serve --task` sidecar."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import httpx

from apps.core.worlds import load_world
from mcp_gateway.live import free_port
from tasks.store import tasks_of
from tests.adapters.conftest import KEY, ROOT, TASK, run_driver, scripted_job


def saasgym(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", *args], capture_output=True, text=True, cwd=ROOT, **kw
    )


def start_sidecar(port: int, token_file, state) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(port), "--task", TASK]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SAASGYM_STATE_DIR": str(state)}
    env.pop("SAASGYM_HARNESS_KEY", None)
    proc = subprocess.Popen(
        [*cmd, "--token-file", str(token_file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    lines = []
    deadline = time.time() + 90
    while time.time() < deadline and "harness API" not in "".join(lines):
        lines.append(proc.stdout.readline())
    text = "".join(lines)
    assert f"http://127.0.0.1:{port}/task/mcp" in text and f"task {TASK!r}" in text, text
    return proc


def test_export_sidecar_and_verifier_give_harbor_rewards(tmp_path, live_server, reference_outcomes):
    port = free_port()
    out = tmp_path / "harbor"
    done = saasgym(
        "export", "harbor", "--task", TASK, "--out", str(out), "--sidecar-url", f"http://127.0.0.1:{port}"
    )
    assert done.returncode == 0, done.stderr
    folder = out / TASK
    again = saasgym("export", "harbor", "--task", TASK, "--out", str(out))
    assert again.returncode == 2 and "already exists" in again.stderr  # never overwritten silently
    unknown = saasgym("export", "harbor", "--task", "no-such-task", "--out", str(tmp_path / "x"))
    assert unknown.returncode == 2 and "unknown task" in unknown.stderr and not (tmp_path / "x").exists()

    token_file = tmp_path / "secrets" / "harness.key"
    proc = start_sidecar(port, token_file, tmp_path / "state")
    try:
        assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
        assert httpx.get(f"{live_server.base}/task/mcp").status_code == 404  # only a sidecar serves /task/
        truth = tasks_of(load_world("acme"))[TASK].truth
        job = scripted_job(f"http://127.0.0.1:{port}") | {
            "task_dir": str(folder),
            "token_file": str(token_file),
            "reward_root": str(tmp_path / "rewards"),
            "oracle": [{"tool": s.tool, "args": s.args} for s in truth.oracle],
        }
        res = run_driver("harbor", "harbor_trials", job)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
    assert res["mcp"] == {
        "name": "saasgym",
        "transport": "streamable-http",
        "url": f"http://127.0.0.1:{port}/task/mcp",
    }
    assert res["agent_user"] == "agent" and res["name"] == f"saasgym/{TASK}"
    assert "complete_task" in res["instruction"]
    # The one finding: the verifier shares the agent's sandbox, as it must to reach the same sidecar episode.
    assert res["lint"] == ["shared-verifier"]
    assert res["episode_task"] == TASK
    oracle, *rollouts, null = res["trials"]
    assert oracle["rc"] == 0 and oracle["text"] == {"reward": 1.0} and oracle["json"]["reward"] == 1
    assert null["rc"] == 0 and null["text"] == {"reward": 0.0} and null["json"]["reward"] == 0
    assert null["json"]["checks_passed"] < null["json"]["checks"] == oracle["json"]["checks_passed"]
    assert [r["text"]["reward"] for r in rollouts] == [
        1.0 if o == "pass" else 0.0 for o in reference_outcomes
    ]
    assert KEY not in res["trials"][0]["stdout"]
    # every trial's trajectory beside its rewards; a trial whose agent died is scored 0 and its episode closed
    assert all(t["trajectory"][0] == "episode" and t["trajectory"][-1] == "verdict" for t in res["trials"])
    crashed = res["crashed"]
    assert crashed["rc"] == 0 and crashed["text"] == {"reward": 0.0}
    assert crashed["trajectory"].count("call") == 2
    assert res["live_after"] == []


def test_sidecar_refuses_bad_input_in_one_line(tmp_path):
    token_file = tmp_path / "k" / "harness.key"
    run = saasgym(
        "serve", "--port", str(free_port()), "--task", "no-such-task", "--token-file", str(token_file)
    )
    assert (
        run.returncode == 1
        and run.stderr.strip().startswith("error: unknown task")
        and "Traceback" not in run.stderr
    )
    assert not token_file.exists()
    half = saasgym("serve", "--task", TASK)
    assert half.returncode == 2 and "both --task and --token-file" in half.stderr
    token_file.parent.mkdir()
    token_file.write_text("")
    empty = saasgym("serve", "--port", str(free_port()), "--task", TASK, "--token-file", str(token_file))
    assert empty.returncode == 1 and "is empty" in empty.stderr
