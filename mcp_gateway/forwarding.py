"""Harness calls about one episode answered by the process that holds it.

With several workers (`saasgym serve --workers N`) or Ray actors, `/v1` answers on every worker, but an
episode's memory lives in one. `OwnerForwarder` sits in front of the harness app: a request for
`/v1/episodes/{id}[/…]` whose episode is active on another worker is relayed to that worker over
loopback HTTP (the Authorization header kept, and the Host the client used with the owner's port, so
the owner checks the key and its URLs name the host the client knows). A new episode
(`POST /v1/episodes`) goes to the worker holding the fewest active episodes — a harness keeping one
connection to the public port would otherwise fill the one worker that accepted it. Everything else —
listing, catalog, reviews — is answered here.
Performer traffic (MCP, UI) never passes through this: its URLs already name the owning worker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from mcp_gateway.ledger import ACTIVE, Ledger
from mcp_gateway.responses import send_json

ASGIApp = Callable[..., Any]
EPISODE_PREFIX = "/v1/episodes/"
HOP_BY_HOP = {b"connection", b"keep-alive", b"transfer-encoding", b"te", b"upgrade", b"content-length"}
FORWARD_TIMEOUT_S = 120.0
PLACED_HEADER = b"x-saasgym-placed"  # a create another worker already placed here: serve it, do not move it


def episode_in_path(path: str) -> str | None:
    """The episode id of a `/v1/episodes/{id}[/…]` path, else None."""
    if not path.startswith(EPISODE_PREFIX):
        return None
    episode_id = path[len(EPISODE_PREFIX) :].split("/", 1)[0]
    return episode_id or None


async def read_body(receive: Callable) -> bytes:
    """The whole request body (the body limit in front of this already bounds it)."""
    chunks, more = [], True
    while more:
        message = await receive()
        chunks.append(message.get("body", b""))
        more = message.get("more_body", False)
    return b"".join(chunks)


async def forward(
    client: httpx.AsyncClient,
    base: str,
    scope: dict,
    body: bytes,
    *,
    keep_host: bool = True,
    extra: tuple[tuple[bytes, bytes], ...] = (),
) -> httpx.Response:
    """The request in `scope` (with `body`) sent to `base`; its response (httpx.HTTPError if none).

    With `keep_host` the owner sees the host name the client used (at the owner's port: a worker on
    this machine); without, the owner's own address (a Ray actor, whose URLs are absolute anyway)."""
    target = httpx.URL(base)
    headers = []
    for name, value in scope.get("headers", []):
        if name.lower() == b"host":
            if not keep_host:
                continue  # httpx sets the target's
            value = f"{httpx.URL('http://' + value.decode('latin-1')).host}:{target.port}".encode()
        if name.lower() not in HOP_BY_HOP and name.lower() != PLACED_HEADER:
            headers.append((name, value))
    headers.extend(extra)
    url = base + scope.get("raw_path", scope["path"].encode()).decode("latin-1")
    if scope.get("query_string"):
        url += "?" + scope["query_string"].decode("latin-1")
    return await client.request(scope["method"], url, headers=headers, content=body)


async def send_reply(send: Callable, reply: httpx.Response) -> None:
    """Pass a relayed response back unchanged (less hop-by-hop headers)."""
    out = [(k.encode(), v.encode()) for k, v in reply.headers.items() if k.encode() not in HOP_BY_HOP]
    await send({"type": "http.response.start", "status": reply.status_code, "headers": out})
    await send({"type": "http.response.body", "body": reply.content})


async def relay(
    client: httpx.AsyncClient, base: str, scope: dict, receive: Callable, send: Callable, **options: Any
) -> None:
    """Send the request in `scope` to `base` and pass its response back unchanged."""
    try:
        reply = await forward(client, base, scope, await read_body(receive), **options)
    except httpx.HTTPError as exc:
        await send_json(
            send, 503, {"detail": f"the worker holding this episode did not answer ({type(exc).__name__})"}
        )
        return
    await send_reply(send, reply)


class OwnerForwarder:
    """Relays harness calls about another worker's live episode to that worker; serves the rest."""

    def __init__(self, app: ASGIApp, ledger: Ledger, base_of: Callable[[str], str | None]):
        self.app, self.ledger, self.base_of = app, ledger, base_of
        self._client: httpx.AsyncClient | None = None

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        base, extra = None, ()
        if scope["type"] == "http" and scope.get("path") == "/v1/episodes" and scope.get("method") == "POST":
            base, extra = self._placement(scope), ((PLACED_HEADER, b"1"),)
        elif scope["type"] == "http":
            base = self._owner_base(scope)
        if base is None:
            await self.app(scope, receive, send)
            return
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=FORWARD_TIMEOUT_S, trust_env=False)
        await relay(self._client, base, scope, receive, send, extra=extra)

    def _placement(self, scope: dict) -> str | None:
        """Where a new episode goes: the worker holding the fewest active episodes (this one on a tie,
        or when the request was already placed by another worker); None for this one."""
        if any(k == PLACED_HEADER for k, _ in scope.get("headers", [])):
            return None
        held = self.ledger.active_by_worker()
        mine = held.get(self.ledger.worker, 0)
        worker = min(held, key=lambda w: (held[w], w != self.ledger.worker), default=None)
        if worker is None or worker == self.ledger.worker or held[worker] >= mine:
            return None
        return self.base_of(worker)

    def _owner_base(self, scope: dict) -> str | None:
        episode_id = episode_in_path(scope.get("path", ""))
        found = self.ledger.owner(episode_id) if episode_id else None
        if found is None:
            return None
        worker, state = found
        if worker is None or worker == self.ledger.worker or state not in ACTIVE:
            return None  # ours, or ended (its ledger row answers here, e.g. a void verdict)
        return self.base_of(worker)
