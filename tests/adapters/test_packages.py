"""Packages that install: the saasgym wheel built by `python -m build` (scripts/build_wheels.sh) holds every
file its packages need and nothing of a developer's disk, and served from a clean venv (the `server` venv:
its locked dependencies and the wheel, no checkout on the path) it verifies its worlds, lists its tasks,
serves MCP and the web UI with their assets; the server's Dockerfile parses (BuildKit's own parser) and
names only what exists. No Docker engine runs here: the image itself is not built in CI."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

import anyio
import dockerfile
import httpx
from mcp.client import Client

from mcp_gateway.export.harbor import compose
from mcp_gateway.live import free_port
from tasks.model import TaskPublic
from tests.adapters.conftest import ROOT, venv_python

PACKAGES = ("apps", "worlds", "mcp_gateway", "tasks", "crossapp", "benchmarks")


def _wheel(name: str) -> Path:
    venv_python("server")  # builds the wheels (unchanged sources: nothing to do) and the server venv
    wheels = ROOT / os.environ.get("SAASGYM_WHEELS", "build/wheels")
    [found] = wheels.glob(f"{name}-*-py3-none-any.whl")
    return found


def test_server_wheel_holds_every_packaged_file_and_no_developer_files():
    names = set(zipfile.ZipFile(_wheel("saasgym")).namelist())
    tracked = subprocess.run(["git", "ls-files", *PACKAGES], capture_output=True, text=True, cwd=ROOT).stdout
    missing = [f for f in tracked.split() if f not in names]
    assert missing == []  # world data, task files, templates, static assets, the design systems' locks
    assert not [n for n in names if "node_modules" in n or n.startswith(("tests/", "clients/"))]
    assert "worlds/acme/manifest.json" in names and "apps/core/static/combobox.js" in names


CLEAN = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}  # no checkout


def _serve(python: Path, port: int, state: Path) -> subprocess.Popen:
    saasgym = python.parent / "saasgym"
    env = CLEAN | {"SAASGYM_STATE_DIR": str(state), "SAASGYM_HARNESS_KEY": "wheel-key"}
    cmd = [str(saasgym), "serve", "--port", str(port), "--workers", "1", "--world", "tiny"]
    out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    proc = subprocess.Popen(cmd, env=env, cwd="/", **out)
    lines, deadline = [], time.time() + 240
    while time.time() < deadline and "harness API" not in "".join(lines):
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        lines.append(line)
    assert "harness API" in "".join(lines), "".join(lines)
    return proc


def test_server_wheel_serves_from_a_clean_venv():
    python = venv_python("server")
    run = {"capture_output": True, "text": True, "cwd": "/", "timeout": 300, "env": CLEAN}
    code = "import apps, worlds; print(apps.__file__, worlds.__file__)"
    where = subprocess.run([str(python), "-c", code], **run)
    files = where.stdout.split()
    checkout = (str(ROOT / "apps"), str(ROOT / "worlds"))  # the venv itself may sit in the checkout (.venvs)
    assert where.returncode == 0 and all("site-packages" in f and not f.startswith(checkout) for f in files)
    verified = subprocess.run([str(python.parent / "saasgym"), "world", "verify", "acme", "tiny"], **run)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.split() == ["acme:", "ok", "tiny:", "ok"]
    listed = subprocess.run([str(python.parent / "saasgym"), "tasks", "list"], **run)
    assert listed.returncode == 0 and "crm-close-won-villanueva" in listed.stdout
    port = free_port()
    proc = _serve(python, port, Path(tempfile.mkdtemp(prefix="saasgym-wheel-")))
    base = f"http://127.0.0.1:{port}"
    try:
        api = httpx.Client(base_url=base, headers={"Authorization": "Bearer wheel-key"}, timeout=120)
        made = api.post("/v1/episodes", json={"world": "tiny", "apps": ["crm"]})
        assert made.status_code == 201, made.text

        async def tools() -> list[str]:
            async with Client(made.json()["urls"]["crm_mcp"]) as client:
                return [t.name for t in (await client.list_tools()).tools]

        assert "create_account" in anyio.run(tools)
        browser = httpx.Client(follow_redirects=True, timeout=60)
        page = browser.get(made.json()["urls"]["crm_ui"])
        assert page.status_code == 200 and "<html" in page.text and "Accounts" in page.text
        scripts = [p.split('"')[0] for p in page.text.split('src="')[1:] if p.startswith("/s/crm/")]
        assert scripts and all(browser.get(base + s).status_code == 200 for s in scripts)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


def test_dockerfile_parses_and_names_what_exists():
    steps = dockerfile.parse_file(str(ROOT / "docker" / "Dockerfile"))
    froms = [s.value[0] for s in steps if s.cmd == "FROM"]
    assert froms == ["node:20-bookworm-slim", "python:3.11-slim-bookworm"]  # pinned bases
    wheel = _wheel("saasgym")
    sources = [v for s in steps if s.cmd == "COPY" and not s.flags for v in s.value[:-1]]
    for source in sources:
        assert list(ROOT.glob(source)), f"COPY {source}: nothing in the build context"
    assert any(wheel in ROOT.glob(s) for s in sources)
    allowed = [line[1:] for line in (ROOT / ".dockerignore").read_text().splitlines() if line.startswith("!")]
    assert sorted(allowed) == sorted(sources)  # the context holds exactly what the image copies
    [cmd] = [s.value for s in steps if s.cmd == "CMD"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert cmd[0] in scripts and cmd[1:3] == ("serve", "--host")
    task = TaskPublic(id="t", world="acme", apps=["crm"], prompt="p")
    assert f'command: ["{cmd[0]}", "serve"' in compose(task, "saasgym", 8000, "saasgym:latest")  # the sidecar
    [user] = [s.value[0] for s in steps if s.cmd == "USER"]
    assert user != "root"
