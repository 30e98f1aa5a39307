"""The trusted side refuses, and records, every performer credential presented to it.

A performer (agent) holds capability tokens for its own episode. Any of them seen on a harness route
(`/v1/…`) — as a bearer, a bare `Authorization` value, `X-Api-Key`, any other header, a cookie or a query
parameter — is refused with 401 before any route runs, and logged in the token's episode as a `forbidden`
event, which makes that episode's verdict `invalid`. With several workers the token's episode may live
in another one: the attempt is then relayed to that worker, whose own guard refuses and records it.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import unquote

from mcp_gateway.ledger import Ledger
from mcp_gateway.responses import send_json

ASGIApp = Callable[..., Any]
# Capability tokens are `secrets.token_urlsafe(32)`: 43 URL-safe characters.
_CANDIDATE = re.compile(r"[A-Za-z0-9_-]{32,64}")
MAX_CANDIDATES = 32
REFUSED = {
    "detail": "a performer credential is not accepted on the harness API; the attempt was recorded "
    "in its episode (its verdict will be invalid)"
}


def candidates(scope: dict) -> list[str]:
    """Strings in the request's headers and query string that are shaped like a capability token."""
    found: list[str] = []
    texts = [v.decode("latin-1") for _, v in scope.get("headers", [])]
    texts.append(unquote(scope.get("query_string", b"").decode("latin-1")))
    for text in texts:
        found.extend(_CANDIDATE.findall(text))
    return list(dict.fromkeys(found))[:MAX_CANDIDATES]


class PerformerCredentialGuard:
    """Wraps the control app: a `/v1` request carrying any episode's token is refused and recorded."""

    def __init__(self, app: ASGIApp, ledger: Ledger, record: Callable[[str, dict], Awaitable[None]]):
        self.app, self.ledger, self.record = app, ledger, record

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and (path == "/v1" or path.startswith("/v1/")):
            episodes = {
                row.episode_id for t in candidates(scope) if (row := self.ledger.token(t)) is not None
            }
            if episodes:
                for episode_id in sorted(episodes):
                    await self.record(episode_id, scope)
                await send_json(send, 401, REFUSED, [(b"www-authenticate", b"Bearer")])
                return
        await self.app(scope, receive, send)
