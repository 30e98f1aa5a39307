"""Defect: 300 half-sent request bodies held their connections open and, under a 256-descriptor limit,
took /healthz down. Now each request must arrive within a deadline, one client may keep only a few
requests unfinished, and open connections are capped below the descriptor limit."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time

import anyio
import httpx
from mcp.client import Client

from mcp_gateway.live import free_port, start_live_server

HALF_SENT = 300
DEADLINE_S = 2.0


def _half_sent_posts(port: int, n: int, path: str = "/v1/episodes") -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\ncontent-type: application/json\r\n"
            "Content-Length: 1000\r\n\r\n{".encode()
        )
        socks.append(s)
    return socks


def _closed_by_server(sock: socket.socket, wait_s: float) -> tuple[bool, bytes]:
    sock.settimeout(wait_s)
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
        return True, data
    except TimeoutError:
        return False, data
    except ConnectionResetError:
        return True, data


def test_half_sent_bodies_neither_stop_healthz_nor_tool_calls_and_are_closed_after_the_deadline():
    server = start_live_server(request_deadline_s=DEADLINE_S, max_pending_per_client=32)
    try:
        episode, urls = server.new_episode("tiny", apps=["crm"])
        socks = _half_sent_posts(int(server.base.rsplit(":", 1)[1]), HALF_SENT)
        assert httpx.get(f"{server.base}/healthz", timeout=5).status_code == 200

        async def call():
            async with Client(urls.mcp("crm")) as client:
                return await client.call_tool("create_account", {"name": "Still served"})

        assert not anyio.run(call).is_error
        started = time.monotonic()
        results = [_closed_by_server(s, DEADLINE_S + 5 - (time.monotonic() - started)) for s in socks]
        assert all(closed for closed, _ in results), "a half-sent request outlived the deadline"
        statuses = {data.split(b" ", 2)[1] for _, data in results if data}
        assert statuses <= {b"408", b"503"} and b"408" in statuses and b"503" in statuses
        assert any(b"did not arrive within" in data for _, data in results)
        for s in socks:
            s.close()
    finally:
        server.stop()


def _limit_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


def test_a_server_with_256_descriptors_survives_300_half_sent_posts(tmp_path):
    port = free_port()
    env = {**os.environ, "SAASGYM_STATE_DIR": str(tmp_path), "SAASGYM_REQUEST_DEADLINE_S": "3"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_gateway", "serve", "--world", "tiny", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        preexec_fn=_limit_descriptors,
        text=True,
    )
    try:
        lines = []
        while not any("harness API" in line for line in lines):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        socks = []
        for _ in range(HALF_SENT):
            try:
                socks += _half_sent_posts(port, 1)
            except OSError:
                break
        # Requests unfinished for less than a second never count against a client (many agents share an
        # address), so the flood may be answered 503 for about that long; then /healthz is served again.
        deadline, statuses = time.monotonic() + 10, []
        while time.monotonic() < deadline and statuses[-3:] != [200, 200, 200]:
            statuses.append(httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code)
            time.sleep(0.1)
        assert statuses[-3:] == [200, 200, 200], statuses
        for s in socks:
            s.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
