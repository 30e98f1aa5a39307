"""`saasgym serve` as a real process: it prints working episode URLs for every surface."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import anyio
import httpx
from mcp.client import Client

from mcp_gateway.live import free_port


def test_serve_prints_working_urls(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(port), "--world", "tiny"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SAASGYM_STATE_DIR": str(tmp_path)},
    )
    try:
        lines = []
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            lines.append(line)
            if "CLI:" in line:
                break
        text = "".join(lines)
        mcp_url = re.search(r"crm MCP:\s+(\S+)", text).group(1)
        ui_url = re.search(r"crm web UI:\s+(\S+)", text).group(1)
        # on this port, or on the port of the worker process holding the episode (`--workers`)
        assert re.match(r"http://127\.0\.0\.1:\d+/e/", mcp_url) and mcp_url.endswith("/crm/mcp")
        for _ in range(100):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                    break
            except httpx.ConnectError:
                time.sleep(0.1)

        async def call():
            async with Client(mcp_url) as client:
                return await client.call_tool("list_accounts", {"limit": 5})

        result = anyio.run(call)
        assert result.structured_content["total"] == 20
        with httpx.Client(follow_redirects=True) as browser:
            page = browser.get(ui_url)
            assert page.status_code == 200 and "<html" in page.text.lower()
            assert "/e/" not in str(page.url)  # the launch token left the address bar
            assert browser.get(ui_url).status_code == 404  # and cannot be redeemed twice
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def _serve(port: int, state_dir) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "mcp_gateway", "serve", "--port", str(port), "--world", "tiny"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SAASGYM_STATE_DIR": str(state_dir)},
    )


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", *args], capture_output=True, text=True, timeout=60
    )


def test_urls_are_printed_only_once_the_socket_accepts(tmp_path):
    """The first CLI call made right after the URLs appear succeeds (no retry loop)."""
    port = free_port()
    proc = _serve(port, tmp_path)
    try:
        lines = []
        while not any("CLI:" in line for line in lines):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        url = re.search(r"SAASGYM_URL=(\S+)", "".join(lines)).group(1)
        done = _cli("crm", "list-accounts", "--limit", "1", "--json", "--url", url)
        assert done.returncode == 0, done.stderr
        assert '"total": 20' in done.stdout
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_a_busy_port_is_a_one_line_error_and_no_urls(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        proc = _serve(port, tmp_path)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 1
    [line] = out.strip().splitlines()
    assert line.startswith(f"error: cannot listen on 127.0.0.1:{port}: already in use")
    assert "/e/" not in out and "Traceback" not in out


def test_a_cli_call_to_a_server_that_is_not_there_says_so_in_one_line():
    port = free_port()
    done = _cli("crm", "list-accounts", "--url", f"http://127.0.0.1:{port}/e/x")
    assert done.returncode == 3
    [line] = done.stderr.strip().splitlines()
    assert "is `saasgym serve` running" in line and "ExceptionGroup" not in line
