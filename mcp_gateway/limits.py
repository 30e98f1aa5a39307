"""Request guards applied to every request: Host/Origin allow-list, body size limit, per-episode rate."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from fnmatch import fnmatch
from typing import Any

from mcp_gateway.responses import send_json

ASGIApp = Callable[..., Any]


def default_allowed_hosts(host: str, port: int) -> list[str]:
    """Host header patterns accepted for a server bound to host:port."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    names = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
    return sorted(f"{n}:{port}" for n in names) + sorted(names)


class HostOriginGuard:
    """Refuse a request whose Host is not allowed (421) or whose Origin is foreign or `null` (403).

    On for every bind address, not only loopback (DNS-rebinding protection).
    """

    def __init__(self, app: ASGIApp, allowed_hosts: list[str]):
        self.app = app
        self.allowed_hosts = allowed_hosts

    def _host_ok(self, host: str) -> bool:
        return any(fnmatch(host, pattern) for pattern in self.allowed_hosts)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if not self._host_ok(host):
            await send_json(send, 421, {"error": "misdirected request: this Host is not served here"})
            return
        origin = headers.get("origin")
        if origin is not None:
            netloc = origin.split("://", 1)[1] if "://" in origin else ""
            if not netloc or not self._host_ok(netloc.rstrip("/")):
                await send_json(send, 403, {"error": "cross-origin request refused"})
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, by Content-Length or by counting the stream.

    A body without Content-Length (chunked) is read up to the limit before the app sees it.
    """

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope.get("headers", []) if k.lower() == b"content-length"), None)
        if length is not None:
            if not length.isdigit() or int(length) > self.limit:
                await send_json(send, 413, {"error": f"request body over {self.limit} bytes"})
                return
            await self.app(scope, receive, send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await send_json(send, 413, {"error": f"request body over {self.limit} bytes"})
                return
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class RateLimiter:
    """A token bucket per key (the episode): `rate` requests/s with bursts up to `burst`."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """0 when allowed; otherwise the seconds to wait before retrying."""
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate

    def forget(self, key: str) -> None:
        with self._lock:
            self._buckets.pop(key, None)


def retry_after_header(wait: float) -> tuple[bytes, bytes]:
    return (b"retry-after", str(max(1, math.ceil(wait))).encode())
