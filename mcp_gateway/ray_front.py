"""The harness API of `saasgym serve --ray`: one address for the whole cluster, episodes on its actors.

- `POST /v1/episodes` goes to the least-loaded live actor (`RayPool.choose`; the next one when it is
  full); its answer — performer URLs naming that actor — is passed back and the episode recorded in
  this router's ledger with its owner.
- `/v1/episodes/{id}[/…]` is relayed to the owner (a fork stays on it). When the owner is lost, the
  router answers: the episode is `void`, and `verify` records a `void` verdict (reward None, never 0).
- `GET /v1/episodes` is the union of the live actors' lists; `/v1/verdicts/{id}` is answered by the
  actor that scored it (or here, for a void verdict); the catalog and the rest go to any live actor.
- `/healthz` lists the actors and whether each is alive.

A background thread watches the actors; the episodes of one that died are voided within seconds. MCP and
UI traffic never passes here.
"""

from __future__ import annotations

import asyncio
import calendar
import hmac
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx

from mcp_gateway.episodes import lost_verdict
from mcp_gateway.forwarding import episode_in_path, forward, read_body, send_reply
from mcp_gateway.ledger import ACTIVE, Ledger
from mcp_gateway.ray_cluster import Member, RayPool
from mcp_gateway.responses import send_json
from mcp_gateway.settings import Settings
from mcp_gateway.verdicts import VerdictBook

WATCH_INTERVAL_S = 1.0
LOST_REASON = "its Ray worker (or the node it ran on) was lost with the episode's state"


class RayFront:
    """The router's ASGI app (see the module docstring)."""

    def __init__(self, pool: RayPool, settings: Settings, echo: Callable[[str], None] = print):
        self.pool, self.settings, self.echo = pool, settings, echo
        self.ledger = Ledger(settings.ledger_path, worker="router")
        self.ledger.void_all("the router restarted; the episodes it placed are no longer reachable")
        self.verdicts = VerdictBook(self.ledger)
        self.verdict_owner: dict[str, str] = {}
        self.client = httpx.AsyncClient(timeout=120.0, trust_env=False)
        self._stop = threading.Event()
        threading.Thread(target=self._watch, daemon=True, name="saasgym-ray-watch").start()

    # -- watching ------------------------------------------------------------------------------
    def _watch(self) -> None:
        while not self._stop.wait(WATCH_INTERVAL_S):
            for member in self.pool.lost():
                self._void(member)

    def _void(self, member: Member) -> None:
        member.alive = False
        lost = self.ledger.void_worker(member.name, LOST_REASON)
        self.echo(f"saasgym: worker {member.name} (node {member.node[:12]}) lost; {len(lost)} episodes void")

    # -- ASGI ------------------------------------------------------------------------------------
    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        path, method = scope["path"], scope["method"]
        if path == "/healthz":
            await send_json(send, 200, self.health())
            return
        body = await read_body(receive)
        episode_id = episode_in_path(path)
        if path == "/v1/episodes" and method == "POST":
            await self._create(scope, body, send)
        elif path == "/v1/episodes" and method == "GET":
            await self._list(scope, send)
        elif episode_id is not None:
            await self._episode(scope, body, send, episode_id)
        elif path.startswith("/v1/verdicts/") and path.count("/") == 3:
            await self._verdict(scope, body, send, path.rsplit("/", 1)[1])
        else:
            await self._relay(scope, body, send, self._any())

    def health(self) -> dict[str, Any]:
        workers = [
            {"name": m.name, "node": m.node, "base": m.base, "alive": m.alive}
            for m in self.pool.members.values()
        ]
        return {"ok": any(w["alive"] for w in workers), "workers": workers}

    async def _create(self, scope: dict, body: bytes, send: Callable) -> None:
        if not self._authorized(scope):
            await self._unauthorized(send)
            return
        tried: set[str] = set()
        while True:
            member = await asyncio.to_thread(self.pool.choose, tried)
            if member is None:
                detail = "no capacity left for a new episode on any Ray worker; retry later"
                await send_json(send, 503, {"detail": detail}, [(b"retry-after", b"5")])
                return
            reply = await self._call(scope, body, member)
            if reply is None or reply.status_code == 503:  # lost meanwhile, or full since it was measured
                tried.add(member.name)
                continue
            self._adopt(reply, member)
            await send_reply(send, reply)
            return

    def _adopt(self, reply: httpx.Response, member: Member) -> None:
        if reply.status_code != 201:
            return
        made = reply.json()
        expires = calendar.timegm(time.strptime(made["expires_at"], "%Y-%m-%dT%H:%M:%SZ"))
        task = (made.get("task") or {}).get("id")
        self.ledger.adopt(
            made["episode_id"],
            world=made["world"],
            apps=made["apps"],
            task=task,
            worker=member.name,
            expires_at=expires,
        )

    async def _episode(self, scope: dict, body: bytes, send: Callable, episode_id: str) -> None:
        if not self._authorized(scope):
            await self._unauthorized(send)
            return
        found = self.ledger.owner(episode_id)
        if found is None:
            await send_json(send, 404, {"detail": f"no episode {episode_id!r}"})
            return
        worker, state = found
        member = self.pool.members.get(worker)
        if state in ACTIVE and member is not None and member.alive:
            reply = await self._call(scope, body, member)
            if reply is not None:
                self._after(scope, reply, member, episode_id)
                await send_reply(send, reply)
                return
        await self._answer_lost(scope, send, episode_id)

    def _after(self, scope: dict, reply: httpx.Response, member: Member, episode_id: str) -> None:
        """Keep the router's ledger in step with what the owner just did."""
        tail = scope["path"].rsplit("/", 1)[1]
        if reply.status_code == 201 and tail == "fork":
            self._adopt(reply, member)
        elif reply.status_code == 200 and scope["method"] == "DELETE":
            self.ledger.set_state(episode_id, reply.json()["state"], reply.json().get("reason"))
        elif reply.status_code == 200 and tail == "verify":
            self.verdict_owner[reply.json()["verdict_id"]] = member.name

    async def _answer_lost(self, scope: dict, send: Callable, episode_id: str) -> None:
        row = self.ledger.get(episode_id)
        tail = scope["path"][len("/v1/episodes/") + len(episode_id) :]
        if tail == "/verify" and scope["method"] == "POST" and row.task:
            verdict = lost_verdict(f"episode {episode_id} is {row.state}: {row.reason}")
            verdict_id = self.verdicts.record(episode_id, row.task, verdict)
            body = {"verdict_id": verdict_id, "episode_id": episode_id, "task_id": row.task, **verdict}
            await send_json(send, 200, body)
        elif tail == "" and scope["method"] in ("GET", "DELETE"):
            await send_json(send, 200, row.public())
        else:
            await send_json(send, 410, {"detail": f"episode {episode_id} is {row.state}: {row.reason}"})

    async def _list(self, scope: dict, send: Callable) -> None:
        if not self._authorized(scope):
            await self._unauthorized(send)
            return
        rows: list[dict[str, Any]] = []
        for member in self.pool.alive():
            reply = await self._call(scope, b"", member)
            if reply is not None and reply.status_code == 200:
                rows += reply.json()
        await send_json(send, 200, sorted(rows, key=lambda r: r["created_at"]))

    async def _verdict(self, scope: dict, body: bytes, send: Callable, verdict_id: str) -> None:
        owner = self.pool.members.get(self.verdict_owner.get(verdict_id, ""))
        if owner is not None and owner.alive:
            await self._relay(scope, body, send, owner)
        elif self._authorized(scope) and scope["method"] == "GET":
            try:
                await send_json(send, 200, self.verdicts.get(verdict_id))
            except Exception as exc:  # ReviewError: no such verdict here
                await send_json(
                    send, getattr(exc, "status", 404), {"detail": getattr(exc, "message", str(exc))}
                )
        else:
            await self._relay(scope, body, send, self._any())

    # -- plumbing ----------------------------------------------------------------------------
    def _any(self) -> Member | None:
        alive = self.pool.alive()
        return alive[0] if alive else None

    async def _relay(self, scope: dict, body: bytes, send: Callable, member: Member | None) -> None:
        reply = await self._call(scope, body, member) if member is not None else None
        if reply is None:
            await send_json(send, 503, {"detail": "no Ray worker is reachable"}, [(b"retry-after", b"5")])
            return
        await send_reply(send, reply)

    async def _call(self, scope: dict, body: bytes, member: Member) -> httpx.Response | None:
        """The owner's answer, or None when it is gone (then its episodes are voided at once)."""
        try:
            return await forward(self.client, member.base, scope, body, keep_host=False)
        except httpx.HTTPError:
            gone = await asyncio.to_thread(self.pool.lost)
            for lost in gone:
                self._void(lost)
            return None

    def _authorized(self, scope: dict) -> bool:
        header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"authorization"), "")
        scheme, _, given = header.partition(" ")
        key = self.settings.keys.get("harness", "")
        return bool(key) and scheme.lower() == "bearer" and hmac.compare_digest(given.encode(), key.encode())

    async def _unauthorized(self, send: Callable) -> None:
        detail = "a valid harness key is required (Authorization: Bearer …)"
        await send_json(send, 401, {"detail": detail}, [(b"www-authenticate", b"Bearer")])

    async def _lifespan(self, receive: Callable, send: Callable) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self._stop.set()
                await self.client.aclose()
                await send({"type": "lifespan.shutdown.complete"})
                return
