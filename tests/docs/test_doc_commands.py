"""Every command shown in README.md and docs/*.md runs, as written, against a live gateway (seeded worlds,
quick commands), and prints what the docs say it prints; the figures in them are the live counts.

The harness gives each file's blocks one working folder and the environment a reader has after `saasgym
serve`: `saasgym` and `saasgym-tools` on the PATH, the harness key in `$KEY`, `$SAASGYM_HARNESS_KEY` and
`.saasgym/harness.key`. It rewrites only addresses: the docs' `http://127.0.0.1:8000` (the harness API) and
`…/e/<token>` (an episode) become the live server's, and a fixed port a block serves on becomes a free one.
Blocks marked `skip` are listed here with their reason (the set is fixed: a new skip fails the test).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from mcp_gateway.doc_facts import refreshed, sync
from mcp_gateway.live import free_port
from tests.adapters.conftest import venv_python
from tests.docs.doc_blocks import ROOT, blocks, documents

KEY = "test-harness-key"
SKIPPED = {  # the only blocks not run (by their first command), and why
    "README.md": {
        "bash scripts/serve.sh": "installs the package into the environment and serves until stopped",
        "bash scripts/test.sh": "the test suite itself",
    },
    "docs/SCALING.md": {
        "saasgym serve --ray auto": "needs a Ray cluster (test_ray_cluster.py starts a local one)",
    },
}
PLACEHOLDER = re.compile(r"…|<\w+>|ep_[0-9a-f]{16}|vd_[0-9a-f]{16}")


def test_every_figure_in_the_docs_is_the_live_count():
    assert sync(write=False) == {}, "run `saasgym docs write`"


def test_a_printed_catalogue_size_in_an_expected_output_follows_the_figure():
    """An example's expected output cannot hold a fact marker; its "N tasks and instances in the catalogue"
    line is kept to the catalogue figure (it went stale twice when families were added)."""
    text = "```\n5 crm dev tasks\n23834 tasks and instances in the catalogue\n```\n"
    new, changed = refreshed(text, {"catalogue": "23,934"})
    assert "\n23934 tasks and instances in the catalogue\n" in new
    assert changed == ["printed catalogue: '23834' → '23934'"]
    assert refreshed(new, {"catalogue": "23,934"})[1] == []


def test_skipped_blocks_are_the_known_ones():
    skipped = {}
    for path in documents():
        for block in blocks(path):
            if block.directive.startswith("skip"):
                first_line = block.body.strip().splitlines()[0].split(" #")[0].strip()
                skipped.setdefault(block.name.split(":")[0], {})[first_line] = block.directive
    assert {f: sorted(b) for f, b in skipped.items()} == {f: sorted(b) for f, b in SKIPPED.items()}


@pytest.fixture(scope="module")
def shell(live_server, tmp_path_factory):
    """The PATH, environment and episode URL the docs' commands find."""
    bin_dir = tmp_path_factory.mktemp("bin")
    client_src = ROOT / "clients" / "python" / "src"
    path = os.pathsep.join([str(ROOT), str(client_src)])
    for name, module in (("saasgym", "mcp_gateway"), ("saasgym-tools", "saasgym_client.cli")):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nPYTHONPATH={path} exec {sys.executable} -m {module} "$@"\n')
        script.chmod(0o755)
    _, urls = live_server.new_episode("acme")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAASGYM_")}
    env |= {"PATH": f"{bin_dir}{os.pathsep}{env['PATH']}", "KEY": KEY, "SAASGYM_HARNESS_KEY": KEY}
    env |= {"PYTHONPATH": path, "COLUMNS": "160"}
    return env, live_server.base, urls.cli


def _rewrite(text: str, base: str, episode: str, ports: dict[str, str]) -> str:
    text = re.sub(r"http://127\.0\.0\.1:800\d/e/<token>", episode, text)
    text = text.replace("http://127.0.0.1:8000", base)
    for old, new in ports.items():
        text = text.replace(old, new)
    return text


def _expected_lines(expected: str) -> list[str]:
    return [line.strip() for line in expected.splitlines() if line.strip() and not PLACEHOLDER.search(line)]


def _run_file(path: Path, shell, tmp_path: Path) -> list[str]:
    env, base, episode = shell
    work = tmp_path / path.stem
    (work / ".saasgym").mkdir(parents=True)
    (work / ".saasgym" / "harness.key").write_text(KEY)
    ports = {p: str(free_port()) for p in set(re.findall(r"--port (87\d\d)", path.read_text()))}
    problems, background = [], []
    try:
        for block in blocks(path):
            if block.directive.startswith("skip"):
                continue
            script = _rewrite(block.body, base, episode, ports)
            shell_cmd = ["bash", "-eo", "pipefail", "-c", script]
            cmd = [sys.executable, "-c", script] if block.lang == "python" else shell_cmd
            run_env = env
            if block.venv:  # the adapter's venv: its installed client wheel, not the checkout's sources
                cmd = [str(venv_python(block.venv)), "-c", script]
                run_env = {k: v for k, v in env.items() if k != "PYTHONPATH"}
            if block.directive == "background":
                out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
                proc = subprocess.Popen(cmd, cwd=work, env=env, start_new_session=True, **out)
                background.append(proc)
                seen = []
                while "harness API" not in "".join(seen) and proc.poll() is None:
                    seen.append(proc.stdout.readline())
                if proc.poll() is not None:
                    problems.append(f"{block.name}: the server stopped: {''.join(seen)[-500:]}")
                elif block.expected is not None:
                    shown = _rewrite(block.expected, base, episode, ports)
                    missing = [line for line in _expected_lines(shown) if line not in "".join(seen)]
                    problems += [f"{block.name}: its banner lacks {missing[:3]}"] if missing else []
                continue
            done = subprocess.run(cmd, cwd=work, env=run_env, capture_output=True, text=True, timeout=900)
            said = done.stdout + done.stderr
            if done.returncode != 0 or "Traceback" in said:
                problems.append(f"{block.name}: exit {done.returncode}\n{said[-1500:]}")
                continue
            if block.expected is not None:
                shown = _rewrite(block.expected, base, episode, ports)
                missing = [line for line in _expected_lines(shown) if line not in said]
                if missing:
                    problems.append(f"{block.name}: output lacks {missing[:3]}\n{said[-1500:]}")
    finally:
        for proc in background:
            os.killpg(proc.pid, signal.SIGINT)
            proc.wait(timeout=30)
    return problems


WITH_COMMANDS = [p for p in documents() if any(not b.directive.startswith("skip") for b in blocks(p))]


@pytest.mark.parametrize("path", WITH_COMMANDS, ids=lambda p: p.name)
def test_commands_in_the_docs_run_as_written(path, shell, tmp_path):
    assert _run_file(path, shell, tmp_path) == []
