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
        assert mcp_url.startswith(f"http://127.0.0.1:{port}/e/") and mcp_url.endswith("/crm/mcp")
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
