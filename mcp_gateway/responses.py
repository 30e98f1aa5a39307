"""Tiny raw-ASGI responses used by the dispatcher and guards (before any framework is involved)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

SECURITY_HEADERS = [(b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff")]


async def send_json(send: Callable, status: int, body: dict[str, Any], headers: list | None = None) -> None:
    payload = json.dumps(body, allow_nan=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                *SECURITY_HEADERS,
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


async def send_redirect(send: Callable, location: str, headers: list | None = None) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 303,
            "headers": [
                (b"location", location.encode()),
                (b"content-length", b"0"),
                *SECURITY_HEADERS,
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b""})


def with_security_headers(app: Callable) -> Callable:
    """Wrap an ASGI app so every response carries Referrer-Policy: no-referrer and nosniff."""

    async def wrapped(scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped
